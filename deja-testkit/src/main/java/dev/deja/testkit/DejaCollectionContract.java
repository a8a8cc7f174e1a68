package dev.deja.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.engine.Action;
import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.Match;
import dev.deja.core.engine.Outcome;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.engine.Verdict;
import dev.deja.core.engine.WriteResult;
import dev.deja.core.item.Item;
import dev.deja.core.item.StoredItem;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.store.CollectionStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The engine's behaviour on top of a store, which every store must preserve: dry-run checks, the policies (reject with
 * override, merge keeping history, warn), windows, scopes and tenants, self-exclusion, deterministic order, and
 * atomic check-and-put under concurrency (of N concurrent puts of the same item exactly one is created).
 */
@ExtendWith(SeedExtension.class)
public abstract class DejaCollectionContract {

  /** A new, empty store for a collection; closed after each test. */
  protected abstract CollectionStore newStore(String collection);

  protected final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T08:00:00Z"));
  private final List<CollectionStore> opened = new ArrayList<>();

  @AfterEach
  void closeStores() {
    opened.forEach(CollectionStore::close);
  }

  protected DejaCollection collection(CollectionSpec spec) {
    CollectionStore s = newStore(spec.name());
    opened.add(s);
    AtomicLong seq = new AtomicLong();
    return DejaCollection.builder(spec).store(s).clock(clock).ids(() -> String.format("id%04d", seq.incrementAndGet()))
        .build();
  }

  /** A collection whose recurring items are expanded by the given expander. */
  protected DejaCollection collection(CollectionSpec spec, dev.deja.core.recur.RecurrenceExpander expander) {
    CollectionStore s = newStore(spec.name());
    opened.add(s);
    AtomicLong seq = new AtomicLong();
    return DejaCollection.builder(spec).store(s).clock(clock).ids(() -> String.format("id%04d", seq.incrementAndGet()))
        .recurrence(expander).build();
  }

  private static Item event(String title, String start) {
    return Item.of("title", title, "start", start);
  }

  @Test
  void aCheckIsADryRun() {
    DejaCollection c = collection(TestSpecs.events("reject"));
    c.put(PutRequest.of("fam", event("Dentist", "2026-03-02T14:00")));
    Verdict v = c.check(CheckRequest.of("fam", event("Dentist", "2026-03-02T14:00")));
    assertThat(v.outcome()).isEqualTo(Outcome.DUPLICATE);
    assertThat(c.count("fam")).isEqualTo(1);
  }

