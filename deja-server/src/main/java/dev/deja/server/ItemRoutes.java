package dev.deja.server;

import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.SearchHit;
import dev.deja.core.engine.SearchRequest;
import dev.deja.core.engine.Verdict;
import dev.deja.core.engine.WriteResult;
import dev.deja.core.item.Item;
import dev.deja.core.item.StoredItem;
import dev.deja.core.spec.ScopeKeySpec;
import dev.deja.core.store.Page;
import dev.deja.format.Views;
import io.javalin.http.Context;
import java.io.IOException;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Supplier;

/** The routes of a collection's items: check, put (one or a batch), list, get, delete, search. Thread-safe. */
final class ItemRoutes {
  private static final Set<String> SEARCH_PARAMS = Set.of("q", "start", "end", "threshold", "limit");

  private final DejaService service;
  private final Callers callers;
  private final IdempotentWrites idempotent;
  private final ServerConfig config;

  ItemRoutes(DejaService service, Callers callers, IdempotentWrites idempotent) {
    this.service = service;
    this.callers = callers;
    this.idempotent = idempotent;
    this.config = service.config();
  }

  void register(RouteTable r) {
    r.post("/v1/collections/{name}/check", this::check);
    r.post("/v1/collections/{name}/check/batch", this::checkBatch);
    r.post("/v1/collections/{name}/items", this::put);
    r.post("/v1/collections/{name}/items/batch", this::putBatch);
    r.get("/v1/collections/{name}/items", this::list);
    r.get("/v1/collections/{name}/items/{id}", this::get);
    r.delete("/v1/collections/{name}/items/{id}", this::delete);
    r.get("/v1/collections/{name}/search", this::search);
  }

  /** A write's status: 201 created, 200 merged, 409 rejected. */
  static int statusOf(WriteResult r) {
    return switch (r.action()) {
      case CREATED -> 201;
      case MERGED -> 200;
      case REJECTED -> 409;
    };
  }

  private void check(Context ctx) throws IOException {
    KeyStore.Caller c = callers.tenant(ctx);
    DejaCollection col = service.collection(c.tenant(), ctx.pathParam("name"));
    callers.limit(ctx, c, RateLimiter.Kind.CHECK, callers.cost(col));
    Body b = RequestInput.body(ctx, config.maxBodyBytes());
    Responses.json(ctx, 200, checkOne(c, col, b));
  }

  private Map<String, Object> checkOne(KeyStore.Caller c, DejaCollection col, Body b) {
    Item item = b.item("item");
    Optional<String> exclude = b.string("exclude_id");
    b.noOthers("request body");
    Verdict v = service.check(DejaService.Call.http(c.tenant()), col, item, exclude);
    return Views.verdict(v, true);
  }

