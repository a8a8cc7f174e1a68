package dev.deja.postgres;

import dev.deja.core.InvalidInputException;
import dev.deja.core.StoreException;
import dev.deja.core.index.Candidate;
import dev.deja.core.index.CandidateQuery;
import dev.deja.core.index.VectorIndex;
import dev.deja.core.item.ItemKeys;
import dev.deja.core.item.StoredItem;
import dev.deja.core.item.TimeSpan;
import dev.deja.core.item.UnicodeText;
import dev.deja.core.store.CollectionStore;
import dev.deja.core.store.MemoryCollectionStore;
import dev.deja.core.store.Page;
import dev.deja.postgres.internal.Connections;
import dev.deja.postgres.internal.Hashes;
import dev.deja.postgres.internal.ItemCodec;
import dev.deja.postgres.internal.Sql;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * The items of one collection in a PostgreSQL database shared by many processes: an
 * {@link dev.deja.core.store.ItemStore}, a {@link dev.deja.core.index.CandidateIndex} and a {@link VectorIndex}.
 * Obtained from {@link PostgresStoreBackend}.
 *
 * <p>Every lookup is one SQL statement whose hard filter (collection, scope, excluded statuses, self-exclusion, time
 * window) is part of its {@code WHERE} clause; the candidate lookups (window scan, keys, lexical) run as one statement,
 * a {@code UNION ALL} of the three capped lookups. {@link #inScope} runs its work in one transaction that first takes
 * the scope's transaction-scoped advisory lock ({@code pg_advisory_xact_lock}, keyed by a 64-bit hash of the
 * collection and scope, so it excludes every process using the database) and commits before it returns; every call
 * the work makes runs in that transaction. A write outside scope work is its own committed transaction.
 *
 * <p>Thread-safe.
 */
public final class PostgresCollectionStore implements CollectionStore, VectorIndex {
  /** The dimension of the HNSW graph (every embedder Deja ships makes 384-d vectors); others are searched exactly. */
  public static final int GRAPH_DIMENSION = 384;

  private final String collection;
  private final int collectionId;
  private final boolean graph;
  private final PostgresSettings settings;
  private final Connections db;
  private final Runnable onClose;
  private volatile boolean closed;

  PostgresCollectionStore(String collection, int collectionId, boolean graph, PostgresSettings settings,
      Connections db, Runnable onClose) {
    this.collection = collection;
    this.collectionId = collectionId;
    this.graph = graph;
    this.settings = settings;
    this.db = db;
    this.onClose = onClose;
  }

  /** The collection's name. */
  public String collection() {
    return collection;
  }

  /** The collection's row id in {@code deja_collections}. */
  int collectionId() {
    return collectionId;
  }

  /** {@code hnsw} when the collection's 384-d vectors are in the HNSW graph, else {@code exact}. */
  public String vectorSearch() {
    return graph ? "hnsw" : "exact";
  }

  // ---------------------------------------------------------------- writes

  private static final String INSERT_ITEM = "INSERT INTO deja_items (collection_id, id, tenant, scope, status, "
      + "all_day, start_ms, end_ms, start_day, end_day, keys, key_hashes, terms, term_hashes, vectors, doc) "
      + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
  private static final String INSERT_VECTOR = "INSERT INTO deja_vectors (collection_id, id, name, scope, status, "
      + "all_day, start_ms, start_day, end_day, dims, graph, embedding) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
      + "?::vector)";

  @Override
  public void insert(StoredItem item) {
    ensureOpen();
    checkText(item);
    db.write("inserting " + item.id() + " into '" + collection + "'", c -> {
      try (PreparedStatement ps = c.prepareStatement(INSERT_ITEM + " ON CONFLICT (collection_id, id) DO NOTHING")) {
        bindItem(c, ps, item);
        if (ps.executeUpdate() == 0) {
          throw new InvalidInputException("an item with id '" + item.id() + "' already exists in '" + collection
              + "'");
        }
      }
      insertVectors(c, List.of(item));
      return null;
    });
  }

