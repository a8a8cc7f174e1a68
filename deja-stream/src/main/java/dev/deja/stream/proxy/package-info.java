/**
 * An OpenAI-compatible {@code /v1/chat/completions} proxy that removes repeated content from the assistant's text.
 *
 * <h2>Integration point</h2>
 *
 * <p>{@link dev.deja.stream.proxy.ChatCompletionsProxy} is the whole behaviour (forwarding with the JDK
 * {@code HttpClient}, SSE rewriting, timeouts, error pass-through, cancellation when the client goes). An HTTP
 * server mounts it by implementing {@link dev.deja.stream.proxy.ProxyExchange} over its own request type and calling
 * {@code handle} on a thread that may block:
 *
 * <pre>{@code
 * ChatCompletionsProxy proxy = new ChatCompletionsProxy(ProxyOptions.of(URI.create("http://localhost:8000/v1")),
 *     StreamDeduplicator.builder().options(streamOptions).metrics(StreamMetrics.on(registry)).build());
 *
 * // in the server's handler for POST /v1/chat/completions (and, to forward them, other /v1/... paths):
 * proxy.handle(new ProxyExchange() {
 *   public String method() { return request.method(); }
 *   public String pathAndQuery() { return request.pathAndQuery(); }
 *   public Map<String, List<String>> requestHeaders() { return request.headers(); }
 *   public InputStream requestBody() { return request.body(); }
 *   public OutputStream respond(int status, Map<String, List<String>> headers, long length) {
 *     return response.start(status, headers, length);   // length -1: streamed (chunked)
 *   }
 * });
 * }</pre>
 *
 * <p>{@link dev.deja.stream.proxy.JdkProxyServer} is that adapter for the JDK's {@code com.sun.net.httpserver}, used
 * by {@code deja proxy}. What is changed and what is left intact: docs/STREAMING.md, "The proxy".
 */
package dev.deja.stream.proxy;
