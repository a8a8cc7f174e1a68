package dev.deja.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import dev.deja.core.cascade.StageRegistry;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.PolicySpec;
import dev.deja.core.spec.ScopeKeySpec;
import dev.deja.core.spec.StageSpec;
import dev.deja.core.spec.WindowSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The presets load, build, and carry the design documents' defaults. */
class PresetsTest {

  @ParameterizedTest
  @ValueSource(strings = {"calendar", "memory", "glossary", "text"})
  void everyPresetLoadsAndBuilds(String name) {
    CollectionSpec s = Presets.spec(name);
    assertThat(s.name()).isEqualTo(name);
    assertThat(s.description()).isNotBlank();
    assertThat(StageRegistry.builtIn().build(new dev.deja.core.cascade.StageContext(s,
        dev.deja.core.embed.EmbedderProviders.forValidation()))).isNotEmpty();
  }

  @Test
  void aPresetOverrideThatCanNeverMatchIsRefusedNamingThePresetAndTheStage() {
    DejaConfig c = DejaConfig.of(Map.of("presets", Map.of("text", Map.of("stages", Map.of("exact",
        Map.of("enabled", false), "fuzzy", Map.of("lexical", "none"))))), "deja.yaml");
    assertThatThrownBy(() -> c.presetSpec("text", List.of())).isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("preset 'text' (with deja.yaml): stages.fuzzy: this fuzzy stage can never match: no "
            + "candidate ever reaches it.");
    assertThatThrownBy(c::validateAll).hasMessageStartingWith("preset 'text' (with deja.yaml): stages.fuzzy:");
    // A one-off setting is checked the same way.
    assertThatThrownBy(() -> DejaConfig.empty().presetSpec("text", List.of("stages.fuzzy.lexical=none",
        "stages.exact.enabled=false"))).hasMessageContaining("stages.fuzzy: this fuzzy stage can never match");
    assertThat(DejaConfig.empty().validateAll()).isNotNull();
  }

  @Test
  void aDeclaredCollectionThatCanNeverMatchIsRefusedNamingTheCollection() {
    DejaConfig c = DejaConfig.of(Map.of("collections", Map.of("notes", Map.of("preset", "text", "stages",
        Map.of("exact", Map.of("enabled", false), "fuzzy", Map.of("enabled", false))))), "deja.yaml");
    assertThatThrownBy(c::validateAll).isInstanceOf(InvalidInputException.class)
        .hasMessage("deja.yaml: collections.notes: stages: every stage is switched off (exact, fuzzy), so nothing can "
            + "ever match; switch one on, e.g. stages.exact.enabled: true");
  }

  @Test
  void calendarFollowsTheCalendarDesign() {
    CollectionSpec s = Presets.spec("calendar");
    WindowSpec w = s.window().orElseThrow();
    assertThat(w.tolerance()).isEqualTo(Duration.ofHours(2));
    assertThat(w.allDay()).isEqualTo(WindowSpec.AllDayRule.SAME_DATES);
    // Deja's pair classifier decides; the design's embedding and difflib strategies stay one switch away.
    StageSpec combined = s.stage("combined").orElseThrow();
    assertThat(combined.enabled()).isTrue();
    assertThat(combined.options()).containsEntry("model", "all-minilm-l6-v2").containsKey("trained");
    StageSpec semantic = s.stage("semantic").orElseThrow();
    assertThat(semantic.enabled()).isFalse();
    assertThat(semantic.options()).containsEntry("model", "all-minilm-l6-v2").containsEntry("similarity_threshold",
        0.49);
    StageSpec fuzzy = s.stage("fuzzy").orElseThrow();
    assertThat(fuzzy.enabled()).isFalse();
    assertThat(fuzzy.options()).containsEntry("measure", "sequence").containsEntry("similarity_threshold", 0.35);
    assertThat(s.guards()).extracting(g -> g.type()).containsExactly("numbers", "contrasts", "substitution");
    // The guards are the alternative strategies': the classifier weighs their evidence itself.
    assertThat(s.guards()).allSatisfy(g -> assertThat(g.options().get("applies_to"))
        .isEqualTo(java.util.List.of("fuzzy", "semantic")));
    assertThat(s.policy().onDuplicate()).isEqualTo(PolicySpec.Mode.REJECT);
  }

