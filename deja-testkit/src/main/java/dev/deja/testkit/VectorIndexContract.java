package dev.deja.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.index.CandidateQuery;
import dev.deja.core.index.VectorIndex;
import dev.deja.core.index.VectorIndex.ScoredCandidate;
import dev.deja.core.item.StoredItem;
import dev.deja.core.store.CollectionStore;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The contract of stores that are also a {@link VectorIndex}: nearest neighbours by cosine similarity, with the
 * candidate filter applied inside the search.
 */
@ExtendWith(SeedExtension.class)
public abstract class VectorIndexContract {

  /** A new, empty store that implements {@link VectorIndex}. */
  protected abstract CollectionStore newStore(String collection);

  protected CollectionStore store;

  /** As {@link CollectionStoreContract#publish()}: makes every write so far part of the store's main structure. */
  protected void publish() {}

  /**
   * Whether {@code nearest} is exact. An approximate search (a graph) must still return only current items inside
   * the filter, with their exact similarities, best first, as many as asked for when there are enough; the
   * randomised test then also requires a recall of at least {@link #MIN_APPROXIMATE_RECALL} instead of the exact
   * answer.
   */
  protected boolean exact() {
    return true;
  }

  /** The recall an approximate search must reach over the randomised test's queries. */
  protected static final double MIN_APPROXIMATE_RECALL = 0.9;

  @BeforeEach
  void openStore() {
    store = newStore("vectors");
    assertThat(store).isInstanceOf(VectorIndex.class);
  }

  @AfterEach
  void closeStore() {
    // null when newStore aborted the test (e.g. an IT skipped because its database is not configured).
    if (store != null) {
      store.close();
    }
  }

  private VectorIndex index() {
    return (VectorIndex) store;
  }

