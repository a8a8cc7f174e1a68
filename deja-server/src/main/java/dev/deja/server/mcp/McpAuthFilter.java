package dev.deja.server.mcp;

import dev.deja.format.Json;
import dev.deja.server.ApiException;
import dev.deja.server.InFlight;
import dev.deja.server.KeyStore;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Authenticates {@code /mcp} requests with the same API keys as the HTTP API ({@code Authorization: Bearer KEY} or
 * {@code x-api-key: KEY}) and puts the tenant on the request for the MCP transport; refuses with the API's error shape
 * (401, 403, 503 while draining). POSTs count as in-flight requests for graceful shutdown; the long-lived GET event
 * stream does not (shutdown closes it). Thread-safe.
 */
public final class McpAuthFilter implements Filter {
  private final KeyStore keys;
  private final InFlight inFlight;

  public McpAuthFilter(KeyStore keys, InFlight inFlight) {
    this.keys = keys;
    this.inFlight = inFlight;
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest req = (HttpServletRequest) request;
    HttpServletResponse res = (HttpServletResponse) response;
    String method = req.getMethod();
    if (!method.equals("GET") && !method.equals("POST") && !method.equals("DELETE")) {
      res.setHeader("Allow", "GET, POST, DELETE");
      send(res, new ApiException(405, "method_not_allowed", "method " + method + " is not allowed on /mcp "
          + "(streamable HTTP: POST requests, GET the event stream, DELETE the session)", java.util.Map.of()));
      return;
    }
    boolean counted = !"GET".equals(req.getMethod());
    if (counted && !inFlight.enter()) {
      send(res, ApiException.unavailable("the server is shutting down", true, null));
      return;
    }
    try {
      Optional<String> key = keyOf(req);
      if (key.isEmpty()) {
        res.setHeader("WWW-Authenticate", "Bearer");
        send(res, ApiException.unauthorized("missing API key: send 'Authorization: Bearer KEY' or 'x-api-key: KEY'"));
        return;
      }
      Optional<KeyStore.Caller> caller = keys.identify(key.get());
      if (caller.isEmpty()) {
        res.setHeader("WWW-Authenticate", "Bearer error=\"invalid_token\"");
        send(res, ApiException.unauthorized("invalid or revoked API key"));
        return;
      }
      if (caller.get().admin()) {
        send(res, ApiException.forbidden("the admin key only manages keys; use a tenant key for MCP"));
        return;
      }
      req.setAttribute(McpEndpoints.TENANT, caller.get().tenant());
      req.setAttribute(McpEndpoints.KEY_ID, caller.get().keyId());
      chain.doFilter(req, res);
    } finally {
      if (counted) {
        inFlight.exit();
      }
    }
  }

  private static Optional<String> keyOf(HttpServletRequest req) {
    String auth = req.getHeader("Authorization");
    if (auth != null && auth.strip().regionMatches(true, 0, "Bearer ", 0, 7)) {
      return Optional.of(auth.strip().substring(7).strip()).filter(s -> !s.isEmpty());
    }
    return Optional.ofNullable(req.getHeader("x-api-key")).map(String::strip).filter(s -> !s.isEmpty());
  }

  private static void send(HttpServletResponse res, ApiException e) throws IOException {
    res.setStatus(e.status());
    e.retryAfterSeconds().ifPresent(s -> res.setHeader("Retry-After", Long.toString(s)));
    res.setContentType("application/json");
    res.getOutputStream().write(Json.write(e.body()).getBytes(StandardCharsets.UTF_8));
  }
}
