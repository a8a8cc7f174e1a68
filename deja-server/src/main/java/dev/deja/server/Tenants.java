package dev.deja.server;

import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.judge.JudgeListener;
import dev.deja.core.judge.JudgeProvider;
import dev.deja.core.store.StoreBackend;
import dev.deja.format.Catalog;
import dev.deja.format.DejaConfig;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Each tenant's collections: one {@link Catalog} per tenant over its own store backend (with the Lucene store, its own
 * data directory {@code DATA/tenants/TENANT/}), opened on the tenant's first request.
 *
 * <p>Why one catalog per tenant rather than one shared catalog with tenant-scoped items: collection names are the
 * tenant's own (two tenants can both have {@code events}), a tenant's listing, description and deletion can never
 * touch another's, and isolation does not rest on one filter: the engine scopes every lookup to the tenant as well.
 * Collections declared in {@code deja.yaml} exist for every tenant. The cost is one Lucene index per tenant and
 * collection, each with a writer and a background thread, for tenants that were used since the start.
 *
 * <p>Thread-safe.
 */
public final class Tenants implements AutoCloseable {
  private final Function<String, StoreBackend> backends;
  private final DejaConfig config;
  private final EmbedderProvider embedders;
  private final Clock clock;
  private final JudgeProvider judges;
  private final JudgeListener judgeListener;
  private final ConcurrentHashMap<String, Catalog> open = new ConcurrentHashMap<>();
  private volatile boolean closed;

  /**
   * @param backends opens the store backend of a tenant
   */
  public Tenants(Function<String, StoreBackend> backends, DejaConfig config, EmbedderProvider embedders, Clock clock) {
    this(backends, config, embedders, JudgeProvider.none(), JudgeListener.NONE, clock);
  }

  /**
   * @param backends opens the store backend of a tenant
   * @param judges the judges of stages with a {@code judge} option (each tenant's collection has its own cache and
   *     budget)
   * @param judgeListener hears every judge call (the server's metrics)
   */
  public Tenants(Function<String, StoreBackend> backends, DejaConfig config, EmbedderProvider embedders,
      JudgeProvider judges, JudgeListener judgeListener, Clock clock) {
    this.backends = backends;
    this.config = config;
    this.embedders = embedders;
    this.judges = judges;
    this.judgeListener = judgeListener;
    this.clock = clock;
  }

  /**
   * Backends in a data directory: {@code DIR/tenants/TENANT/} each a Lucene data directory, created readable by the
   * server's user only ({@link PrivateFiles}).
   */
  public static Function<String, StoreBackend> lucene(Path dataDir) {
    return tenant -> {
      Path dir = dataDir.resolve("tenants").resolve(tenant);
      try {
        PrivateFiles.createDirectories(dir);
      } catch (java.io.IOException e) {
        throw new dev.deja.core.StoreException("cannot create " + dir + ": " + e.getMessage(), false, e);
      }
      return dev.deja.lucene.LuceneStoreBackend.open(dir);
    };
  }

  /** The tenant's catalog, opened on first use. */
  public Catalog catalog(String tenant) {
    if (closed) {
      throw ApiException.unavailable("the server is shutting down", true, null);
    }
    return open.computeIfAbsent(tenant, t -> new Catalog(backends.apply(t), config, embedders, judges,
        judgeListener, clock));
  }

  /** The tenant's collection with this name. */
  public DejaCollection collection(String tenant, String name) {
    return catalog(tenant).find(name).orElseThrow(() -> ApiException.notFound("collection '" + name
        + "' does not exist; create it with POST /v1/collections {\"name\": \"" + name + "\", \"preset\": ...}"));
  }

  /** The tenant's collection with this name, created from the definition when it does not exist. */
  public DejaCollection ensure(String tenant, String name, Map<String, Object> definition) {
    Catalog c = catalog(tenant);
    Optional<DejaCollection> found = c.find(name);
    if (found.isPresent()) {
      return found.get();
    }
    try {
      return c.create(name, definition);
    } catch (Catalog.CollectionExistsException e) {
      return c.find(name).orElseThrow(() -> e);
    }
  }

  /** The tenants opened since the start. */
  public List<String> opened() {
    return new ArrayList<>(open.keySet());
  }

  @Override
  public void close() {
    closed = true;
    for (Catalog c : open.values()) {
      try {
        c.close();
      } catch (RuntimeException e) {
        org.slf4j.LoggerFactory.getLogger(Tenants.class).warn("closing a tenant's store failed: {}", e.toString());
      }
    }
    open.clear();
  }
}
