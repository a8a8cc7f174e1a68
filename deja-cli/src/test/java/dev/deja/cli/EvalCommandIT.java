package dev.deja.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.format.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code deja eval}: its JSON contract, its semantics, and accuracy floors on the dev sets. */
class EvalCommandIT {

  private static Map<String, Object> evalJson(String... args) {
    CliRunner.Result r = CliRunner.run(args);
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out().strip().lines()).as("exactly one JSON object").hasSize(1);
    return Json.object(r.out().strip(), "eval output");
  }

  /** The shipped calendar classifier's threshold (re-fitted with the weights, so read from the preset). */
  static double calendarThreshold() {
    return ((Number) dev.deja.format.Presets.spec("calendar").stage("combined").orElseThrow().options()
        .get("similarity_threshold")).doubleValue();
  }

  @Test
  void pairsJsonHasTheStableKeys() {
    Map<String, Object> m = evalJson("eval", "--preset", "calendar", "--data",
        CliRunner.DEV.resolve("calendar/pairs.jsonl").toString(), "--sweep", "--json");
    assertThat(m).containsKeys("kind", "preset", "n", "precision", "recall", "f1", "threshold", "best_threshold",
        "best_f1", "micros_mean", "micros_p99", "accuracy", "possible_share");
    assertThat(m).containsEntry("kind", "pairs").containsEntry("preset", "calendar").containsEntry("n", 140)
        .containsEntry("threshold", calendarThreshold());
    assertThat(((Number) m.get("best_f1")).doubleValue()).isGreaterThanOrEqualTo(((Number) m.get("f1")).doubleValue());
    assertThat((List<?>) m.get("sweep")).hasSize(101);
  }

  @Test
  void scenarioJsonAlsoHasExactSetAccuracy() {
    Map<String, Object> m = evalJson("eval", "--preset", "memory", "--data",
        CliRunner.DEV.resolve("memory/scenario.jsonl").toString(), "--json");
    assertThat(m).containsEntry("kind", "scenario").containsEntry("n", 100).containsKey("exact_set_accuracy");
    assertThat(m.get("best_threshold")).isNull();
  }

  @Test
  void theDefinitionsScenarioIsPerfectWithTheDatasetRules() {
    Map<String, Object> m = evalJson("eval", "--preset", "glossary", "--config",
        Path.of("..", "examples", "glossary-dataset-rules.yaml").toString(), "--data",
        CliRunner.DEV.resolve("definitions/scenario.jsonl").toString(), "--json");
    assertThat(m).containsEntry("exact_set_accuracy", 1.0).containsEntry("n", 61);
    @SuppressWarnings("unchecked")
    Map<String, Map<String, Object>> cats = (Map<String, Map<String, Object>>) m.get("categories");
    assertThat(cats).containsKeys("synonym", "fuzzy_negative", "self_exclusion", "archived");
    assertThat(cats.values()).allSatisfy(c -> assertThat(c).containsEntry("exact_set_accuracy", 1.0));
  }

  @Test
  void theShippedGlossaryFollowsTheDesignsCaseSensitivity() {
    // Design defaults: case-sensitive stage 1 and contexts. The three checks that differ are documented.
    Map<String, Object> m = evalJson("eval", "--preset", "glossary", "--data",
        CliRunner.DEV.resolve("definitions/scenario.jsonl").toString(), "--json");
    assertThat(((Number) m.get("exact_set_accuracy")).doubleValue()).isGreaterThanOrEqualTo(0.95);
  }

  @Test
  void measureAndThresholdOverrideTheTargetStage() {
    Map<String, Object> m = evalJson("eval", "--preset", "calendar", "--data",
        CliRunner.DEV.resolve("calendar/pairs.jsonl").toString(), "--measure", "jaro_winkler", "--threshold", "0.8",
        "--json");
    // The calendar preset's first scoring stage is the combined classifier: a measure replaces it by a fuzzy stage.
    assertThat(m).containsEntry("measure", "jaro_winkler").containsEntry("threshold", 0.8)
        .containsEntry("stage", "combined");
    // --stage picks another stage; a semantic stage keeps its own threshold when only the model changes.
    Map<String, Object> minilm = evalJson("eval", "--preset", "calendar", "--data",
        CliRunner.DEV.resolve("calendar/pairs.jsonl").toString(), "--set", "stages.combined.enabled=false",
        "--set", "stages.semantic.enabled=true", "--stage", "semantic", "--model", "all-minilm-l6-v2-q", "--json");
    assertThat(minilm).containsEntry("measure", "cosine of all-minilm-l6-v2-q").containsEntry("threshold", 0.49)
        .containsEntry("stage", "semantic");
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"calendar, calendar/pairs.jsonl, 0.93", "calendar, calendar/scenario.jsonl, 0.93",
      "memory, memory/pairs.jsonl, 0.96", "memory, memory/scenario.jsonl, 0.97"})
  void accuracyFloorsOnTheDevSets(String preset, String file, double floor) {
    // Floors at the validation F1 of the shipped presets (docs/EVALUATION.md), rounded down: the weights are fitted on
    // datasets/train only, so these are figures on data the fit never saw. Memory's one-standard-error threshold steps
    // with each refit (0.62 → 0.54 with the token features) and several dev paraphrases sit near it, so its floors
    // stay at the earlier shipped figures (pairs 0.963, scenario 0.976; now 0.976 and 0.992), with room for a refit.
    Map<String, Object> m = evalJson("eval", "--preset", preset, "--data", CliRunner.DEV.resolve(file).toString(),
        "--json");
    assertThat(((Number) m.get("f1")).doubleValue()).isGreaterThanOrEqualTo(floor);
  }

  @Test
  void unrelatedEventsInTheSameSlotAreRarelyDuplicates(@TempDir Path dir) throws Exception {
    // Each dev base event (the stored record of its first pair) against the checked record of the 1st, 2nd and 3rd
    // next base event, moved to its start: 42 pairs, none a duplicate — what a calendar meets on every write and the
    // hard labelled pairs do not hold (scripts/unrelated-pairs.py draws the partners at random instead). The preset
    // trained with unrelated pairs matches 2 of them; fitted on the labelled pairs alone it matched 6
    // (docs/EVALUATION.md).
    Map<String, Map<String, Object>> base = new java.util.LinkedHashMap<>();
    for (String line : Files.readAllLines(CliRunner.DEV.resolve("calendar/pairs.jsonl"))) {
      if (!line.isBlank()) {
        Map<String, Object> r = Json.object(line, "pair");
        String id = (String) r.get("id");
        base.putIfAbsent(id.substring(0, id.lastIndexOf('-')), r);
      }
    }
    List<String> ids = List.copyOf(base.keySet());
    StringBuilder out = new StringBuilder();
    for (int k = 1; k <= 3; k++) {
      for (int i = 0; i < ids.size(); i++) {
        @SuppressWarnings("unchecked")
        Map<String, Object> left = (Map<String, Object>) base.get(ids.get(i)).get("left");
        @SuppressWarnings("unchecked")
        Map<String, Object> other = new java.util.LinkedHashMap<>(
            (Map<String, Object>) base.get(ids.get((i + k) % ids.size())).get("right"));
        for (String f : List.of("start", "end", "all_day")) {
          if (left.containsKey(f)) {
            other.put(f, left.get(f));
          } else {
            other.remove(f);
          }
        }
        out.append(Json.write(Map.of("id", "u" + k + "-" + ids.get(i), "left", left, "right", other, "label", 0)))
            .append('\n');
      }
    }
    Path file = dir.resolve("unrelated.jsonl");
    Files.writeString(file, out);
    Map<String, Object> m = evalJson("eval", "--preset", "calendar", "--data", file.toString(), "--json");
    assertThat(m).containsEntry("n", 3 * ids.size());
    assertThat(((Number) m.get("fp")).intValue()).as("unrelated events matched").isLessThanOrEqualTo(3);
  }

  @Test
  void theWorstMissedDuplicatesCarryTheScoreTheirStoredItemGot() {
    // At a threshold of 0.9 some dev paraphrases are missed whatever the fitted weights are.
    Map<String, Object> m = evalJson("eval", "--preset", "memory", "--data",
        CliRunner.DEV.resolve("memory/pairs.jsonl").toString(), "--set", "stages.combined.similarity_threshold=0.9",
        "--json");
    double threshold = ((Number) m.get("threshold")).doubleValue();
    assertThat(threshold).isEqualTo(0.9);
    List<Double> missed = new java.util.ArrayList<>();
    for (Object o : (List<?>) m.get("worst_errors")) {
      Map<?, ?> w = (Map<?, ?>) o;
      if (!(Boolean) w.get("false_positive")) {
        missed.add(((Number) w.get("score")).doubleValue());
      }
    }
    // A missed duplicate's score is the stage's score for the stored item it should have matched (not the 0 of a NEW
    // verdict), under the threshold, lowest (most confidently missed) first.
    assertThat(missed).isNotEmpty().allSatisfy(x -> assertThat(x).isGreaterThan(0.0).isLessThan(threshold));
    assertThat(missed).isSorted();
  }

  @Test
  void theDesignsDifflibStrategyIsOneSettingAway() {
    Map<String, Object> m = evalJson("eval", "--preset", "calendar", "--data",
        CliRunner.DEV.resolve("calendar/pairs.jsonl").toString(), "--set", "stages.combined.enabled=false",
        "--set", "stages.fuzzy.enabled=true", "--json");
    assertThat(m).containsEntry("stage", "fuzzy").containsEntry("measure", "sequence").containsEntry("threshold", 0.35);
    // 0.847 on the dev pairs (EVALUATION.md, "Calendar strategies").
    assertThat(((Number) m.get("f1")).doubleValue()).isBetween(0.83, 0.87);
  }

  @Test
  void anAddedEvaluationStageIsAnnounced() {
    CliRunner.Result r = CliRunner.run("eval", "--preset", "calendar", "--data",
        CliRunner.DEV.resolve("calendar/pairs.jsonl").toString(), "--set", "stages.combined.enabled=false",
        "--sweep", "--json");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.err()).contains("no fuzzy, semantic or combined stage switched on")
        .contains("added fuzzy stage 'eval'");
    CliRunner.Result shipped = CliRunner.run("eval", "--preset", "calendar", "--data",
        CliRunner.DEV.resolve("calendar/pairs.jsonl").toString(), "--sweep", "--json");
    assertThat(shipped.err()).doesNotContain("added fuzzy stage");
  }

  @Test
  void humanOutputShowsTheSweepAndErrors() {
    CliRunner.Result r = CliRunner.run("eval", "--preset", "calendar", "--data",
        CliRunner.DEV.resolve("calendar/pairs.jsonl").toString(), "--sweep", "--errors", "3");
    assertThat(r.exit()).isZero();
    assertThat(r.out()).contains("precision").contains("best threshold").contains("← best")
        .contains("wrong decisions (first 3)");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "NaN threshold|--threshold|NaN|must be a number in [0, 1]",
      "threshold above one|--threshold|1.5|must be a number in [0, 1]",
      "unknown measure|--measure|levenstein|unknown measure 'levenstein'",
      "unknown stage|--stage|nosuch|has no stage 'nosuch'",
      "unknown model|--model|all-minilm-l12|unknown model 'all-minilm-l12'"})
  void badOptionsExitTwo(String what, String option, String value, String message) {
    CliRunner.Result r = CliRunner.run("eval", "--preset", "calendar", "--data",
        CliRunner.DEV.resolve("calendar/pairs.jsonl").toString(), option, value);
    assertThat(r.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(r.err()).contains(message);
  }

  @Test
  void badDataExitsTwo(@TempDir Path dir) throws Exception {
    assertThat(CliRunner.run("eval", "--preset", "text", "--data", dir.resolve("none.jsonl").toString()).exit())
        .isEqualTo(Main.BAD_INPUT);
    Path bad = dir.resolve("bad.jsonl");
    Files.writeString(bad, "{\"id\": \"1\", \"left\": {\"text\": \"a\"}, \"right\": {\"text\": \"b\"}, \"label\": 1}\n"
        + "not json\n");
    CliRunner.Result r = CliRunner.run("eval", "--preset", "text", "--data", bad.toString());
    assertThat(r.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(r.err()).contains("bad.jsonl:2, column 1: malformed JSON");
    Path extra = dir.resolve("extra.jsonl");
    Files.writeString(extra, "{\"id\": \"1\", \"left\": {\"text\": \"a\", \"source_id\": \"9\"}, "
        + "\"right\": {\"text\": \"a\", \"source_id\": \"8\"}, \"label\": 1}\n");
    assertThat(CliRunner.run("eval", "--preset", "text", "--data", extra.toString()).err())
        .contains("unknown field 'source_id'").contains("with --ignore-field source_id");
    assertThat(CliRunner.run("eval", "--preset", "text", "--data", extra.toString(), "--ignore-field", "source_id")
        .exit()).isZero();
  }
}
