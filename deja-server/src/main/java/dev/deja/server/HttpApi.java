package dev.deja.server;

import dev.deja.core.InvalidInputException;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.Match;
import dev.deja.core.engine.Outcome;
import dev.deja.core.engine.SearchHit;
import dev.deja.core.engine.SearchRequest;
import dev.deja.core.engine.Verdict;
import dev.deja.core.engine.WriteResult;
import dev.deja.core.item.Item;
import dev.deja.core.item.StoredItem;
import dev.deja.core.spec.ScopeKeySpec;
import dev.deja.core.store.Page;
import dev.deja.core.time.Temporals;
import dev.deja.format.Catalog;
import dev.deja.format.Json;
import dev.deja.format.Views;
import dev.deja.stream.proxy.ChatCompletionsProxy;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.javalin.http.HttpResponseException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP routes (the contract of docs/HTTP.md and {@code /openapi.json}) on Javalin.
 *
 * <p>Every route runs through {@link #run}: it is refused with 503 while the server drains, counted for graceful
 * shutdown, timed by route template, and any exception becomes the one error shape. The tenant always comes from the
 * key. Thread-safe: handlers share only thread-safe collaborators.
 */
final class HttpApi {
  private static final Logger LOG = LoggerFactory.getLogger(HttpApi.class);
  private static final Set<String> SEARCH_PARAMS = Set.of("q", "start", "end", "threshold", "limit");
  /**
   * The OpenAI paths served when a proxy upstream is configured: chat completions (deduplicated) and the few others an
   * OpenAI client pointed at this server also calls (forwarded unchanged). Not a {@code /v1/*} catch-all, which would
   * send mistyped Deja routes, with their headers, to the upstream, and would capture any later Deja route.
   */
  static final List<Route> PROXY_ROUTES = List.of(new Route("POST", "/v1/chat/completions"),
      new Route("GET", "/v1/models"), new Route("GET", "/v1/models/{model}"), new Route("POST", "/v1/embeddings"));

  /** A registered route: method and path template. */
  record Route(String method, String path) {}

  /** A response before it is written. */
  private record Response(int status, Object body) {}

  private final DejaService service;
  private final KeyStore keys;
  private final RateLimiter limiter;
  private final IdempotencyStore idempotency;
  private final Health health;
  private final ServerMetrics metrics;
  private final ServerConfig config;
  private final InFlight inFlight;
  private final Clock clock;
  private final Optional<ChatCompletionsProxy> proxy;
  private final List<Route> routes = new ArrayList<>();

  HttpApi(DejaService service, KeyStore keys, RateLimiter limiter, IdempotencyStore idempotency, Health health,
      InFlight inFlight, Clock clock, Optional<ChatCompletionsProxy> proxy) {
    this.service = service;
    this.keys = keys;
    this.limiter = limiter;
    this.idempotency = idempotency;
    this.health = health;
    this.metrics = service.metrics();
    this.config = service.config();
    this.inFlight = inFlight;
    this.clock = clock;
    this.proxy = proxy;
  }

  /** The routes registered so far. */
  List<Route> routes() {
    return List.copyOf(routes);
  }

  /** Registers every route and the error mapping. */
  void register(JavalinConfig c) {
    c.http.prefer405over404 = true;
    c.http.maxRequestSize = config.maxBodyBytes();
    c.routes.exception(HttpResponseException.class, (e, ctx) -> {
      int status = e.getStatus();
      String code = switch (status) {
        case 404 -> "not_found";
        case 405 -> "method_not_allowed";
        case 413 -> "payload_too_large";
        default -> status >= 500 ? "internal" : "invalid_request";
      };
      String message = switch (status) {
        case 404 -> "no route " + ctx.method() + " " + ctx.path() + (proxy.isEmpty() && isProxyPath(ctx.path())
            ? ": the chat completions proxy is off; start the server with --upstream URL or set server.proxy.upstream"
                + " (DEJA_SERVER_PROXY_UPSTREAM)" : "; see /openapi.json");
        case 405 -> "method " + ctx.method() + " is not allowed on " + ctx.path() + "; see /openapi.json";
        default -> e.getMessage();
      };
      write(ctx, new ApiException(status < 400 ? 400 : status, code, message, Map.of()));
    });
    c.routes.exception(Exception.class, (e, ctx) -> write(ctx, toApi(e)));

    get(c, "/health", ctx -> {
      Map<String, Object> r = health.report();
      json(ctx, Boolean.TRUE.equals(r.get("ready")) ? 200 : 503, r);
    });
    get(c, "/health/live", ctx -> json(ctx, 200, Map.of("status", "ok", "live", true)));
    get(c, "/health/ready", ctx -> {
      Map<String, Object> r = health.report();
      json(ctx, Boolean.TRUE.equals(r.get("ready")) ? 200 : 503, r);
    });
    get(c, "/metrics", ctx -> send(ctx, 200, "text/plain; version=0.0.4; charset=utf-8", metrics.scrape()));
    get(c, "/openapi.json", ctx -> send(ctx, 200, "application/json", OpenApi.document()));

    post(c, "/v1/admin/keys", this::createKey);
    delete(c, "/v1/admin/keys/{key}", this::revokeKey);

    post(c, "/v1/collections", this::createCollection);
    get(c, "/v1/collections", this::listCollections);
    get(c, "/v1/collections/{name}", this::describeCollection);
    delete(c, "/v1/collections/{name}", this::dropCollection);
    post(c, "/v1/collections/{name}/check", this::check);
    post(c, "/v1/collections/{name}/check/batch", this::checkBatch);
    post(c, "/v1/collections/{name}/items", this::put);
    post(c, "/v1/collections/{name}/items/batch", this::putBatch);
    get(c, "/v1/collections/{name}/items", this::listItems);
    get(c, "/v1/collections/{name}/items/{id}", this::getItem);
    delete(c, "/v1/collections/{name}/items/{id}", this::deleteItem);
    get(c, "/v1/collections/{name}/search", this::search);

    post(c, "/v1/memories/check-duplicate", this::memoryCheck);
    post(c, "/v1/memories", this::remember);

    if (proxy.isPresent()) {
      for (Route r : PROXY_ROUTES) {
        HandlerType method = r.method().equals("GET") ? HandlerType.GET : HandlerType.POST;
        // Model ids often contain a slash (meta-llama/Llama-3.1-8B): Javalin's <model> matches across segments.
        add(c, method, r.path().replace("{model}", "<model>"), r.path(), this::proxied);
      }
    }
  }

  /** Whether a request path is one the chat completions proxy would serve. */
  private static boolean isProxyPath(String path) {
    return PROXY_ROUTES.stream().anyMatch(r -> path.equals(r.path())) || path.startsWith("/v1/models/");
  }

  @FunctionalInterface
  private interface Handler {
    void handle(Context ctx) throws Exception;
  }

  private void get(JavalinConfig c, String path, Handler h) {
    add(c, HandlerType.GET, path, h);
  }

  private void post(JavalinConfig c, String path, Handler h) {
    add(c, HandlerType.POST, path, h);
  }

  private void delete(JavalinConfig c, String path, Handler h) {
    add(c, HandlerType.DELETE, path, h);
  }

  private void add(JavalinConfig c, HandlerType method, String path, Handler h) {
    add(c, method, path, path, h);
  }

  /** Registers {@code path} (Javalin's syntax), documented and metered as {@code template}. */
  private void add(JavalinConfig c, HandlerType method, String path, String template, Handler h) {
    routes.add(new Route(method.name(), template));
    c.routes.addHttpHandler(method, path, ctx -> run(ctx, method.name(), template, h));
  }

  private void run(Context ctx, String method, String path, Handler h) {
    long t0 = System.nanoTime();
    if (!inFlight.enter()) {
      write(ctx, ApiException.unavailable("the server is shutting down; retry on another instance or later", true,
          null));
      metrics.http(method, path, ctx.statusCode(), System.nanoTime() - t0);
      return;
    }
    try {
      h.handle(ctx);
    } catch (Exception e) {
      write(ctx, toApi(e));
    } finally {
      inFlight.exit();
      metrics.http(method, path, ctx.statusCode(), System.nanoTime() - t0);
    }
  }

  private ApiException toApi(Throwable e) {
    if (e instanceof ApiException a) {
      return a;
    }
    if (e instanceof Catalog.CollectionExistsException x) {
      return new ApiException(409, "conflict", x.getMessage(), Map.of());
    }
    if (e instanceof InvalidInputException x) {
      return ApiException.invalid(x.getMessage());
    }
    if (e instanceof dev.deja.core.StoreException || e instanceof dev.deja.core.embed.EmbeddingException) {
      try {
        DejaService.guarded(() -> {
          throw (RuntimeException) e;
        });
      } catch (ApiException a) {
        return a;
      }
    }
    if (e instanceof HttpResponseException h && h.getStatus() >= 400 && h.getStatus() < 500) {
      return new ApiException(h.getStatus(), h.getStatus() == 413 ? "payload_too_large" : "invalid_request",
          h.getMessage(), Map.of());
    }
    LOG.error("internal error", e);
    return new ApiException(500, "internal", "internal error: " + e.getClass().getSimpleName()
        + " (the server log has the details)", Map.of());
  }

  private static void write(Context ctx, ApiException e) {
    if (e.status() >= 500 && e.status() != 503) {
      LOG.error("{} {} -> {}", ctx.method(), ctx.path(), e.getMessage());
    }
    e.retryAfterSeconds().ifPresent(s -> ctx.header("Retry-After", Long.toString(s)));
    json(ctx, e.status(), e.body());
  }

  private static void json(Context ctx, int status, Object body) {
    send(ctx, status, "application/json", Json.write(body));
  }

  /**
   * Writes and flushes the whole response before the handler returns, so that a request counted as finished by
   * {@link InFlight} has really been answered when shutdown stops the HTTP server.
   */
  private static void send(Context ctx, int status, String contentType, String body) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    jakarta.servlet.http.HttpServletResponse res = ctx.res();
    res.setStatus(status);
    if (contentType != null) {
      res.setContentType(contentType);
    }
    res.setContentLength(bytes.length);
    try {
      res.getOutputStream().write(bytes);
      res.flushBuffer();
    } catch (IOException e) {
      // The client went away; nothing to answer.
    }
  }

  private static void noContent(Context ctx) {
    ctx.res().setStatus(204);
    try {
      ctx.res().flushBuffer();
    } catch (IOException e) {
      // The client went away.
    }
  }

  // ---- authentication and limits

  private KeyStore.Caller caller(Context ctx) {
    String key = null;
    String auth = ctx.header("Authorization");
    if (auth != null) {
      String a = auth.strip();
      if (a.regionMatches(true, 0, "Bearer ", 0, 7)) {
        key = a.substring(7).strip();
      } else {
        throw ApiException.unauthorized("Authorization header: expected 'Bearer KEY'");
      }
    }
    if (key == null) {
      key = ctx.header("x-api-key");
    }
    if (key == null || key.isBlank()) {
      throw ApiException.unauthorized("missing API key: send 'Authorization: Bearer KEY' or 'x-api-key: KEY'");
    }
    return keys.identify(key.strip()).orElseThrow(() -> ApiException.unauthorized("invalid or revoked API key"));
  }

  private KeyStore.Caller admin(Context ctx) {
    KeyStore.Caller c = caller(ctx);
    if (!c.admin()) {
      throw ApiException.forbidden("this route needs the admin key");
    }
    return c;
  }

  private KeyStore.Caller tenant(Context ctx) {
    KeyStore.Caller c = caller(ctx);
    if (c.admin()) {
      throw ApiException.forbidden("the admin key only manages keys; create a tenant key with POST /v1/admin/keys "
          + "{\"tenant\": \"...\"} and use that");
    }
    return c;
  }

  private void limit(KeyStore.Caller c, RateLimiter.Kind kind, double cost) {
    long wait = limiter.acquire(c.keyId(), kind, cost);
    if (wait > 0) {
      String action = kind.name().toLowerCase(java.util.Locale.ROOT);
      metrics.rateLimited(action);
      throw ApiException.rateLimited(action, wait);
    }
  }

  private double cost(DejaCollection c) {
    return DejaService.embeds(c) ? config.embeddingCost() : 1;
  }

  private Body body(Context ctx) throws IOException {
    try (InputStream in = ctx.req().getInputStream()) {
      return Body.parse(Body.read(in, ctx.req().getContentLengthLong(), config.maxBodyBytes()));
    }
  }

  private byte[] rawBody(Context ctx) throws IOException {
    try (InputStream in = ctx.req().getInputStream()) {
      return Body.read(in, ctx.req().getContentLengthLong(), config.maxBodyBytes());
    }
  }

  // ---- admin

  private void createKey(Context ctx) throws IOException {
    admin(ctx);
    Body b = body(ctx);
    String tenant = b.requiredString("tenant");
    b.noOthers("request body");
    if (!KeyStore.isValidTenant(tenant)) {
      throw ApiException.invalid("tenant", "'" + tenant + "' is not a valid tenant name (lower-case letters, "
          + "digits, '-' and '_', starting with a letter or digit, at most 64)");
    }
    String key = keys.create(tenant);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("key", key);
    out.put("tenant", tenant);
    json(ctx, 201, out);
  }

  private void revokeKey(Context ctx) {
    admin(ctx);
    if (!keys.revoke(ctx.pathParam("key"))) {
      throw ApiException.notFound("no such key");
    }
    noContent(ctx);
  }

  // ---- collections

  private void createCollection(Context ctx) throws IOException {
    KeyStore.Caller c = tenant(ctx);
    limit(c, RateLimiter.Kind.WRITE, 1);
    Body b = body(ctx);
    String name = b.requiredString("name");
    Map<String, Object> def = new LinkedHashMap<>(b.all());
    def.remove("name");
    if (!def.containsKey("preset") && !def.containsKey("fields")) {
      throw ApiException.invalid("preset", "is required: give a preset (calendar, memory, glossary, text), a preset "
          + "with overrides, or a full spec with 'fields' and 'stages'");
    }
    Catalog catalog = DejaService.guarded(() -> service.tenants().catalog(c.tenant()));
    DejaService.guarded(() -> catalog.create(name, def));
    json(ctx, 201, describe(c.tenant(), name));
  }

  private Map<String, Object> describe(String tenant, String name) {
    Catalog catalog = service.tenants().catalog(tenant);
    DejaCollection col = service.collection(tenant, name);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("name", name);
    out.put("description", col.spec().description());
    out.put("count", DejaService.guarded(() -> col.count(tenant)));
    out.put("embeds", DejaService.embeds(col));
    out.put("spec", catalog.definition(name).orElse(Map.of()));
    return out;
  }

  private void listCollections(Context ctx) {
    KeyStore.Caller c = tenant(ctx);
    limit(c, RateLimiter.Kind.READ, 1);
    noParams(ctx);
    Catalog catalog = DejaService.guarded(() -> service.tenants().catalog(c.tenant()));
    List<Object> list = new ArrayList<>();
    for (String name : catalog.names()) {
      DejaCollection col = catalog.find(name).orElse(null);
      if (col == null) {
        continue;
      }
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", name);
      m.put("description", col.spec().description());
      m.put("count", DejaService.guarded(() -> col.count(c.tenant())));
      list.add(m);
    }
    json(ctx, 200, Map.of("collections", list));
  }

  private void describeCollection(Context ctx) {
    KeyStore.Caller c = tenant(ctx);
    limit(c, RateLimiter.Kind.READ, 1);
    noParams(ctx);
    json(ctx, 200, describe(c.tenant(), ctx.pathParam("name")));
  }

  private void dropCollection(Context ctx) {
    KeyStore.Caller c = tenant(ctx);
    limit(c, RateLimiter.Kind.WRITE, 1);
    String name = ctx.pathParam("name");
    Catalog catalog = DejaService.guarded(() -> service.tenants().catalog(c.tenant()));
    if (!DejaService.guarded(() -> catalog.drop(name))) {
      throw ApiException.notFound("collection '" + name + "' does not exist");
    }
    noContent(ctx);
  }

  // ---- items

  private void check(Context ctx) throws IOException {
    KeyStore.Caller c = tenant(ctx);
    DejaCollection col = service.collection(c.tenant(), ctx.pathParam("name"));
    limit(c, RateLimiter.Kind.CHECK, cost(col));
    Body b = body(ctx);
    json(ctx, 200, checkOne(c, col, b));
  }

  private Map<String, Object> checkOne(KeyStore.Caller c, DejaCollection col, Body b) {
    Item item = b.item("item");
    Optional<String> exclude = b.string("exclude_id");
    b.noOthers("request body");
    Verdict v = service.check(DejaService.Call.http(c.tenant()), col, item, exclude);
    return Views.verdict(v, true);
  }

  private void checkBatch(Context ctx) throws IOException {
    KeyStore.Caller c = tenant(ctx);
    DejaCollection col = service.collection(c.tenant(), ctx.pathParam("name"));
    Body b = body(ctx);
    List<Body> entries = b.objects("items", config.maxBatchItems());
    b.noOthers("request body");
    limit(c, RateLimiter.Kind.CHECK, cost(col) * entries.size());
    List<Object> results = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      Body e = entries.get(i);
      results.add(entry(i, () -> checkOne(c, col, e)));
    }
    json(ctx, 200, Map.of("results", results));
  }

  /** One batch entry's result: its body, or its error body with the status. */
  private Object entry(int index, java.util.function.Supplier<Object> work) {
    try {
      return work.get();
    } catch (RuntimeException e) {
      ApiException a = toApi(e);
      if (a.status() >= 500) {
        throw a;
      }
      Map<String, Object> m = new LinkedHashMap<>(a.body());
      m.put("index", index);
      m.put("status", a.status());
      return m;
    }
  }

  private void put(Context ctx) throws IOException {
    KeyStore.Caller c = tenant(ctx);
    DejaCollection col = service.collection(c.tenant(), ctx.pathParam("name"));
    limit(c, RateLimiter.Kind.WRITE, cost(col));
    byte[] raw = rawBody(ctx);
    idempotent(ctx, c, raw, () -> {
      Body b = Body.parse(raw);
      return putOne(c, col, b);
    });
  }

  private Response putOne(KeyStore.Caller c, DejaCollection col, Body b) {
    Item item = b.item("item");
    Optional<String> id = b.string("id");
    if (id.isPresent() && id.get().isBlank()) {
      throw ApiException.invalid("id", "must not be blank");
    }
    boolean force = b.bool("force", false) | b.bool("bypass_duplicate_check", false);
    b.noOthers("request body");
    WriteResult r = service.put(DejaService.Call.http(c.tenant()), col, id, item, force);
    return new Response(statusOf(r), Views.write(r, true));
  }

  private static int statusOf(WriteResult r) {
    return switch (r.action()) {
      case CREATED -> 201;
      case MERGED -> 200;
      case REJECTED -> 409;
    };
  }

  private void putBatch(Context ctx) throws IOException {
    KeyStore.Caller c = tenant(ctx);
    DejaCollection col = service.collection(c.tenant(), ctx.pathParam("name"));
    byte[] raw = rawBody(ctx);
    Body b = Body.parse(raw);
    List<Body> entries = b.objects("items", config.maxBatchItems());
    b.noOthers("request body");
    limit(c, RateLimiter.Kind.WRITE, cost(col) * entries.size());
    idempotent(ctx, c, raw, () -> {
      List<Object> results = new ArrayList<>();
      for (int i = 0; i < entries.size(); i++) {
        Body e = entries.get(i);
        results.add(entry(i, () -> {
          Response r = putOne(c, col, e);
          @SuppressWarnings("unchecked")
          Map<String, Object> m = new LinkedHashMap<>((Map<String, Object>) r.body());
          m.put("status", r.status());
          return m;
        }));
      }
      return new Response(200, Map.of("results", results));
    });
  }

  private void idempotent(Context ctx, KeyStore.Caller c, byte[] raw, java.util.function.Supplier<Response> work) {
    String key = ctx.header("Idempotency-Key");
    if (key == null) {
      Response r = work.get();
      json(ctx, r.status(), r.body());
      return;
    }
    if (key.isBlank() || key.length() > 255) {
      throw ApiException.invalid("Idempotency-Key", "must be 1 to 255 characters");
    }
    String fingerprint = fingerprint(ctx.method().name() + " " + ctx.path(), raw);
    AtomicBoolean ran = new AtomicBoolean();
    IdempotencyStore.Recorded r = idempotency.once(c.tenant(), key, fingerprint, () -> {
      ran.set(true);
      Response resp = work.get();
      return new IdempotencyStore.Recorded(fingerprint, resp.status(), Json.write(resp.body()), clock.instant());
    });
    if (!ran.get()) {
      ctx.header("Idempotent-Replayed", "true");
    }
    send(ctx, r.status(), "application/json", r.body());
  }

  private static String fingerprint(String request, byte[] body) {
    try {
      MessageDigest d = MessageDigest.getInstance("SHA-256");
      d.update(request.getBytes(StandardCharsets.UTF_8));
      d.update((byte) 0);
      d.update(body);
      return HexFormat.of().formatHex(d.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is always available", e);
    }
  }

  private void listItems(Context ctx) {
    KeyStore.Caller c = tenant(ctx);
    DejaCollection col = service.collection(c.tenant(), ctx.pathParam("name"));
    limit(c, RateLimiter.Kind.READ, 1);
    Map<String, String> p = params(ctx, Set.of("limit", "after"));
    int limit = intParam(p, "limit", 100, 1, 1000);
    Optional<String> after = Optional.ofNullable(p.get("after"));
    Page page = DejaService.guarded(() -> col.list(c.tenant(), after, limit));
    List<Object> items = new ArrayList<>();
    for (StoredItem i : page.items()) {
      items.add(Views.stored(i));
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("items", items);
    out.put("next_after", page.nextAfter().orElse(null));
    out.put("count", DejaService.guarded(() -> col.count(c.tenant())));
    json(ctx, 200, out);
  }

  private void getItem(Context ctx) {
    KeyStore.Caller c = tenant(ctx);
    DejaCollection col = service.collection(c.tenant(), ctx.pathParam("name"));
    limit(c, RateLimiter.Kind.READ, 1);
    noParams(ctx);
    String id = ctx.pathParam("id");
    StoredItem i = DejaService.guarded(() -> col.get(c.tenant(), id))
        .orElseThrow(() -> ApiException.notFound("no item '" + id + "' in collection '" + col.name() + "'"));
    json(ctx, 200, Views.stored(i));
  }

  private void deleteItem(Context ctx) {
    KeyStore.Caller c = tenant(ctx);
    DejaCollection col = service.collection(c.tenant(), ctx.pathParam("name"));
    limit(c, RateLimiter.Kind.WRITE, 1);
    String id = ctx.pathParam("id");
    if (!DejaService.guarded(() -> col.delete(c.tenant(), id))) {
      throw ApiException.notFound("no item '" + id + "' in collection '" + col.name() + "'");
    }
    noContent(ctx);
  }

  private void search(Context ctx) {
    KeyStore.Caller c = tenant(ctx);
    DejaCollection col = service.collection(c.tenant(), ctx.pathParam("name"));
    limit(c, RateLimiter.Kind.CHECK, cost(col));
    Set<String> allowed = new LinkedHashSet<>(SEARCH_PARAMS);
    for (ScopeKeySpec k : col.spec().scope()) {
      allowed.add(k.field());
    }
    Map<String, String> p = params(ctx, allowed);
    String q = p.get("q");
    if (q == null || q.isBlank()) {
      throw ApiException.invalid("q", "is required: the text to search for");
    }
    ZoneId zone = col.spec().window().map(w -> w.defaultZone()).orElse(ZoneId.of("UTC"));
    Optional<Instant> start = Optional.ofNullable(p.get("start")).map(s -> instant("start", s, zone, false));
    Optional<Instant> end = Optional.ofNullable(p.get("end")).map(s -> instant("end", s, zone, true));
    OptionalDouble threshold = OptionalDouble.empty();
    if (p.containsKey("threshold")) {
      double t;
      try {
        t = Double.parseDouble(p.get("threshold"));
      } catch (NumberFormatException e) {
        throw ApiException.invalid("threshold", "must be a number in [0, 1], got '" + p.get("threshold") + "'");
      }
      if (!(t >= 0 && t <= 1)) {
        throw ApiException.invalid("threshold", "must be a number in [0, 1], got '" + p.get("threshold") + "'");
      }
      threshold = OptionalDouble.of(t);
    }
    int limit = intParam(p, "limit", 20, 1, 1000);
    Map<String, Object> scope = new LinkedHashMap<>();
    for (ScopeKeySpec k : col.spec().scope()) {
      if (p.containsKey(k.field())) {
        scope.put(k.field(), p.get(k.field()));
      }
    }
    SearchRequest r = new SearchRequest(c.tenant(), q, new Item(scope), start, end, threshold, limit);
    List<Object> results = new ArrayList<>();
    for (SearchHit h : service.search(col, r)) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("id", h.item().id());
      m.put("score", Views.round(h.score()));
      m.put("item", h.item().item().fields());
      h.timeDistanceMillis().ifPresent(d -> m.put("time_distance_minutes", d / 60_000));
      m.put("explanation", Views.explanation(h.explanation()));
      results.add(m);
    }
    json(ctx, 200, Map.of("results", results));
  }

  private static Instant instant(String field, String text, ZoneId zone, boolean endOfDay) {
    try {
      if (Temporals.isDate(text)) {
        java.time.LocalDate d = Temporals.date(field, text, zone);
        return endOfDay ? d.plusDays(1).atStartOfDay(zone).toInstant().minusMillis(1)
            : d.atStartOfDay(zone).toInstant();
      }
      return Temporals.dateTime(field, text, zone).toInstant();
    } catch (InvalidInputException e) {
      throw ApiException.invalid(field, e.getMessage());
    }
  }

  // ---- memories (the agent-memory design's endpoints)

  private Item memoryItem(Body b, String content) {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("text", content);
    b.string("category").ifPresent(s -> f.put("category", s));
    b.string("workspace").ifPresent(s -> f.put("workspace", s));
    b.string("session_id").ifPresent(s -> f.put("session_id", s));
    return new Item(f);
  }

  private void memoryCheck(Context ctx) throws IOException {
    KeyStore.Caller c = tenant(ctx);
    DejaCollection col = service.memories(c.tenant());
    limit(c, RateLimiter.Kind.CHECK, cost(col));
    Body b = body(ctx);
    String content = b.requiredString("content");
    Item item = memoryItem(b, content);
    b.noOthers("request body");
    Verdict v = service.check(new DejaService.Call(c.tenant(), "http", b.string("session_id")), col, item,
        Optional.empty());
    Optional<Match> dup = v.matches().stream().filter(m -> m.level() == Outcome.DUPLICATE).findFirst();
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("is_duplicate", dup.isPresent());
    out.put("existing_id", dup.map(Match::id).orElse(null));
    out.put("existing_content", dup.flatMap(m -> m.item().item().findString("text")).orElse(null));
    out.put("similarity", dup.map(m -> Views.round(m.score())).orElse(null));
    out.put("outcome", v.outcome().name());
    out.put("stage", dup.map(Match::stage).orElse(null));
    if (!v.warnings().isEmpty()) {
      // E.g. the judge could not answer and the in-process decision was used: the answer says so.
      out.put("warnings", v.warnings());
    }
    json(ctx, 200, out);
  }

  private void remember(Context ctx) throws IOException {
    KeyStore.Caller c = tenant(ctx);
    DejaCollection col = service.memories(c.tenant());
    limit(c, RateLimiter.Kind.WRITE, cost(col));
    byte[] raw = rawBody(ctx);
    idempotent(ctx, c, raw, () -> {
      Body b = Body.parse(raw);
      String content = b.requiredString("content");
      Item item = memoryItem(b, content);
      boolean force = b.bool("force", false);
      b.noOthers("request body");
      WriteResult r = service.put(new DejaService.Call(c.tenant(), "http", b.string("session_id")), col,
          Optional.empty(), item, force);
      Map<String, Object> out = new LinkedHashMap<>(Views.write(r, false));
      if (r.action() == dev.deja.core.engine.Action.MERGED) {
        Optional<Match> best = r.verdict().matches().stream().filter(m -> m.id().equals(r.id().orElse("")))
            .findFirst();
        out.put("existing_id", r.id().orElse(null));
        out.put("similarity", best.map(m -> Views.round(m.score())).orElse(null));
      }
      return new Response(statusOf(r), out);
    });
  }

  // ---- the chat completions proxy (docs/HTTP.md, "Chat completions proxy")

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
        limit(proxyCaller(ctx), ctx.req().getMethod().equals("GET") ? RateLimiter.Kind.READ
            : RateLimiter.Kind.CHECK, 1);
        withheld = Set.of("x-api-key");
      }
      body = proxyBody(ctx);
    } catch (ApiException e) {
      e.retryAfterSeconds().ifPresent(s -> ctx.header("Retry-After", Long.toString(s)));
      json(ctx, e.status(), e.openAiBody());
      return;
    }
    try {
      proxy.orElseThrow().handle(new JavalinProxyExchange(ctx, body, withheld));
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
  private byte[] proxyBody(Context ctx) throws IOException {
    byte[] bytes;
    try (InputStream in = ctx.req().getInputStream()) {
      bytes = Body.read(in, ctx.req().getContentLengthLong(), config.proxy().maxRequestBytes(),
          "server.proxy.max_request_bytes");
    }
    if (ctx.req().getMethod().equals("POST") && ctx.path().equals("/v1/chat/completions")) {
      Body b = Body.parse(bytes);
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
  private KeyStore.Caller proxyCaller(Context ctx) {
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
    KeyStore.Caller c = keys.identify(key.strip())
        .orElseThrow(() -> ApiException.unauthorized("invalid or revoked API key"));
    if (c.admin()) {
      throw ApiException.forbidden("the admin key only manages keys; use a tenant key on the proxy routes");
    }
    return c;
  }

  // ---- parameters

  private static void noParams(Context ctx) {
    params(ctx, Set.of());
  }

  private static Map<String, String> params(Context ctx, Set<String> allowed) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, List<String>> e : ctx.queryParamMap().entrySet()) {
      if (!allowed.contains(e.getKey())) {
        throw new ApiException(400, "invalid_request", "unknown query parameter '" + e.getKey() + "'"
            + (allowed.isEmpty() ? "; this route takes none" : "; known: " + allowed),
            Map.of("unknown_fields", List.of(e.getKey())));
      }
      if (e.getValue().size() != 1) {
        throw ApiException.invalid(e.getKey(), "give it once");
      }
      out.put(e.getKey(), e.getValue().get(0));
    }
    return out;
  }

  private static int intParam(Map<String, String> p, String name, int def, int min, int max) {
    String v = p.get(name);
    if (v == null) {
      return def;
    }
    try {
      int i = Integer.parseInt(v.strip());
      if (i < min || i > max) {
        throw ApiException.invalid(name, "must be in [" + min + ", " + max + "], got " + i);
      }
      return i;
    } catch (NumberFormatException e) {
      throw ApiException.invalid(name, "must be an integer in [" + min + ", " + max + "], got '" + v + "'");
    }
  }
}
