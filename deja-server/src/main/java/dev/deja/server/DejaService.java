package dev.deja.server;

import dev.deja.core.StoreConfigurationException;
import dev.deja.core.StoreException;
import dev.deja.core.embed.EmbeddingException;
import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.engine.SearchHit;
import dev.deja.core.engine.SearchRequest;
import dev.deja.core.engine.Verdict;
import dev.deja.core.engine.WriteResult;
import dev.deja.core.item.FieldType;
import dev.deja.core.item.Item;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.StageSpec;
import dev.deja.format.Json;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The operations behind the HTTP API and the MCP tools, so that both check, write and search the same way: the
 * tenant's collection, the item-size limit, metrics, the duplicate event log, and store or embedder failures turned
 * into 503s.
 *
 * <p>Thread-safe.
 */
public final class DejaService {
  /** Who is calling and through what: the tenant (from the key), {@code http} or {@code mcp}, an optional session. */
  public record Call(String tenant, String surface, Optional<String> sessionId) {
    public static Call http(String tenant) {
      return new Call(tenant, "http", Optional.empty());
    }
  }

  private final ServerConfig config;
  private final Tenants tenants;
  private final ServerMetrics metrics;
  private final DuplicateEvents events;

  public DejaService(ServerConfig config, Tenants tenants, ServerMetrics metrics, DuplicateEvents events) {
    this.config = config;
    this.tenants = tenants;
    this.metrics = metrics;
    this.events = events;
  }

  public ServerConfig config() {
    return config;
  }

  public Tenants tenants() {
    return tenants;
  }

  public ServerMetrics metrics() {
    return metrics;
  }

  /**
   * The tenant's collection; 404 when it does not exist. The built-in collections (the configured memory, calendar
   * and glossary collections) always exist: naming one creates it with its preset, so that a check before the first
   * write answers NEW instead of advice to create it (an MCP client cannot follow that advice).
   */
  public DejaCollection collection(String tenant, String name) {
    if (name.equals(config.memoryCollection())) {
      return memories(tenant);
    }
    if (name.equals(config.calendarCollection())) {
      return calendar(tenant);
    }
    if (name.equals(config.glossaryCollection())) {
      return glossary(tenant);
    }
    return guarded(() -> tenants.collection(tenant, name));
  }

  /** Whether {@code name} is one of the built-in collections that exist for every tenant. */
  public boolean builtIn(String name) {
    return name.equals(config.memoryCollection()) || name.equals(config.calendarCollection())
        || name.equals(config.glossaryCollection());
  }

  /** The tenant's memory collection (memory preset plus a {@code session_id} field), created on first use. */
  public DejaCollection memories(String tenant) {
    return guarded(() -> tenants.ensure(tenant, config.memoryCollection(),
        Map.of("preset", "memory", "fields", Map.of("session_id", Map.of("type", "keyword")))));
  }

  /** The tenant's calendar collection (calendar preset plus an {@code rrule} field), created on first use. */
  public DejaCollection calendar(String tenant) {
    return guarded(() -> tenants.ensure(tenant, config.calendarCollection(),
        Map.of("preset", "calendar", "fields", Map.of("rrule", Map.of("type", "keyword")))));
  }

  /** The tenant's glossary collection (glossary preset), created on first use. */
  public DejaCollection glossary(String tenant) {
    return guarded(() -> tenants.ensure(tenant, config.glossaryCollection(), Map.of("preset", "glossary")));
  }

  /** A dry run. */
  public Verdict check(Call call, DejaCollection c, Item item, Optional<String> excludeId) {
    checkItemSize(item);
    return guarded(() -> {
      long t0 = System.nanoTime();
      Verdict v = c.check(new CheckRequest(call.tenant(), item, excludeId));
      metrics.check(v, call.surface(), System.nanoTime() - t0);
      events.detected(v, context(call, c, "check", item), Optional.empty());
      return v;
    });
  }

  /** A write under the collection's policy. */
  public WriteResult put(Call call, DejaCollection c, Optional<String> id, Item item, boolean force) {
    checkItemSize(item);
    return guarded(() -> {
      long t0 = System.nanoTime();
      WriteResult r = c.put(new PutRequest(call.tenant(), id, item, force));
      metrics.put(r, call.surface(), System.nanoTime() - t0);
      events.detected(r.verdict(), context(call, c, "put", item), Optional.of(r.action().name()));
      return r;
    });
  }

  /** Stored items similar to a text. */
  public List<SearchHit> search(DejaCollection c, SearchRequest r) {
    return guarded(() -> {
      long t0 = System.nanoTime();
      List<SearchHit> hits = c.search(r);
      metrics.search(System.nanoTime() - t0);
      return hits;
    });
  }

  /**
   * Runs store work, turning store and embedder failures into 503s that say whether a retry may help, and a store's
   * configuration error (a CalDAV calendar that does not exist) into a 502 {@code configuration_error}.
   */
  public static <T> T guarded(Supplier<T> work) {
    try {
      return work.get();
    } catch (StoreConfigurationException e) {
      throw ApiException.misconfigured("store configuration error: " + e.getMessage(), e);
    } catch (StoreException e) {
      throw ApiException.unavailable("store failure: " + e.getMessage(), e.isRetriable(), e);
    } catch (EmbeddingException e) {
      throw ApiException.unavailable("embedder failure: " + e.getMessage(), e.isRetriable(), e);
    }
  }

  /** Refuses an item larger than {@code max_item_bytes} as compact JSON (413). */
  public void checkItemSize(Item item) {
    int size = Json.write(item.fields()).getBytes(StandardCharsets.UTF_8).length;
    if (size > config.maxItemBytes()) {
      throw ApiException.tooLarge("item: " + size + " bytes as JSON; the limit is " + config.maxItemBytes()
          + " (server.max_item_bytes)", config.maxItemBytes());
    }
  }

  /** Refuses a text argument (a search text) larger than {@code max_item_bytes} in UTF-8 (413), naming it. */
  public void checkTextSize(String field, String text) {
    int size = text.getBytes(StandardCharsets.UTF_8).length;
    if (size > config.maxItemBytes()) {
      throw ApiException.tooLarge(field + ": " + size + " bytes; the limit is " + config.maxItemBytes()
          + " (server.max_item_bytes)", config.maxItemBytes());
    }
  }

  /** Whether checks of the collection embed text (a semantic or combined stage is enabled): they cost more. */
  public static boolean embeds(DejaCollection c) {
    for (StageSpec s : c.spec().stages()) {
      if (s.enabled() && (s.type().equals("semantic") || s.type().equals("combined"))) {
        return true;
      }
    }
    return false;
  }

  /** The field shown for an item: the spec's first text field. */
  public static String displayField(CollectionSpec spec) {
    return spec.fields().values().stream().filter(f -> f.type() == FieldType.TEXT).map(f -> f.name()).findFirst()
        .orElse(spec.fields().keySet().iterator().next());
  }

  private DuplicateEvents.Context context(Call call, DejaCollection c, String op, Item item) {
    return new DuplicateEvents.Context(call.tenant(), call.sessionId(), call.surface(), c.name(), op, item,
        displayField(c.spec()));
  }
}
