package dev.deja.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.PolicySpec;
import dev.deja.core.spec.StageSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The calendar design's {@code calendar:} keys map onto the calendar preset; bad values are clear errors. */
class CalendarSettingsTest {

  private static CollectionSpec calendar(Map<String, Object> duplicateDetection) {
    return DejaConfig.of(Map.of("calendar", Map.of("duplicate_detection", duplicateDetection)), "deja.yaml")
        .presetSpec("calendar", List.of());
  }

  private static Map<String, StageSpec> enabled(CollectionSpec s) {
    return s.stages().stream().filter(StageSpec::enabled).collect(Collectors.toMap(StageSpec::name, x -> x));
  }

  @ParameterizedTest
  @CsvSource({"fuzzy, fuzzy", "embedding, semantic", "combined, combined"})
  void eachStrategyEnablesItsStageWithThePresetsThreshold(String strategy, String stage) {
    CollectionSpec s = calendar(Map.of("similarity_strategy", strategy));
    CollectionSpec shipped = DejaConfig.empty().presetSpec("calendar", List.of());
    assertThat(enabled(s)).containsOnlyKeys("exact", stage);
    assertThat(enabled(s).get(stage).options().get("similarity_threshold"))
        .isEqualTo(shipped.stage(stage).orElseThrow().options().get("similarity_threshold"));
    assertThat(s.guards()).isNotEmpty();
  }

  @Test
  void theDesignsKeysAreApplied() {
    CollectionSpec s = calendar(Map.of("enabled", true, "similarity_strategy", "Embedding",
        "similarity_threshold", 0.55, "time_window_hours", 3,
        "embedding", Map.of("model", "sentence-transformers/all-MiniLM-L6-v2", "device", "CPU")));
    assertThat(s.window().orElseThrow().tolerance()).isEqualTo(Duration.ofHours(3));
    StageSpec semantic = enabled(s).get("semantic");
    assertThat(semantic.options()).containsEntry("similarity_threshold", 0.55).containsEntry("model",
        "all-minilm-l6-v2");
    assertThat(s.policy().onDuplicate()).isEqualTo(PolicySpec.Mode.REJECT);
  }

  @Test
  void noSectionLeavesThePresetAsShipped() {
    CollectionSpec s = DejaConfig.empty().presetSpec("calendar", List.of());
    assertThat(enabled(s)).containsOnlyKeys("exact", "combined");
    assertThat(CalendarSettings.DEFAULT_STRATEGY).isEqualTo("combined");
  }

  @Test
  void disabledDetectionAlwaysCreates() {
    CollectionSpec s = calendar(Map.of("enabled", false));
    assertThat(s.policy().onDuplicate()).isEqualTo(PolicySpec.Mode.ALLOW);
    assertThat(s.policy().onPossibleDuplicate()).isEqualTo(PolicySpec.Mode.ALLOW);
  }

  @Test
  void presetOverridesStillWinOverTheCalendarSection() {
    CollectionSpec s = DejaConfig.of(Map.of("calendar", Map.of("duplicate_detection",
        Map.of("similarity_threshold", 0.4)), "presets", Map.of("calendar", Map.of("stages",
        Map.of("combined", Map.of("similarity_threshold", 0.6))))), "deja.yaml").presetSpec("calendar", List.of());
    assertThat(enabled(s).get("combined").options().get("similarity_threshold")).isEqualTo(0.6);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "similarity_strategy|difflib|must be one of fuzzy, embedding, combined",
      "similarity_threshold|1.5|similarity_threshold",
      "similarity_threshold|high|similarity_threshold",
      "time_window_hours|-1|time_window_hours",
      "enabled|maybe|enabled",
      "treshold|0.3|unknown key ['treshold']"})
  void badValuesAreClearErrors(String key, String value, String message) {
    assertThatThrownBy(() -> calendar(Map.of(key, value))).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("calendar").hasMessageContaining(message);
  }

  @Test
  void onlyTheCpuDeviceIsSupportedAndUnknownKeysFail() {
    assertThatThrownBy(() -> calendar(Map.of("embedding", Map.of("device", "cuda"))))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("embedding.device")
        .hasMessageContaining("only 'cpu'").hasMessageContaining("cuda");
    assertThatThrownBy(() -> DejaConfig.of(Map.of("calendar", Map.of("duplicate_detection", Map.of(),
        "dedupe", true)), "deja.yaml")).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("unknown key ['dedupe']");
  }
}