  /**
   * Inserts many items in one transaction with batched statements: the bulk-load path (imports, benchmarks). Fails,
   * inserting nothing, when an id repeats or exists. Durable when it returns; inside {@link #inScope} it joins the
   * scope's transaction.
   */
  public void insertAll(Collection<StoredItem> items) {
    ensureOpen();
    Set<String> ids = new HashSet<>();
    for (StoredItem i : items) {
      checkText(i);
      if (!ids.add(i.id())) {
        throw new InvalidInputException("id '" + i.id() + "' appears twice in one bulk insert");
      }
    }
    if (items.isEmpty()) {
      return;
    }
    try {
      db.write("bulk inserting " + items.size() + " items into '" + collection + "'", c -> {
        try (PreparedStatement ps = c.prepareStatement(INSERT_ITEM)) {
          for (StoredItem i : items) {
            bindItem(c, ps, i);
            ps.addBatch();
          }
          ps.executeBatch();
        }
        insertVectors(c, items);
        return null;
      });
    } catch (StoreException e) {
      if (e.getCause() instanceof SQLException s && "23505".equals(sqlState(s))) {
        throw new InvalidInputException("an item of the bulk insert already exists in '" + collection + "'", e);
      }
      throw e;
    }
  }

  @Override
  public void replace(StoredItem item) {
    ensureOpen();
    checkText(item);
    db.write("replacing " + item.id() + " in '" + collection + "'", c -> {
      try (PreparedStatement ps = c.prepareStatement("UPDATE deja_items SET scope = ?, status = ?, all_day = ?, "
          + "start_ms = ?, end_ms = ?, start_day = ?, end_day = ?, keys = ?, key_hashes = ?, terms = ?, "
          + "term_hashes = ?, vectors = ?, doc = ? WHERE collection_id = ? AND id = ? AND tenant = ?")) {
        int at = bindRow(c, ps, 1, item);
        ps.setInt(at++, collectionId);
        ps.setString(at++, item.id());
        ps.setString(at, item.tenant());
        if (ps.executeUpdate() == 0) {
          throw new InvalidInputException("no item with id '" + item.id() + "' in '" + collection + "'");
        }
      }
      try (PreparedStatement ps = c.prepareStatement("DELETE FROM deja_vectors WHERE collection_id = ? AND id = ?")) {
        ps.setInt(1, collectionId);
        ps.setString(2, item.id());
        ps.executeUpdate();
      }
      insertVectors(c, List.of(item));
      return null;
    });
  }

  @Override
  public boolean delete(String tenant, String id) {
    ensureOpen();
    return db.write("deleting " + id + " from '" + collection + "'", c -> {
      try (PreparedStatement ps = c.prepareStatement(
          "DELETE FROM deja_items WHERE collection_id = ? AND id = ? AND tenant = ?")) {
        ps.setInt(1, collectionId);
        ps.setString(2, id);
        ps.setString(3, tenant);
        return ps.executeUpdate() > 0;
      }
    });
  }

  private void bindItem(Connection c, PreparedStatement ps, StoredItem item) throws SQLException {
    ps.setInt(1, collectionId);
    ps.setString(2, item.id());
    ps.setString(3, item.tenant());
    bindRow(c, ps, 4, item);
  }

  /**
   * Binds the columns an insert and a replace both write, from {@code at} on: scope, status, the time columns, keys,
   * key hashes, terms, term hashes, vectors, doc. Returns the next parameter index.
   */
  private static int bindRow(Connection c, PreparedStatement ps, int at, StoredItem item) throws SQLException {
    ItemKeys k = item.keys();
    ps.setString(at++, k.scope());
    ps.setString(at++, k.status());
    at = bindTime(ps, at, k.time(), true);
    ps.setArray(at++, c.createArrayOf("text", sorted(k.keys())));
    ps.setArray(at++, c.createArrayOf("bigint", Hashes.scoped(k.scope(), k.keys())));
    ps.setArray(at++, c.createArrayOf("text", sorted(k.terms())));
    ps.setArray(at++, c.createArrayOf("bigint", Hashes.scoped(k.scope(), k.terms())));
    ps.setBytes(at++, ItemCodec.vectors(item.vectors()));
    ps.setString(at++, ItemCodec.doc(item));
    return at;
  }

