package dev.deja.server;

import dev.deja.stream.proxy.ChatCompletionsProxy;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.javalin.http.HttpResponseException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP routes (the contract of docs/HTTP.md and {@code /openapi.json}) on Javalin: the operational routes here,
 * the others in their groups ({@link AdminRoutes}, {@link CollectionRoutes}, {@link ItemRoutes},
 * {@link MemoryRoutes}, {@link ProxyRoutes}).
 *
 * <p>Every route runs through {@link #run}: it is refused with 503 while the server drains, counted for graceful
 * shutdown, timed by route template, and any exception becomes the one error shape ({@link HttpErrors}). The tenant
 * always comes from the key ({@link Callers}). Thread-safe: handlers share only thread-safe collaborators.
 */
final class HttpApi implements RouteTable {
  private static final Logger LOG = LoggerFactory.getLogger(HttpApi.class);

  /** A registered route: method and path template. */
  record Route(String method, String path) {}

  private final DejaService service;
  private final Health health;
  private final ServerMetrics metrics;
  private final InFlight inFlight;
  private final Optional<ChatCompletionsProxy> proxy;
  private final Callers callers;
  private final IdempotentWrites idempotent;
  private final List<Route> routes = new ArrayList<>();
  private JavalinConfig javalin;

  HttpApi(DejaService service, KeyStore keys, RateLimiter limiter, IdempotencyStore idempotency, Health health,
      InFlight inFlight, Clock clock, Optional<ChatCompletionsProxy> proxy) {
    this.service = service;
    this.health = health;
    this.metrics = service.metrics();
    this.inFlight = inFlight;
    this.proxy = proxy;
    this.callers = new Callers(keys, limiter, metrics, service.config());
    this.idempotent = new IdempotentWrites(idempotency, clock);
  }

  /** The routes registered so far. */
  List<Route> routes() {
    return List.copyOf(routes);
  }

  /** Registers every route and the error mapping. */
  void register(JavalinConfig c) {
    this.javalin = c;
    c.http.prefer405over404 = true;
    c.http.maxRequestSize = service.config().maxBodyBytes();
    c.routes.exception(HttpResponseException.class, (e, ctx) -> {
      ApiException a = unrouted(e, ctx);
      if (proxy.isPresent() && ProxyRoutes.isProxyPath(ctx.path())) {
        // An OpenAI client on a proxy route reads OpenAI's error shape (with Deja's code and details beside).
        Responses.json(ctx, a.status(), a.openAiBody());
      } else {
        fail(ctx, a);
      }
    });
    c.routes.exception(Exception.class, (e, ctx) -> fail(ctx, HttpErrors.toApi(e)));

    get("/health", ctx -> {
      Map<String, Object> r = health.report();
      Responses.json(ctx, Boolean.TRUE.equals(r.get("ready")) ? 200 : 503, r);
    });
    get("/health/live", ctx -> Responses.json(ctx, 200,
        new java.util.TreeMap<>(Map.of("live", true, "status", "ok"))));
    get("/health/ready", ctx -> {
      Map<String, Object> r = health.report();
      Responses.json(ctx, Boolean.TRUE.equals(r.get("ready")) ? 200 : 503, r);
    });
    get("/metrics", ctx -> Responses.send(ctx, 200, "text/plain; version=0.0.4; charset=utf-8", metrics.scrape()));
    get("/openapi.json", ctx -> Responses.send(ctx, 200, "application/json", OpenApi.document()));

    new AdminRoutes(callers, service.config()).register(this);
    new CollectionRoutes(service, callers).register(this);
    new ItemRoutes(service, callers, idempotent).register(this);
    new CalendarImportRoutes(service, callers).register(this);
    new MemoryRoutes(service, callers, idempotent).register(this);
    proxy.ifPresent(p -> new ProxyRoutes(p, callers, service.config()).register(this));
  }

  /** Javalin's own refusals (no such route, wrong method, a body over its limit) in the one error shape. */
  private ApiException unrouted(HttpResponseException e, Context ctx) {
    int status = e.getStatus();
    String message = switch (status) {
      case 404 -> "no route " + ctx.method() + " " + ctx.path()
          + (proxy.isEmpty() && ProxyRoutes.isProxyPath(ctx.path())
          ? ": the chat completions proxy is off; start the server with --upstream URL or set server.proxy.upstream"
              + " (DEJA_SERVER_PROXY_UPSTREAM)" : "; see /openapi.json");
      case 405 -> "method " + ctx.method() + " is not allowed on " + ctx.path() + "; see /openapi.json";
      default -> e.getMessage();
    };
    int answered = status < 400 ? 400 : status;
    return new ApiException(answered, HttpErrors.codeFor(answered), message, Map.of());
  }

  @Override
  public void add(HandlerType method, String path, String template, Handler h) {
    routes.add(new Route(method.name(), template));
    javalin.routes.addHttpHandler(method, path, ctx -> run(ctx, method.name(), template, h));
  }

  private void run(Context ctx, String method, String path, Handler h) {
    long t0 = System.nanoTime();
    if (!inFlight.enter()) {
      fail(ctx, ApiException.unavailable("the server is shutting down; retry on another instance or later", true,
          null));
      metrics.http(method, path, ctx.statusCode(), System.nanoTime() - t0);
      return;
    }
    try {
      h.handle(ctx);
    } catch (Exception e) {
      ApiException a = HttpErrors.toApi(e);
      callers.refundIfRefused(ctx, a);
      fail(ctx, a);
    } finally {
      inFlight.exit();
      metrics.http(method, path, ctx.statusCode(), System.nanoTime() - t0);
    }
  }

  private static void fail(Context ctx, ApiException e) {
    if (e.status() >= 500 && e.status() != 503) {
      LOG.error("{} {} -> {}", ctx.method(), ctx.path(), e.getMessage());
    }
    Responses.error(ctx, e);
  }
}