  @Test
  void nearestIsByCosineWithinTheFilter() {
    store.insert(TestItems.item("same").vector("m", 1, 0, 0).build());
    store.insert(TestItems.item("close").vector("m", 0.9f, 0.1f, 0).build());
    store.insert(TestItems.item("far").vector("m", 0, 1, 0).build());
    store.insert(TestItems.item("otherScope").scope("t1#x").vector("m", 1, 0, 0).build());
    store.insert(TestItems.item("archived").status("archived").vector("m", 1, 0, 0).build());
    store.insert(TestItems.item("noVector").build());
    CandidateQuery q = CandidateQuery.builder("t1#").excludedStatuses(Set.of("archived")).build();
    List<ScoredCandidate> hits = index().nearest(q, "m", new float[] {1, 0, 0}, 2);
    assertThat(hits).extracting(h -> h.candidate().id()).containsExactly("same", "close");
    assertThat(hits.get(0).similarity()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-5));
    assertThat(hits.get(0).candidate().sources()).containsExactly("vector");
  }

  @Test
  void filteredSearchKeepsFullRecallInASmallScope(Random random) {
    List<StoredItem> mine = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      String scope = i % 10 == 0 ? "t1#small" : "t1#big";
      StoredItem it = TestItems.item(String.format("v%04d", i)).scope(scope).vector("m", randomUnit(random, 16))
          .build();
      store.insert(it);
      if (scope.equals("t1#small")) {
        mine.add(it);
      }
    }
    float[] query = randomUnit(random, 16);
    List<ScoredCandidate> hits = index().nearest(CandidateQuery.builder("t1#small").build(), "m", query, 5);
    List<String> expected = mine.stream()
        .sorted(Comparator.<StoredItem>comparingDouble(s -> -cos(query, s.vectors().get("m")))
            .thenComparing(StoredItem::id))
        .limit(5).map(StoredItem::id).toList();
    assertThat(hits).extracting(h -> h.candidate().id()).containsExactlyElementsOf(expected);
  }

  @Test
  void replacedAndDeletedItemsAreSearchedByWhatTheyAreNow() {
    store.insert(TestItems.item("moved").vector("m", 1, 0, 0).build());
    store.insert(TestItems.item("gone").vector("m", 1, 0, 0).build());
    store.insert(TestItems.item("stays").vector("m", 0.5f, 0.5f, 0).build());
    store.replace(TestItems.item("moved").vector("m", 0, 0, 1).build());
    store.delete("t1", "gone");
    List<ScoredCandidate> hits = index().nearest(CandidateQuery.builder("t1#").build(), "m", new float[] {1, 0, 0}, 3);
    assertThat(hits).extracting(h -> h.candidate().id()).containsExactly("stays", "moved");
    assertThat(hits.get(1).similarity()).isCloseTo(0.0, org.assertj.core.data.Offset.offset(1e-6));
  }

  @Test
  void rewrittenItemsAreSearchedByWhatTheyAreNow(Random random) {
    java.util.Map<String, StoredItem> current = new java.util.TreeMap<>();
    int found = 0;
    int wanted = 0;
    for (int i = 0; i < 120; i++) {
      StoredItem it = TestItems.item(String.format("v%03d", i)).vector("m", randomUnit(random, 8)).build();
      store.insert(it);
      current.put(it.id(), it);
    }
    publish();
    for (int step = 0; step < 150; step++) {
      List<String> ids = new ArrayList<>(current.keySet());
      String id = ids.get(random.nextInt(ids.size()));
      int op = random.nextInt(4);
      if (op < 2) {
        StoredItem it = TestItems.item(id).scope(random.nextInt(4) == 0 ? "t1#x" : "t1#")
            .vector("m", randomUnit(random, 8)).build();
        store.replace(it);
        current.put(id, it);
      } else if (op == 2) {
        store.delete("t1", id);
        current.remove(id);
      } else {
        StoredItem it = TestItems.item("n" + step).vector("m", randomUnit(random, 8)).build();
        store.insert(it);
        current.put(it.id(), it);
      }
      if (step % 50 == 49) {
        publish();
      }
      float[] query = randomUnit(random, 8);
      int k = 1 + random.nextInt(8);
      List<String> expected = current.values().stream().filter(s -> s.keys().scope().equals("t1#"))
          .sorted(Comparator.<StoredItem>comparingDouble(s -> -cos(query, s.vectors().get("m")))
              .thenComparing(StoredItem::id))
          .limit(k).map(StoredItem::id).toList();
      List<ScoredCandidate> hits = index().nearest(CandidateQuery.builder("t1#").build(), "m", query, k);
      if (exact()) {
        assertThat(hits).as("step %s", step).extracting(h -> h.candidate().id())
            .containsExactlyElementsOf(expected);
        continue;
      }
      assertThat(hits).as("step %s: as many as asked for", step).hasSize(expected.size());
      double previous = Double.POSITIVE_INFINITY;
      for (ScoredCandidate h : hits) {
        StoredItem now = current.get(h.candidate().id());
        assertThat(now).as("step %s: %s is a current item", step, h.candidate().id()).isNotNull();
        assertThat(now.keys().scope()).as("step %s: inside the filter", step).isEqualTo("t1#");
        assertThat(h.candidate().item()).as("step %s: as it is now", step).isEqualTo(now);
        assertThat(h.similarity()).as("step %s: the exact similarity", step)
            .isCloseTo(cos(query, now.vectors().get("m")), org.assertj.core.data.Offset.offset(1e-6));
        assertThat(h.similarity()).as("step %s: best first", step).isLessThanOrEqualTo(previous);
        previous = h.similarity();
        if (expected.contains(h.candidate().id())) {
          found++;
        }
      }
      wanted += expected.size();
    }
    if (!exact()) {
      assertThat((double) found / wanted).as("recall over the queries").isGreaterThanOrEqualTo(
          MIN_APPROXIMATE_RECALL);
    }
  }

  @Test
  void theFilterAppliesToNearestAsToCandidates() {
    store.insert(TestItems.item("me").vector("m", 1, 0, 0).timedAt(1000).build());
    store.insert(TestItems.item("inWindow").vector("m", 0.9f, 0.1f, 0).timedAt(1010).build());
    store.insert(TestItems.item("outside").vector("m", 1, 0, 0).timedAt(9000).build());
    store.insert(TestItems.item("otherDims").vector("m", 1, 0).timedAt(1000).build());
    CandidateQuery q = CandidateQuery.builder("t1#").excludeId("me").time(new dev.deja.core.index.TimeFilter(
        dev.deja.core.index.TimeFilter.Kind.TIMED_START_BETWEEN, 900 * 60_000L, 1100 * 60_000L)).build();
    assertThat(index().nearest(q, "m", new float[] {1, 0, 0}, 5)).extracting(h -> h.candidate().id())
        .containsExactly("inWindow");
  }

  private static float[] randomUnit(Random r, int dim) {
    float[] v = new float[dim];
    double n = 0;
    for (int i = 0; i < dim; i++) {
      v[i] = (float) r.nextGaussian();
      n += v[i] * v[i];
    }
    for (int i = 0; i < dim; i++) {
      v[i] /= (float) Math.sqrt(n);
    }
    return v;
  }

  private static double cos(float[] a, float[] b) {
    double d = 0;
    double na = 0;
    double nb = 0;
    for (int i = 0; i < a.length; i++) {
      d += a[i] * b[i];
      na += a[i] * a[i];
      nb += b[i] * b[i];
    }
    return d / Math.sqrt(na * nb);
  }
}