  @Test
  void glossaryFollowsTheTerminologyDesign() {
    CollectionSpec s = Presets.spec("glossary");
    assertThat(s.stages()).extracting(StageSpec::name).startsWith("exact", "synonym", "fuzzy");
    assertThat(s.stage("exact").orElseThrow().options()).containsEntry("case_sensitive", true);
    assertThat(s.stage("synonym").orElseThrow().options()).containsEntry("case_sensitive", false)
        .containsEntry("only_active_synonyms", true);
    assertThat(s.stage("fuzzy").orElseThrow().options()).containsEntry("measure", "jaccard")
        .containsEntry("fuzzy_threshold", 0.7).containsEntry("comparison", "gt");
    assertThat(s.earlyTermination()).isTrue();
    assertThat(s.excludedStatuses()).containsExactly("archived");
    assertThat(s.scope()).extracting(ScopeKeySpec::field).containsExactly("org_context", "legal_context",
        "legal_basis");
    assertThat(s.scope().get(2).match()).isEqualTo(ScopeKeySpec.Match.SET);
    assertThat(s.scope().get(2).nullEqualsEmpty()).isTrue();
  }

  @Test
  void memoryFollowsTheMemoryDesign() {
    CollectionSpec s = Presets.spec("memory");
    assertThat(s.stage("combined").orElseThrow().enabled()).isTrue();
    assertThat(s.stage("combined").orElseThrow().options()).containsEntry("model", "bge-small-en-v1.5-q");
    // The design's cosine-only strategy, with its guards, is one switch away.
    assertThat(s.stage("semantic").orElseThrow().enabled()).isFalse();
    assertThat(s.stage("semantic").orElseThrow().options()).containsEntry("model", "all-minilm-l6-v2")
        .containsEntry("similarity_threshold", 0.70);
    assertThat(s.guards()).hasSize(8);
    assertThat(s.policy().onDuplicate()).isEqualTo(PolicySpec.Mode.MERGE);
    assertThat(s.scope()).extracting(ScopeKeySpec::field).containsExactly("owner", "workspace");
  }

  @Test
  void aUsersConfigOverridesOneSettingOfAPreset(@TempDir Path dir) throws Exception {
    Path yaml = dir.resolve("deja.yaml");
    Files.writeString(yaml, """
        presets:
          calendar:
            time_window: {time_window_hours: 3}
            stages:
              semantic: {similarity_threshold: 0.5}
        collections:
          family:
            preset: calendar
            policy: {on_duplicate: warn}
        """);
    DejaConfig c = DejaConfig.load(yaml);
    CollectionSpec cal = c.presetSpec("calendar", List.of());
    assertThat(cal.window().orElseThrow().tolerance()).isEqualTo(Duration.ofHours(3));
    assertThat(cal.stage("semantic").orElseThrow().options()).containsEntry("similarity_threshold", 0.5)
        .containsEntry("model", "all-minilm-l6-v2");
    CollectionSpec family = c.collections().get("family");
    assertThat(family.name()).isEqualTo("family");
    assertThat(family.policy().onDuplicate()).isEqualTo(PolicySpec.Mode.WARN);
    assertThat(family.window().orElseThrow().tolerance()).isEqualTo(Duration.ofHours(3));
    CollectionSpec set = c.presetSpec("calendar", List.of("stages.fuzzy.measure=jaro_winkler",
        "time_window.time_window_hours=1"));
    assertThat(set.stage("fuzzy").orElseThrow().options()).containsEntry("measure", "jaro_winkler");
    assertThat(set.window().orElseThrow().tolerance()).isEqualTo(Duration.ofHours(1));
  }

  @Test
  void configMistakesAreClearErrors(@TempDir Path dir) throws Exception {
    Path yaml = dir.resolve("deja.yaml");
    Files.writeString(yaml, "presets:\n  calender: {}\n");
    assertThatThrownBy(() -> DejaConfig.load(yaml)).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("presets.calender: unknown preset");
    Files.writeString(yaml, "presets: [\n");
    assertThatThrownBy(() -> DejaConfig.load(yaml)).hasMessageContaining("malformed YAML");
    assertThatThrownBy(() -> DejaConfig.load(dir.resolve("missing.yaml"))).hasMessageContaining("no such file");
    assertThatThrownBy(() -> DejaConfig.empty().presetSpec("calendar", List.of("stages.semantic.similarity_threshold=2")))
        .hasMessageContaining("must be a number in [0, 1], got 2");
    assertThatThrownBy(() -> DejaConfig.empty().presetSpec("calendar", List.of("nonsense")))
        .hasMessageContaining("expected path=value");
    assertThatThrownBy(() -> Presets.spec("nope")).hasMessageContaining("unknown preset 'nope'");
  }

  @Test
  void jsonParsingErrorsSayWhere() {
    assertThatThrownBy(() -> Json.object("{\"a\": 1, \"a\": 2}", "item")).hasMessageContaining("Duplicate field");
    assertThatThrownBy(() -> Json.object("[1]", "item")).hasMessageContaining("expected a JSON object, got an array");
    assertThatThrownBy(() -> Json.object("{\"a\": ", "item")).hasMessageContaining("malformed JSON at line 1");
    assertThat(Json.object("{\"b\": 1, \"a\": [true, null]}", "x")).isEqualTo(Map.of("b", 1,
        "a", java.util.Arrays.asList(true, null)));
  }
}
