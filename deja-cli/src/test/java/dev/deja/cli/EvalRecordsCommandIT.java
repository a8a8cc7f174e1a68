package dev.deja.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.format.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code deja eval} on a record-linkage set ({@code records.jsonl} + {@code truth.jsonl}, issue 23): batch
 * de-duplication scored as links and as clusters, on two small hand-made sets whose figures are worked out by hand in
 * the comments.
 */
class EvalRecordsCommandIT {
  /** Twelve people: Smith ×3 (one "Jon"), Garcia ×2 (case only), Zhang ×2 (names swapped), Taylor ×2, two Browns. */
  static final Path PEOPLE = Path.of("src", "test", "resources", "linkage", "people");
  /** Two sources A and B: two papers in both; A also has a "revisited" paper close to one of its own. */
  static final Path PAPERS = Path.of("src", "test", "resources", "linkage", "papers");

  private static Map<String, Object> evalJson(String... args) {
    CliRunner.Result r = CliRunner.run(args);
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out().strip().lines()).as("exactly one JSON object").hasSize(1);
    return Json.object(r.out().strip(), "eval output");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> obj(Object o) {
    return (Map<String, Object>) o;
  }

  private static String[] people(String... more) {
    List<String> args = new ArrayList<>(List.of("eval", "--preset", "text", "--config",
        PEOPLE.resolve("people.yaml").toString(), "--data", PEOPLE.toString()));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  @Test
  void linksAndClustersAreScoredAgainstTheTruth() {
    Map<String, Object> m = evalJson(people("--json"));
    // Links at difflib ≥ 0.8: Smith p01–p02 (0.93), Garcia (exact), Taylor (0.94) right; Brown p10–p11 (0.96) wrong;
    // Jon Smith (0.78 to both) and Zhang Wei (0.56) missed. 12 records: 66 pairs.
    assertThat(m).containsEntry("kind", "records").containsEntry("preset", "text").containsEntry("n", 12)
        .containsEntry("stage", "fuzzy").containsEntry("measure", "sequence").containsEntry("threshold", 0.8)
        .containsEntry("tp", 3).containsEntry("fp", 1).containsEntry("fn", 3).containsEntry("tn", 59)
        .containsEntry("precision", 0.75).containsEntry("recall", 0.5).containsEntry("f1", 0.6)
        .containsEntry("truth_pairs", 6).containsEntry("links", 4).containsEntry("possible_share", 0.0);
    // The same keys as the other kinds, so that tools read every kind alike.
    assertThat(m).containsKeys("data", "accuracy", "best_threshold", "best_f1", "micros_mean", "micros_p99",
        "worst_errors");
    assertThat(m.get("best_threshold")).isNull();
    // Clusters {p01 p02} {p04 p05} {p08 p09} {p10 p11}; true {p01 p02 p03} {p04 p05} {p06 p07} {p08 p09}: 3 of the 4
    // predicted pairs are true, 3 of the 6 true ones found; B-cubed P 11/12, R (2/3+2/3+1/3+1+1+1/2+1/2+1+1+1+1+1)/12.
    Map<String, Object> c = obj(m.get("clusters"));
    assertThat(c).containsEntry("predicted", 4).containsEntry("true", 4).containsEntry("exact", 2)
        .containsEntry("exact_share", 0.5).containsEntry("tp", 3).containsEntry("fp", 1).containsEntry("fn", 3)
        .containsEntry("bcubed_precision", 0.916667).containsEntry("bcubed_recall", 0.805556);
    assertThat((List<?>) m.get("worst_errors")).hasSize(4);
    Map<String, Object> first = obj(((List<?>) m.get("worst_errors")).get(0));
    assertThat(first).containsEntry("id", "p10 ↔ p11").containsEntry("false_positive", true)
        .containsEntry("score", 0.96).containsEntry("expected", "new");
    Map<String, Object> missed = obj(((List<?>) m.get("worst_errors")).get(1));
    assertThat(missed).containsEntry("id", "p01 ↔ p03").containsEntry("false_positive", false);
    assertThat(Json.write(missed.get("explanation"))).as("why it was missed").contains("fuzzy score 0.7826 below "
        + "the threshold 0.8000");
  }

  @Test
  void theSweepScoresTheTargetStagesLinksAtEveryThreshold() {
    Map<String, Object> m = evalJson(people("--sweep", "--json"));
    List<?> rows = (List<?>) m.get("sweep");
    assertThat(rows).hasSize(101);
    Map<String, Object> at80 = obj(rows.get(80));
    // With no possible band and the target the last stage, the row at the configured threshold is the run itself.
    assertThat(at80).containsEntry("threshold", 0.8).containsEntry("tp", 3).containsEntry("fp", 1)
        .containsEntry("fn", 3).containsEntry("cluster_f1", 0.6);
    // At 0.78 Jon Smith joins his cluster (0.7826 to both others): every Smith pair is found.
    Map<String, Object> at78 = obj(rows.get(78));
    assertThat(at78).containsEntry("tp", 5).containsEntry("fn", 1);
    // The exact stage's Garcia link holds at every threshold.
    assertThat(obj(rows.get(100))).containsEntry("tp", 1);
    assertThat(((Number) m.get("best_f1")).doubleValue()).isGreaterThan(((Number) m.get("f1")).doubleValue());
    assertThat(((Number) m.get("best_threshold")).doubleValue()).isLessThan(0.78);
    assertThat(obj(m.get("clusters"))).containsEntry("f1", 0.6);
  }

  @Test
  void aFolderAFileWithItsTruthBesideItAndAnExplicitTruthAreTheSame() {
    Map<String, Object> folder = evalJson(people("--json"));
    Map<String, Object> file = evalJson("eval", "--preset", "text", "--config", PEOPLE.resolve("people.yaml")
        .toString(), "--data", PEOPLE.resolve("records.jsonl").toString(), "--json");
    Map<String, Object> explicit = evalJson("eval", "--preset", "text", "--config", PEOPLE.resolve("people.yaml")
        .toString(), "--data", PEOPLE.resolve("records.jsonl").toString(), "--truth",
        PEOPLE.resolve("truth.jsonl").toString(), "--json");
    for (String key : List.of("tp", "fp", "fn", "tn", "clusters")) {
      assertThat(file.get(key)).isEqualTo(folder.get(key));
      assertThat(explicit.get(key)).isEqualTo(folder.get(key));
    }
  }

  @Test
  void twoSourceLinkageNeverLinksRecordsOfOneSource() {
    String[] base = {"eval", "--preset", "text", "--config", PAPERS.resolve("papers.yaml").toString(), "--data",
        PAPERS.toString(), "--json"};
    // Without --across, "Indexing moving objects" and its "revisited" paper (both A, 0.82) are a false link; a note
    // says the records look like two sources.
    List<String> plain = new ArrayList<>(List.of(base));
    plain.addAll(List.of("--ignore-field", "source"));
    CliRunner.Result r = CliRunner.run(plain.toArray(String[]::new));
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.err()).contains("the records have a 'source' field with two values [A, B]")
        .contains("give --across source");
    assertThat(Json.object(r.out().strip(), "eval")).containsEntry("tp", 2).containsEntry("fp", 1)
        .containsEntry("across", null);
    List<String> across = new ArrayList<>(List.of(base));
    across.addAll(List.of("--across", "source"));
    CliRunner.Result a = CliRunner.run(across.toArray(String[]::new));
    assertThat(a.exit()).as(a.err()).isZero();
    assertThat(a.err()).isEmpty();
    Map<String, Object> m = Json.object(a.out().strip(), "eval");
    assertThat(m).containsEntry("tp", 2).containsEntry("fp", 0).containsEntry("fn", 0).containsEntry("f1", 1.0)
        .containsEntry("across", "source");
    assertThat(obj(m.get("clusters"))).containsEntry("exact", 2).containsEntry("bcubed_f1", 1.0);
  }

