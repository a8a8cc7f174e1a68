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
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Guards {@code /mcp}: authenticates requests with the same API keys as the HTTP API ({@code Authorization: Bearer KEY}
 * or {@code x-api-key: KEY}) and puts the tenant on the request for the MCP transport; serves a session only to the key
 * that opened it ({@link McpSessions}); checks a POST's JSON-RPC message before the SDK parses it
 * ({@link McpRequests}); and answers every refusal — its own and the SDK's ({@link McpErrorResponse}) — in the API's
 * error shape (401, 403, 404, 405, 400, 503 while draining). POSTs and DELETEs count as in-flight requests for graceful
 * shutdown; the long-lived GET event stream does not (shutdown closes it). Thread-safe.
 */
public final class McpAuthFilter implements Filter {
  private final KeyStore keys;
  private final InFlight inFlight;
  private final McpSessions sessions;
  private final long maxBodyBytes;
  private final UnaryOperator<String> rewrite;

  /**
   * @param rewrite applied to each JSON-RPC message the SDK answers with ({@link McpEndpoints.Http#rewrite})
   */
  public McpAuthFilter(KeyStore keys, InFlight inFlight, McpSessions sessions, long maxBodyBytes,
      UnaryOperator<String> rewrite) {
    this.rewrite = rewrite;
    this.keys = keys;
    this.inFlight = inFlight;
    this.sessions = sessions;
    this.maxBodyBytes = maxBodyBytes;
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
    boolean counted = !"GET".equals(method);
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
      serve(req, res, chain, caller.get());
    } catch (ApiException e) {
      send(res, e);
    } finally {
      if (counted) {
        inFlight.exit();
      }
    }
  }

  /** Serves an authenticated request: its session must be the key's, its message well-formed. */
  private void serve(HttpServletRequest req, HttpServletResponse res, FilterChain chain, KeyStore.Caller caller)
      throws IOException, ServletException {
    String session = req.getHeader("Mcp-Session-Id");
    if (session != null && !sessions.ownedBy(session, caller.keyId())) {
      throw ApiException.notFound("no such MCP session (Mcp-Session-Id): initialize a new one");
    }
    HttpServletRequest forward = req;
    boolean initialize = false;
    if (req.getMethod().equals("POST")) {
      McpRequests.Checked checked = McpRequests.check(req, body(req));
      forward = checked.request();
      initialize = checked.initialize() && session == null;
    }
    forward.setAttribute(McpEndpoints.TENANT, caller.tenant());
    forward.setAttribute(McpEndpoints.KEY_ID, caller.keyId());
    // An initialize's session is recorded when the servlet announces it, before the answer reaches the client: a
    // client sends its next request (naming the session) as soon as it reads the answer, and under load that request
    // was checked before a record made after the answer, so the session looked unknown (404).
    String key = caller.keyId();
    McpErrorResponse answer = initialize ? new McpErrorResponse(res, rewrite, id -> sessions.opened(id, key))
        : new McpErrorResponse(res, rewrite);
    chain.doFilter(forward, answer);
    answer.finish();
    if (initialize && answer.sessionId() != null && answer.getStatus() != 200) {
      sessions.closed(answer.sessionId());
    } else if (session != null && req.getMethod().equals("DELETE") && answer.getStatus() < 300) {
      sessions.closed(session);
    }
  }

  /** A POST's body, within the limit (the body gate has collected it already: this does not wait on the client). */
  private byte[] body(HttpServletRequest req) throws IOException {
    byte[] b;
    try (InputStream in = req.getInputStream()) {
      b = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBodyBytes + 1));
    }
    if (b.length > maxBodyBytes) {
      throw ApiException.tooLarge("request body: more than " + maxBodyBytes + " bytes (server.max_body_bytes)",
          maxBodyBytes);
    }
    return b;
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