  /** Binds all_day, start_ms, [end_ms,] start_day, end_day (NULLs without a time span); the next index. */
  private static int bindTime(PreparedStatement ps, int at, Optional<TimeSpan> time, boolean withEndMillis)
      throws SQLException {
    if (time.isPresent()) {
      TimeSpan t = time.get();
      ps.setBoolean(at++, t.allDay());
      ps.setLong(at++, t.startMillis());
      if (withEndMillis) {
        ps.setLong(at++, t.endMillis());
      }
      ps.setLong(at++, t.startDay());
      ps.setLong(at++, t.endDay());
    } else {
      ps.setNull(at++, Types.BOOLEAN);
      ps.setNull(at++, Types.BIGINT);
      if (withEndMillis) {
        ps.setNull(at++, Types.BIGINT);
      }
      ps.setNull(at++, Types.BIGINT);
      ps.setNull(at++, Types.BIGINT);
    }
    return at;
  }

  private void insertVectors(Connection c, Collection<StoredItem> items) throws SQLException {
    PreparedStatement ps = null;
    try {
      for (StoredItem item : items) {
        for (Map.Entry<String, float[]> v : item.vectors().entrySet()) {
          if (v.getValue().length == 0) {
            continue; // pgvector has no empty vector; an empty vector is never a neighbour anyway
          }
          if (ps == null) {
            ps = c.prepareStatement(INSERT_VECTOR);
          }
          ItemKeys k = item.keys();
          int at = 1;
          ps.setInt(at++, collectionId);
          ps.setString(at++, item.id());
          ps.setString(at++, v.getKey());
          ps.setString(at++, k.scope());
          ps.setString(at++, k.status());
          at = bindTime(ps, at, k.time(), false);
          ps.setInt(at++, v.getValue().length);
          ps.setBoolean(at++, graph);
          ps.setString(at, Sql.vector(v.getValue()));
          ps.addBatch();
        }
      }
      if (ps != null) {
        ps.executeBatch();
      }
    } finally {
      if (ps != null) {
        ps.close();
      }
    }
  }

  @Override
  public <T> T inScope(String scope, Supplier<T> work) {
    ensureOpen();
    return db.locked("scope work in '" + collection + "'", Hashes.lockKey(collectionId, scope), work);
  }

  // ---------------------------------------------------------------- reads

  @Override
  public Optional<StoredItem> find(String tenant, String id) {
    ensureOpen();
    return db.read("finding " + id + " in '" + collection + "'", c -> {
      try (PreparedStatement ps = c.prepareStatement("SELECT doc, vectors FROM deja_items "
          + "WHERE collection_id = ? AND id = ? AND tenant = ?")) {
        ps.setInt(1, collectionId);
        ps.setString(2, id);
        ps.setString(3, tenant);
        try (ResultSet rs = ps.executeQuery()) {
          return rs.next() ? Optional.of(ItemCodec.decode(rs.getString(1), rs.getBytes(2)))
              : Optional.<StoredItem>empty();
        }
      }
    });
  }

