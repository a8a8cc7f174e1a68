package dev.deja.stream.proxy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;

/**
 * One HTTP request to the proxy and its response, as the HTTP server presents it: the seam between
 * {@link ChatCompletionsProxy} and a server. {@link JdkProxyServer} adapts the JDK's {@code HttpExchange}; another
 * server (deja-server) implements these five methods over its own request type.
 *
 * <p>Used by one thread at a time.
 */
public interface ProxyExchange {
  /** The request method, upper case. */
  String method();

  /** The request path with its query, e.g. {@code /v1/chat/completions}. */
  String pathAndQuery();

  /** The request headers (names in any case). */
  Map<String, List<String>> requestHeaders();

  /** The request body. */
  InputStream requestBody() throws IOException;

  /**
   * Sends the status and headers and returns the body stream; {@code contentLength} -1 means a streamed (chunked)
   * body. Writing to a client that has gone throws {@link IOException}.
   */
  OutputStream respond(int status, Map<String, List<String>> headers, long contentLength) throws IOException;
}
