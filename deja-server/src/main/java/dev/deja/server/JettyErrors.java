package dev.deja.server;

import dev.deja.format.Json;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The errors Jetty answers by itself — a request it cannot parse or route to a handler (bad UTF-8 or a NUL in the path,
 * an ambiguous path, headers over 8 KB, a URI too long, an unknown {@code Expect}), or a servlet's {@code sendError} —
 * in the API's one error shape ({@code {"error": {"code", "message", "details"}}}, {@code application/json}), for every
 * method, whatever the request's {@code Accept} says. Jetty's defaults are HTML pages, or nothing at all for methods
 * other than GET, POST and HEAD.
 *
 * <p>Two handlers, because Jetty asks two: the server's for requests that never reached the servlet context, the
 * context's for errors inside it. A 5xx says only that it is one: Jetty logs the cause. Thread-safe: stateless.
 */
final class JettyErrors {
  private static final List<Charset> UTF_8 = List.of(StandardCharsets.UTF_8);

  private JettyErrors() {}

  /** The error body for a status and Jetty's reason. */
  static String body(int status, String reason) {
    String code = switch (status) {
      case 408 -> "request_timeout";
      case 414 -> "uri_too_long";
      case 431 -> "headers_too_large";
      default -> HttpErrors.codeFor(status);
    };
    String message = status >= 500 ? "internal error (the server log has the details)"
        : "HTTP " + status + ": " + (reason == null || reason.isBlank() ? HttpStatus.getMessage(status) : reason);
    return Json.write(new ApiException(status < 400 ? 400 : status, code, message, Map.of()).body());
  }

  /** For requests that never reached the servlet context, and bad messages (nothing could be parsed into a request). */
  static final class ForServer extends org.eclipse.jetty.server.handler.ErrorHandler {
    ForServer() {
      setShowStacks(false);
      setShowCauses(false);
    }

    @Override
    public boolean errorPageForMethod(String method) {
      return true;
    }

    @Override
    protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
        Callback callback) throws java.io.IOException {
      if (!generateAcceptableResponse(request, response, callback, "application/json", UTF_8, code, message,
          cause)) {
        callback.succeeded();
      }
    }

    @Override
    protected void writeErrorJson(Request request, PrintWriter writer, int code, String message, Throwable cause) {
      writer.write(body(code, message));
    }

    @Override
    public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
      fields.put(HttpHeader.CONTENT_TYPE, "application/json");
      return ByteBuffer.wrap(body(status, reason).getBytes(StandardCharsets.UTF_8));
    }
  }

  /** For errors inside the servlet context (path decoding, a servlet's {@code sendError}, an uncaught exception). */
  static final class ForContext extends org.eclipse.jetty.ee10.servlet.ErrorHandler {
    ForContext() {
      setShowStacks(false);
      setShowCauses(false);
    }

    @Override
    public boolean errorPageForMethod(String method) {
      return true;
    }

    @Override
    protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
        Callback callback) throws java.io.IOException {
      if (!generateAcceptableResponse(request, response, callback, "application/json", UTF_8, code, message,
          cause)) {
        callback.succeeded();
      }
    }

    @Override
    protected void writeErrorJson(Request request, PrintWriter writer, int code, String message, Throwable cause) {
      writer.write(body(code, message));
    }

    @Override
    public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
      fields.put(HttpHeader.CONTENT_TYPE, "application/json");
      return ByteBuffer.wrap(body(status, reason).getBytes(StandardCharsets.UTF_8));
    }
  }
}