  @Test
  void humanOutputShowsLinksClustersTheSweepAndTheWrongLinks() {
    CliRunner.Result r = CliRunner.run(people("--sweep", "--errors", "2"));
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("deja eval — preset text on people/records.jsonl (records, 12 records, 6 "
            + "duplicate pairs in people/truth.jsonl)")
        .contains("links     precision 0.7500  recall 0.5000  F1 0.6000")
        .contains("clusters  precision 0.7500  recall 0.5000  F1 0.6000")
        .contains("B-cubed precision 0.9167  recall 0.8056")
        .contains("2 of 4 true clusters reproduced exactly")
        .contains("← best")
        .contains("wrong links (first 2 of 4):")
        .contains("false + p10 ↔ p11 (score 0.960, stage fuzzy)")
        .contains("missed  p01 ↔ p03");
  }

  @Test
  void aSweepOfAStageWithAPossibleBandRuns(@TempDir Path dir) throws Exception {
    // The text preset's fuzzy stage has possible_threshold 0.70: a sweep row below it used to be refused.
    Path pairs = dir.resolve("pairs.jsonl");
    Files.writeString(pairs, String.join("\n",
        "{\"id\": \"1\", \"left\": {\"text\": \"buy milk\"}, \"right\": {\"text\": \"buy milk!\"}, \"label\": 1}",
        "{\"id\": \"2\", \"left\": {\"text\": \"call the plumber\"}, \"right\": {\"text\": \"call the dentist\"}, "
            + "\"label\": 0}", ""));
    Map<String, Object> m = evalJson("eval", "--preset", "text", "--data", pairs.toString(), "--sweep", "--json");
    assertThat((List<?>) m.get("sweep")).hasSize(101);
    Map<String, Object> t = evalJson("eval", "--preset", "text", "--data", pairs.toString(), "--threshold", "0.5",
        "--json");
    assertThat(t).containsEntry("threshold", 0.5);
  }

