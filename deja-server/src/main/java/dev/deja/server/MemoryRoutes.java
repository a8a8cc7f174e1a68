package dev.deja.server;

import dev.deja.core.engine.Action;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.Match;
import dev.deja.core.engine.Outcome;
import dev.deja.core.engine.Verdict;
import dev.deja.core.engine.WriteResult;
import dev.deja.core.item.Item;
import dev.deja.core.item.StoredItem;
import dev.deja.core.store.Page;
import dev.deja.format.Views;
import io.javalin.http.Context;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The agent-memory design's endpoints: remember a fact, ask whether one is already known, and list, read or forget
 * the memories. A memory reads back in the shape it was written ({@code content}, {@code category},
 * {@code workspace}, {@code session_id}) with its id, version, times and history. Thread-safe.
 */
final class MemoryRoutes {
  private final DejaService service;
  private final Callers callers;
  private final IdempotentWrites idempotent;

  MemoryRoutes(DejaService service, Callers callers, IdempotentWrites idempotent) {
    this.service = service;
    this.callers = callers;
    this.idempotent = idempotent;
  }

  void register(RouteTable r) {
    r.post("/v1/memories/check-duplicate", this::check);
    r.post("/v1/memories", this::remember);
    r.get("/v1/memories", this::list);
    r.get("/v1/memories/{id}", this::get);
    r.delete("/v1/memories/{id}", this::forget);
  }

  /** A stored memory in the shape it was written in. */
  static Map<String, Object> view(StoredItem i) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", i.id());
    Map<String, Object> f = new LinkedHashMap<>(i.item().fields());
    m.put("content", f.remove("text"));
    m.putAll(f);
    Map<String, Object> stored = Views.stored(i);
    stored.remove("id");
    stored.remove("item");
    m.putAll(stored);
    return m;
  }

  private void list(Context ctx) {
    KeyStore.Caller c = callers.tenant(ctx);
    callers.limit(ctx, c, RateLimiter.Kind.READ, 1);
    Map<String, String> p = RequestInput.params(ctx, Set.of("limit", "after"));
    int limit = RequestInput.intParam(p, "limit", 100, 1, 1000);
    Optional<String> after = Optional.ofNullable(p.get("after"));
    DejaCollection col = service.memories(c.tenant());
    Page page = DejaService.guarded(() -> col.list(c.tenant(), after, limit));
    List<Object> memories = new ArrayList<>();
    for (StoredItem i : page.items()) {
      memories.add(view(i));
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("memories", memories);
    out.put("next_after", page.nextAfter().orElse(null));
    out.put("count", DejaService.guarded(() -> col.count(c.tenant())));
    Responses.json(ctx, 200, out);
  }

  private void get(Context ctx) {
    KeyStore.Caller c = callers.tenant(ctx);
    callers.limit(ctx, c, RateLimiter.Kind.READ, 1);
    RequestInput.noParams(ctx);
    String id = ctx.pathParam("id");
    DejaCollection col = service.memories(c.tenant());
    StoredItem i = DejaService.guarded(() -> col.get(c.tenant(), id))
        .orElseThrow(() -> ApiException.notFound("no memory '" + id + "'"));
    Responses.json(ctx, 200, view(i));
  }

  private void forget(Context ctx) {
    KeyStore.Caller c = callers.tenant(ctx);
    callers.limit(ctx, c, RateLimiter.Kind.WRITE, 1);
    String id = ctx.pathParam("id");
    DejaCollection col = service.memories(c.tenant());
    if (!DejaService.guarded(() -> col.delete(c.tenant(), id))) {
      throw ApiException.notFound("no memory '" + id + "'");
    }
    Responses.noContent(ctx);
  }

  private static Item memoryItem(Body b, String content) {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("text", content);
    b.string("category").ifPresent(s -> f.put("category", s));
    b.string("workspace").ifPresent(s -> f.put("workspace", s));
    b.string("session_id").ifPresent(s -> f.put("session_id", s));
    return new Item(f);
  }

  private void check(Context ctx) throws IOException {
    KeyStore.Caller c = callers.tenant(ctx);
    DejaCollection col = service.memories(c.tenant());
    callers.limit(ctx, c, RateLimiter.Kind.CHECK, callers.cost(col));
    Body b = RequestInput.body(ctx, service.config().maxBodyBytes());
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
    Responses.json(ctx, 200, out);
  }

  private void remember(Context ctx) throws IOException {
    KeyStore.Caller c = callers.tenant(ctx);
    DejaCollection col = service.memories(c.tenant());
    callers.limit(ctx, c, RateLimiter.Kind.WRITE, callers.cost(col));
    byte[] raw = RequestInput.rawBody(ctx, service.config().maxBodyBytes());
    idempotent.run(ctx, c, raw, () -> {
      Body b = Body.parse(raw);
      String content = b.requiredString("content");
      Item item = memoryItem(b, content);
      boolean force = b.bool("force", false);
      b.noOthers("request body");
      WriteResult r = service.put(new DejaService.Call(c.tenant(), "http", b.string("session_id")), col,
          Optional.empty(), item, force);
      Map<String, Object> out = new LinkedHashMap<>(Views.write(r, false));
      if (r.action() == Action.MERGED) {
        Optional<Match> best = r.verdict().matches().stream().filter(m -> m.id().equals(r.id().orElse("")))
            .findFirst();
        out.put("existing_id", r.id().orElse(null));
        out.put("similarity", best.map(m -> Views.round(m.score())).orElse(null));
      }
      return new Responses.Response(ItemRoutes.statusOf(r), out);
    });
  }
}
