package dev.deja.server;

import dev.deja.stream.proxy.ProxyExchange;
import io.javalin.http.Context;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A Javalin request as a {@link ProxyExchange}: the adapter through which {@code deja serve} mounts the chat
 * completions proxy. The request body has already been read (and checked) by the route; the response is written to the
 * servlet's output stream, as the other routes do, so that each {@code flush()} of the proxy (one per server-sent event) goes to the client at once, in a
 * chunked response, instead of through Javalin's buffered result pipeline. A write to a client that has gone throws,
 * which makes the proxy cancel the upstream request.
 *
 * <p>Used by one thread at a time (one per request).
 */
final class JavalinProxyExchange implements ProxyExchange {
  private final Context ctx;
  private final byte[] body;
  private final Set<String> withheld;

  /**
   * An exchange over this request.
   *
   * @param body the request body, as read by the route
   * @param withheld request headers (lower case) not to forward upstream, e.g. {@code x-api-key} when it carries
   *     Deja's own key
   */
  JavalinProxyExchange(Context ctx, byte[] body, Set<String> withheld) {
    this.ctx = ctx;
    this.body = body.clone();
    this.withheld = Set.copyOf(withheld);
  }

  @Override
  public String method() {
    return ctx.req().getMethod().toUpperCase(Locale.ROOT);
  }

  @Override
  public String pathAndQuery() {
    HttpServletRequest req = ctx.req();
    String query = req.getQueryString();
    return req.getRequestURI() + (query == null ? "" : "?" + query);
  }

  @Override
  public Map<String, List<String>> requestHeaders() {
    HttpServletRequest req = ctx.req();
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (String name : Collections.list(req.getHeaderNames())) {
      if (!withheld.contains(name.toLowerCase(Locale.ROOT))) {
        out.put(name, Collections.list(req.getHeaders(name)));
      }
    }
    return out;
  }

  @Override
  public InputStream requestBody() {
    return new ByteArrayInputStream(body);
  }

  @Override
  public OutputStream respond(int status, Map<String, List<String>> headers, long contentLength)
      throws IOException {
    HttpServletResponse res = ctx.res();
    res.setStatus(status);
    headers.forEach((name, values) -> {
      for (int i = 0; i < values.size(); i++) {
        if (i == 0) {
          res.setHeader(name, values.get(i));
        } else {
          res.addHeader(name, values.get(i));
        }
      }
    });
    if (contentLength >= 0) {
      res.setContentLengthLong(contentLength);
    }
    return res.getOutputStream();
  }
}
