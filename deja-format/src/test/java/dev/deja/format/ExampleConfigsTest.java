package dev.deja.format;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.SpecReader;
import dev.deja.core.spec.StageSpec;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The combined-score examples that EVALUATION.md runs ({@code deja eval --config examples/P-combined.yaml}) must score
 * with the combined stage: the built-in presets ship that stage switched off, so an example that forgot to switch it on
 * would silently evaluate something else.
 */
class ExampleConfigsTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource({"calendar, calendar-combined.yaml", "memory, memory-combined.yaml"})
  void combinedExamplesScoreWithTheCombinedStageAlone(String preset, String file) {
    DejaConfig config = DejaConfig.load(Path.of("..", "examples", file));
    CollectionSpec spec = SpecReader.read(config.presetTree(preset), preset);
    assertThat(spec.stage("combined")).hasValueSatisfying(s -> assertThat(s.enabled()).isTrue());
    assertThat(spec.stages().stream().filter(StageSpec::enabled).map(StageSpec::type))
        .as("scoring stages switched on").doesNotContain("semantic", "fuzzy");
  }
}
