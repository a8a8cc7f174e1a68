package dev.deja.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.index.CandidateQuery;
import dev.deja.core.index.VectorIndex.ScoredCandidate;
import dev.deja.core.item.StoredItem;
import dev.deja.core.store.MemoryCollectionStore;
import dev.deja.testkit.SeedExtension;
import dev.deja.testkit.TestItems;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The HNSW path of nearest-neighbour search (384-d vectors, {@code exact_below=0} so the graph answers every query):
 * the filter applies inside the index scan, pgvector's iterative scan keeps a small scope's recall whole, and a big
 * scope's recall is high; the planner really uses the graph.
 */
@ExtendWith(SeedExtension.class)
class PostgresVectorSearchIT {
  private static final int DIM = 384;
  private static PostgresSettings settings;
  private static PostgresStoreBackend backend;
  private static PostgresCollectionStore store;
  private static final List<StoredItem> ITEMS = new ArrayList<>();

  @BeforeAll
  static void fill() {
    settings = PgTests.freshSchema().withVectorSearch("hnsw", 0);
    backend = PostgresStoreBackend.connect(settings);
    store = backend.open("graph");
    Random r = new Random(SeedExtension.seedFor("PostgresVectorSearchIT"));
    List<StoredItem> batch = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      // 1,500 in one big scope (23 of them archived), 500 over 50 small scopes of 10.
      String scope = i < 1500 ? "t1#big" : "t1#small" + (i % 50);
      TestItems b = TestItems.item(String.format("v%05d", i)).scope(scope).vector("m", unit(r));
      if (i < 1500 && i % 67 == 0) {
        b.status("archived");
      }
      batch.add(b.build());
    }
    store.insertAll(batch);
    ITEMS.addAll(batch);
    analyze();
  }

  @AfterAll
  static void drop() {
    if (backend != null) {
      backend.close();
    }
    PgTests.dropSchema(settings);
  }

  @Test
  void aSmallScopeKeepsFullRecallThroughTheGraph(Random r) {
    for (int q = 0; q < 20; q++) {
      float[] query = unit(r);
      String scope = "t1#small" + r.nextInt(50);
      CandidateQuery f = CandidateQuery.builder(scope).build();
      assertThat(ids(store.nearest(f, "m", query, 5))).as("scope %s", scope).isEqualTo(expected(f, query, 5));
    }
  }

  @Test
  void aBigScopeHasHighRecallAndNeverLeavesTheFilter(Random r) {
    CandidateQuery f = CandidateQuery.builder("t1#big").excludedStatuses(Set.of("archived")).build();
    int found = 0;
    int queries = 30;
    for (int q = 0; q < queries; q++) {
      float[] query = unit(r);
      List<ScoredCandidate> hits = store.nearest(f, "m", query, 10);
      assertThat(hits).hasSize(10).allSatisfy(h -> {
        assertThat(h.candidate().item().keys().scope()).isEqualTo("t1#big");
        assertThat(h.candidate().item().keys().status()).isNotEqualTo("archived");
      });
      assertThat(hits).isSortedAccordingTo(Comparator.comparingDouble(ScoredCandidate::similarity).reversed());
      Set<String> truth = Set.copyOf(expected(f, query, 10));
      found += (int) ids(hits).stream().filter(truth::contains).count();
    }
    // Recall@10 of HNSW (m=16, ef_construction=64, ef_search=100) on random 384-d vectors; measured ≈ 0.99.
    assertThat(found / (10.0 * queries)).isGreaterThanOrEqualTo(0.9);
  }

  @Test
  void thePlannerUsesTheGraphForAFilteredQuery() throws Exception {
    Properties p = new Properties();
    settings.user().ifPresent(u -> p.setProperty("user", u));
    settings.password().ifPresent(pw -> p.setProperty("password", pw));
    p.setProperty("currentSchema", settings.schema().orElseThrow() + ",public");
    StringBuilder plan = new StringBuilder();
    try (Connection c = DriverManager.getConnection(settings.jdbcUrl(), p); Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("EXPLAIN SELECT id FROM deja_vectors WHERE collection_id = "
            + store.collectionId() + " AND scope = 't1#big' AND name = 'm' AND dims = 384 AND graph "
            + "ORDER BY (embedding::vector(384)) <=> (SELECT embedding FROM deja_vectors LIMIT 1)::vector(384) "
            + "LIMIT 18")) {
      while (rs.next()) {
        plan.append(rs.getString(1)).append('\n');
      }
    }
    assertThat(plan.toString()).contains("deja_vectors_hnsw_384");
  }

  private static List<String> expected(CandidateQuery f, float[] query, int k) {
    return ITEMS.stream().filter(f::admits)
        .sorted(Comparator.<StoredItem>comparingDouble(i -> -MemoryCollectionStore.cosine(query, i.vectors().get("m")))
            .thenComparing(StoredItem::id))
        .limit(k).map(StoredItem::id).collect(Collectors.toList());
  }

  private static List<String> ids(List<ScoredCandidate> hits) {
    return hits.stream().map(h -> h.candidate().id()).toList();
  }

  private static void analyze() {
    Properties p = new Properties();
    settings.user().ifPresent(u -> p.setProperty("user", u));
    settings.password().ifPresent(pw -> p.setProperty("password", pw));
    p.setProperty("currentSchema", settings.schema().orElseThrow() + ",public");
    try (Connection c = DriverManager.getConnection(settings.jdbcUrl(), p); Statement st = c.createStatement()) {
      st.execute("ANALYZE deja_vectors");
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static float[] unit(Random r) {
    float[] v = new float[DIM];
    double n = 0;
    for (int i = 0; i < DIM; i++) {
      v[i] = (float) r.nextGaussian();
      n += v[i] * v[i];
    }
    for (int i = 0; i < DIM; i++) {
      v[i] /= (float) Math.sqrt(n);
    }
    return v;
  }
}
