package dev.deja.cli;

import dev.deja.core.InvalidInputException;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.judge.JudgeListener;
import dev.deja.core.store.StoreBackend;
import dev.deja.embed.Embedders;
import dev.deja.embed.Judges;
import dev.deja.format.Catalog;
import dev.deja.format.DejaConfig;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * Where a command finds a tenant's collections: the same places {@code deja serve} keeps them (the Lucene store in
 * {@code DATA/tenants/TENANT/}, or a PostgreSQL namespace per tenant), so that a file imported here is what the server
 * then checks against. Collections the config backs by a CalDAV calendar ({@code caldav:} section) read and write
 * that calendar instead.
 */
final class StoreOptions {
  @Option(names = "--data", paramLabel = "DIR",
      description = "Data directory, as for 'deja serve' (default: the config's server.data_dir, else ./deja-data); "
          + "the tenant's Lucene store is DIR/tenants/TENANT/.")
  Path data;

  @Option(names = "--store", paramLabel = "URL", description = "Use this PostgreSQL database "
      + "(postgresql://user:pass@host:port/db) instead of the Lucene store in the data directory (default: the "
      + "config's server.store, as for 'deja serve').")
  String store;

  @Option(names = "--tenant", paramLabel = "TENANT", defaultValue = "default",
      description = "The tenant whose collections are used (default: ${DEFAULT-VALUE}).")
  String tenant;

  @Option(names = {"-c", "--config"}, paramLabel = "FILE",
      description = "A deja.yaml (presets, collections, embedders, judges, caldav).")
  Path config;

  DejaConfig dejaConfig() {
    return config == null ? DejaConfig.empty() : DejaConfig.load(config);
  }

  /** Options given in code (a command with its own --config and --tenant options). */
  static StoreOptions of(Path data, String store, String tenant, Path config) {
    StoreOptions o = new StoreOptions();
    o.data = data;
    o.store = store;
    o.tenant = tenant;
    o.config = config;
    return o;
  }

  /**
   * Where {@code deja serve} with the same configuration keeps its stores: the flags, else the config's
   * {@code server.data_dir} and {@code server.store} (and their environment variables), else {@code ./deja-data}.
   */
  private void resolveFromServerSettings(DejaConfig dc) {
    if (data != null && store != null) {
      return;
    }
    dev.deja.server.ServerConfig sc = dev.deja.server.ServerConfig.from(dc, System.getenv());
    if (data == null) {
      data = sc.dataDir();
    }
    if (store == null) {
      store = sc.store().orElse(null);
    }
  }

  /** The tenant's catalog over the chosen store; close it when done. */
  Opened open(Clock clock) {
    return open(clock, "");
  }

  /**
   * The tenant's catalog over the chosen store; close it when done.
   *
   * @param serverRoute what to do instead while a server holds the store (an HTTP route), for the message
   */
  Opened open(Clock clock, String serverRoute) {
    DejaConfig dc = dejaConfig();
    resolveFromServerSettings(dc);
    EmbedderProvider embedders = Embedders.provider(dc.embedders());
    AutoCloseable pool = () -> { };
    StoreBackend backend;
    if (store != null) {
      if (!store.startsWith("postgresql://") && !store.startsWith("postgres://")) {
        throw new InvalidInputException("--store: must be a postgresql:// URL, got '" + store + "' (omit it for the "
            + "Lucene store in --data)");
      }
      dev.deja.postgres.PostgresStoreBackend pg = dev.deja.postgres.PostgresStoreBackend.connect(store);
      pool = pg;
      backend = pg.namespace(tenant);
    } else {
      Path dir = data.resolve("tenants").resolve(tenant);
      try {
        backend = dev.deja.lucene.LuceneStoreBackend.open(dir);
      } catch (dev.deja.core.StoreException e) {
        if (e.getCause() instanceof org.apache.lucene.store.LockObtainFailedException) {
          throw new InvalidInputException(dir + " is held by a running 'deja serve' (or another deja command): a "
              + "Lucene store is opened by one process at a time. Stop it and run this again"
              + (serverRoute.isEmpty() ? "" : ", or send it to the server: " + serverRoute)
              + " (docs/HTTP.md)", e);
        }
        throw e;
      }
    }
    backend = dev.deja.calendar.caldav.CalDavStores.wrap(backend, tenant, dc, embedders, clock);
    return new Opened(new Catalog(backend, dc, embedders, Judges.provider(dc.judges()),
        JudgeListener.NONE, clock), pool, where());
  }

  String where() {
    return store != null ? "PostgreSQL namespace '" + tenant + "'" : data.resolve("tenants").resolve(tenant).toString();
  }

  /** A catalog and what to close with it. */
  record Opened(Catalog catalog, AutoCloseable pool, String where) implements AutoCloseable {
    /** The collection, created from the preset when it does not exist yet (and a preset is given). */
    DejaCollection collection(String name, Optional<String> createWithPreset) {
      Optional<DejaCollection> found = catalog.find(name);
      if (found.isPresent()) {
        return found.get();
      }
      if (createWithPreset.isEmpty()) {
        throw new InvalidInputException("collection '" + name + "' does not exist in " + where
            + (catalog.names().isEmpty() ? " (it has no collections)" : " (collections: "
            + String.join(", ", catalog.names()) + ")"));
      }
      return catalog.create(name, Map.of("preset", createWithPreset.get()));
    }

    @Override
    public void close() {
      try {
        catalog.close();
      } finally {
        try {
          pool.close();
        } catch (Exception e) {
          throw new IllegalStateException("closing the store: " + e.getMessage(), e);
        }
      }
    }
  }
}
