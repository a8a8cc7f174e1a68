package dev.deja.server;

import dev.deja.core.engine.DejaCollection;
import dev.deja.format.Catalog;
import io.javalin.http.Context;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The routes of a tenant's collections: create, list, describe, drop. Thread-safe. */
final class CollectionRoutes {
  private final DejaService service;
  private final Callers callers;

  CollectionRoutes(DejaService service, Callers callers) {
    this.service = service;
    this.callers = callers;
  }

  void register(RouteTable r) {
    r.post("/v1/collections", this::create);
    r.get("/v1/collections", this::list);
    r.get("/v1/collections/{name}", this::describe);
    r.delete("/v1/collections/{name}", this::drop);
  }

  private void create(Context ctx) throws IOException {
    KeyStore.Caller c = callers.tenant(ctx);
    callers.limit(ctx, c, RateLimiter.Kind.WRITE, 1);
    Body b = RequestInput.body(ctx, service.config().maxBodyBytes());
    String name = b.requiredString("name");
    Map<String, Object> def = new LinkedHashMap<>(b.all());
    def.remove("name");
    if (!def.containsKey("preset") && !def.containsKey("fields")) {
      throw ApiException.invalid("preset", "is required: give a preset (calendar, memory, glossary, text), a preset "
          + "with overrides, or a full spec with 'fields' and 'stages'");
    }
    Catalog catalog = DejaService.guarded(() -> service.tenants().catalog(c.tenant()));
    DejaService.guarded(() -> catalog.create(name, def));
    Responses.json(ctx, 201, description(c.tenant(), name));
  }

  private Map<String, Object> description(String tenant, String name) {
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

  private void list(Context ctx) {
    KeyStore.Caller c = callers.tenant(ctx);
    callers.limit(ctx, c, RateLimiter.Kind.READ, 1);
    RequestInput.noParams(ctx);
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
    Responses.json(ctx, 200, Map.of("collections", list));
  }

  private void describe(Context ctx) {
    KeyStore.Caller c = callers.tenant(ctx);
    callers.limit(ctx, c, RateLimiter.Kind.READ, 1);
    RequestInput.noParams(ctx);
    Responses.json(ctx, 200, description(c.tenant(), ctx.pathParam("name")));
  }

  private void drop(Context ctx) {
    KeyStore.Caller c = callers.tenant(ctx);
    callers.limit(ctx, c, RateLimiter.Kind.WRITE, 1);
    String name = ctx.pathParam("name");
    Catalog catalog = DejaService.guarded(() -> service.tenants().catalog(c.tenant()));
    if (!DejaService.guarded(() -> catalog.drop(name))) {
      throw ApiException.notFound("collection '" + name + "' does not exist");
    }
    Responses.noContent(ctx);
  }
}
