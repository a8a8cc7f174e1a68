package dev.deja.server.mcp;

import dev.deja.format.Json;
import dev.deja.server.ApiException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The response of the MCP SDK's servlet, with its HTTP errors put in the API's error shape. The SDK answers a refused
 * request with {@code sendError} (an HTML page) or with its {@code McpError} exception serialised as JSON — class
 * names, stack frames and all. Here, once the servlet sets a status of 400 or more, what it writes is held back;
 * {@link #finish} then writes {@code {"error": {"code", "message", "details"}}} instead: the SDK's own message for a
 * 4xx, a plain "internal error" for a 5xx (the SDK's message goes to the log). Anything else (200, 202, the event
 * streams) passes through, written through {@link McpEventStream} (no event ids; the SDK's misleading messages
 * rewritten).
 *
 * <p>Not thread-safe: one per request, used by the request's thread.
 */
final class McpErrorResponse extends HttpServletResponseWrapper {
  private static final Logger LOG = LoggerFactory.getLogger(McpErrorResponse.class);

  private int errorStatus;
  private String errorMessage;
  private final ByteArrayOutputStream held = new ByteArrayOutputStream();
  private String sessionId;
  private final java.util.function.UnaryOperator<String> rewrite;
  private final java.util.function.Consumer<String> onSession;
  private PrintWriter writer;

  McpErrorResponse(HttpServletResponse response, java.util.function.UnaryOperator<String> rewrite) {
    this(response, rewrite, id -> { });
  }

  /**
   * A response that also tells {@code onSession} the session id the servlet announces, when it sets the header:
   * before the response is sent, so that the session is known before the client can name it in its next request.
   */
  McpErrorResponse(HttpServletResponse response, java.util.function.UnaryOperator<String> rewrite,
      java.util.function.Consumer<String> onSession) {
    super(response);
    this.rewrite = rewrite;
    this.onSession = onSession;
  }

  /** The session id the servlet announced ({@code Mcp-Session-Id}), if it did. */
  String sessionId() {
    return sessionId;
  }

  /** The status answered, the held-back error's included. */
  @Override
  public int getStatus() {
    return errorStatus > 0 ? errorStatus : super.getStatus();
  }

  @Override
  public void setHeader(String name, String value) {
    if ("Mcp-Session-Id".equalsIgnoreCase(name)) {
      sessionId = value;
      onSession.accept(value);
    }
    super.setHeader(name, value);
  }

  @Override
  public void addHeader(String name, String value) {
    if ("Mcp-Session-Id".equalsIgnoreCase(name)) {
      sessionId = value;
      onSession.accept(value);
    }
    super.addHeader(name, value);
  }

  @Override
  public void setStatus(int sc) {
    if (sc >= 400) {
      errorStatus = sc;
    } else {
      super.setStatus(sc);
    }
  }

  @Override
  public void sendError(int sc, String msg) {
    errorStatus = sc;
    errorMessage = msg;
  }

  @Override
  public void sendError(int sc) {
    errorStatus = sc;
  }

  @Override
  public void setContentType(String type) {
    if (errorStatus == 0) {
      super.setContentType(type);
    }
  }

  @Override
  public void setCharacterEncoding(String charset) {
    if (errorStatus == 0) {
      super.setCharacterEncoding(charset);
    }
  }

  @Override
  public void setContentLength(int len) {
    if (errorStatus == 0) {
      super.setContentLength(len);
    }
  }

  @Override
  public void setContentLengthLong(long len) {
    if (errorStatus == 0) {
      super.setContentLengthLong(len);
    }
  }

  @Override
  public boolean isCommitted() {
    return errorStatus == 0 && super.isCommitted();
  }

  @Override
  public void flushBuffer() throws IOException {
    if (errorStatus == 0) {
      super.flushBuffer();
    }
  }

  @Override
  public PrintWriter getWriter() throws IOException {
    if (errorStatus == 0) {
      if (writer == null) {
        writer = new PrintWriter(new McpEventStream(super.getWriter(), rewrite));
      }
      return writer;
    }
    return new PrintWriter(new OutputStreamWriter(held, StandardCharsets.UTF_8), true);
  }

  @Override
  public ServletOutputStream getOutputStream() throws IOException {
    if (errorStatus == 0) {
      return super.getOutputStream();
    }
    return new ServletOutputStream() {
      @Override
      public boolean isReady() {
        return true;
      }

      @Override
      public void setWriteListener(WriteListener listener) {
        throw new IllegalStateException("an error response is written blocking");
      }

      @Override
      public void write(int b) {
        held.write(b);
      }
    };
  }

  /** Writes the held-back error in the API's shape; nothing when the servlet answered no error. */
  void finish() throws IOException {
    if (errorStatus == 0) {
      return;
    }
    String said = errorMessage != null ? errorMessage : messageOf(held.toString(StandardCharsets.UTF_8));
    // The SDK's messages can carry its JSON parser's (the names of the parser's settings, its source note): cleaned.
    String sdk = said == null ? null : Json.clean(said);
    ApiException e = switch (errorStatus) {
      case 404 -> ApiException.notFound("no such MCP session (Mcp-Session-Id): initialize a new one");
      case 405 -> new ApiException(405, "method_not_allowed", sdk == null ? "method not allowed on /mcp" : sdk,
          Map.of());
      case 503 -> ApiException.unavailable(sdk == null ? "the MCP endpoint is shutting down" : sdk, true, null);
      default -> errorStatus >= 500
          ? new ApiException(errorStatus, "internal", "internal error (the server log has the details)", Map.of())
          : new ApiException(errorStatus, "invalid_request", sdk == null ? "the MCP request was refused" : sdk,
              Map.of());
    };
    if (errorStatus >= 500) {
      LOG.warn("/mcp answered {}: {}", errorStatus, sdk);
    }
    HttpServletResponse res = (HttpServletResponse) getResponse();
    res.setStatus(e.status());
    e.retryAfterSeconds().ifPresent(s -> res.setHeader("Retry-After", Long.toString(s)));
    res.setContentType("application/json");
    byte[] body = Json.write(e.body()).getBytes(StandardCharsets.UTF_8);
    res.setContentLength(body.length);
    res.getOutputStream().write(body);
    res.flushBuffer();
  }

  /** The message in the SDK's error JSON ({@code jsonRpcError.message}, else {@code message}), if it has one. */
  private static String messageOf(String text) {
    if (text.isBlank()) {
      return null;
    }
    try {
      Map<String, Object> m = Json.object(text, "MCP error");
      if (m.get("jsonRpcError") instanceof Map<?, ?> rpc && rpc.get("message") instanceof String s) {
        return s;
      }
      return m.get("message") instanceof String s ? s : null;
    } catch (RuntimeException notJson) {
      return null;
    }
  }
}