  @Override
  public Page list(Optional<String> tenant, Optional<String> afterId, int limit) {
    if (limit < 1) {
      throw new InvalidInputException("limit must be at least 1, got " + limit);
    }
    ensureOpen();
    Sql s = new Sql().append("SELECT doc, vectors FROM deja_items WHERE collection_id = ?", collectionId);
    tenant.ifPresent(t -> s.append(" AND tenant = ?", t));
    afterId.ifPresent(a -> s.append(" AND id > ?", a));
    s.append(" ORDER BY id LIMIT ?", (long) limit + 1);
    return db.read("listing '" + collection + "'", c -> {
      List<StoredItem> items = new ArrayList<>();
      boolean more = false;
      try (PreparedStatement ps = s.prepare(c); ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          if (items.size() == limit) {
            more = true;
            break;
          }
          items.add(ItemCodec.decode(rs.getString(1), rs.getBytes(2)));
        }
      }
      return new Page(items, more ? Optional.of(items.get(items.size() - 1).id()) : Optional.empty());
    });
  }

  @Override
  public long count(Optional<String> tenant) {
    ensureOpen();
    Sql s = new Sql().append("SELECT count(*) FROM deja_items WHERE collection_id = ?", collectionId);
    tenant.ifPresent(t -> s.append(" AND tenant = ?", t));
    return db.read("counting '" + collection + "'", c -> {
      try (PreparedStatement ps = s.prepare(c); ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getLong(1);
      }
    });
  }

  /**
   * {@inheritDoc}
   *
   * <p>One statement: a {@code UNION ALL} of the capped window scan ({@code ORDER BY abs(start_ms - near), id}), key
   * lookup (GIN over the scope-salted key hashes, confirmed against the stored keys, {@code ORDER BY id}) and lexical
   * lookup (GIN over the scope-salted term hashes; the number of shared terms counted exactly over the stored terms,
   * {@code ORDER BY shared DESC, id}), grouped by id and joined to the items.
   */
  @Override
  public List<Candidate> candidates(CandidateQuery q) {
    ensureOpen();
    if (!q.windowScan() && q.keys().isEmpty() && q.terms().isEmpty()) {
      return List.of();
    }
    int cap = q.maxPerLookup();
    Sql s = new Sql().append("WITH hits AS (");
    String union = "";
    if (q.windowScan()) {
      s.append("(SELECT 'w' AS src, id FROM deja_items WHERE ").filter(collectionId, q);
      if (q.nearMillis().isPresent()) {
        s.append(" ORDER BY abs(start_ms - ?), id LIMIT ?)", q.nearMillis().getAsLong(), cap);
      } else {
        s.append(" ORDER BY id LIMIT ?)", cap);
      }
      union = " UNION ALL ";
    }
    if (!q.keys().isEmpty()) {
      s.append(union).append("(SELECT 'k' AS src, id FROM deja_items WHERE ").filter(collectionId, q)
          .append(" AND key_hashes && ? AND keys && ? ORDER BY id LIMIT ?)",
              new Sql.BigintArray(Hashes.scoped(q.scope(), q.keys())), new Sql.TextArray(sorted(q.keys())), cap);
      union = " UNION ALL ";
    }
    if (!q.terms().isEmpty()) {
      s.append(union).append("(SELECT 'l' AS src, id FROM (SELECT id, " + sharedTerms(q.terms().size())
              + " AS shared FROM deja_items WHERE ", new Sql.TextArray(sorted(q.terms()))).filter(collectionId, q)
          .append(" AND term_hashes && ?) AS x WHERE shared > 0 ORDER BY shared DESC, id LIMIT ?)",
              new Sql.BigintArray(Hashes.scoped(q.scope(), q.terms())), cap);
    }
    s.append(") SELECT h.srcs, i.doc, i.vectors FROM (SELECT id, string_agg(src, '') AS srcs FROM hits GROUP BY id)"
        + " AS h JOIN deja_items i ON i.collection_id = ? AND i.id = h.id", collectionId);
    return db.read("finding candidates in '" + collection + "'", c -> {
      TreeMap<String, Candidate> out = new TreeMap<>();
      try (PreparedStatement ps = s.prepare(c); ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          String srcs = rs.getString(1);
          StoredItem item = ItemCodec.decode(rs.getString(2), rs.getBytes(3));
          Set<String> sources = new TreeSet<>();
          if (srcs.indexOf('w') >= 0) {
            sources.add("window");
          }
          if (srcs.indexOf('l') >= 0) {
            sources.add("lexical");
          }
          if (srcs.indexOf('k') >= 0) {
            for (String key : item.keys().keys()) {
              if (q.keys().contains(key)) {
                sources.add(ItemKeys.sourceOf(key));
              }
            }
          }
          out.put(item.id(), new Candidate(item, sources));
        }
      }
      return List.copyOf(out.values());
    });
  }

  /** Up to this many query terms, shared terms are counted by probing each in the row's terms. */
  static final int PROBED_TERMS = 256;

  /**
   * How many of the query's terms (the statement's next parameter) a row has, exactly. Few query terms: each is looked
   * up in the row's array (|query| × |row| comparisons, cheap when the query is short). Many: the two sets are
   * intersected by hashing (|query| + |row|). The comparison count of the first grows with the product of the two
   * texts' lengths: a 40 KB text against rows of 40 KB texts (about 20,000 terms each) took 13 minutes for 110 rows
   * that way, against 1.3 s intersected (issue 17: a text under max_item_bytes made its scope's later writes take
   * seconds on PostgreSQL only).
   */
  private static String sharedTerms(int queryTerms) {
    return queryTerms <= PROBED_TERMS
        ? "(SELECT count(*) FROM unnest(?::text[]) AS t WHERE t = ANY (terms))"
        : "cardinality(ARRAY(SELECT unnest(terms) INTERSECT SELECT unnest(?::text[])))";
  }

  /**
   * {@inheritDoc}
   *
   * <p>Exact unless the graph can answer: the collection uses {@code hnsw}, the vector is 384-d and the scope holds
   * more than {@code exact_below} such vectors. Exact: the filtered rows ordered by pgvector's cosine distance.
   * Graph: the same filter inside an HNSW index scan with pgvector 0.8's iterative scan ({@code relaxed_order}), which
   * keeps scanning the graph until enough rows pass the filter; should it still return fewer than {@code k}, the exact
   * query answers instead. Either way {@code k} plus a margin of rows is fetched and re-scored in double precision
   * (pgvector accumulates in float32), so the order equals {@link MemoryCollectionStore#cosine}'s.
   */
  @Override
  public List<ScoredCandidate> nearest(CandidateQuery filter, String vectorName, float[] vector, int k) {
    if (k < 1) {
      throw new IllegalArgumentException("k must be at least 1, got " + k);
    }
    ensureOpen();
    if (vector.length == 0) {
      return List.of();
    }
    float[] query = vector.clone();
    int fetch = k + Math.max(8, k);
    String what = "nearest neighbours in '" + collection + "'";
    if (useGraph(filter, vectorName, query.length)) {
      List<StoredItem> hits = db.write(what, c -> {
        try (PreparedStatement ps = c.prepareStatement("SELECT set_config('hnsw.ef_search', ?, true), "
            + "set_config('hnsw.iterative_scan', 'relaxed_order', true)")) {
          ps.setString(1, Integer.toString(Math.min(1000, Math.max(settings.efSearch(), fetch))));
          ps.execute();
        }
        Sql s = new Sql().append("SELECT i.doc, i.vectors FROM (SELECT id FROM deja_vectors WHERE ")
            .filter(collectionId, filter)
            .append(" AND name = ? AND dims = " + GRAPH_DIMENSION + " AND graph ORDER BY (embedding::vector("
                + GRAPH_DIMENSION + ")) <=> ?::vector(" + GRAPH_DIMENSION + ") LIMIT ?) AS nn "
                + "JOIN deja_items i ON i.collection_id = ? AND i.id = nn.id", vectorName, Sql.vector(query), fetch,
                collectionId);
        return items(c, s);
      });
      if (hits.size() >= Math.min(k, fetch)) {
        return rescore(hits, vectorName, query, k);
      }
    }
    Sql s = new Sql().append("SELECT i.doc, i.vectors FROM (SELECT id, "
            + "coalesce(nullif(embedding <=> ?::vector, 'NaN'), 1) AS d FROM deja_vectors WHERE ",
            Sql.vector(query)).filter(collectionId, filter)
        .append(" AND name = ? AND dims = ? ORDER BY d, id LIMIT ?) AS nn "
            + "JOIN deja_items i ON i.collection_id = ? AND i.id = nn.id", vectorName, query.length, fetch,
            collectionId);
    return rescore(db.read(what, c -> items(c, s)), vectorName, query, k);
  }

  /** Whether the HNSW graph answers a nearest-neighbour query (see {@link #nearest}). */
  private boolean useGraph(CandidateQuery filter, String vectorName, int dims) {
    if (!graph || dims != GRAPH_DIMENSION) {
      return false;
    }
    int bound = settings.exactBelow();
    if (bound == 0) {
      return true;
    }
    long n = db.read("sizing a scope in '" + collection + "'", c -> {
      try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM (SELECT 1 FROM deja_vectors "
          + "WHERE collection_id = ? AND scope = ? AND name = ? AND dims = " + GRAPH_DIMENSION + " AND graph "
          + "LIMIT ?) AS x")) {
        ps.setInt(1, collectionId);
        ps.setString(2, filter.scope());
        ps.setString(3, vectorName);
        ps.setLong(4, bound + 1L);
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
          return rs.getLong(1);
        }
      }
    });
    return n > bound;
  }

  private static List<StoredItem> items(Connection c, Sql s) throws SQLException {
    List<StoredItem> out = new ArrayList<>();
    try (PreparedStatement ps = s.prepare(c); ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        out.add(ItemCodec.decode(rs.getString(1), rs.getBytes(2)));
      }
    }
    return out;
  }

  private static List<ScoredCandidate> rescore(List<StoredItem> items, String name, float[] query, int k) {
    List<ScoredCandidate> hits = new ArrayList<>(items.size());
    for (StoredItem i : items) {
      float[] v = i.vectors().get(name);
      if (v != null && v.length == query.length) {
        hits.add(new ScoredCandidate(new Candidate(i, Set.of("vector")), MemoryCollectionStore.cosine(query, v)));
      }
    }
    hits.sort(Comparator.comparingDouble(ScoredCandidate::similarity).reversed()
        .thenComparing(h -> h.candidate().id()));
    return List.copyOf(hits.subList(0, Math.min(k, hits.size())));
  }

  // ---------------------------------------------------------------- plumbing

  /**
   * PostgreSQL text cannot hold U+0000: refuse it in the columns that store strings as text. Nor can any string with an
   * unpaired surrogate be sent: the driver's UTF-8 encoder would put {@code ?} in its place and the row would hold
   * other data than acknowledged, so such a string is refused too (the engine refuses it first; this is the store's
   * own guarantee).
   */
  private static void checkText(StoredItem item) {
    UnicodeText.requireAll("item", item.item().fields());
    check("id", item.id());
    check("tenant", item.tenant());
    check("scope", item.keys().scope());
    check("status", item.keys().status());
    item.keys().keys().forEach(k -> check("key", k));
    item.keys().terms().forEach(t -> check("term", t));
    item.vectors().keySet().forEach(n -> check("vector name", n));
  }

  private static void check(String what, String value) {
    if (value.indexOf('\u0000') >= 0) {
      throw new InvalidInputException("the PostgreSQL store cannot hold a " + what + " containing U+0000");
    }
    UnicodeText.require(what, value);
  }

  private static String[] sorted(Set<String> values) {
    return values.stream().sorted().toArray(String[]::new);
  }

  private static String sqlState(SQLException e) {
    for (SQLException x = e; x != null; x = x.getNextException()) {
      if (x.getSQLState() != null) {
        return x.getSQLState();
      }
    }
    return null;
  }

  private void ensureOpen() {
    if (closed) {
      throw new StoreException("the store of collection '" + collection + "' is closed", false);
    }
  }

  /** Marks the store closed (the backend's pool stays open); idempotent. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    onClose.run();
  }

  @Override
  public String toString() {
    return "PostgresCollectionStore[" + collection + " in " + settings.describe() + "]";
  }
}