  @Test
  void missingOrWrongTruthAndMisplacedOptionsExitTwo(@TempDir Path dir) throws Exception {
    Path records = dir.resolve("records.jsonl");
    Files.copy(PEOPLE.resolve("records.jsonl"), records);
    CliRunner.Result noTruth = CliRunner.run("eval", "--preset", "text", "--config",
        PEOPLE.resolve("people.yaml").toString(), "--data", records.toString());
    assertThat(noTruth.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(noTruth.err()).contains("there is no truth.jsonl next to it; give --truth FILE");
    Path truth = dir.resolve("truth.jsonl");
    Files.writeString(truth, "{\"left\": \"p01\", \"right\": \"p99\"}\n");
    CliRunner.Result unknown = CliRunner.run("eval", "--preset", "text", "--config",
        PEOPLE.resolve("people.yaml").toString(), "--data", dir.toString());
    assertThat(unknown.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(unknown.err()).contains("truth.jsonl:1: 'p99' is not the id of a record of records.jsonl");
    CliRunner.Result emptyFolder = CliRunner.run("eval", "--preset", "text", "--data",
        Files.createDirectory(dir.resolve("nothing")).toString());
    assertThat(emptyFolder.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(emptyFolder.err()).contains("is a folder without a records.jsonl");
    CliRunner.Result truthOnPairs = CliRunner.run("eval", "--preset", "calendar", "--data",
        CliRunner.DEV.resolve("calendar/pairs.jsonl").toString(), "--truth", truth.toString());
    assertThat(truthOnPairs.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(truthOnPairs.err()).contains("--truth: only for records files");
    CliRunner.Result acrossMissing = CliRunner.run(people("--across", "source"));
    assertThat(acrossMissing.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(acrossMissing.err()).contains("record 'p01' has no 'source' (--across source)");
  }

  @Test
  void aConfigurationThatCanNeverMatchIsRefusedBeforeAnythingIsScored() {
    CliRunner.Result r = CliRunner.run(people("--set", "stages.exact.enabled=false", "--set",
        "stages.fuzzy.lexical=none"));
    assertThat(r.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).contains("stages.fuzzy: this fuzzy stage can never match");
  }
}
