package dev.deja.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import dev.deja.core.index.Candidate;
import dev.deja.core.index.CandidateQuery;
import dev.deja.core.index.TimeFilter;
import dev.deja.core.item.StoredItem;
import dev.deja.core.store.CollectionStore;
import dev.deja.core.store.Page;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The contract every {@link CollectionStore} passes: item storage (tenant isolation, insert/replace/delete, listing,
 * counting, read-your-writes, per-scope exclusivity) and candidate lookup (scope isolation, statuses, self-exclusion,
 * time windows, keys, terms, caps, deterministic order), including a seeded randomised comparison with
 * {@link ReferenceCandidates}.
 *
 * <p>Extend it and implement {@link #newStore}:
 *
 * <pre>{@code
 * class LuceneCollectionStoreTest extends CollectionStoreContract {
 *   @TempDir Path dir;
 *   protected CollectionStore newStore(String name) { return LuceneStoreBackend.open(dir).open(name); }
 * }
 * }</pre>
 */
@ExtendWith(SeedExtension.class)
public abstract class CollectionStoreContract {

  /** A new, empty store for a collection; closed by the contract after each test. */
  protected abstract CollectionStore newStore(String collection);

  protected CollectionStore store;

  /**
   * Makes every write so far part of the store's main structure, where a store keeps recent writes apart (the Lucene
   * store's overlay over its searcher): later rewrites then have older copies there to hide. Does nothing by default.
   */
  protected void publish() {}

  @BeforeEach
  void openStore() {
    store = newStore("contract");
  }

  @AfterEach
  void closeStore() {
    // null when newStore aborted the test (e.g. an IT skipped because its database is not configured).
    if (store != null) {
      store.close();
    }
  }

  protected static CandidateQuery.Builder query(String scope) {
    return CandidateQuery.builder(scope);
  }

  // ---------------------------------------------------------------- item storage

  @Test
  void insertedItemIsFoundByItsTenantOnly() {
    StoredItem a = TestItems.item("a").tenant("t1").field("title", "Dentist").build();
    store.insert(a);
    assertThat(store.find("t1", "a")).contains(a);
    assertThat(store.find("t2", "a")).isEmpty();
    assertThat(store.find("t1", "missing")).isEmpty();
  }

  @Test
  void storedItemRoundTripsExactly() {
    StoredItem a = TestItems.item("a").scope("t1#s").status("active").keys("exact|x", "synonym|s:y")
        .terms("title/w:x", "title/g:  x").timedAt(29_000_000L).field("list", List.of("b", "a"))
        .field("flag", true).field("n", 3L).field("none", null).vector("m", 0.5f, -0.25f, 1f).build();
    store.insert(a);
    StoredItem back = store.find("t1", "a").orElseThrow();
    assertThat(back).isEqualTo(a);
    assertThat(back.vectors().get("m")).containsExactly(0.5f, -0.25f, 1f);
  }

  @Test
  void insertingAnExistingIdFails() {
    store.insert(TestItems.item("a").build());
    assertThatThrownBy(() -> store.insert(TestItems.item("a").build())).isInstanceOf(InvalidInputException.class);
  }

  @Test
  void replaceChangesTheItemAndItsKeys() {
    store.insert(TestItems.item("a").keys("exact|old").build());
    StoredItem updated = TestItems.item("a").keys("exact|new").field("text", "changed").build();
    store.replace(updated);
    assertThat(store.find("t1", "a")).contains(updated);
    assertThat(ids(store.candidates(query("t1#").keys("exact|old").build()))).isEmpty();
    assertThat(ids(store.candidates(query("t1#").keys("exact|new").build()))).containsExactly("a");
  }

  @Test
  void replacingAMissingItemFails() {
    assertThatThrownBy(() -> store.replace(TestItems.item("nope").build()))
        .isInstanceOf(InvalidInputException.class);
  }

  @Test
  void deleteRemovesTheItemForItsTenantOnly() {
    store.insert(TestItems.item("a").keys("exact|k").build());
    assertThat(store.delete("t2", "a")).isFalse();
    assertThat(store.find("t1", "a")).isPresent();
    assertThat(store.delete("t1", "a")).isTrue();
    assertThat(store.delete("t1", "a")).isFalse();
    assertThat(store.find("t1", "a")).isEmpty();
    assertThat(store.candidates(query("t1#").keys("exact|k").build())).isEmpty();
  }

  @Test
  void listPagesThroughATenantsItemsById() {
    for (String id : List.of("d", "b", "e", "a", "c")) {
      store.insert(TestItems.item(id).build());
    }
    store.insert(TestItems.item("x").tenant("t2").build());
    Page p1 = store.list(Optional.of("t1"), Optional.empty(), 2);
    assertThat(p1.items()).extracting(StoredItem::id).containsExactly("a", "b");
    assertThat(p1.nextAfter()).contains("b");
    Page p2 = store.list(Optional.of("t1"), p1.nextAfter(), 2);
    assertThat(p2.items()).extracting(StoredItem::id).containsExactly("c", "d");
    Page p3 = store.list(Optional.of("t1"), p2.nextAfter(), 2);
    assertThat(p3.items()).extracting(StoredItem::id).containsExactly("e");
    assertThat(p3.nextAfter()).isEmpty();
    assertThat(store.list(Optional.empty(), Optional.empty(), 100).items()).hasSize(6);
  }

  @Test
  void countIsPerTenant() {
    store.insert(TestItems.item("a").build());
    store.insert(TestItems.item("b").build());
    store.insert(TestItems.item("c").tenant("t2").build());
    assertThat(store.count(Optional.of("t1"))).isEqualTo(2);
    assertThat(store.count(Optional.of("t2"))).isEqualTo(1);
    assertThat(store.count(Optional.of("t3"))).isZero();
    assertThat(store.count(Optional.empty())).isEqualTo(3);
  }

  @Test
  void aWriteIsVisibleToTheNextQuery() {
    for (int i = 0; i < 50; i++) {
      store.insert(TestItems.item("i" + i).keys("exact|k" + i).build());
      assertThat(ids(store.candidates(query("t1#").keys("exact|k" + i).build()))).containsExactly("i" + i);
    }
  }

  @Test
  void workInOneScopeNeverOverlaps() throws Exception {
    AtomicInteger inside = new AtomicInteger();
    AtomicInteger maxInside = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> fs = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        fs.add(pool.submit(() -> {
          for (int i = 0; i < 20; i++) {
            store.inScope("t1#same", () -> {
              int now = inside.incrementAndGet();
              maxInside.accumulateAndGet(now, Math::max);
              Thread.onSpinWait();
              inside.decrementAndGet();
              return null;
            });
          }
        }));
      }
      for (Future<?> f : fs) {
        f.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(maxInside.get()).isEqualTo(1);
  }

  @Test
  void differentScopesDoNotWaitForEachOther() throws Exception {
    CountDownLatch aInside = new CountDownLatch(1);
    CountDownLatch bDone = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<Boolean> a = pool.submit(() -> store.inScope("t1#a", () -> {
        aInside.countDown();
        try {
          // Holds scope a until work in scope b has finished: deadlocks (times out) if scopes serialise.
          return bDone.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return false;
        }
      }));
      assertThat(aInside.await(30, TimeUnit.SECONDS)).isTrue();
      Future<?> b = pool.submit(() -> store.inScope("t1#b", () -> {
        bDone.countDown();
        return null;
      }));
      b.get(30, TimeUnit.SECONDS);
      assertThat(a.get(30, TimeUnit.SECONDS)).isTrue();
    } finally {
      pool.shutdownNow();
    }
  }

  // ---------------------------------------------------------------- candidate lookup

  @Test
  void nothingOutsideTheScopeIsACandidate() {
    store.insert(TestItems.item("same").scope("t1#s1").keys("exact|k").terms("w:a").timedAt(1000).build());
    store.insert(TestItems.item("otherScope").scope("t1#s2").keys("exact|k").terms("w:a").timedAt(1000).build());
    store.insert(TestItems.item("otherTenant").tenant("t2").scope("t2#s1").keys("exact|k").terms("w:a")
        .timedAt(1000).build());
    CandidateQuery q = query("t1#s1").keys("exact|k").terms("w:a")
        .time(new TimeFilter(TimeFilter.Kind.TIMED_START_BETWEEN, 0, 100_000_000L)).near(1000 * 60_000L)
        .windowScan(true).build();
    assertThat(ids(store.candidates(q))).containsExactly("same");
  }

  @Test
  void excludedStatusesAreNeverCandidates() {
    store.insert(TestItems.item("active").status("active").keys("exact|k").build());
    store.insert(TestItems.item("archived").status("archived").keys("exact|k").build());
    assertThat(ids(store.candidates(query("t1#").keys("exact|k").excludedStatuses(Set.of("archived")).build())))
        .containsExactly("active");
    assertThat(ids(store.candidates(query("t1#").keys("exact|k").build()))).containsExactly("active", "archived");
  }

  @Test
  void theExcludedIdIsNeverACandidate() {
    store.insert(TestItems.item("me").keys("exact|k").terms("w:a").build());
    store.insert(TestItems.item("twin").keys("exact|k").terms("w:a").build());
    assertThat(ids(store.candidates(query("t1#").keys("exact|k").terms("w:a").excludeId("me").build())))
        .containsExactly("twin");
  }

  @Test
  void keyLookupFindsItemsHavingAnyKeyWithTheirSources() {
    store.insert(TestItems.item("a").keys("exact|x").build());
    store.insert(TestItems.item("b").keys("synonym|s:y", "exact|z").build());
    store.insert(TestItems.item("c").keys("exact|other").build());
    List<Candidate> c = store.candidates(query("t1#").keys("exact|x", "synonym|s:y").build());
    assertThat(ids(c)).containsExactly("a", "b");
    assertThat(c.get(0).sources()).containsExactly("exact");
    assertThat(c.get(1).sources()).containsExactly("synonym");
  }

  @Test
  void lexicalLookupRanksBySharedTermsAndCaps() {
    store.insert(TestItems.item("one").terms("w:a", "w:x").build());
    store.insert(TestItems.item("three").terms("w:a", "w:b", "w:c").build());
    store.insert(TestItems.item("two").terms("w:a", "w:b").build());
    store.insert(TestItems.item("twoToo").terms("w:b", "w:c", "w:q").build());
    store.insert(TestItems.item("none").terms("w:q").build());
    List<Candidate> c = store.candidates(query("t1#").terms("w:a", "w:b", "w:c").max(2).build());
    assertThat(ids(c)).containsExactly("three", "two");
    assertThat(c).allSatisfy(x -> assertThat(x.sources()).containsExactly("lexical"));
    List<Candidate> all = store.candidates(query("t1#").terms("w:a", "w:b", "w:c").max(10).build());
    assertThat(ids(all)).containsExactly("one", "three", "two", "twoToo");
  }

  @Test
  void windowScanIsNearestInTimeFirstAndCapped() {
    store.insert(TestItems.item("far").timedAt(1000 + 100).build());
    store.insert(TestItems.item("near").timedAt(1000 + 5).build());
    store.insert(TestItems.item("nearer").timedAt(1000 - 1).build());
    store.insert(TestItems.item("outside").timedAt(1000 + 500).build());
    CandidateQuery q = query("t1#").time(new TimeFilter(TimeFilter.Kind.TIMED_START_BETWEEN,
        (1000 - 120) * 60_000L, (1000 + 120) * 60_000L)).near(1000 * 60_000L).windowScan(true).max(2).build();
    List<Candidate> c = store.candidates(q);
    assertThat(ids(c)).containsExactly("near", "nearer");
    assertThat(c).allSatisfy(x -> assertThat(x.sources()).containsExactly("window"));
  }

  @Test
  void timeFiltersSelectByKind() {
    store.insert(TestItems.item("timed").timedAt(20_000 * 1440L + 600).build()); // day 20000, 10:00
    store.insert(TestItems.item("dayA").allDay(20_000, 20_000).build());
    store.insert(TestItems.item("trip").allDay(19_999, 20_002).build());
    store.insert(TestItems.item("untimed").build());
    long dayStart = 20_000 * 86_400_000L;
    assertThat(idsFor(new TimeFilter(TimeFilter.Kind.TIMED_START_BETWEEN, dayStart, dayStart + 86_400_000L)))
        .containsExactly("timed");
    assertThat(idsFor(new TimeFilter(TimeFilter.Kind.TIMED_START_ON_DAYS, 20_000, 20_000))).containsExactly("timed");
    assertThat(idsFor(new TimeFilter(TimeFilter.Kind.ALL_DAY_SAME_DATES, 20_000, 20_000))).containsExactly("dayA");
    assertThat(idsFor(new TimeFilter(TimeFilter.Kind.ALL_DAY_SAME_DATES, 19_999, 20_002))).containsExactly("trip");
    assertThat(idsFor(new TimeFilter(TimeFilter.Kind.ALL_DAY_OVERLAPPING, 20_002, 20_005))).containsExactly("trip");
    assertThat(idsFor(new TimeFilter(TimeFilter.Kind.ALL_DAY_OVERLAPPING, 20_000, 20_000)))
        .containsExactly("dayA", "trip");
    assertThat(idsFor(new TimeFilter(TimeFilter.Kind.ALL_DAY_OVERLAPPING, 20_003, 20_009))).isEmpty();
  }

  private List<String> idsFor(TimeFilter f) {
    return ids(store.candidates(query("t1#").time(f).near(0).windowScan(true).build()));
  }

  @Test
  void anItemFoundBySeveralLookupsAppearsOnceWithAllSources() {
    store.insert(TestItems.item("a").keys("exact|k").terms("w:a").timedAt(1000).build());
    CandidateQuery q = query("t1#").keys("exact|k").terms("w:a")
        .time(new TimeFilter(TimeFilter.Kind.TIMED_START_BETWEEN, 0, Long.MAX_VALUE / 2)).near(0).windowScan(true)
        .build();
    List<Candidate> c = store.candidates(q);
    assertThat(c).hasSize(1);
    assertThat(c.get(0).sources()).containsExactly("exact", "lexical", "window");
  }

  @Test
  void candidatesComeSortedByIdAndTheSameEveryTime() {
    for (String id : List.of("m", "c", "x", "a", "k")) {
      store.insert(TestItems.item(id).terms("w:a").build());
    }
    CandidateQuery q = query("t1#").terms("w:a").build();
    List<String> first = ids(store.candidates(q));
    assertThat(first).containsExactly("a", "c", "k", "m", "x");
    assertThat(ids(store.candidates(q))).isEqualTo(first);
  }

  @Test
  void randomisedQueriesEqualTheReference(Random random) {
    List<StoredItem> all = new ArrayList<>();
    String[] scopes = {"t1#a", "t1#b", "t2#a", "t2#"};
    for (int i = 0; i < 300; i++) {
      StoredItem it = randomItem(random, String.format("id%03d", random.nextInt(1000)) + "-" + i,
          scopes[random.nextInt(scopes.length)]);
      all.add(it);
      store.insert(it);
    }
    for (int q = 0; q < 200; q++) {
      CandidateQuery query = randomQuery(random, scopes, all);
      assertThat(store.candidates(query)).as("query %s", query)
          .isEqualTo(ReferenceCandidates.candidates(all, query));
    }
  }

  @Test
  void randomisedQueriesAfterRewritesEqualTheReference(Random random) {
    String[] scopes = {"t1#a", "t1#b", "t2#a", "t2#"};
    Map<String, StoredItem> current = new java.util.TreeMap<>();
    for (int i = 0; i < 200; i++) {
      StoredItem it = randomItem(random, String.format("id%03d", i), scopes[random.nextInt(scopes.length)]);
      current.put(it.id(), it);
      store.insert(it);
    }
    publish();
    int next = 200;
    for (int step = 0; step < 300; step++) {
      List<String> ids = new ArrayList<>(current.keySet());
      String id = ids.get(random.nextInt(ids.size()));
      String tenant = current.get(id).tenant();
      int op = random.nextInt(10);
      if (op < 5) {
        // Same tenant, maybe another scope, other keys, terms, status and time.
        List<String> own = java.util.Arrays.stream(scopes).filter(x -> x.startsWith(tenant + "#")).toList();
        String scope = own.get(random.nextInt(own.size()));
        StoredItem it = randomItem(random, id, scope);
        store.replace(it);
        current.put(id, it);
      } else if (op < 7) {
        assertThat(store.delete(tenant, id)).isTrue();
        current.remove(id);
      } else {
        StoredItem it = randomItem(random, String.format("id%03d", next++), scopes[random.nextInt(scopes.length)]);
        store.insert(it);
        current.put(it.id(), it);
      }
      if (step % 60 == 59) {
        publish();
      }
      CandidateQuery query = randomQuery(random, scopes, new ArrayList<>(current.values()));
      assertThat(store.candidates(query)).as("step %s, query %s", step, query)
          .isEqualTo(ReferenceCandidates.candidates(List.copyOf(current.values()), query));
    }
  }

  private static StoredItem randomItem(Random random, String id, String scope) {
    String[] statuses = {"", "active", "archived"};
    TestItems b = TestItems.item(id).tenant(scope.substring(0, 2)).scope(scope)
        .status(statuses[random.nextInt(statuses.length)])
        .keys("exact|k" + random.nextInt(10), "synonym|s:" + random.nextInt(10)).terms(randomTerms(random));
    if (random.nextInt(4) == 0) {
      long d = 20_000 + random.nextInt(5);
      b.allDay(d, d + random.nextInt(3));
    } else if (random.nextInt(3) > 0) {
      b.timedAt(20_000 * 1440L + random.nextInt(5 * 1440));
    }
    return b.build();
  }

  private static CandidateQuery randomQuery(Random random, String[] scopes, List<StoredItem> all) {
    CandidateQuery.Builder qb = query(scopes[random.nextInt(scopes.length)]).max(1 + random.nextInt(20));
    if (random.nextBoolean()) {
      qb.keys("exact|k" + random.nextInt(10), "synonym|s:" + random.nextInt(10));
    }
    if (random.nextBoolean()) {
      qb.terms(randomTerms(random));
    }
    if (random.nextBoolean()) {
      qb.excludedStatuses(Set.of("archived"));
    }
    if (random.nextInt(4) == 0 && !all.isEmpty()) {
      qb.excludeId(all.get(random.nextInt(all.size())).id());
    }
    int kind = random.nextInt(4);
    if (kind > 0) {
      long center = 20_000 * 1440L + random.nextInt(5 * 1440);
      List<TimeFilter> fs = new ArrayList<>();
      fs.add(new TimeFilter(TimeFilter.Kind.TIMED_START_BETWEEN, (center - 120) * 60_000L, (center + 120) * 60_000L));
      if (kind > 1) {
        long d = 20_000 + random.nextInt(5);
        fs.add(new TimeFilter(kind == 2 ? TimeFilter.Kind.ALL_DAY_SAME_DATES : TimeFilter.Kind.ALL_DAY_OVERLAPPING,
            d, d + random.nextInt(2)));
      }
      qb.time(fs.toArray(new TimeFilter[0])).near(center * 60_000L).windowScan(random.nextBoolean());
    }
    return qb.build();
  }

  @Test
  void lexicalLookupWithMoreTermsThanOneQueryHolds() {
    String[] many = new String[1500];
    for (int i = 0; i < many.length; i++) {
      many[i] = "g:" + i;
    }
    store.insert(TestItems.item("all").terms(many).build());
    store.insert(TestItems.item("half").terms(java.util.Arrays.copyOf(many, 750)).build());
    store.insert(TestItems.item("few").terms(java.util.Arrays.copyOf(many, 10)).build());
    assertThat(ids(store.candidates(query("t1#").terms(many).max(2).build()))).containsExactly("all", "half");
  }

  @Test
  void aWriteInsideScopeWorkIsVisibleToTheSameWork() {
    List<String> seen = store.inScope("t1#", () -> {
      store.insert(TestItems.item("a").keys("exact|k").build());
      return ids(store.candidates(query("t1#").keys("exact|k").build()));
    });
    assertThat(seen).containsExactly("a");
    assertThat(store.find("t1", "a")).isPresent();
  }

  @Test
  void scopeWorkThatFailsLeavesNothingBehind() {
    store.insert(TestItems.item("kept").keys("exact|k").field("text", "before").build());
    store.insert(TestItems.item("gone").build());
    IllegalStateException failure = new IllegalStateException("the tenth occurrence cannot be stored");
    assertThatThrownBy(() -> store.inScope("t1#", () -> {
      store.insert(TestItems.item("new").keys("exact|k").build());
      store.replace(TestItems.item("kept").keys("exact|other").field("text", "after").build());
      store.delete("t1", "gone");
      store.insert(TestItems.item("new2").build());
      throw failure;
    })).isSameAs(failure);
    publish();
    assertThat(store.find("t1", "new")).isEmpty();
    assertThat(store.find("t1", "new2")).isEmpty();
    assertThat(store.find("t1", "kept").orElseThrow().item().fields()).containsEntry("text", "before");
    assertThat(store.find("t1", "gone")).isPresent();
    assertThat(ids(store.candidates(query("t1#").keys("exact|k").build()))).containsExactly("kept");
    assertThat(ids(store.candidates(query("t1#").keys("exact|other").build()))).isEmpty();
    assertThat(store.count(Optional.of("t1"))).isEqualTo(2);
    // The store still works: the ids that were taken back can be written.
    store.insert(TestItems.item("new").build());
    assertThat(store.find("t1", "new")).isPresent();
  }

  @Test
  void aStringWithoutAUtf8FormIsStoredExactlyOrRefusedNeverAltered() {
    String bad = "a " + (char) 0xDFFF + (char) 0xD800 + " b";
    StoredItem item = TestItems.item("s").field("text", bad).build();
    try {
      store.insert(item);
    } catch (InvalidInputException refused) {
      assertThat(refused).hasMessageContaining("not Unicode text");
      assertThat(store.find("t1", "s")).isEmpty();
      return;
    }
    publish();
    assertThat(store.find("t1", "s").orElseThrow().item().fields()).containsEntry("text", bad);
  }

  @Test
  void nestedScopeWorkThatFailsIsUndoneAloneWhenTheOuterWorkGoesOn() {
    store.inScope("t1#", () -> {
      store.insert(TestItems.item("outer").build());
      try {
        store.inScope("t1#inner", () -> {
          store.insert(TestItems.item("inner").scope("t1#inner").build());
          throw new IllegalStateException("inner work fails");
        });
      } catch (IllegalStateException expected) {
        // the outer work carries on
      }
      return null;
    });
    publish();
    assertThat(store.find("t1", "outer")).isPresent();
    assertThat(store.find("t1", "inner")).isEmpty();
  }

  @Test
  void replaceMovesAnItemInTimeAndScope() {
    store.insert(TestItems.item("a").timedAt(1000).build());
    store.replace(TestItems.item("a").scope("t1#other").timedAt(5000).build());
    assertThat(idsFor(new TimeFilter(TimeFilter.Kind.TIMED_START_BETWEEN, 900 * 60_000L, 1100 * 60_000L))).isEmpty();
    assertThat(ids(store.candidates(query("t1#other").time(new TimeFilter(TimeFilter.Kind.TIMED_START_BETWEEN,
        4900 * 60_000L, 5100 * 60_000L)).near(5000 * 60_000L).windowScan(true).build()))).containsExactly("a");
    assertThat(store.count(Optional.of("t1"))).isEqualTo(1);
  }

  private static String[] randomTerms(Random random) {
    int n = 1 + random.nextInt(4);
    String[] t = new String[n];
    for (int i = 0; i < n; i++) {
      t[i] = "w:" + (char) ('a' + random.nextInt(8));
    }
    return java.util.Arrays.stream(t).distinct().toArray(String[]::new);
  }

  protected static List<String> ids(List<Candidate> c) {
    return c.stream().map(Candidate::id).toList();
  }

}
