package dev.deja.server;

import dev.deja.format.Json;
import dev.deja.stream.proxy.ChatCompletionsProxy;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The routes of the chat completions proxy (docs/HTTP.md, "Chat completions proxy"), when an upstream is configured.
 * Thread-safe.
 */
final class ProxyRoutes {
  private static final Logger LOG = LoggerFactory.getLogger(ProxyRoutes.class);
  /**
   * The OpenAI paths served when a proxy upstream is configured: chat completions (deduplicated) and the few others an
   * OpenAI client pointed at this server also calls (forwarded unchanged). Not a {@code /v1/*} catch-all, which would
   * send mistyped Deja routes, with their headers, to the upstream, and would capture any later Deja route.
   */
  static final List<HttpApi.Route> ROUTES = List.of(new HttpApi.Route("POST", "/v1/chat/completions"),
      new HttpApi.Route("GET", "/v1/models"), new HttpApi.Route("GET", "/v1/models/{model}"),
      new HttpApi.Route("POST", "/v1/embeddings"));

  private final ChatCompletionsProxy proxy;
  private final Callers callers;
  private final ServerConfig config;

  ProxyRoutes(ChatCompletionsProxy proxy, Callers callers, ServerConfig config) {
    this.proxy = proxy;
    this.callers = callers;
    this.config = config;
  }

  /** Whether a request path is one the chat completions proxy would serve. */
  static boolean isProxyPath(String path) {
    return ROUTES.stream().anyMatch(r -> path.equals(r.path())) || path.startsWith("/v1/models/");
  }

  void register(RouteTable r) {
    for (HttpApi.Route route : ROUTES) {
      HandlerType method = route.method().equals("GET") ? HandlerType.GET : HandlerType.POST;
      // Model ids often contain a slash (meta-llama/Llama-3.1-8B): Javalin's <model> matches across segments.
      r.add(method, route.path().replace("{model}", "<model>"), route.path(), this::proxied);
    }
  }

  /**
   * Forwards one request through the proxy. Deja's key is checked first (the {@code Authorization} header belongs to
   * the upstream, so Deja's key comes in {@code x-api-key}, and is not forwarded), the call takes one token of the
   * key's check bucket (read bucket for a GET), and a chat completions request must be a JSON object with a
   * {@code messages} array and a boolean {@code stream}, so that a malformed request is a 400 from Deja rather than
   * whatever the upstream makes of it. These errors carry OpenAI's {@code type} beside Deja's code, message and
   * details, so that OpenAI clients show them; everything after them (the upstream's answer, its errors, 502, 504) is
   * the proxy's.
   */
  private void proxied(Context ctx) throws IOException {
    Set<String> withheld = Set.of();
    byte[] body;
    try {
      if (config.proxy().requireKey()) {
        callers.limit(caller(ctx), ctx.req().getMethod().equals("GET") ? RateLimiter.Kind.READ
            : RateLimiter.Kind.CHECK, 1);
        withheld = Set.of("x-api-key");
      }
      body = body(ctx);
    } catch (ApiException e) {
      e.retryAfterSeconds().ifPresent(s -> ctx.header("Retry-After", Long.toString(s)));
      Responses.json(ctx, e.status(), e.openAiBody());
      return;
    }
    try {
      proxy.handle(new JavalinProxyExchange(ctx, body, withheld));
    } catch (IOException e) {
      LOG.debug("{} {}: the client went away: {}", ctx.method(), ctx.path(), e.toString());
    } catch (RuntimeException e) {
      if (!ctx.res().isCommitted()) {
        throw e;
      }
      // The status and part of the body are out: an error body would corrupt the stream, so the response just ends.
      LOG.error("{} {} failed after the response had started", ctx.method(), ctx.path(), e);
    }
  }

  /** The request body of a proxy route, within {@code proxy.max_request_bytes}; a chat request is checked. */
  private byte[] body(Context ctx) throws IOException {
    byte[] bytes;
    try (InputStream in = ctx.req().getInputStream()) {
      bytes = Body.read(in, ctx.req().getContentLengthLong(), config.proxy().maxRequestBytes(),
          "server.proxy.max_request_bytes");
    }
    if (ctx.req().getMethod().equals("POST") && ctx.path().equals("/v1/chat/completions")) {
      Body b = Body.parseForwarded(bytes);
      Object messages = b.all().get("messages");
      if (!(messages instanceof List)) {
        throw ApiException.invalid("messages", messages == null ? "is required (an array of messages)"
            : "must be an array, got " + Json.kind(messages));
      }
      Object stream = b.all().get("stream");
      if (stream != null && !(stream instanceof Boolean)) {
        throw ApiException.invalid("stream", "must be true or false, got " + Json.kind(stream));
      }
      Object model = b.all().get("model");
      if (model != null && !(model instanceof String)) {
        throw ApiException.invalid("model", "must be a string, got " + Json.kind(model));
      }
    }
    return bytes;
  }

  /**
   * The caller of a proxy route: the tenant key in {@code x-api-key}; or, when the server sends its own key upstream
   * (the client's {@code Authorization} is then not forwarded), in {@code Authorization: Bearer}.
   */
  private KeyStore.Caller caller(Context ctx) {
    String key = ctx.header("x-api-key");
    if ((key == null || key.isBlank()) && config.proxy().apiKey().isPresent()) {
      String auth = ctx.header("Authorization");
      if (auth != null && auth.strip().regionMatches(true, 0, "Bearer ", 0, 7)) {
        key = auth.strip().substring(7);
      }
    }
    if (key == null || key.isBlank()) {
      throw ApiException.unauthorized(config.proxy().apiKey().isPresent()
          ? "missing API key: send your Deja key as 'x-api-key: KEY' or 'Authorization: Bearer KEY'"
          : "missing API key: send your Deja key as 'x-api-key: KEY' (the Authorization header goes to the upstream)");
    }
    KeyStore.Caller c = callers.keys().identify(key.strip())
        .orElseThrow(() -> ApiException.unauthorized("invalid or revoked API key"));
    if (c.admin()) {
      throw ApiException.forbidden("the admin key only manages keys; use a tenant key on the proxy routes");
    }
    return c;
  }
}
