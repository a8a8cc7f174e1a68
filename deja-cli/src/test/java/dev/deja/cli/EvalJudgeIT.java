package dev.deja.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.format.Json;
import dev.deja.testkit.FakeUpstream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code deja eval --judge}: both runs, the judge's calls per 1,000 checks, fallbacks, and the JSON keys, against the
 * fake upstream's judge models. The data is four pairs on the {@code text} preset (exact, then difflib's sequence ≥
 * 0.85, possible from 0.70), whose scores are known: two fall in the judge's band [0.45, 0.85] — "I have a sesame
 * allergy." (0.5217, NEW in-process, a duplicate) and "I am allergic to mustard." (0.7660, possible in-process, not a
 * duplicate) — one is an exact copy and one is unrelated (0.3404 at most).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EvalJudgeIT {
  private static final String STORED = "I am allergic to sesame.";
  private FakeUpstream upstream;
  private Path pairs;

  @BeforeAll
  void start(@TempDir Path dir) throws IOException {
    upstream = new FakeUpstream();
    upstream.label(STORED, "I have a sesame allergy.", true).label(STORED, "I am allergic to mustard.", false);
    pairs = dir.resolve("pairs.jsonl");
    Files.write(pairs, List.of(
        pair("p1", "I have a sesame allergy.", 1),
        pair("p2", "I am allergic to mustard.", 0),
        pair("p3", "I am allergic to sesame!", 1),
        pair("p4", "My dog is called Biscuit.", 0)));
  }

  @AfterAll
  void stop() {
    upstream.close();
  }

  private static String pair(String id, String right, int label) {
    return "{\"id\": \"" + id + "\", \"left\": {\"text\": \"" + STORED + "\"}, \"right\": {\"text\": \"" + right
        + "\"}, \"label\": " + label + ", \"note\": \"test\"}";
  }

  private Map<String, Object> json(String... extra) {
    String[] base = {"eval", "--preset", "text", "--data", pairs.toString(), "--json"};
    String[] args = new String[base.length + extra.length];
    System.arraycopy(base, 0, args, 0, base.length);
    System.arraycopy(extra, 0, args, base.length, extra.length);
    CliRunner.Result r = CliRunner.run(args);
    assertThat(r.exit()).as(r.err()).isZero();
    return Json.object(r.out().strip(), "eval output");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> obj(Object o) {
    return (Map<String, Object>) o;
  }

  @Test
  void reportsBothRunsAndTheCallsPerThousandChecks() {
    int before = upstream.judgeRequests().size();
    Map<String, Object> m = json("--judge-url", upstream.base(), "--judge-model", "judge-oracle");
    assertThat(obj(m.get("without_judge"))).containsEntry("precision", 0.5).containsEntry("recall", 0.5)
        .containsEntry("tp", 1).containsEntry("fp", 1).containsEntry("fn", 1).containsEntry("tn", 1);
    assertThat(obj(m.get("with_judge"))).containsEntry("precision", 1.0).containsEntry("recall", 1.0)
        .containsEntry("f1", 1.0);
    // The top-level figures are the run with the judge, as configured.
    assertThat(m).containsEntry("precision", 1.0).containsEntry("recall", 1.0).containsEntry("n", 4);
    assertThat(obj(m.get("judge"))).containsEntry("endpoint", "cli").containsEntry("model", "cli:judge-oracle")
        .containsEntry("stage", "fuzzy").containsEntry("kind", "memory").containsEntry("band", List.of(0.45, 0.85))
        .containsEntry("checks", 4).containsEntry("calls", 2).containsEntry("calls_per_1000_checks", 500.0)
        .containsEntry("cache_hits", 0).containsEntry("disagreements", 2).containsEntry("fallbacks", 0)
        .containsEntry("calls_by_outcome", Map.of("same", 1, "different", 1))
        .containsEntry("fallbacks_by_reason", Map.of()).containsKeys("mean_ms", "max_ms", "timeout_ms");
    assertThat(upstream.judgeRequests()).as("the run without the judge makes no call").hasSize(before + 2);
  }

  @Test
  void humanOutputComparesTheRuns() {
    CliRunner.Result r = CliRunner.run("eval", "--preset", "text", "--data", pairs.toString(), "--judge-url",
        upstream.base(), "--judge-model", "judge-oracle");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("judge: endpoint cli (cli:judge-oracle) on stage fuzzy, kind memory, band [0.45, "
        + "0.85], timeout 3000 ms")
        .containsPattern("without judge +0\\.5000 +0\\.5000 +0\\.5000 +0\\.5000")
        .containsPattern("with judge +1\\.0000 +1\\.0000 +1\\.0000 +1\\.0000")
        .contains("judge calls: 2 in 4 checks = 500.0 per 1,000 checks; cache hits 0; disagreements with the "
            + "in-process decision 2; fallbacks 0")
        .contains("calls by outcome: different 1, same 1");
  }

  @Test
  void aJudgeThatTimesOutLeavesTheInProcessDecisionsAndCountsTheFallbacks() {
    Map<String, Object> m = json("--judge-url", upstream.base(), "--judge-model", "judge-slow",
        "--set", "stages.fuzzy.judge.timeout_ms=200");
    assertThat(obj(m.get("with_judge"))).isEqualTo(obj(m.get("without_judge")));
    assertThat(obj(m.get("judge"))).containsEntry("calls", 2).containsEntry("fallbacks", 2)
        .containsEntry("fallbacks_by_reason", Map.of("timeout", 2)).containsEntry("timeout_ms", 200);
  }

  @Test
  void theEndpointCanComeFromTheConfigurationWithItsBand(@TempDir Path dir) throws IOException {
    Path yaml = dir.resolve("deja.yaml");
    Files.writeString(yaml, "judges:\n  llm: {type: openai, base_url: \"" + upstream.base() + "\", model: "
        + "judge-same}\n");
    // One endpoint: --judge needs no name. A band that leaves out the possible duplicate at 0.766.
    Map<String, Object> m = json("--config", yaml.toString(), "--judge", "--judge-band", "0.4,0.6");
    assertThat(obj(m.get("judge"))).containsEntry("endpoint", "llm").containsEntry("band", List.of(0.4, 0.6))
        .containsEntry("calls", 1).containsEntry("calls_per_1000_checks", 250.0);
    assertThat(obj(m.get("with_judge"))).containsEntry("tp", 2).containsEntry("fp", 1);

    CliRunner.Result unknown = CliRunner.run("eval", "--preset", "text", "--data", pairs.toString(), "--config",
        yaml.toString(), "--judge", "other");
    assertThat(unknown.exit()).isEqualTo(2);
    assertThat(unknown.err()).contains("--judge: no endpoint 'other' under judges: in").contains("endpoints: [llm]");
    CliRunner.Result sweep = CliRunner.run("eval", "--preset", "text", "--data", pairs.toString(), "--config",
        yaml.toString(), "--judge", "--sweep");
    assertThat(sweep.exit()).isEqualTo(2);
    assertThat(sweep.err()).contains("--sweep and --judge");
  }
}
