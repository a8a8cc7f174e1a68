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

/**
 * {@code deja train}: its JSON contract (cross-validated figures, calibration), its human output, the YAML it writes
 * and its errors. The signal-only feature list keeps these runs free of embeddings; the shipped fits are checked by
 * DejaTrainReproducesPresetsIT.
 */
class TrainCommandIT {
  private static final String PAIRS = CliRunner.DEV.resolve("calendar/pairs.jsonl").toString();
  private static final String FEATURES = "time_proximity,trigram,matched_share,unmatched,sibling,single_change,sequence";

  @Test
  void jsonHasTheCrossValidatedFiguresAndTheCalibration(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("trained.yaml");
    CliRunner.Result r = CliRunner.run("train", "--preset", "calendar", "--data", PAIRS, "--features", FEATURES,
        "--json", "--out", out.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    Map<String, Object> m = Json.object(r.out().strip(), "train output");
    assertThat(m).containsKeys("weights", "bias", "threshold", "l2", "l2_tried", "cv", "in_sample", "cv_sweep",
        "calibration").containsEntry("threshold_rule", "one-se").containsEntry("threshold_smoothing", 0.12);
    @SuppressWarnings("unchecked")
    Map<String, Object> weights = (Map<String, Object>) m.get("weights");
    assertThat(weights.keySet()).containsExactlyElementsOf(List.of(FEATURES.split(",")));
    @SuppressWarnings("unchecked")
    Map<String, Map<String, Object>> cal = (Map<String, Map<String, Object>>) m.get("calibration");
    Map<String, Object> pairs = cal.get("pairs");
    assertThat(((Number) pairs.get("n")).intValue()).isPositive().isLessThanOrEqualTo(140);
    assertThat(((Number) pairs.get("brier")).doubleValue()).isBetween(0.0, 0.25);
    assertThat(((Number) pairs.get("ece")).doubleValue()).isBetween(0.0, 1.0);
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> bins = (List<Map<String, Object>>) pairs.get("bins");
    assertThat(bins).isNotEmpty().allSatisfy(b -> assertThat(b).containsKeys("from", "to", "n", "mean_predicted",
        "observed"));
    assertThat(bins.stream().mapToInt(b -> ((Number) b.get("n")).intValue()).sum()).isEqualTo(pairs.get("n"));
    // The YAML it wrote runs what was measured.
    assertThat(Files.readString(out)).contains("combined:").contains("trained:");
    CliRunner.Result eval = CliRunner.run("eval", "--preset", "calendar", "--config", out.toString(), "--data", PAIRS,
        "--json");
    assertThat(eval.exit()).as(eval.err()).isZero();
    // Only the trained features run: the preset's others (its cosine among them) are removed, not kept at their
    // shipped weights by the merge.
    assertThat(Json.object(eval.out().strip(), "eval output")).containsEntry("stage", "combined")
        .containsEntry("measure", "classifier over 7 features");
    assertThat(Files.readString(out)).contains("\"cosine\": null");
    // Without an embedding the stage finds its candidates by their words: the signal-only model still recalls.
    assertThat(((Number) Json.object(eval.out().strip(), "eval output").get("recall")).doubleValue())
        .isGreaterThan(0.5);
  }

  @Test
  void repeatedCrossValidationIsReportedAndDeterministic() {
    String[] args = {"train", "--preset", "calendar", "--data", PAIRS, "--features", FEATURES, "--json", "--repeats",
        "3"};
    CliRunner.Result a = CliRunner.run(args);
    CliRunner.Result b = CliRunner.run(args);
    assertThat(a.exit()).as(a.err()).isZero();
    Map<String, Object> m = Json.object(a.out().strip(), "train output");
    assertThat(m).containsEntry("repeats", 3).containsEntry("folds", 5);
    assertThat(b.out()).as("the same seeds give the same fit").isEqualTo(a.out());
    // One repetition is the single split of --seed; the first of three uses the same seed, so only the averaging
    // differs: the out-of-fold figures of the two are both valid estimates, and the final model is the same.
    Map<String, Object> one = Json.object(CliRunner.run("train", "--preset", "calendar", "--data", PAIRS,
        "--features", FEATURES, "--json", "--repeats", "1", "--l2", String.valueOf(m.get("l2"))).out().strip(),
        "train output");
    assertThat(one.get("weights")).isEqualTo(m.get("weights"));
  }

  @Test
  void unrelatedPairsAreAddedAsWeightedNegativesInTheSlotOfTheirPair(@TempDir Path dir) throws Exception {
    Path dump = dir.resolve("dump.jsonl");
    CliRunner.Result r = CliRunner.run("train", "--preset", "calendar", "--data", PAIRS, "--features", FEATURES,
        "--unrelated", "2", "--unrelated-weight", "0.25", "--l2", "0.03", "--json", "--dump", dump.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    List<Map<String, Object>> rows = Files.readAllLines(dump).stream().map(l -> Json.object(l, "dump")).toList();
    List<Map<String, Object>> unrelated = rows.stream().filter(m -> "unrelated".equals(m.get("source"))).toList();
    // Pairs outside the time window are listed without features; the others are examples.
    List<Map<String, Object>> pairs = rows.stream().filter(m -> "pairs".equals(m.get("source"))
        && m.containsKey("features")).toList();
    // Two per labelled pair (one of each k; the pairs outside the window too, as the unrelated record is moved into
    // the checked one's slot), all negatives at the asked weight.
    long labelled = rows.stream().filter(m -> "pairs".equals(m.get("source"))).count();
    assertThat(unrelated).hasSize((int) (2 * labelled));
    assertThat(unrelated).allSatisfy(m -> {
      assertThat(m.get("label")).isEqualTo(0);
      assertThat(((Number) m.get("weight")).doubleValue()).isEqualTo(0.25);
      @SuppressWarnings("unchecked")
      Map<String, Object> f = (Map<String, Object>) m.get("features");
      assertThat(((Number) f.get("time_proximity")).doubleValue()).isEqualTo(1.0);
      assertThat(m.get("new")).isNotEqualTo(m.get("existing"));
    });
    assertThat(pairs).allSatisfy(m -> assertThat(((Number) m.get("weight")).doubleValue()).isEqualTo(1.0));
    // The figures stay those of the labelled pairs: the unrelated ones teach the model, they are not scored.
    Map<String, Object> m = Json.object(r.out().strip(), "train output");
    @SuppressWarnings("unchecked")
    Map<String, Object> cal = (Map<String, Object>) ((Map<String, Object>) m.get("calibration")).get("pairs");
    assertThat(((Number) cal.get("n")).intValue()).isLessThanOrEqualTo(140);
  }

  @Test
  void humanOutputShowsTheSweepAndTheReliabilityTable() {
    CliRunner.Result r = CliRunner.run("train", "--preset", "calendar", "--data", PAIRS, "--features", FEATURES);
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("cross-validated:").contains("cross-validated sweep:")
        .contains("calibration (cross-validated): pairs Brier").contains("observed duplicates")
        .contains("similarity_threshold:");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "too few folds|--folds|1|--folds: must be in [2, 50]",
      "no repetition|--repeats|0|--repeats: must be in [1, 20]",
      "unknown threshold rule|--threshold-rule|median|--threshold-rule: must be one-se or best",
      "negative smoothing|--threshold-smoothing|-0.01|--threshold-smoothing: must be in [0, 0.5]",
      "smoothing too wide|--threshold-smoothing|0.6|--threshold-smoothing: must be in [0, 0.5]",
      "negative l2|--l2|-1|--l2: must be 'auto' or a number >= 0",
      "too many unrelated|--unrelated|11|--unrelated: must be in [0, 10]",
      "unrelated weight zero|--unrelated-weight|0|--unrelated-weight: must be in (0, 100]",
      "beta zero|--beta|0|--beta: must be in (0, 10]",
      "unknown feature|--features|cosine,nosuch|nosuch"})
  void badOptionsExitTwo(String what, String option, String value, String message) {
    CliRunner.Result r = CliRunner.run("train", "--preset", "calendar", "--data", PAIRS, option, value);
    assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(Main.BAD_INPUT);
    assertThat(r.err()).contains(message);
  }

  @Test
  void missingOrMalformedDataExitsTwo(@TempDir Path dir) throws Exception {
    assertThat(CliRunner.run("train", "--preset", "calendar", "--data", dir.resolve("none.jsonl").toString()).exit())
        .isEqualTo(Main.BAD_INPUT);
    Path bad = dir.resolve("bad.jsonl");
    Files.writeString(bad, "not json\n");
    CliRunner.Result r = CliRunner.run("train", "--preset", "calendar", "--data", bad.toString());
    assertThat(r.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(r.err()).contains("bad.jsonl");
  }
}
