package dev.deja.core.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

class SpecReaderTest {

  private static Map<String, Object> base() {
    Map<String, Object> t = new LinkedHashMap<>();
    t.put("name", "events");
    t.put("fields", new LinkedHashMap<>(Map.of(
        "title", Map.of("type", "text", "required", true),
        "start", Map.of("type", "timestamp"),
        "owner", Map.of("type", "keyword"),
        "tags", Map.of("type", "list"),
        "status", Map.of("type", "keyword"))));
    Map<String, Object> stages = new LinkedHashMap<>();
    stages.put("exact", Map.of("type", "exact", "fields", List.of("title")));
    stages.put("fuzzy", Map.of("type", "fuzzy", "field", "title", "measure", "jaccard", "fuzzy_threshold", 0.7));
    t.put("stages", stages);
    return t;
  }

  @Test
  void readsAFullSpec() {
    Map<String, Object> t = base();
    t.put("scope", Map.of("owner", Map.of("match", "equal", "case_sensitive", false),
        "tags", Map.of("match", "set", "null_equals_empty", false)));
    t.put("time_window", Map.of("start_field", "start", "time_window_hours", 1.5, "default_time_zone",
        "Europe/Amsterdam", "all_day", "overlap"));
    t.put("status", Map.of("field", "status", "exclude_statuses", List.of("Archived")));
    t.put("candidates", Map.of("max_candidates", 50));
    t.put("early_termination", true);
    t.put("policy", Map.of("on_duplicate", "merge", "merge", "replace"));
    CollectionSpec s = SpecReader.read(t, "x");
    assertThat(s.name()).isEqualTo("events");
    assertThat(s.stages()).extracting(StageSpec::name).containsExactly("exact", "fuzzy");
    assertThat(s.scope()).hasSize(2);
    assertThat(s.window().orElseThrow().tolerance()).isEqualTo(Duration.ofMinutes(90));
    assertThat(s.window().orElseThrow().allDay()).isEqualTo(WindowSpec.AllDayRule.OVERLAP);
    assertThat(s.excludedStatuses()).containsExactly("archived");
    assertThat(s.candidates().maxPerLookup()).isEqualTo(50);
    assertThat(s.candidates().windowScan()).isTrue();
    assertThat(s.earlyTermination()).isTrue();
    assertThat(s.policy().onDuplicate()).isEqualTo(PolicySpec.Mode.MERGE);
    assertThat(s.policy().merge()).isEqualTo(PolicySpec.MergeStrategy.REPLACE);
  }

  @Test
  void stageOrderReordersAndMustBeComplete() {
    Map<String, Object> t = base();
    t.put("stage_order", List.of("fuzzy", "exact"));
    assertThat(SpecReader.read(t, "x").stages()).extracting(StageSpec::name).containsExactly("fuzzy", "exact");
    t.put("stage_order", List.of("fuzzy"));
    assertThatThrownBy(() -> SpecReader.read(t, "x")).hasMessageContaining("stage 'exact' is missing");
  }

  @Test
  void aStageNameMayNotHoldTheKeySeparator() {
    Map<String, Object> t = base();
    @SuppressWarnings("unchecked")
    Map<String, Object> stages = (Map<String, Object>) t.get("stages");
    stages.put("exact|title", Map.of("type", "exact", "fields", List.of("title")));
    assertThatThrownBy(() -> SpecReader.read(t, "x")).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("stages.exact|title: a stage name must be non-empty and must not contain '|'");
  }

