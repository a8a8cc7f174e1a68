package dev.deja.format;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.SpecReader;
import dev.deja.core.spec.StageSpec;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every example configuration loads with every preset and collection it touches validated as a whole (issue 23: a
 * configuration that can never match is refused, and none that ships may be). The combined-score examples that EVALUATION.md runs ({@code deja eval --config examples/P-combined.yaml}) must score
 * with the combined stage: the built-in presets ship that stage switched off, so an example that forgot to switch it on
 * would silently evaluate something else.
 */
class ExampleConfigsTest {

  static java.util.stream.Stream<Path> examples() throws java.io.IOException {
    try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(Path.of("..", "examples"))) {
      List<Path> yaml = files.filter(f -> f.getFileName().toString().endsWith(".yaml")).sorted().toList();
      assertThat(yaml).as("the examples folder has configurations").isNotEmpty();
      return yaml.stream();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("examples")
  void everyExampleConfigurationLoadsWithEveryPreset(Path file) {
    DejaConfig config = DejaConfig.load(file);
    assertThat(config.validateAll()).isSameAs(config);
    for (String preset : Presets.NAMES) {
      assertThat(config.presetSpec(preset, List.of()).stages()).anyMatch(StageSpec::enabled);
    }
  }

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
