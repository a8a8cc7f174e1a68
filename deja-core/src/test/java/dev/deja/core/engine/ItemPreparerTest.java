package dev.deja.core.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import dev.deja.core.cascade.StageRegistry;
import dev.deja.core.item.Item;
import dev.deja.core.item.TimeSpan;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.SpecReader;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ItemPreparerTest {

  private static CollectionSpec calendar() {
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("title", Map.of("type", "text", "required", true));
    fields.put("start", Map.of("type", "timestamp", "required", true));
    fields.put("end", Map.of("type", "timestamp"));
    fields.put("all_day", Map.of("type", "boolean"));
    fields.put("time_zone", Map.of("type", "keyword"));
    return SpecReader.read(Map.of("name", "cal", "fields", fields,
        "time_window", Map.of("start_field", "start", "end_field", "end", "all_day_field", "all_day",
            "time_zone_field", "time_zone", "default_time_zone", "UTC"),
        "stages", Map.of("fuzzy", Map.of("type", "fuzzy", "field", "title"))), "cal");
  }

  private static CollectionSpec glossary(boolean caseSensitive, boolean nullEqualsEmpty) {
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("term", Map.of("type", "text"));
    fields.put("org", Map.of("type", "keyword"));
    fields.put("basis", Map.of("type", "list"));
    return SpecReader.read(Map.of("name", "g", "fields", fields,
        "scope", Map.of("org", Map.of("case_sensitive", caseSensitive, "null_equals_empty", nullEqualsEmpty),
            "basis", Map.of("match", "set", "case_sensitive", caseSensitive, "null_equals_empty", nullEqualsEmpty)),
        "stages", Map.of("exact", Map.of("type", "exact", "fields", List.of("term")))), "g");
  }

  private static ItemPreparer preparer(CollectionSpec s) {
    return new ItemPreparer(s, StageRegistry.builtIn().build(s));
  }

  private static TimeSpan span(Item i) {
    return preparer(calendar()).prepare("t", i).keys().time().orElseThrow();
  }

  @Test
  void zonedTimesThatAreTheSameInstantAreTheSameTime() {
    TimeSpan ams = span(Item.of("title", "x", "start", "2026-03-02T14:00", "time_zone", "Europe/Amsterdam"));
    TimeSpan utc = span(Item.of("title", "x", "start", "2026-03-02T13:00"));
    TimeSpan offset = span(Item.of("title", "x", "start", "2026-03-02T14:00+01:00"));
    assertThat(ams.startMillis()).isEqualTo(utc.startMillis()).isEqualTo(offset.startMillis());
  }

  @Test
  void anAllDayEndIsInclusive() {
    TimeSpan trip = span(Item.of("title", "Trip", "start", "2026-04-04", "end", "2026-04-11", "all_day", true));
    assertThat(trip.allDay()).isTrue();
    assertThat(trip.startDay()).isEqualTo(LocalDate.parse("2026-04-04").toEpochDay());
    assertThat(trip.endDay()).isEqualTo(LocalDate.parse("2026-04-11").toEpochDay());
    TimeSpan single = span(Item.of("title", "Birthday", "start", "2026-09-17", "all_day", true));
    assertThat(single.endDay()).isEqualTo(single.startDay());
    TimeSpan inferred = span(Item.of("title", "Birthday", "start", "2026-09-17"));
    assertThat(inferred.allDay()).isTrue();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "missing title|{\"start\":\"2026-03-02T14:00\"}|field 'title' is required",
      "unknown field|{\"title\":\"x\",\"start\":\"2026-03-02T14:00\",\"titel\":\"y\"}|unknown field 'titel'",
      "bad date-time|{\"title\":\"x\",\"start\":\"2026-03-32T14:00\"}|cannot read '2026-03-32T14:00'",
      "end before start|{\"title\":\"x\",\"start\":\"2026-03-02T14:00\",\"end\":\"2026-03-02T13:00\"}|is before the start",
      "all-day end before start|{\"title\":\"x\",\"start\":\"2026-03-02\",\"end\":\"2026-03-01\",\"all_day\":true}|is before the first day",
      "date on a timed item|{\"title\":\"x\",\"start\":\"2026-03-02\",\"all_day\":false}|is a date, but the item is not all-day",
      "unknown zone|{\"title\":\"x\",\"start\":\"2026-03-02T14:00\",\"time_zone\":\"Mars/Base\"}|unknown time zone",
      "wrong type|{\"title\":\"x\",\"start\":\"2026-03-02T14:00\",\"all_day\":\"no\"}|must be true or false",
      "number title|{\"title\":5,\"start\":\"2026-03-02T14:00\"}|must be a string"})
  void badItemsAreClearErrors(String what, String json, String message) {
    Map<String, Object> m = parse(json);
    assertThatThrownBy(() -> preparer(calendar()).prepare("t", new Item(m)))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining(message);
  }

  @Test
  void scopeValuesAreTrimmedCaseFoldedAndSetsAreOrderIndependent() {
    ItemPreparer p = preparer(glossary(false, true));
    String a = p.prepare("t", Item.of("term", "x", "org", " SVB ", "basis", List.of("Art 2", "art 1"))).keys().scope();
    String b = p.prepare("t", Item.of("term", "x", "org", "svb", "basis", List.of("ART 1", " Art 2", "art 1")))
        .keys().scope();
    assertThat(a).isEqualTo(b);
    String otherTenant = p.prepare("u", Item.of("term", "x", "org", "svb", "basis", List.of("art 1", "art 2")))
        .keys().scope();
    assertThat(otherTenant).isNotEqualTo(a);
  }

  @Test
  void nullEqualsEmptyIsAnOption() {
    ItemPreparer lenient = preparer(glossary(true, true));
    assertThat(lenient.prepare("t", Item.of("term", "x", "org", null, "basis", null)).keys().scope())
        .isEqualTo(lenient.prepare("t", Item.of("term", "x", "org", "", "basis", List.of())).keys().scope())
        .isEqualTo(lenient.prepare("t", Item.of("term", "x")).keys().scope());
    ItemPreparer strict = preparer(glossary(true, false));
    assertThat(strict.prepare("t", Item.of("term", "x", "basis", null)).keys().scope())
        .isNotEqualTo(strict.prepare("t", Item.of("term", "x", "basis", List.of())).keys().scope());
    assertThat(strict.prepare("t", Item.of("term", "x", "org", "SVB")).keys().scope())
        .isNotEqualTo(strict.prepare("t", Item.of("term", "x", "org", "svb")).keys().scope());
  }

  @Test
  void keysComeFromTheStages() {
    ItemPreparer p = preparer(glossary(true, true));
    assertThat(p.prepare("t", Item.of("term", "  Bewaar   termijn ")).keys().keys())
        .containsExactly("exact|Bewaar termijn");
    assertThat(p.prepare("t", Item.of("term", " ")).keys().keys()).isEmpty();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> parse(String json) {
    // A tiny parser for the flat test objects above: "key":value pairs with string, number or boolean values.
    Map<String, Object> m = new LinkedHashMap<>();
    String body = json.strip().substring(1, json.strip().length() - 1);
    for (String pair : Arrays.asList(body.split(",(?=\")"))) {
      String[] kv = pair.split(":", 2);
      String k = kv[0].strip().replace("\"", "");
      String v = kv[1].strip();
      Object value = v.startsWith("\"") ? v.substring(1, v.length() - 1)
          : v.equals("true") || v.equals("false") ? (Object) Boolean.valueOf(v) : (Object) Long.valueOf(v);
      m.put(k, value);
    }
    return m;
  }
}
