package dev.deja.server;

import dev.deja.format.Json;
import io.javalin.http.Context;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * How the HTTP routes answer: JSON bodies, errors in the one error shape, and empty 204s, each written and flushed
 * before the handler returns, so that a request counted as finished by {@link InFlight} has really been answered when
 * shutdown stops the HTTP server.
 *
 * <p>Thread-safe: stateless.
 */
final class Responses {
  private Responses() {}

  /** A response before it is written: its status and its body (a JSON-ready value). */
  record Response(int status, Object body) {}

  static void json(Context ctx, int status, Object body) {
    send(ctx, status, "application/json", Json.write(body));
  }

  static void json(Context ctx, Response r) {
    json(ctx, r.status(), r.body());
  }

  /** Writes an error in the one shape, with its {@code Retry-After} when it has one. */
  static void error(Context ctx, ApiException e) {
    e.retryAfterSeconds().ifPresent(s -> ctx.header("Retry-After", Long.toString(s)));
    json(ctx, e.status(), e.body());
  }

  static void send(Context ctx, int status, String contentType, String body) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    HttpServletResponse res = ctx.res();
    res.setStatus(status);
    if (contentType != null) {
      res.setContentType(contentType);
    }
    res.setContentLength(bytes.length);
    try {
      res.getOutputStream().write(bytes);
      res.flushBuffer();
    } catch (IOException e) {
      // The client went away; nothing to answer.
    }
  }

  static void noContent(Context ctx) {
    ctx.res().setStatus(204);
    try {
      ctx.res().flushBuffer();
    } catch (IOException e) {
      // The client went away.
    }
  }
}
