package dev.deja.core.recur;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import dev.deja.core.engine.Action;
import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.Outcome;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.item.Item;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.SpecReader;
import dev.deja.core.store.MemoryCollectionStore;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Recurring series in the engine, with a fake expander (the real one, ical4j, lives in deja-calendar). */
class RecurrenceTest {

  /** A fake expander for {@code FREQ=WEEKLY} only: every 7 days from the first start. */
  private static final RecurrenceExpander WEEKLY = (rule, first, zone, until, max) -> {
    if (!rule.equals("FREQ=WEEKLY")) {
      throw new InvalidInputException("rrule: the fake knows FREQ=WEEKLY only, got " + rule);
    }
    List<LocalDateTime> out = new ArrayList<>();
    for (LocalDateTime t = first; !t.isAfter(until) && out.size() < max; t = t.plusWeeks(1)) {
      out.add(t);
    }
    return out;
  };

  private static CollectionSpec spec(int horizonDays, int max) {
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("title", Map.of("type", "text", "required", true));
    fields.put("start", Map.of("type", "timestamp", "required", true));
    fields.put("end", Map.of("type", "timestamp"));
    fields.put("all_day", Map.of("type", "boolean"));
    fields.put("time_zone", Map.of("type", "keyword"));
    fields.put("rrule", Map.of("type", "keyword"));
    fields.put("exdates", Map.of("type", "list"));
    return SpecReader.read(Map.of("name", "cal", "fields", fields,
        "time_window", Map.of("start_field", "start", "end_field", "end", "all_day_field", "all_day",
            "time_zone_field", "time_zone", "default_time_zone", "UTC", "time_window_hours", 2),
        "recurrence", Map.of("horizon_days", horizonDays, "max_occurrences", max),
        "stages", Map.of("exact", Map.of("type", "exact", "fields", List.of("title"), "case_sensitive", false)),
        "policy", Map.of("on_duplicate", "reject")), "cal");
  }

  private static Item series(String start, String rule, String... exdates) {
    return Item.of("title", "Soccer practice", "start", start, "end", start.substring(0, 11) + "18:30", "rrule",
        rule, "exdates", List.of(exdates));
  }

  @Test
  void aSeriesIsStoredWithItsOccurrencesExceptExcludedDates() {
    MemoryCollectionStore store = new MemoryCollectionStore("cal");
    DejaCollection c = DejaCollection.builder(spec(28, 1000)).store(store).recurrence(WEEKLY).build();
    String id = c.put(PutRequest.of("fam", series("2026-03-04T17:00", "FREQ=WEEKLY", "2026-03-18T17:00")))
        .id().orElseThrow();
    // 4, 11, 25 March and 1 April: 28 days from the first start, without the 18th.
    assertThat(store.count(Optional.of("fam"))).isEqualTo(1 + 4);
    assertThat(store.find("fam", id + "~20260311T1700")).hasValueSatisfying(o -> {
      assertThat(o.item().findString("end")).hasValue("2026-03-11T18:30");
      assertThat(o.item().fields()).doesNotContainKeys("rrule", "exdates");
      assertThat(Occurrences.seriesOf(o)).hasValue(id);
    });
    assertThat(store.find("fam", id + "~20260318T1700")).isEmpty();
    assertThat(c.count("fam")).isEqualTo(1);
    assertThat(c.check(CheckRequest.of("fam", Item.of("title", "soccer practice", "start", "2026-04-01T16:00")))
        .matches()).extracting(m -> m.id()).containsExactly(id);
    assertThat(c.check(CheckRequest.of("fam", Item.of("title", "soccer practice", "start", "2026-04-08T17:00")))
        .outcome()).as("beyond the horizon").isEqualTo(Outcome.NEW);
  }

  @Test
  void maxOccurrencesCapsASeries() {
    MemoryCollectionStore store = new MemoryCollectionStore("cal");
    DejaCollection c = DejaCollection.builder(spec(365, 3)).store(store).recurrence(WEEKLY).build();
    c.put(PutRequest.of("fam", series("2026-03-04T17:00", "FREQ=WEEKLY")));
    assertThat(store.count(Optional.of("fam"))).isEqualTo(1 + 3);
  }

  @Test
  void anItemWithARuleButNoExpanderOnTheClassPathIsAClearError() {
    // deja-core registers no expander, so none is found as a service here.
    assertThat(RecurrenceExpanders.find()).isEmpty();
    DejaCollection c = DejaCollection.builder(spec(28, 1000)).store(new MemoryCollectionStore("cal")).build();
    assertThatThrownBy(() -> c.put(PutRequest.of("fam", series("2026-03-04T17:00", "FREQ=WEEKLY"))))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("deja-calendar")
        .hasMessageContaining("rrule");
    assertThatThrownBy(() -> c.check(CheckRequest.of("fam", series("2026-03-04T17:00", "FREQ=WEEKLY"))))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("deja-calendar");
    // Single events need no expander.
    assertThat(c.put(PutRequest.of("fam", Item.of("title", "Dentist", "start", "2026-03-04T09:00"))).action())
        .isEqualTo(Action.CREATED);
  }

  @Test
  void badRulesAndExcludedDatesAreClearErrors() {
    DejaCollection c = DejaCollection.builder(spec(28, 1000)).store(new MemoryCollectionStore("cal"))
        .recurrence(WEEKLY).build();
    assertThatThrownBy(() -> c.put(PutRequest.of("fam", series("2026-03-04T17:00", "FREQ=YEARLY"))))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("FREQ=YEARLY");
    assertThatThrownBy(() -> c.put(PutRequest.of("fam", series("2026-03-04T17:00", "FREQ=WEEKLY", "next week"))))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("exdates").hasMessageContaining("next week");
    assertThatThrownBy(() -> c.put(PutRequest.of("fam", series("2026-03-04T17:00", "FREQ=WEEKLY",
        "2026-03-04T17:00", "2026-03-11T17:00", "2026-03-18T17:00", "2026-03-25T17:00", "2026-04-01T17:00"))))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("no occurrence");
    assertThat(c.count("fam")).isZero();
  }

  @Test
  void theSpecNeedsATimeWindowAndDeclaredRuleFields() {
    assertThatThrownBy(() -> SpecReader.read(Map.of("name", "x", "fields", Map.of("title", Map.of("type", "text"),
        "rrule", Map.of("type", "keyword"), "exdates", Map.of("type", "list")),
        "recurrence", Map.of(), "stages", Map.of("exact", Map.of("type", "exact", "fields", List.of("title")))), "x"))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("time_window");
    assertThatThrownBy(() -> spec(0, 10)).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("horizon_days");
  }
}
