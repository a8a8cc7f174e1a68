package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** /metrics in the Prometheus format with the server's counters and histograms; /health with liveness and readiness. */
class MetricsHealthIT {
  /** The model the memory preset's classifier embeds with. */
  static final String MEMORY_MODEL = (String) dev.deja.format.Presets.spec("memory").stage("combined").orElseThrow()
      .options().get("model");

  @Test
  void metricsCountChecksPutsDuplicatesAndLatencies(@TempDir Path dir) {
    try (TestServer s = TestServer.start(dir, Map.of("warm_up", true))) {
      String key = s.keyFor("ops");
      s.send("POST", "/v1/collections", key, Map.of("name", "notes", "preset", "text"));
      s.send("POST", "/v1/collections/notes/items", key, Map.of("item", Map.of("text", "Water the plants")));
      s.send("POST", "/v1/collections/notes/items", key, Map.of("item", Map.of("text", "water the plants")));
      s.send("POST", "/v1/collections/notes/check", key, Map.of("item", Map.of("text", "Water the plants!")));
      s.send("POST", "/v1/memories/check-duplicate", key, Map.of("content", "Likes jazz"));
      TestServer.Res m = s.send("GET", "/metrics", null, null);
      assertThat(m.status()).isEqualTo(200);
      assertThat(m.header("content-type")).startsWith("text/plain");
      assertThat(m.text())
          .contains("deja_checks_total{outcome=\"DUPLICATE\",surface=\"http\"} 1.0")
          .contains("deja_puts_total{action=\"CREATED\",surface=\"http\"} 1.0")
          .contains("deja_puts_total{action=\"REJECTED\",surface=\"http\"} 1.0")
          .contains("deja_duplicates_detected_total{stage=\"exact\"} 2.0")
          .contains("deja_check_seconds_bucket")
          .contains("deja_put_seconds_bucket")
          .contains("deja_http_requests_seconds_bucket{method=\"POST\",route=\"/v1/collections/{name}/items\"")
          .contains("deja_embedder_seconds_count{model=\"" + MEMORY_MODEL + "\"}")
          .contains("deja_embedder_errors_total{model=\"" + MEMORY_MODEL + "\"} 0.0")
          .contains("jvm_memory_used_bytes");
    }
  }

  @Test
  void healthReportsLivenessAndReadinessOfStoreAndEmbedder(@TempDir Path dir) {
    try (TestServer s = TestServer.start(dir, Map.of())) {
      TestServer.Res h = s.send("GET", "/health", null, null);
      assertThat(h.status()).isEqualTo(200);
      assertThat(h.map()).containsEntry("status", "ok").containsEntry("live", true).containsEntry("ready", true);
      Map<String, Object> checks = TestServer.obj(h.map().get("checks"));
      assertThat(TestServer.obj(checks.get("store"))).containsEntry("status", "ok");
      assertThat(TestServer.obj(checks.get("embedder"))).containsKey("status");
      assertThat(s.send("GET", "/health/live", null, null).status()).isEqualTo(200);
      assertThat(s.send("GET", "/health/ready", null, null).status()).isEqualTo(200);
    }
  }

  @Test
  void aFailingEmbedderMakesTheServerUnreadyAndSemanticCalls503(@TempDir Path dir) {
    dev.deja.core.embed.Embedder broken = new dev.deja.core.embed.Embedder() {
      @Override
      public String model() {
        return MEMORY_MODEL;
      }

      @Override
      public int dimension() {
        return 8;
      }

      @Override
      public float[] embed(String text) {
        throw new dev.deja.core.embed.EmbeddingException("model file unreadable", true);
      }
    };
    try (TestServer s = TestServer.start(dir, Map.of(), b -> b.embedders(dev.deja.core.embed.EmbedderProvider.of(
        Map.of(MEMORY_MODEL, broken))))) {
      String key = s.keyFor("ops");
      // The memory preset's combined stage fails closed (on_embedder_failure: closed): the call is a retriable 503.
      TestServer.Res r = s.send("POST", "/v1/memories/check-duplicate", key, Map.of("content", "Likes jazz"));
      assertThat(r.status()).isEqualTo(503);
      assertThat(r.error().get("code")).isEqualTo("unavailable");
      assertThat(TestServer.obj(r.error().get("details"))).containsEntry("retriable", true);
      assertThat(r.header("Retry-After")).isEqualTo("1");
      TestServer.Res h = s.send("GET", "/health", null, null);
      assertThat(h.status()).isEqualTo(503);
      assertThat(h.map()).containsEntry("ready", false).containsEntry("live", true);
      assertThat(s.send("GET", "/metrics", null, null).text())
          .contains("deja_embedder_errors_total{model=\"" + MEMORY_MODEL + "\"} 1.0");
    }
  }
}
