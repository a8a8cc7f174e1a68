package dev.deja.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.deja.core.InvalidInputException;
import dev.deja.core.StoreException;
import dev.deja.core.store.StoreBackend;
import dev.deja.postgres.internal.Connections;
import dev.deja.postgres.internal.Failures;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;

/**
 * A PostgreSQL database holding many collections, shared by any number of Deja processes: the scale-out store.
 *
 * <p>{@link #connect(String)} connects (a HikariCP pool), checks that the server is PostgreSQL 15 or newer with the
 * {@code vector} extension available, and brings the schema up to date with Flyway (migrations in
 * {@code dev/deja/postgres/migration}, history in {@code deja_schema_history}; Flyway serialises concurrent
 * migrations of several starting processes with its own lock). Collections are rows of {@code deja_collections};
 * their items share the item tables, keyed by the collection's numeric id, so no SQL is ever built from a collection
 * name.
 *
 * <p>Thread-safe. Closing the backend closes every store it opened and the pool.
 */
public final class PostgresStoreBackend implements StoreBackend {
  /** Collection names longer than this are refused. */
  static final int MAX_NAME = 200;
  private static final String MIGRATIONS = "classpath:dev/deja/postgres/migration";

  private final PostgresSettings settings;
  private final HikariDataSource pool;
  private final Connections connections;
  private final String namespace;
  /** Whether closing this backend closes the pool (false for a {@link #namespace} view). */
  private final boolean ownsPool;
  private final Map<String, PostgresCollectionStore> open = new TreeMap<>();
  private final Map<String, PostgresStoreBackend> views = new TreeMap<>();
  private boolean closed;

  private PostgresStoreBackend(PostgresSettings settings, HikariDataSource pool, Connections connections,
      String namespace, boolean ownsPool) {
    this.settings = settings;
    this.pool = pool;
    this.connections = connections;
    this.namespace = namespace;
    this.ownsPool = ownsPool;
  }

  /** Connects to the database of a {@code postgresql://} or JDBC URL (see {@link PostgresSettings}) and migrates it. */
  public static PostgresStoreBackend connect(String url) {
    return connect(PostgresSettings.fromUrl(url));
  }

  /** Connects with these settings and migrates the schema. */
  public static PostgresStoreBackend connect(PostgresSettings settings) {
    HikariConfig c = new HikariConfig();
    c.setJdbcUrl(settings.jdbcUrl());
    settings.user().ifPresent(c::setUsername);
    settings.password().ifPresent(c::setPassword);
    c.setMaximumPoolSize(settings.poolSize());
    c.setMinimumIdle(Math.min(2, settings.poolSize()));
    c.setPoolName("deja-postgres");
    c.setAutoCommit(true);
    // Fail fast when the server is unreachable at start; later, a request that gets no connection within the
    // connection timeout (3 s by default) fails with a retriable error, answered at once rather than after 30 s.
    c.setInitializationFailTimeout(10_000);
    c.setConnectionTimeout(settings.connectionTimeoutMs());
    c.setValidationTimeout(Math.min(1_000, settings.connectionTimeoutMs()));
    // Defaults for the driver's timeouts (seconds); the same parameters in the URL win. connectTimeout bounds a TCP
    // connect to an unreachable host, loginTimeout the whole login, socketTimeout a read from a server that vanished
    // without closing the connection (a network partition: without it, a query would wait for TCP keep-alive, hours).
    c.addDataSourceProperty("connectTimeout", "2");
    c.addDataSourceProperty("loginTimeout", "5");
    c.addDataSourceProperty("socketTimeout", "60");
    c.addDataSourceProperty("tcpKeepAlive", "true");
    settings.schema().ifPresent(s -> c.addDataSourceProperty("currentSchema", s + ",public"));
    c.addDataSourceProperty("ApplicationName", "deja");
    c.addDataSourceProperty("reWriteBatchedInserts", "true");
    // Every query is planned with its actual parameters: candidate queries over scopes of very different sizes get
    // different plans, and '= ANY(array)' becomes a hashed lookup only when the array is a planning-time constant.
    c.setConnectionInitSql("SET plan_cache_mode = force_custom_plan");
    HikariDataSource ds;
    try {
      ds = new HikariDataSource(c);
    } catch (RuntimeException e) {
      Throwable cause = e.getCause() instanceof SQLException ? e.getCause() : e;
      throw new StoreException("cannot connect to PostgreSQL at " + settings.describe() + ": " + cause.getMessage()
          + " (is it running? scripts/start-postgres.sh starts one)", true, e);
    }
    try {
      checkServer(ds, settings);
      migrate(ds, settings);
      return new PostgresStoreBackend(settings, ds, new Connections(ds), "", true);
    } catch (RuntimeException e) {
      ds.close();
      throw e;
    }
  }

