/**
 * The Deja server: the HTTP API, the MCP tool server (streamable HTTP at {@code /mcp}; stdio in
 * {@link dev.deja.server.mcp}), API keys and tenants, rate limits, idempotency, Prometheus metrics and health.
 * The reference for clients is docs/HTTP.md and {@code /openapi.json}; settings are in docs/CONFIGURATION.md
 * ("Server").
 *
 * <h2>Running one</h2>
 *
 * <pre>{@code
 * ServerConfig config = ServerConfig.from(DejaConfig.load(Path.of("deja.yaml")), System.getenv());
 * try (DejaServer server = DejaServer.builder(config).build().start()) {
 *   server.announce(System.err);   // the URL, and a generated admin key once
 *   ...                            // close() drains in-flight requests and closes the stores
 * }
 * }</pre>
 *
 * <p>A request goes: {@link dev.deja.server.HttpApi} admits it and hands it to its route group ({@code AdminRoutes},
 * {@code CollectionRoutes}, {@code ItemRoutes}, {@code MemoryRoutes}, {@code ProxyRoutes}), which authenticates the key
 * ({@code Callers} over {@link dev.deja.server.KeyStore}: the tenant comes from the key, never from the body), takes
 * tokens from the key's bucket for the action ({@link dev.deja.server.RateLimiter}), reads the body strictly
 * ({@code Body}: malformed JSON, wrong types and unknown fields are 400s naming the field), and calls {@link dev.deja.server.DejaService}, which the MCP tools call too: the
 * tenant's collection from {@link dev.deja.server.Tenants} (one catalog and one Lucene data directory per tenant),
 * the engine's check, put or search, metrics ({@link dev.deja.server.ServerMetrics}) and one JSON event per duplicate
 * ({@link dev.deja.server.DuplicateEvents}). Every failure becomes {@code {"error": {"code", "message", "details"}}}
 * ({@link dev.deja.server.ApiException}): 4xx for every client mistake, 503 with {@code details.retriable} for a store
 * or embedder failure, 500 only for a bug ({@code HttpErrors}).
 *
 * <h2>Why Javalin 7 (Jetty 12)</h2>
 *
 * <p>Three candidates were verified on this machine (Java 17): Javalin 7.2.3 (Jetty 12), Javalin 6.7.0 (Jetty 11) and
 * the JDK's {@code com.sun.net.httpserver}. What decided it:
 *
 * <ul>
 *   <li><b>MCP over HTTP.</b> The official MCP SDK (2.1.0) ships its streamable-HTTP transport as a Jakarta Servlet
 *       ({@code HttpServletStreamableServerTransportProvider}). Javalin 7 runs on Jetty 12's EE10 servlet container,
 *       so the SDK's servlet is mounted beside the routes ({@code /mcp}, behind {@code McpAuthFilter}) with the same
 *       keys, port and shutdown. With the JDK server the session protocol (SSE streams, session ids, resumption) would
 *       have to be re-implemented as a custom transport; Javalin 6 would tie us to Jetty 11, which is end of life.</li>
 *   <li><b>Measured latency.</b> A trivial JSON POST handler on each, driven by the JDK HttpClient over loopback for
 *       5 s per level (shared 2-core machine, 2026-11-26): JDK HttpServer 21 / 170 / 1,259 requests/s at 1 / 8 / 64
 *       clients with p50 47 ms at every level (its response is written in two packets and meets the client's delayed
 *       ACK); Javalin 7 130 / 1,089 / 2,145 requests/s, p50 4.2 / 5.7 / 26 ms. Start-up: JDK 0.13 s, Javalin 2.9 s
 *       (class loading; once per process).</li>
 *   <li><b>Cost.</b> Javalin 7 with Jetty 12 and the Kotlin standard library adds 7.2 MB of jars; the shipped jar
 *       already carries 180 MB of ONNX Runtime and models, so this does not matter.</li>
 * </ul>
 *
 * <p>Responses are written and flushed by the handler itself (not left to Javalin's result pipeline), so that a
 * request counted as finished by {@link dev.deja.server.InFlight} has really been answered when graceful shutdown
 * stops Jetty.
 *
 * <p>In front of the servlet context, {@code BodyGate} (a Jetty handler) collects every request body with Jetty's
 * asynchronous reads before a route or the MCP servlet sees it, so that a client who stalls mid-upload holds a
 * connection, never a thread: 413 at once for a {@code Content-Length} over the limit, 408 after
 * {@code server.body_timeout_seconds}, 429 beyond {@code server.max_uploads_per_key} bodies of one key arriving at once.
 * What Jetty answers by itself (bad paths, oversized headers, …) goes through {@code JettyErrors}, in the API's error
 * shape. Key digests, the idempotency log and the data directories the server creates are its user's only
 * ({@code PrivateFiles}).
 *
 * <h2>The chat completions proxy</h2>
 *
 * <p>With {@code server.proxy.upstream} ({@code deja serve --upstream URL}), {@code ProxyRoutes} also routes
 * {@code POST /v1/chat/completions} (and {@code GET /v1/models}, {@code GET /v1/models/{model}},
 * {@code POST /v1/embeddings}) to deja-stream's {@code ChatCompletionsProxy} through {@code JavalinProxyExchange}:
 * Deja's tenant key comes in {@code x-api-key} (the {@code Authorization} header is the upstream's) and is not
 * forwarded; the call takes a check token; the chat request is checked (a JSON object with a {@code messages} array);
 * everything after that is the proxy's. Streamed answers are written and flushed event by event to the servlet's
 * output stream, so a client that goes away makes the next write fail, which closes the upstream request.
 * {@code ChatProxyIT} runs it against deja-testkit's {@code FakeUpstream}.
 *
 * <h2>Tenants and isolation</h2>
 *
 * <p>Each tenant has its own catalog of collections over its own store ({@code DATA/tenants/TENANT/}), so names,
 * listings and deletions never cross tenants, and the engine additionally scopes every lookup to the tenant.
 * {@code TenantIsolationIT} checks it with randomised cross-tenant traffic.
 *
 * <h2>Threads</h2>
 *
 * <p>Jetty's pool serves requests (a request holds one of its threads only once its body is in; waiting for body
 * bytes holds none); the engine and the stores are thread-safe; the only other threads are the
 * embedding model's warm-up ({@code deja-embedder-warm-up}), each open Lucene collection's maintenance thread and,
 * with the proxy, its upstream HTTP client ({@code deja-proxy-upstream-N}) and idle-timeout watchdog
 * ({@code deja-proxy-watchdog-1}).
 */
package dev.deja.server;