  @Test
  void anExactCopyIsNeverNew(Random random) {
    DejaCollection c = collection(TestSpecs.notes("reject"));
    List<Item> items = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      StringBuilder sb = new StringBuilder();
      int words = 1 + random.nextInt(8);
      for (int w = 0; w < words; w++) {
        sb.append(w == 0 ? "" : " ").append(Long.toString(random.nextLong() & 0xfffffL, 36));
      }
      Item it = Item.of("text", sb.toString(), "owner", "o" + random.nextInt(3));
      c.put(new PutRequest("t", Optional.empty(), it, true));
      items.add(it);
    }
    for (Item it : items) {
      assertThat(c.check(CheckRequest.of("t", it)).outcome()).as("%s", it).isNotEqualTo(Outcome.NEW);
    }
  }

  @Test
  void aDuplicateIsRejectedWithItsMatchesAndHowToOverride() {
    DejaCollection c = collection(TestSpecs.events("reject"));
    WriteResult first = c.put(PutRequest.of("fam", event("Soccer practice", "2026-03-04T17:00")));
    assertThat(first.action()).isEqualTo(Action.CREATED);
    WriteResult second = c.put(PutRequest.of("fam", event("Soccer Practice!", "2026-03-04T17:30")));
    assertThat(second.action()).isEqualTo(Action.REJECTED);
    assertThat(second.item()).isEmpty();
    assertThat(second.verdict().matches()).extracting(Match::id).containsExactly(first.id().orElseThrow());
    assertThat(second.message()).contains("force=true").contains("bypass_duplicate_check=true");
    assertThat(c.count("fam")).isEqualTo(1);
  }

  @Test
  void forceCreatesADuplicateAndSaysTheCheckWasBypassed() {
    DejaCollection c = collection(TestSpecs.events("reject"));
    c.put(PutRequest.of("fam", event("Soccer practice", "2026-03-04T17:00")));
    WriteResult forced = c.put(new PutRequest("fam", Optional.empty(), event("Soccer practice", "2026-03-04T17:00"),
        true));
    assertThat(forced.action()).isEqualTo(Action.CREATED);
    assertThat(forced.bypassed()).isTrue();
    assertThat(forced.verdict().outcome()).isEqualTo(Outcome.DUPLICATE);
    assertThat(c.count("fam")).isEqualTo(2);
  }

  @Test
  void mergeRefreshesTheExistingItemAndKeepsTheIncomingOneInItsHistory() {
    DejaCollection c = collection(TestSpecs.notes("merge"));
    WriteResult first = c.put(PutRequest.of("t", Item.of("text", "My favourite tea is Earl Grey.", "owner", "nina")));
    clock.advance(Duration.ofHours(3));
    Item again = Item.of("text", "My favourite tea is Earl Grey", "owner", "nina");
    WriteResult merged = c.put(PutRequest.of("t", again));
    assertThat(merged.action()).isEqualTo(Action.MERGED);
    StoredItem after = c.get("t", first.id().orElseThrow()).orElseThrow();
    assertThat(merged.item()).contains(after);
    assertThat(after.item()).isEqualTo(first.item().orElseThrow().item());
    assertThat(after.version()).isEqualTo(2);
    assertThat(after.updatedAt()).isEqualTo(clock.instant());
    assertThat(after.createdAt()).isEqualTo(first.item().orElseThrow().createdAt());
    assertThat(after.history()).hasSize(2);
    assertThat(after.history().get(1).action()).isEqualTo("MERGED");
    assertThat(after.history().get(1).incoming()).contains(again);
    assertThat(c.count("t")).isEqualTo(1);
  }

  @Test
  void aPossibleDuplicateIsCreatedWithAWarning() {
    DejaCollection c = collection(TestSpecs.notes("reject"));
    c.put(PutRequest.of("t", Item.of("text", "Pick up the dry cleaning on Friday", "owner", "a")));
    WriteResult r = c.put(PutRequest.of("t", Item.of("text", "Pick up dry cleaning Friday morning", "owner", "a")));
    assertThat(r.verdict().outcome()).isEqualTo(Outcome.POSSIBLE_DUPLICATE);
    assertThat(r.action()).isEqualTo(Action.CREATED);
    assertThat(r.warnings()).isNotEmpty();
    assertThat(c.count("t")).isEqualTo(2);
  }

  @Test
  void theTimeWindowDecidesWhatIsCompared() {
    DejaCollection c = collection(TestSpecs.events("reject"));
    c.put(PutRequest.of("fam", event("Soccer practice", "2026-03-04T17:00")));
    assertThat(c.check(CheckRequest.of("fam", event("Soccer practice", "2026-03-04T19:00"))).outcome())
        .isEqualTo(Outcome.DUPLICATE);
    assertThat(c.check(CheckRequest.of("fam", event("Soccer practice", "2026-03-04T19:30"))).outcome())
        .isEqualTo(Outcome.NEW);
    assertThat(c.check(CheckRequest.of("fam", event("Soccer practice", "2026-03-11T17:00"))).outcome())
        .isEqualTo(Outcome.NEW);
    c.put(PutRequest.of("fam", Item.of("title", "Trip to Lisbon", "start", "2026-04-04", "end", "2026-04-11",
        "all_day", true)));
    assertThat(c.check(CheckRequest.of("fam", Item.of("title", "Trip to Lisbon 2026", "start", "2026-04-04",
        "end", "2026-04-11", "all_day", true))).outcome()).isEqualTo(Outcome.DUPLICATE);
    assertThat(c.check(CheckRequest.of("fam", Item.of("title", "Trip to Lisbon", "start", "2026-04-05",
        "end", "2026-04-11", "all_day", true))).outcome()).isEqualTo(Outcome.NEW);
  }

  @Test
  void anotherTenantsItemsNeverMatch(Random random) {
    DejaCollection c = collection(TestSpecs.notes("reject"));
    List<Item> items = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      Item it = Item.of("text", "fact number " + random.nextInt(1_000_000) + " about " + i);
      items.add(it);
      c.put(new PutRequest("tenant" + (i % 4), Optional.empty(), it, true));
    }
    for (int i = 0; i < items.size(); i++) {
      String other = "tenant" + ((i % 4 + 1 + random.nextInt(3)) % 4);
      Verdict v = c.check(CheckRequest.of(other, items.get(i)));
      assertThat(v.matches()).allSatisfy(m -> assertThat(m.item().tenant()).isEqualTo(other));
      assertThat(c.check(CheckRequest.of("tenant" + (i % 4), items.get(i))).outcome()).isNotEqualTo(Outcome.NEW);
    }
  }

  @Test
  void scopeFieldsSeparateItemsOfOneTenant() {
    DejaCollection c = collection(TestSpecs.notes("reject"));
    c.put(PutRequest.of("t", Item.of("text", "I have a sesame allergy.", "owner", "nina")));
    assertThat(c.check(CheckRequest.of("t", Item.of("text", "I have a sesame allergy.", "owner", "omar")))
        .outcome()).isEqualTo(Outcome.NEW);
    assertThat(c.check(CheckRequest.of("t", Item.of("text", "I have a sesame allergy.", "owner", "nina")))
        .outcome()).isEqualTo(Outcome.DUPLICATE);
  }

  @Test
  void archivedItemsAndTheExcludedIdNeverMatch() {
    DejaCollection c = collection(TestSpecs.notes("reject"));
    WriteResult a = c.put(PutRequest.of("t", Item.of("text", "Quarterly report due", "status", "archived")));
    assertThat(c.check(CheckRequest.of("t", Item.of("text", "Quarterly report due"))).outcome())
        .isEqualTo(Outcome.NEW);
    WriteResult b = c.put(PutRequest.of("t", Item.of("text", "Annual review meeting", "status", "active")));
    assertThat(c.check(new CheckRequest("t", Item.of("text", "Annual review meeting"), b.id())).outcome())
        .isEqualTo(Outcome.NEW);
    assertThat(a.action()).isEqualTo(Action.CREATED);
  }

  @Test
  void aDeletedItemNoLongerMatches() {
    DejaCollection c = collection(TestSpecs.events("reject"));
    WriteResult r = c.put(PutRequest.of("fam", event("Piano lesson", "2026-03-05T16:00")));
    assertThat(c.delete("fam", r.id().orElseThrow())).isTrue();
    assertThat(c.check(CheckRequest.of("fam", event("Piano lesson", "2026-03-05T16:00"))).outcome())
        .isEqualTo(Outcome.NEW);
  }

  @Test
  void matchesAreSortedByScoreThenId() {
    DejaCollection c = collection(TestSpecs.notes("reject"));
    for (String text : List.of("Buy oat milk and eggs", "Buy oat milk and eggs!", "buy oat milk, eggs",
        "Buy oat milk and bread")) {
      c.put(new PutRequest("t", Optional.empty(), Item.of("text", text), true));
    }
    Verdict v = c.check(CheckRequest.of("t", Item.of("text", "Buy oat milk and eggs")));
    assertThat(v.matches()).isSortedAccordingTo(Match.ORDER);
    assertThat(v.matches()).extracting(Match::id).startsWith("id0001", "id0002");
    assertThat(c.check(CheckRequest.of("t", Item.of("text", "Buy oat milk and eggs")))).isEqualTo(v);
  }

  @Test
  void ofConcurrentPutsOfTheSameItemExactlyOneIsCreated() throws Exception {
    DejaCollection c = collection(TestSpecs.events("reject"));
    int threads = 32;
    List<Item> variants = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      variants.add(event(i % 2 == 0 ? "Parent-teacher conference" : "Parent teacher conference!",
          "2026-03-10T18:" + String.format("%02d", i % 30)));
    }
    List<WriteResult> results = runConcurrently(threads, i -> c.put(PutRequest.of("fam", variants.get(i))));
    assertThat(results).filteredOn(r -> r.action() == Action.CREATED).hasSize(1);
    assertThat(results).filteredOn(r -> r.action() == Action.REJECTED).hasSize(threads - 1);
    assertThat(c.count("fam")).isEqualTo(1);
  }

  @Test
  void concurrentPutsInDifferentScopesAreAllCreated() throws Exception {
    DejaCollection c = collection(TestSpecs.events("reject"));
    int threads = 32;
    List<WriteResult> results = runConcurrently(threads,
        i -> c.put(PutRequest.of("family" + i, event("Parent-teacher conference", "2026-03-10T18:00"))));
    assertThat(results).allSatisfy(r -> assertThat(r.action()).isEqualTo(Action.CREATED));
  }

  @Test
  void searchReturnsSimilarItemsInTheRangeNearestInTimeFirst() {
    DejaCollection c = collection(TestSpecs.events("allow"));
    for (String[] e : new String[][] {{"Soccer practice", "2026-03-04T17:00"}, {"Soccer practice!", "2026-03-11T17:00"},
        {"Kids soccer practice", "2026-03-05T09:00"}, {"Piano lesson", "2026-03-04T18:00"},
        {"Soccer practice", "2026-04-20T17:00"}}) {
      c.put(new PutRequest("fam", Optional.empty(), event(e[0], e[1]), true));
    }
    c.put(new PutRequest("other", Optional.empty(), event("Soccer practice", "2026-03-04T17:00"), true));
    java.util.List<dev.deja.core.engine.SearchHit> hits = c.search(new dev.deja.core.engine.SearchRequest("fam",
        "soccer practice", Item.of(), Optional.of(Instant.parse("2026-03-04T00:00:00Z")),
        Optional.of(Instant.parse("2026-03-31T23:59:59Z")), java.util.OptionalDouble.of(0.6), 10));
    assertThat(hits).extracting(h -> h.item().item().findString("start").orElse(""))
        .containsExactly("2026-03-04T17:00", "2026-03-05T09:00", "2026-03-11T17:00");
    assertThat(hits).allSatisfy(h -> {
      assertThat(h.item().tenant()).isEqualTo("fam");
      assertThat(h.score()).isGreaterThanOrEqualTo(0.6);
    });
    java.util.List<dev.deja.core.engine.SearchHit> all = c.search(new dev.deja.core.engine.SearchRequest("fam",
        "soccer practice", Item.of(), Optional.empty(), Optional.empty(), java.util.OptionalDouble.empty(), 10));
    assertThat(all).hasSize(4).isSortedAccordingTo(java.util.Comparator.comparingDouble(
        dev.deja.core.engine.SearchHit::score).reversed());
  }

  private static Item series(String title, String start, String rule, String... exdates) {
    return Item.of("title", title, "start", start, "rrule", rule, "exdates", List.of(exdates));
  }

  private static Item zoned(String title, String start, String zone) {
    return Item.of("title", title, "start", start, "time_zone", zone);
  }

  private static Item allDay(String title, String first, String last) {
    return Item.of("title", title, "start", first, "end", last, "all_day", true);
  }

  private DejaCollection recurring(String onDuplicate) {
    return collection(TestSpecs.recurringEvents(onDuplicate), new DailyWeeklyExpander());
  }

  @Test
  void aSingleEventThatDuplicatesOneOccurrenceOfASeriesIsCaughtAndNamesTheSeries() {
    DejaCollection c = recurring("reject");
    String id = c.put(PutRequest.of("fam", series("Soccer practice", "2026-03-04T17:00", "FREQ=WEEKLY;BYDAY=WE",
        "2026-03-18T17:00"))).id().orElseThrow();
    WriteResult again = c.put(PutRequest.of("fam", event("Soccer Practice!", "2026-03-11T17:30")));
    assertThat(again.action()).isEqualTo(Action.REJECTED);
    assertThat(again.verdict().matches()).extracting(Match::id).containsExactly(id);
    assertThat(again.verdict().matches().get(0).item().item().findString("start")).hasValue("2026-03-11T17:00");
    assertThat(again.verdict().matches().get(0).explanation().toString()).contains("occurrence");
    // Three months on, still an occurrence.
    assertThat(c.check(CheckRequest.of("fam", event("Soccer practice", "2026-06-24T16:00"))).outcome())
        .isEqualTo(Outcome.DUPLICATE);
    assertThat(c.count("fam")).isEqualTo(1);
  }

  @Test
  void excludedDatesOtherDaysAndDaysBeforeTheSeriesNeverMatch() {
    DejaCollection c = recurring("reject");
    c.put(PutRequest.of("fam", series("Soccer practice", "2026-03-04T17:00", "FREQ=WEEKLY;BYDAY=WE",
        "2026-03-18T17:00", "2026-04-01")));
    for (String start : new String[] {"2026-03-18T17:00", "2026-04-01T17:00", "2026-03-05T17:00",
        "2026-02-25T17:00", "2026-03-11T20:00"}) {
      assertThat(c.check(CheckRequest.of("fam", event("Soccer practice", start))).outcome()).as(start)
          .isEqualTo(Outcome.NEW);
    }
    assertThat(c.check(CheckRequest.of("fam", event("Soccer practice", "2026-03-25T17:00"))).outcome())
        .isEqualTo(Outcome.DUPLICATE);
  }

  @Test
  void aSeriesThatDuplicatesAStoredSeriesIsCaughtAndOneOnAnotherDayIsNot() {
    DejaCollection c = recurring("reject");
    String id = c.put(PutRequest.of("fam", series("Soccer practice", "2026-03-04T17:00", "FREQ=WEEKLY;BYDAY=WE")))
        .id().orElseThrow();
    // The same practice, entered again a month later as its own series.
    WriteResult dup = c.put(PutRequest.of("fam", series("soccer practice", "2026-04-08T17:15", "FREQ=WEEKLY")));
    assertThat(dup.action()).isEqualTo(Action.REJECTED);
    assertThat(dup.verdict().matches()).extracting(Match::id).containsExactly(id);
    assertThat(dup.verdict().explanation().toString()).contains("occurrence");
    WriteResult thursdays = c.put(PutRequest.of("fam", series("Soccer practice", "2026-03-05T17:00",
        "FREQ=WEEKLY;BYDAY=TH")));
    assertThat(thursdays.action()).isEqualTo(Action.CREATED);
    WriteResult other = c.put(PutRequest.of("fam", series("Piano lesson", "2026-03-04T17:00",
        "FREQ=WEEKLY;BYDAY=WE")));
    assertThat(other.action()).isEqualTo(Action.CREATED);
    // A single stored event is caught by the new series' occurrence on its day.
    c.put(PutRequest.of("fam", event("Swim meet", "2026-05-09T10:00")));
    WriteResult swim = c.put(PutRequest.of("fam", series("Swim meet", "2026-05-02T10:00", "FREQ=DAILY;INTERVAL=7")));
    assertThat(swim.action()).isEqualTo(Action.REJECTED);
    assertThat(c.count("fam")).isEqualTo(4);
  }

  @Test
  void aSeriesBeingEditedDoesNotMatchItself() {
    DejaCollection c = recurring("reject");
    Item s = series("Soccer practice", "2026-03-04T17:00", "FREQ=WEEKLY;BYDAY=WE");
    String id = c.put(PutRequest.of("fam", s)).id().orElseThrow();
    assertThat(c.check(new CheckRequest("fam", s, Optional.of(id))).outcome()).isEqualTo(Outcome.NEW);
    Verdict single = c.check(new CheckRequest("fam", event("Soccer practice", "2026-03-11T17:00"), Optional.of(id)));
    assertThat(single.outcome()).isEqualTo(Outcome.NEW);
    assertThat(single.explanation().result()).isEqualTo("new");
    assertThat(single.explanation().message()).contains("excluded series " + id);
  }

  @Test
  void deletingASeriesRemovesItsOccurrences() {
    DejaCollection c = recurring("reject");
    String id = c.put(PutRequest.of("fam", series("Soccer practice", "2026-03-04T17:00", "FREQ=WEEKLY;BYDAY=WE")))
        .id().orElseThrow();
    String single = c.put(PutRequest.of("fam", event("Piano lesson", "2026-03-04T18:00"))).id().orElseThrow();
    assertThat(c.list("fam", Optional.empty(), 100).items()).extracting(StoredItem::id).containsExactly(id, single);
    assertThat(c.delete("fam", id)).isTrue();
    assertThat(c.check(CheckRequest.of("fam", event("Soccer practice", "2026-03-11T17:00"))).outcome())
        .isEqualTo(Outcome.NEW);
    assertThat(c.store().count(Optional.of("fam"))).isEqualTo(1);
    assertThat(c.count("fam")).isEqualTo(1);
    assertThat(c.delete("fam", id)).isFalse();
  }

  @Test
  void replacingASeriesReplacesItsOccurrences() {
    DejaCollection c = recurring("merge");
    String id = c.put(PutRequest.of("fam", series("Soccer practice", "2026-03-04T17:00", "FREQ=WEEKLY;BYDAY=WE")))
        .id().orElseThrow();
    WriteResult merged = c.put(PutRequest.of("fam", series("Soccer practice", "2026-03-04T17:00",
        "FREQ=WEEKLY;BYDAY=WE;COUNT=3")));
    assertThat(merged.action()).isEqualTo(Action.MERGED);
    assertThat(merged.id()).hasValue(id);
    assertThat(c.check(CheckRequest.of("fam", event("Soccer practice", "2026-03-18T17:00"))).outcome())
        .isEqualTo(Outcome.DUPLICATE);
    assertThat(c.check(CheckRequest.of("fam", event("Soccer practice", "2026-03-25T17:00"))).outcome())
        .isEqualTo(Outcome.NEW);
    assertThat(c.store().count(Optional.of("fam"))).isEqualTo(1 + 3);
  }

  @Test
  void timesInDifferentZonesAreComparedAsInstants() {
    DejaCollection c = recurring("reject");
    // 14:00 in Amsterdam is 13:00 UTC in winter (UTC+1) and 12:00 UTC in summer (UTC+2).
    c.put(PutRequest.of("fam", zoned("Dentist", "2026-03-02T14:00", "Europe/Amsterdam")));
    c.put(PutRequest.of("fam", zoned("Dentist", "2026-07-01T14:00", "Europe/Amsterdam")));
    assertThat(c.check(CheckRequest.of("fam", event("Dentist", "2026-03-02T13:00"))).outcome())
        .isEqualTo(Outcome.DUPLICATE);
    assertThat(c.check(CheckRequest.of("fam", event("Dentist", "2026-03-02T08:00-05:00"))).outcome())
        .isEqualTo(Outcome.DUPLICATE);
    assertThat(c.check(CheckRequest.of("fam", zoned("Dentist", "2026-03-02T08:00", "America/New_York"))).outcome())
        .isEqualTo(Outcome.DUPLICATE);
    // 15:30 UTC is 2.5 h after the appointment, though only 1.5 h after "14:00" read as UTC.
    assertThat(c.check(CheckRequest.of("fam", event("Dentist", "2026-03-02T15:30"))).outcome())
        .isEqualTo(Outcome.NEW);
    assertThat(c.check(CheckRequest.of("fam", event("Dentist", "2026-07-01T10:30"))).outcome())
        .isEqualTo(Outcome.DUPLICATE);
    assertThat(c.check(CheckRequest.of("fam", event("Dentist", "2026-07-01T15:30"))).outcome())
        .isEqualTo(Outcome.NEW);
  }

  @Test
  void aSeriesKeepsItsWallClockTimeAcrossADaylightSavingChange() {
    DejaCollection c = recurring("reject");
    Item s = Item.of("title", "Soccer practice", "start", "2026-03-18T17:00", "time_zone", "Europe/Amsterdam",
        "rrule", "FREQ=WEEKLY");
    c.put(PutRequest.of("fam", s));
    // Clocks go forward on 29 March 2026: 17:00 in Amsterdam is 16:00 UTC before, 15:00 UTC after.
    assertThat(c.check(CheckRequest.of("fam", event("Soccer practice", "2026-03-25T17:30"))).outcome())
        .isEqualTo(Outcome.DUPLICATE);
    assertThat(c.check(CheckRequest.of("fam", event("Soccer practice", "2026-04-01T13:30"))).outcome())
        .isEqualTo(Outcome.DUPLICATE);
    assertThat(c.check(CheckRequest.of("fam", event("Soccer practice", "2026-04-01T17:30"))).outcome())
        .isEqualTo(Outcome.NEW);
  }

  @Test
  void allDayEventsSpanningSeveralDaysMatchOnlyTheSameInclusiveDates() {
    DejaCollection c = recurring("reject");
    String trip = c.put(PutRequest.of("fam", allDay("Spring break trip", "2026-04-04", "2026-04-11"))).id()
        .orElseThrow();
    Verdict same = c.check(CheckRequest.of("fam", allDay("spring break trip", "2026-04-04", "2026-04-11")));
    assertThat(same.matches()).extracting(Match::id).containsExactly(trip);
    assertThat(c.check(CheckRequest.of("fam", allDay("Spring break trip", "2026-04-04", "2026-04-10"))).outcome())
        .isEqualTo(Outcome.NEW);
    assertThat(c.check(CheckRequest.of("fam", allDay("Spring break trip", "2026-04-11", "2026-04-11"))).outcome())
        .isEqualTo(Outcome.NEW);
    // A timed event never duplicates an all-day one (timed_vs_all_day defaults to never).
    assertThat(c.check(CheckRequest.of("fam", event("Spring break trip", "2026-04-04T09:00"))).outcome())
        .isEqualTo(Outcome.NEW);
    // An all-day series: each occurrence covers its own dates.
    c.put(PutRequest.of("fam", Item.of("title", "Grandma visits", "start", "2026-05-02", "end", "2026-05-03",
        "all_day", true, "rrule", "FREQ=WEEKLY;INTERVAL=2", "exdates", List.of("2026-05-16"))));
    assertThat(c.check(CheckRequest.of("fam", allDay("Grandma visits", "2026-05-30", "2026-05-31"))).outcome())
        .isEqualTo(Outcome.DUPLICATE);
    assertThat(c.check(CheckRequest.of("fam", allDay("Grandma visits", "2026-05-16", "2026-05-17"))).outcome())
        .isEqualTo(Outcome.NEW);
    assertThat(c.check(CheckRequest.of("fam", allDay("Grandma visits", "2026-05-09", "2026-05-10"))).outcome())
        .isEqualTo(Outcome.NEW);
  }

  @Test
  void searchListsASeriesOnceAtItsBestPlacedOccurrence() {
    DejaCollection c = recurring("allow");
    String id = c.put(PutRequest.of("fam", series("Soccer practice", "2026-03-04T17:00", "FREQ=WEEKLY;BYDAY=WE")))
        .id().orElseThrow();
    java.util.List<dev.deja.core.engine.SearchHit> hits = c.search(new dev.deja.core.engine.SearchRequest("fam",
        "soccer practice", Item.of(), Optional.of(Instant.parse("2026-03-10T00:00:00Z")),
        Optional.of(Instant.parse("2026-03-31T23:59:59Z")), java.util.OptionalDouble.of(0.6), 10));
    assertThat(hits).hasSize(1);
    assertThat(hits.get(0).item().item().findString("start")).hasValue("2026-03-11T17:00");
    assertThat(dev.deja.core.recur.Occurrences.seriesOf(hits.get(0).item())).hasValue(id);
  }

  // ---------------------------------------------------------------- hostile input (issue 17): refused alike by every
  // store, and a refused write leaves nothing behind

  @Test
  void aSeriesThatCannotBeStoredWholeLeavesNothingBehind() {
    DejaCollection c = recurring("reject");
    // Takes the id the series' second occurrence will need: the series fails half-way through being written.
    c.put(new PutRequest("fam", Optional.of("s~20260311T1700"), event("Other thing", "2026-05-01T09:00"), false));
    assertThatThrownBy(() -> c.put(new PutRequest("fam", Optional.of("s"),
        series("Soccer practice", "2026-03-04T17:00", "FREQ=WEEKLY;BYDAY=WE"), true)))
        .isInstanceOf(dev.deja.core.InvalidInputException.class).hasMessageContaining("s~20260311T1700");
    assertThat(c.get("fam", "s")).isEmpty();
    assertThat(c.get("fam", "s~20260304T1700")).isEmpty();
    assertThat(c.count("fam")).isEqualTo(1);
    assertThat(c.check(CheckRequest.of("fam", event("Soccer practice", "2026-03-04T17:00"))).outcome())
        .isEqualTo(Outcome.NEW);
  }

  @Test
  void occurrencesInOneMinuteAreRefusedBeforeAnythingIsWritten() {
    dev.deja.core.recur.RecurrenceExpander everySecond = (rule, first, zone, until, max) ->
        List.of(first, first.plusSeconds(1), first.plusSeconds(2));
    DejaCollection c = collection(TestSpecs.recurringEvents("reject"), everySecond);
    assertThatThrownBy(() -> c.put(PutRequest.of("fam", series("Every second", "2026-05-05T10:00",
        "FREQ=SECONDLY")))).isInstanceOf(dev.deja.core.InvalidInputException.class)
        .hasMessageContaining("rrule").hasMessageContaining("less than a minute apart");
    assertThat(c.count("fam")).isZero();
    assertThat(c.list("fam", Optional.empty(), 10).items()).isEmpty();
  }

  @Test
  void datesBeyondTheSupportedYearsAreRefusedNamingTheField() {
    DejaCollection c = collection(TestSpecs.events("reject"));
    for (String[] bad : new String[][] {{"+999999999-12-31T23:59", "2026-03-02T15:00"},
        {"2026-03-02T14:00", "+999999999-12-31T23:59"}, {"10000-01-01T00:00", null},
        {"-000001-01-01T00:00", null}, {"+999999999-12-31T23:59+01:00", null}}) {
      Item item = bad[1] == null ? event("Far away", bad[0])
          : Item.of("title", "Far away", "start", bad[0], "end", bad[1]);
      String field = bad[0].startsWith("2026") ? "end" : "start";
      assertThatThrownBy(() -> c.put(PutRequest.of("fam", item))).as("%s", item)
          .isInstanceOf(dev.deja.core.InvalidInputException.class).hasMessageContaining("'" + field + "'");
      assertThatThrownBy(() -> c.check(CheckRequest.of("fam", item))).as("%s", item)
          .isInstanceOf(dev.deja.core.InvalidInputException.class);
    }
    assertThat(c.count("fam")).isZero();
    assertThat(c.put(PutRequest.of("fam", event("Last day", "9999-12-31T10:00"))).action())
        .isEqualTo(Action.CREATED);
    assertThat(c.put(PutRequest.of("fam", event("First day", "0001-01-01T10:00"))).action())
        .isEqualTo(Action.CREATED);
  }

  /** Halves of a surrogate pair, alone: what a JSON escape of half a pair, or undecodable UTF-8, becomes. */
  private static final char HIGH = (char) 0xD800;
  private static final char LOW = (char) 0xDFFF;

  @Test
  void textThatIsNotUnicodeIsRefusedAndNeverStoredAltered() {
    DejaCollection c = collection(TestSpecs.events("reject"));
    for (Item bad : List.of(event("a " + LOW + HIGH + " b", "2026-03-02T14:00"),
        event("lone high " + HIGH, "2026-03-02T14:00"),
        Item.of("title", "ok", "start", "2026-03-02T14:00", "end", String.valueOf(LOW)))) {
      assertThatThrownBy(() -> c.put(PutRequest.of("fam", bad))).as("%s", bad)
          .isInstanceOf(dev.deja.core.InvalidInputException.class).hasMessageContaining("not Unicode text");
      assertThatThrownBy(() -> c.check(CheckRequest.of("fam", bad)))
          .isInstanceOf(dev.deja.core.InvalidInputException.class);
    }
    assertThatThrownBy(() -> c.put(new PutRequest("fam", Optional.of("id-" + HIGH),
        event("Fine", "2026-03-02T14:00"), false))).isInstanceOf(dev.deja.core.InvalidInputException.class)
        .hasMessageContaining("id");
    assertThat(c.count("fam")).isZero();
    // U+0000: PostgreSQL text cannot hold it, so no store takes it.
    assertThatThrownBy(() -> c.put(PutRequest.of("fam", event("nul " + (char) 0, "2026-03-02T14:00"))))
        .isInstanceOf(dev.deja.core.InvalidInputException.class).hasMessageContaining("U+0000");
    assertThat(c.count("fam")).isZero();
    // A well-formed pair (an emoji) is text.
    String emoji = "Party " + new String(Character.toChars(0x1F389));
    String id = c.put(PutRequest.of("fam", event(emoji, "2026-03-02T14:00"))).id().orElseThrow();
    assertThat(c.get("fam", id).orElseThrow().item().findString("title")).hasValue(emoji);
    // A lookup by an id no item can have finds nothing (a store would otherwise look up an altered id).
    assertThat(c.get("fam", id + LOW)).isEmpty();
  }

  @Test
  void idsHaveOneLimitInEveryStore() {
    DejaCollection c = collection(TestSpecs.events("allow"));
    String longest = "i".repeat(dev.deja.core.item.ItemIds.MAX_BYTES);
    assertThat(c.put(new PutRequest("fam", Optional.of(longest), event("A", "2026-03-02T14:00"), false)).action())
        .isEqualTo(Action.CREATED);
    assertThat(c.get("fam", longest)).isPresent();
    assertThatThrownBy(() -> new PutRequest("fam", Optional.of(longest + "i"), event("B", "2026-03-02T14:00"), false))
        .isInstanceOf(dev.deja.core.InvalidInputException.class).hasMessageContaining("at most 1024 bytes");
    assertThatThrownBy(() -> c.list("fam", Optional.of("L".repeat(5000)), 10))
        .isInstanceOf(dev.deja.core.InvalidInputException.class).hasMessageContaining("after");
    assertThat(c.list("fam", Optional.of("h".repeat(dev.deja.core.item.ItemIds.MAX_STORED_BYTES)), 10).items())
        .extracting(StoredItem::id).containsExactly(longest);
  }

  @Test
  void longValuesUnderTheItemLimitAreStoredAndFoundAsExactCopies() {
    DejaCollection c = collection(TestSpecs.events("reject"));
    String words = "word ".repeat(8000).strip();
    String token = "x".repeat(40_000);
    for (String title : List.of(words, token)) {
      WriteResult w = c.put(PutRequest.of("fam", event(title, "2026-03-02T14:00")));
      assertThat(w.action()).as("a %d-character title", title.length()).isEqualTo(Action.CREATED);
      assertThat(c.get("fam", w.id().orElseThrow()).orElseThrow().item().findString("title")).hasValue(title);
      Verdict again = c.check(CheckRequest.of("fam", event(title, "2026-03-02T14:30")));
      assertThat(again.outcome()).isEqualTo(Outcome.DUPLICATE);
      assertThat(again.matches().get(0).id()).isEqualTo(w.id().orElseThrow());
      assertThat(again.matches().get(0).stage()).isEqualTo("exact");
    }
    // Another long value is not mistaken for it.
    assertThat(c.check(CheckRequest.of("fam", event("y".repeat(40_000), "2026-03-02T14:00"))).matches()
        .stream().filter(m -> m.stage().equals("exact")).toList()).isEmpty();
  }

  /** Runs the task on as many threads, all released at once, and returns the results in index order. */
  protected static <T> List<T> runConcurrently(int threads, java.util.function.IntFunction<T> task) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    try {
      List<Future<T>> fs = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        int n = i;
        Callable<T> call = () -> {
          start.await();
          return task.apply(n);
        };
        fs.add(pool.submit(call));
      }
      start.countDown();
      List<T> out = new ArrayList<>();
      for (Future<T> f : fs) {
        out.add(f.get(120, TimeUnit.SECONDS));
      }
      return out;
    } finally {
      pool.shutdownNow();
    }
  }
}
