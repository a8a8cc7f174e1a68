package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.deja.format.DejaConfig;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A deja.yaml's remote {@code embedders:} are the server's too: a stage naming one embeds through the endpoint (a
 * local OpenAI-compatible fake that answers one fixed vector per input), as {@code deja check} and {@code deja eval}
 * do.
 */
class ConfiguredEmbeddersServerIT {
  @Test
  void aSemanticStageNamingAConfiguredEndpointEmbedsThroughIt(@TempDir Path dir) throws Exception {
    AtomicInteger calls = new AtomicInteger();
    HttpServer fake = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    fake.createContext("/v1/embeddings", ex -> {
      calls.incrementAndGet();
      String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      // {"model": ..., "input": ["text", ...]}: one vector per string of the input array (texts hold no quotes here).
      int at = body.indexOf("\"input\"");
      String array = body.substring(body.indexOf('[', at), body.indexOf(']', at));
      int inputs = (int) array.chars().filter(ch -> ch == '"').count() / 2;
      StringBuilder data = new StringBuilder();
      for (int i = 0; i < inputs; i++) {
        data.append(i == 0 ? "" : ",").append("{\"index\":").append(i).append(",\"embedding\":[0.6,0.8,0.0]}");
      }
      byte[] out = ("{\"data\":[" + data + "],\"model\":\"tiny\"}").getBytes(StandardCharsets.UTF_8);
      ex.getResponseHeaders().add("Content-Type", "application/json");
      ex.sendResponseHeaders(200, out.length);
      try (OutputStream os = ex.getResponseBody()) {
        os.write(out);
      }
    });
    fake.start();
    try {
      String base = "http://127.0.0.1:" + fake.getAddress().getPort() + "/v1";
      Map<String, Object> tree = Map.of(
          "embedders", Map.of("tiny", Map.of("type", "openai", "base_url", base, "model", "tiny", "dimension", 3,
              "cache_size", 0)),
          "collections", Map.of("notes", Map.of("preset", "text", "stages", Map.of(
              "exact", Map.of("enabled", false),
              "fuzzy", Map.of("enabled", false),
              "semantic", Map.of("enabled", true, "model", "tiny", "similarity_threshold", 0.9)))));
      DejaConfig config = DejaConfig.of(tree, "deja.yaml");
      try (TestServer s = TestServer.start(dir, Map.of(), b -> b.dejaConfig(config))) {
        String key = s.keyFor("acme");
        TestServer.Res first = s.send("POST", "/v1/collections/notes/items", key,
            Map.of("id", "n1", "item", Map.of("text", "Buy oat milk")));
        assertThat(first.status()).as(first.text()).isIn(200, 201);
        TestServer.Res check = s.send("POST", "/v1/collections/notes/check", key,
            Map.of("item", Map.of("text", "Something else entirely")));
        assertThat(check.status()).as(check.text()).isEqualTo(200);
        // Every text embeds to the same vector: the endpoint was asked, and its answer decided.
        assertThat(check.map()).as(check.text()).containsEntry("outcome", "DUPLICATE");
        assertThat(calls.get()).isGreaterThanOrEqualTo(2);
      }
    } finally {
      fake.stop(0);
    }
  }
}