  static List<Arguments> mistakes() {
    return List.of(
        Arguments.of("treshold", (java.util.function.Consumer<Map<String, Object>>) t -> t.put("stages",
            Map.of("fuzzy", Map.of("type", "fuzzy", "field", "title", "treshold", 0.5))), null),
        Arguments.of("unknown top-level key", (java.util.function.Consumer<Map<String, Object>>) t ->
            t.put("stagez", Map.of()), "unknown key ['stagez']"),
        Arguments.of("bad field type", (java.util.function.Consumer<Map<String, Object>>) t ->
            t.put("fields", Map.of("title", Map.of("type", "txt"))), "fields.title.type: must be one of"),
        Arguments.of("scope on undeclared field", (java.util.function.Consumer<Map<String, Object>>) t ->
            t.put("scope", Map.of("nope", Map.of())), "scope.nope: not a declared field"),
        Arguments.of("set scope on a keyword", (java.util.function.Consumer<Map<String, Object>>) t ->
            t.put("scope", Map.of("owner", Map.of("match", "set"))), "needs a list field"),
        Arguments.of("unknown zone", (java.util.function.Consumer<Map<String, Object>>) t ->
            t.put("time_window", Map.of("start_field", "start", "default_time_zone", "Mars/Base")),
            "unknown time zone 'Mars/Base'"),
        Arguments.of("window on a text field", (java.util.function.Consumer<Map<String, Object>>) t ->
            t.put("time_window", Map.of("start_field", "title")), "time_window.start_field: field 'title' must be"),
        Arguments.of("negative window", (java.util.function.Consumer<Map<String, Object>>) t ->
            t.put("time_window", Map.of("start_field", "start", "time_window_hours", -1)),
            "time_window.time_window_hours: must be a number in [0, 8760], got -1"),
        Arguments.of("bad policy", (java.util.function.Consumer<Map<String, Object>>) t ->
            t.put("policy", Map.of("on_duplicate", "explode")), "policy.on_duplicate: must be one of"),
        Arguments.of("excluded statuses without a field", (java.util.function.Consumer<Map<String, Object>>) t ->
            t.put("status", Map.of("exclude_statuses", List.of("archived"))), "needs status.field"),
        Arguments.of("max_candidates zero", (java.util.function.Consumer<Map<String, Object>>) t ->
            t.put("candidates", Map.of("max_candidates", 0)), "candidates.max_candidates: must be a number in"),
        Arguments.of("no fields", (java.util.function.Consumer<Map<String, Object>>) t ->
            t.put("fields", Map.of()), "at least one field"),
        Arguments.of("string where a number belongs", (java.util.function.Consumer<Map<String, Object>>) t ->
            t.put("candidates", Map.of("max_candidates", "many")), "must be a number, got 'many'"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("mistakes")
  void everyMistakeIsAnErrorNamingTheKey(String what, java.util.function.Consumer<Map<String, Object>> change,
      String message) {
    Map<String, Object> t = base();
    change.accept(t);
    if (message == null) {
      // Stage options are validated when stages are built.
      CollectionSpec s = SpecReader.read(t, "x");
      assertThatThrownBy(() -> dev.deja.core.cascade.StageRegistry.builtIn().build(s))
          .isInstanceOf(InvalidInputException.class).hasMessageContaining("stages.fuzzy: unknown key ['treshold']");
    } else {
      assertThatThrownBy(() -> SpecReader.read(t, "x")).isInstanceOf(InvalidInputException.class)
          .hasMessageContaining(message);
    }
  }

  @Test
  void deepMergeOverridesOneSettingAndNullRemoves() {
    Map<String, Object> t = base();
    Map<String, Object> merged = Trees.deepMerge(t, Map.of("stages", Map.of("fuzzy", Map.of("fuzzy_threshold",
        0.8))));
    CollectionSpec s = SpecReader.read(merged, "x");
    assertThat(s.stage("fuzzy").orElseThrow().options()).containsEntry("fuzzy_threshold", 0.8)
        .containsEntry("measure", "jaccard");
    Map<String, Object> removed = new LinkedHashMap<>();
    removed.put("exact", null);
    assertThat(SpecReader.read(Trees.deepMerge(t, Map.of("stages", removed)), "x").stages())
        .extracting(StageSpec::name).containsExactly("fuzzy");
    assertThat(t).isEqualTo(base()); // inputs are never modified
    Map<String, Object> noTags = new LinkedHashMap<>();
    noTags.put("tags", null);
    assertThat(SpecReader.read(Trees.deepMerge(t, Map.of("fields", noTags)), "x").fields())
        .as("a field set to null is removed, as a stage is").doesNotContainKey("tags").containsKey("title");
  }

  @Test
  void setByDottedPath() {
    Map<String, Object> t = Trees.set(base(), "stages.fuzzy.fuzzy_threshold", 0.5);
    assertThat(SpecReader.read(t, "x").stage("fuzzy").orElseThrow().options()).containsEntry("fuzzy_threshold", 0.5);
    assertThatThrownBy(() -> Trees.set(base(), "stages..x", 1)).hasMessageContaining("bad configuration path");
  }
}
