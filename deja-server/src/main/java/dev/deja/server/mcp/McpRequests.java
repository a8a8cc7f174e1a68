package dev.deja.server.mcp;

import dev.deja.format.Json;
import dev.deja.server.ApiException;
import dev.deja.server.Body;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * What a {@code POST /mcp} body must be before the MCP SDK sees it: UTF-8 JSON (any {@code charset} other than UTF-8 is
 * refused), one JSON-RPC 2.0 message — a request or notification (a {@code method}, {@code params} an object when
 * given); a response (an {@code id} with a {@code result} or an {@code error}) is refused, as this server never asks
 * the client anything — and an {@code initialize} with the
 * parameters MCP requires. The SDK answers such bodies with a Java exception serialised into a 500 ({@code null}, a
 * {@code "jsonrpc": "1.0"} initialize without parameters, an unknown charset); here they are 400s in the API's error
 * shape, naming what is wrong.
 *
 * <p>Thread-safe: stateless.
 */
final class McpRequests {
  private McpRequests() {}

  /** A checked request, its body ready to be read again, and whether it opens a session ({@code initialize}). */
  record Checked(HttpServletRequest request, boolean initialize) {}

  /**
   * The request with its body checked.
   *
   * @throws ApiException 400 naming what is wrong
   */
  static Checked check(HttpServletRequest req, byte[] body) {
    String charset = req.getCharacterEncoding();
    if (charset != null && !charset.equalsIgnoreCase("utf-8") && !charset.equalsIgnoreCase("utf8")) {
      throw ApiException.invalid("Content-Type", "the charset must be utf-8 (MCP messages are UTF-8 JSON), got '"
          + charset + "'");
    }
    Map<String, Object> m = Body.object(body);
    message(m);
    return new Checked(new Replayed(req, body), "initialize".equals(m.get("method")));
  }

  private static void message(Map<String, Object> m) {
    if (!"2.0".equals(m.get("jsonrpc"))) {
      throw ApiException.invalid("jsonrpc", "must be \"2.0\" (JSON-RPC 2.0), got " + describe(m.get("jsonrpc")));
    }
    Object id = m.get("id");
    if (id != null && !(id instanceof String) && !(id instanceof Number)) {
      throw ApiException.invalid("id", "must be a string or a number, got " + Json.kind(id));
    }
    Object method = m.get("method");
    if (method == null) {
      if (id == null || !(m.containsKey("result") || m.containsKey("error"))) {
        throw ApiException.invalid("request body: not a JSON-RPC message: a request or notification has a 'method', "
            + "a response an 'id' and a 'result' or 'error'");
      }
      // The SDK answers a response to a request it never sent with a 500; Deja's server sends clients no requests
      // (no sampling, no elicitation, no pings), so every response a client posts answers nothing.
      throw ApiException.invalid("id", "no request with id " + Json.write(id) + " is waiting for a response (this "
          + "server sends no requests to clients)");
    }
    if (!(method instanceof String s) || s.isBlank()) {
      throw ApiException.invalid("method", "must be a non-blank string, got " + describe(method));
    }
    Object params = m.get("params");
    if (params != null && !(params instanceof Map)) {
      throw ApiException.invalid("params", "must be an object, got " + Json.kind(params));
    }
    if (s.equals("initialize")) {
      initialize(params);
    }
  }

  private static void initialize(Object params) {
    if (!(params instanceof Map<?, ?> p)) {
      throw ApiException.invalid("params", "initialize needs params with protocolVersion, capabilities and "
          + "clientInfo");
    }
    if (!(p.get("protocolVersion") instanceof String)) {
      throw ApiException.invalid("params.protocolVersion", "is required (a string, e.g. \"2025-06-18\")");
    }
    if (!(p.get("capabilities") instanceof Map)) {
      throw ApiException.invalid("params.capabilities", "is required (an object, possibly empty)");
    }
    if (!(p.get("clientInfo") instanceof Map<?, ?> info) || !(info.get("name") instanceof String)
        || !(info.get("version") instanceof String)) {
      throw ApiException.invalid("params.clientInfo", "is required (an object with a name and a version)");
    }
  }

  private static String describe(Object v) {
    return v instanceof String s ? "'" + s + "'" : v == null ? "nothing" : Json.kind(v) + " " + v;
  }

  /** The request with a body that was already read, to be read again by the SDK. */
  private static final class Replayed extends HttpServletRequestWrapper {
    private final byte[] body;

    Replayed(HttpServletRequest req, byte[] body) {
      super(req);
      this.body = body;
    }

    @Override
    public ServletInputStream getInputStream() {
      ByteArrayInputStream in = new ByteArrayInputStream(body);
      return new ServletInputStream() {
        @Override
        public boolean isFinished() {
          return in.available() == 0;
        }

        @Override
        public boolean isReady() {
          return true;
        }

        @Override
        public void setReadListener(ReadListener listener) {
          throw new IllegalStateException("the body was read already; read it blocking");
        }

        @Override
        public int read() {
          return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) {
          return in.read(b, off, len);
        }
      };
    }

    @Override
    public BufferedReader getReader() {
      return new BufferedReader(new InputStreamReader(new ByteArrayInputStream(body), StandardCharsets.UTF_8));
    }

    @Override
    public String getCharacterEncoding() {
      return "UTF-8";
    }

    @Override
    public int getContentLength() {
      return body.length;
    }

    @Override
    public long getContentLengthLong() {
      return body.length;
    }
  }
}