  private static void checkServer(HikariDataSource ds, PostgresSettings settings) {
    try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(
        "SELECT current_setting('server_version_num')::int, "
            + "(SELECT count(*) FROM pg_available_extensions WHERE name = 'vector'), "
            + "(SELECT count(*) FROM pg_extension WHERE extname = 'vector')"); ResultSet rs = ps.executeQuery()) {
      rs.next();
      int version = rs.getInt(1);
      if (version < 150000) {
        throw new StoreException("PostgreSQL " + version / 10000 + " at " + settings.describe()
            + " is too old: Deja needs PostgreSQL 15 or newer", false);
      }
      if (rs.getInt(2) == 0 && rs.getInt(3) == 0) {
        throw new StoreException("the PostgreSQL server at " + settings.describe() + " does not have the pgvector "
            + "extension installed: install it (scripts/start-postgres.sh shows how) and run CREATE EXTENSION vector",
            false);
      }
    } catch (SQLException e) {
      throw Failures.of("checking the PostgreSQL server at " + settings.describe(), e);
    }
  }

  private static void migrate(HikariDataSource ds, PostgresSettings settings) {
    var config = Flyway.configure(PostgresStoreBackend.class.getClassLoader()).dataSource(ds)
        .locations(MIGRATIONS).table("deja_schema_history").validateMigrationNaming(true)
        // Through SLF4J, like HikariCP: the application's binding decides (the CLI binds the no-op one).
        .loggers("slf4j");
    settings.schema().ifPresent(s -> config.schemas(s).defaultSchema(s));
    try {
      config.load().migrate();
    } catch (FlywayException e) {
      String m = String.valueOf(e.getMessage());
      String hint = m.contains("permission denied to create extension")
          ? " (the role may not create the 'vector' extension: a superuser runs CREATE EXTENSION vector once)" : "";
      throw new StoreException("migrating the Deja schema at " + settings.describe() + " failed: " + m + hint,
          false, e);
    }
  }

  /**
   * Whether the database answers now: empty when it does, else why. Takes a pooled connection (at most the connection
   * timeout) and validates it (at most 2 s); for readiness reports.
   */
  public Optional<String> problem() {
    try (Connection c = pool.getConnection()) {
      return c.isValid(2) ? Optional.empty()
          : Optional.of("PostgreSQL did not answer a validation query within 2 s");
    } catch (SQLException e) {
      Throwable root = e;
      while (root.getCause() != null && root.getCause() != root) {
        root = root.getCause();
      }
      return Optional.of("PostgreSQL is unreachable: " + (root == e ? e.getMessage() : e.getMessage() + " ("
          + root.getMessage() + ")"));
    } catch (RuntimeException e) {
      return Optional.of("PostgreSQL is unreachable: " + e.getMessage());
    }
  }

  /** The settings this backend was opened with. */
  public PostgresSettings settings() {
    return settings;
  }

  /**
   * A view of another set of collections in the same database, sharing this backend's connection pool: collections
   * of different namespaces have independent names (the server gives each tenant its own). The same view for the
   * same namespace; closing it closes its stores, not the pool; closing this backend closes its views.
   */
  public synchronized PostgresStoreBackend namespace(String name) {
    ensureOpen();
    validate(name);
    PostgresStoreBackend v = views.get(name);
    if (v == null || v.isClosed()) {
      v = new PostgresStoreBackend(settings, pool, connections, name, false);
      views.put(name, v);
    }
    return v;
  }

  /**
   * The server's API key table in this database, shared by every namespace and every process using the database
   * (see {@link PostgresApiKeys}).
   */
  public PostgresApiKeys apiKeys() {
    ensureOpen();
    return new PostgresApiKeys(connections, settings.describe());
  }

  /** This backend's namespace ({@code ""} for the database's default set of collections). */
  public String namespace() {
    return namespace;
  }

  private synchronized boolean isClosed() {
    return closed;
  }

  @Override
  public PostgresCollectionStore open(String collection) {
    return open(collection, settings.vectorSearch());
  }

  /**
   * Opens (creating if needed) a collection; a new collection gets the given vector search ({@code hnsw} or
   * {@code exact}), an existing one keeps the one it was created with.
   */
  public synchronized PostgresCollectionStore open(String collection, String vectorSearch) {
    ensureOpen();
    validate(collection);
    if (!vectorSearch.equals("hnsw") && !vectorSearch.equals("exact")) {
      throw new InvalidInputException("vector search must be 'hnsw' or 'exact', got '" + vectorSearch + "'");
    }
    PostgresCollectionStore s = open.get(collection);
    if (s != null) {
      return s;
    }
    record Row(int id, String vectorSearch) {}
    Row row = connections.write("opening collection '" + collection + "'", c -> {
      try (PreparedStatement ins = c.prepareStatement("INSERT INTO deja_collections (namespace, name, vector_search) "
          + "VALUES (?, ?, ?) ON CONFLICT (namespace, name) DO NOTHING")) {
        ins.setString(1, namespace);
        ins.setString(2, collection);
        ins.setString(3, vectorSearch);
        ins.executeUpdate();
      }
      try (PreparedStatement ps = c.prepareStatement(
          "SELECT id, vector_search FROM deja_collections WHERE namespace = ? AND name = ?")) {
        ps.setString(1, namespace);
        ps.setString(2, collection);
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
          return new Row(rs.getInt(1), rs.getString(2));
        }
      }
    });
    PostgresCollectionStore[] ref = new PostgresCollectionStore[1];
    ref[0] = new PostgresCollectionStore(collection, row.id(), row.vectorSearch().equals("hnsw"), settings,
        connections, () -> forget(collection, ref[0]));
    open.put(collection, ref[0]);
    return ref[0];
  }

  private synchronized void forget(String collection, PostgresCollectionStore store) {
    open.remove(collection, store);
  }

  @Override
  public boolean drop(String collection) {
    PostgresCollectionStore s;
    synchronized (this) {
      ensureOpen();
      s = open.remove(collection);
    }
    if (s != null) {
      s.close();
    }
    return connections.write("dropping collection '" + collection + "'", c -> {
      try (PreparedStatement ps = c.prepareStatement(
          "DELETE FROM deja_collections WHERE namespace = ? AND name = ?")) {
        ps.setString(1, namespace);
        ps.setString(2, collection);
        return ps.executeUpdate() > 0;
      }
    });
  }

  @Override
  public List<String> collections() {
    ensureOpen();
    return connections.read("listing collections", c -> {
      List<String> out = new ArrayList<>();
      try (PreparedStatement ps = c.prepareStatement("SELECT name FROM deja_collections WHERE namespace = ?")) {
        ps.setString(1, namespace);
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            out.add(rs.getString(1));
          }
        }
      }
      out.sort(null); // String order, as the SPI says (not the database's collation)
      return out;
    });
  }

  @Override
  public void define(String collection, String definition) {
    PostgresCollectionStore s = open(collection);
    connections.write("defining collection '" + collection + "'", c -> {
      try (PreparedStatement ps = c.prepareStatement("UPDATE deja_collections SET definition = ? WHERE id = ?")) {
        ps.setString(1, definition);
        ps.setInt(2, s.collectionId());
        if (ps.executeUpdate() == 0) {
          throw new StoreException("collection '" + collection + "' was dropped by another process", false);
        }
        return null;
      }
    });
  }

  /**
   * Records the definition only while the collection's row has none: the row is locked by the update, so of several
   * processes creating one name at once exactly one succeeds.
   */
  @Override
  public boolean defineIfAbsent(String collection, String definition) {
    PostgresCollectionStore s = open(collection);
    return connections.write("defining collection '" + collection + "'", c -> {
      try (PreparedStatement ps = c.prepareStatement(
          "UPDATE deja_collections SET definition = ? WHERE id = ? AND definition IS NULL")) {
        ps.setString(1, definition);
        ps.setInt(2, s.collectionId());
        if (ps.executeUpdate() == 1) {
          return true;
        }
      }
      // Defined already, or dropped (and maybe re-created) by another process since it was opened here.
      try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM deja_collections WHERE id = ?")) {
        ps.setInt(1, s.collectionId());
        try (ResultSet rs = ps.executeQuery()) {
          if (!rs.next()) {
            forget(collection, s);
            throw new StoreException("collection '" + collection + "' was dropped by another process while it was "
                + "being created here; create it again", true);
          }
        }
      }
      return false;
    });
  }

  /**
   * Read from the database at each call (the one truth for every process sharing it). A store this backend opened
   * for a collection that another process has since dropped or re-created (a new row) is forgotten, so that the next
   * {@link #open} binds the current row.
   */
  @Override
  public Optional<String> definition(String collection) {
    ensureOpen();
    record Row(int id, String definition) {}
    Optional<Row> row = connections.read("reading the definition of '" + collection + "'", c -> {
      try (PreparedStatement ps = c.prepareStatement(
          "SELECT id, definition FROM deja_collections WHERE namespace = ? AND name = ?")) {
        ps.setString(1, namespace);
        ps.setString(2, collection);
        try (ResultSet rs = ps.executeQuery()) {
          return rs.next() ? Optional.of(new Row(rs.getInt(1), rs.getString(2))) : Optional.<Row>empty();
        }
      }
    });
    synchronized (this) {
      PostgresCollectionStore cached = open.get(collection);
      if (cached != null && (row.isEmpty() || row.get().id() != cached.collectionId())) {
        open.remove(collection, cached);
      }
    }
    return row.map(Row::definition);
  }

  /**
   * Sizes in bytes of Deja's tables and indexes (shared by all collections of the schema): each index and table by
   * name ({@code deja_items} and {@code deja_vectors} are heap plus TOAST), and {@code total}, everything. For
   * diagnostics and benchmarks.
   */
  public Map<String, Long> relationSizes() {
    ensureOpen();
    return connections.read("measuring table sizes", c -> {
      Map<String, Long> out = new TreeMap<>();
      try (PreparedStatement ps = c.prepareStatement("SELECT cl.relname, CASE WHEN cl.relkind = 'i' "
          + "THEN pg_relation_size(cl.oid) ELSE pg_table_size(cl.oid) END, "
          + "CASE WHEN cl.relkind = 'r' THEN pg_total_relation_size(cl.oid) ELSE 0 END "
          + "FROM pg_class cl WHERE cl.relnamespace = current_schema()::regnamespace "
          + "AND cl.relname LIKE 'deja\\_%' AND cl.relkind IN ('r', 'i')");
          ResultSet rs = ps.executeQuery()) {
        long total = 0;
        while (rs.next()) {
          out.put(rs.getString(1), rs.getLong(2));
          total += rs.getLong(3);
        }
        out.put("total", total);
      }
      return out;
    });
  }

  /** Runs {@code VACUUM ANALYZE} on Deja's item tables (after a bulk load; autovacuum does it eventually). */
  public void vacuumAnalyze() {
    ensureOpen();
    connections.requireNoTransaction("VACUUM");
    connections.read("vacuuming", c -> {
      try (java.sql.Statement st = c.createStatement()) {
        st.execute("VACUUM ANALYZE deja_items");
        st.execute("VACUUM ANALYZE deja_vectors");
      }
      return null;
    });
  }

  @Override
  public void close() {
    List<PostgresCollectionStore> stores;
    List<PostgresStoreBackend> namespaces;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      stores = new ArrayList<>(open.values());
      open.clear();
      namespaces = new ArrayList<>(views.values());
      views.clear();
    }
    stores.forEach(PostgresCollectionStore::close);
    namespaces.forEach(PostgresStoreBackend::close);
    if (ownsPool) {
      pool.close();
    }
  }

  private synchronized void ensureOpen() {
    if (closed || !ownsPool && pool.isClosed()) {
      throw new StoreException("the PostgreSQL store backend (" + settings.describe() + ") is closed", false);
    }
  }

  /**
   * Refuses collection names the database cannot hold or that would be unreadable: blank, longer than
   * {@value #MAX_NAME} characters, or with control characters (PostgreSQL text cannot contain U+0000 at all). Names
   * are only ever bound as parameters, so quotes, semicolons and the like are harmless and allowed.
   */
  static void validate(String collection) {
    if (collection == null || collection.isBlank()) {
      throw new InvalidInputException("collection name must not be blank");
    }
    if (collection.length() > MAX_NAME) {
      throw new InvalidInputException("collection name is longer than " + MAX_NAME + " characters");
    }
    for (int i = 0; i < collection.length(); i++) {
      if (Character.isISOControl(collection.charAt(i))) {
        throw new InvalidInputException("collection name must not contain control characters (U+"
            + String.format("%04X", (int) collection.charAt(i)) + ")");
      }
    }
  }
}
