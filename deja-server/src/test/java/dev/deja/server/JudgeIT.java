package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.format.DejaConfig;
import dev.deja.testkit.FakeUpstream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The LLM judge end to end: a {@code deja.yaml} with a {@code judges:} endpoint (the fake upstream's judge models)
 * and the memory preset's {@code combined} stage asking it, through the HTTP API, with the judge's node in the
 * answer's explanation, fallbacks as warnings, and the {@code deja_judge_*} metrics.
 */
class JudgeIT {
  private static final String STORED = "I am allergic to sesame.";
  private static final String REWORDED = "Sesame gives me a bad reaction.";

  private static Map<String, Object> endpoint(FakeUpstream up, String model) {
    return Map.of("type", "openai", "base_url", up.base(), "model", model);
  }

  /** Every node of an explanation in JSON, depth first. */
  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> nodes(Object tree) {
    List<Map<String, Object>> out = new ArrayList<>();
    Map<String, Object> n = (Map<String, Object>) tree;
    out.add(n);
    for (Object d : (List<Object>) n.getOrDefault("details", List.of())) {
      out.addAll(nodes(d));
    }
    return out;
  }

  /** The first judge node of an answer: in a match's explanation, else in the verdict's. */
  private static Map<String, Object> judgeNode(TestServer.Res r) {
    List<Map<String, Object>> all = new ArrayList<>();
    for (Object m : TestServer.list(r.map().get("matches"))) {
      all.addAll(nodes(TestServer.obj(m).get("explanation")));
    }
    all.addAll(nodes(r.map().get("explanation")));
    return all.stream().filter(n -> "judge".equals(n.get("kind"))).findFirst()
        .orElseThrow(() -> new AssertionError("no judge node in " + r.text()));
  }

  @Test
  void theMemoryPresetAsksTheJudgeAboutItsBandAndFallsBackVisibly(@TempDir Path dir) throws Exception {
    try (FakeUpstream up = new FakeUpstream()) {
      up.label(STORED, REWORDED, true);
      Map<String, Object> judges = new LinkedHashMap<>();
      judges.put("oracle", endpoint(up, "judge-oracle"));
      judges.put("slow", endpoint(up, "judge-slow"));
      judges.put("limited", endpoint(up, "error-429"));
      // The whole probability range is the band, so that whatever the classifier says, the judge decides.
      Map<String, Object> tree = Map.of("judges", judges, "presets", Map.of("memory", Map.of("stages", Map.of(
          "combined", Map.of("judge", Map.of("endpoint", "oracle", "band", List.of(0.0, 1.0)))))));
      DejaConfig config = DejaConfig.of(tree, "deja.yaml");
      try (TestServer s = TestServer.start(dir, Map.of(), b -> b.dejaConfig(config))) {
        String key = s.keyFor("agent");
        assertThat(s.send("POST", "/v1/memories", key, Map.of("content", STORED)).status()).isEqualTo(201);
        assertThat(up.judgeRequests()).as("nothing to compare with: no call").isEmpty();

        TestServer.Res dup = s.send("POST", "/v1/memories/check-duplicate", key, Map.of("content", REWORDED));
        assertThat(dup.map()).containsEntry("is_duplicate", true).containsEntry("existing_content", STORED)
            .containsEntry("stage", "combined").doesNotContainKey("warnings");
        assertThat(up.judgeRequests()).hasSize(1);
        // Only the two texts leave the machine (and the instructions): not the owner, the tenant or the key.
        String sent = up.judgeRequests().get(0);
        assertThat(sent).contains("\\\"existing\\\": \\\"" + STORED + "\\\", \\\"new\\\": \\\"" + REWORDED + "\\\"")
            .doesNotContain("agent").doesNotContain(key);

        TestServer.Res check = s.send("POST", "/v1/collections/memories/check", key,
            Map.of("item", Map.of("text", REWORDED)));
        assertThat(check.map()).containsEntry("outcome", "DUPLICATE");
        Map<String, Object> node = judgeNode(check);
        assertThat(node).containsEntry("name", "oracle").containsEntry("result", "same");
        assertThat(TestServer.obj(node.get("evidence"))).containsEntry("decision", "SAME")
            .containsEntry("reason", "the label of this pair says SAME").containsEntry("cached", "true")
            .containsEntry("model", "oracle:judge-oracle");
        assertThat(up.judgeRequests()).as("the second identical pair comes from the cache").hasSize(1);

        // A judge slower than the timeout, and one that is rate limited: the in-process decision, and it says so.
        for (String endpoint : List.of("slow", "limited")) {
          Map<String, Object> def = Map.of("name", endpoint, "preset", "memory", "stages", Map.of("combined",
              Map.of("judge", Map.of("endpoint", endpoint, "band", List.of(0.0, 1.0), "timeout_ms", 300))));
          assertThat(s.send("POST", "/v1/collections", key, def).status()).isEqualTo(201);
          s.send("POST", "/v1/collections/" + endpoint + "/items", key, Map.of("item", Map.of("text", STORED)));
          long t0 = System.nanoTime();
          TestServer.Res r = s.send("POST", "/v1/collections/" + endpoint + "/check", key,
              Map.of("item", Map.of("text", REWORDED)));
          assertThat((System.nanoTime() - t0) / 1_000_000).as("never waits for the slow judge's 10 s")
              .isLessThan(8_000);
          assertThat(r.status()).isEqualTo(200);
          assertThat(TestServer.list(r.map().get("warnings"))).singleElement().asString()
              .contains("judge '" + endpoint + "' unavailable for 1 candidate(s)")
              .contains("the in-process decision was used");
          assertThat(judgeNode(r)).containsEntry("result", "unavailable");
          assertThat((String) judgeNode(r).get("message")).startsWith("judge unavailable: ")
              .contains("; in-process decision: ");
        }

        String metrics = s.send("GET", "/metrics", null, null).text();
        assertThat(metrics).contains("deja_judge_calls_total{outcome=\"same\"} 1.0")
            .contains("deja_judge_calls_total{outcome=\"timeout\"} 1.0")
            .contains("deja_judge_calls_total{outcome=\"rate_limited\"} 1.0")
            .contains("deja_judge_cache_hits_total 1.0")
            .contains("deja_judge_fallbacks_total{reason=\"timeout\"} 1.0")
            .contains("deja_judge_fallbacks_total{reason=\"rate_limited\"} 1.0")
            .contains("deja_judge_latency_seconds_count 3");
      }
    }
  }

  @Test
  void aStageNamingAnEndpointThatIsNotConfiguredIsRefused(@TempDir Path dir) {
    try (TestServer s = TestServer.start(dir, Map.of())) {
      String key = s.keyFor("agent");
      TestServer.Res r = s.send("POST", "/v1/collections", key, Map.of("name", "facts", "preset", "memory",
          "stages", Map.of("combined", Map.of("judge", Map.of("endpoint", "nowhere")))));
      assertThat(r.status()).isEqualTo(400);
      assertThat((String) r.error().get("message")).contains("stages.combined.judge.endpoint: no judge endpoint "
          + "'nowhere' is configured");
    }
  }
}