  private void checkBatch(Context ctx) throws IOException {
    KeyStore.Caller c = callers.tenant(ctx);
    DejaCollection col = service.collection(c.tenant(), ctx.pathParam("name"));
    Body b = RequestInput.body(ctx, config.maxBodyBytes());
    List<Body> entries = b.objects("items", config.maxBatchItems());
    b.noOthers("request body");
    callers.limit(ctx, c, RateLimiter.Kind.CHECK, callers.cost(col) * entries.size());
    List<Object> results = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      Body e = entries.get(i);
      results.add(entry(i, () -> checkOne(c, col, e)));
    }
    Responses.json(ctx, 200, Map.of("results", results));
  }

  /** One batch entry's result: its body, or its error body with the status. */
  private static Object entry(int index, Supplier<Object> work) {
    try {
      return work.get();
    } catch (RuntimeException e) {
      ApiException a = HttpErrors.toApi(e);
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
    KeyStore.Caller c = callers.tenant(ctx);
    DejaCollection col = service.collection(c.tenant(), ctx.pathParam("name"));
    callers.limit(ctx, c, RateLimiter.Kind.WRITE, callers.cost(col));
    byte[] raw = RequestInput.rawBody(ctx, config.maxBodyBytes());
    idempotent.run(ctx, c, raw, () -> putOne(c, col, Body.parse(raw)));
  }

  private Responses.Response putOne(KeyStore.Caller c, DejaCollection col, Body b) {
    Item item = b.item("item");
    Optional<String> id = b.string("id");
    if (id.isPresent() && id.get().isBlank()) {
      throw ApiException.invalid("id", "must not be blank");
    }
    boolean force = b.bool("force", false) | b.bool("bypass_duplicate_check", false);
    b.noOthers("request body");
    WriteResult r = service.put(DejaService.Call.http(c.tenant()), col, id, item, force);
    return new Responses.Response(statusOf(r), Views.write(r, true));
  }

  private void putBatch(Context ctx) throws IOException {
    KeyStore.Caller c = callers.tenant(ctx);
    DejaCollection col = service.collection(c.tenant(), ctx.pathParam("name"));
    byte[] raw = RequestInput.rawBody(ctx, config.maxBodyBytes());
    Body b = Body.parse(raw);
    List<Body> entries = b.objects("items", config.maxBatchItems());
    b.noOthers("request body");
    callers.limit(ctx, c, RateLimiter.Kind.WRITE, callers.cost(col) * entries.size());
    idempotent.run(ctx, c, raw, () -> {
      List<Object> results = new ArrayList<>();
      for (int i = 0; i < entries.size(); i++) {
        Body e = entries.get(i);
        results.add(entry(i, () -> {
          Responses.Response r = putOne(c, col, e);
          @SuppressWarnings("unchecked")
          Map<String, Object> m = new LinkedHashMap<>((Map<String, Object>) r.body());
          m.put("status", r.status());
          return m;
        }));
      }
      return new Responses.Response(200, Map.of("results", results));
    });
  }

  private void list(Context ctx) {
    KeyStore.Caller c = callers.tenant(ctx);
    DejaCollection col = service.collection(c.tenant(), ctx.pathParam("name"));
    callers.limit(ctx, c, RateLimiter.Kind.READ, 1);
    Map<String, String> p = RequestInput.params(ctx, Set.of("limit", "after"));
    int limit = RequestInput.intParam(p, "limit", 100, 1, 1000);
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
    Responses.json(ctx, 200, out);
  }

  private void get(Context ctx) {
    KeyStore.Caller c = callers.tenant(ctx);
    DejaCollection col = service.collection(c.tenant(), ctx.pathParam("name"));
    callers.limit(ctx, c, RateLimiter.Kind.READ, 1);
    RequestInput.noParams(ctx);
    String id = ctx.pathParam("id");
    StoredItem i = DejaService.guarded(() -> col.get(c.tenant(), id))
        .orElseThrow(() -> ApiException.notFound("no item '" + id + "' in collection '" + col.name() + "'"));
    Responses.json(ctx, 200, Views.stored(i));
  }

  private void delete(Context ctx) {
    KeyStore.Caller c = callers.tenant(ctx);
    DejaCollection col = service.collection(c.tenant(), ctx.pathParam("name"));
    callers.limit(ctx, c, RateLimiter.Kind.WRITE, 1);
    String id = ctx.pathParam("id");
    if (!DejaService.guarded(() -> col.delete(c.tenant(), id))) {
      throw ApiException.notFound("no item '" + id + "' in collection '" + col.name() + "'");
    }
    Responses.noContent(ctx);
  }

  private void search(Context ctx) {
    KeyStore.Caller c = callers.tenant(ctx);
    DejaCollection col = service.collection(c.tenant(), ctx.pathParam("name"));
    callers.limit(ctx, c, RateLimiter.Kind.CHECK, callers.cost(col));
    Set<String> allowed = new LinkedHashSet<>(SEARCH_PARAMS);
    for (ScopeKeySpec k : col.spec().scope()) {
      allowed.add(k.field());
    }
    Map<String, String> p = RequestInput.params(ctx, allowed);
    String q = p.get("q");
    if (q == null || q.isBlank()) {
      throw ApiException.invalid("q", "is required: the text to search for");
    }
    ZoneId zone = col.spec().window().map(w -> w.defaultZone()).orElse(ZoneId.of("UTC"));
    Optional<Instant> start = Optional.ofNullable(p.get("start"))
        .map(s -> RequestInput.instant("start", s, zone, false));
    Optional<Instant> end = Optional.ofNullable(p.get("end")).map(s -> RequestInput.instant("end", s, zone, true));
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
    int limit = RequestInput.intParam(p, "limit", 20, 1, 1000);
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
    Responses.json(ctx, 200, Map.of("results", results));
  }
}
