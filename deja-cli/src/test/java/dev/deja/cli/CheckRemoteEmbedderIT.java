package dev.deja.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.deja.format.Json;
import dev.deja.testkit.HashingEmbedder;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code deja check --config} with a remote embedder from the config's {@code embedders:} section. */
class CheckRemoteEmbedderIT {
  @TempDir
  Path dir;
  private HttpServer server;
  private volatile int status = 200;
  private final AtomicInteger requests = new AtomicInteger();

  @BeforeEach
  void start() throws IOException {
    HashingEmbedder vectors = new HashingEmbedder();
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/v1/embeddings", ex -> {
      try (ex) {
        requests.incrementAndGet();
        @SuppressWarnings("unchecked")
        List<String> inputs = (List<String>) Json.object(new String(ex.getRequestBody().readAllBytes(),
            StandardCharsets.UTF_8), "request").get("input");
        String body;
        if (status == 200) {
          List<Map<String, Object>> data = new ArrayList<>();
          for (int i = 0; i < inputs.size(); i++) {
            List<Float> v = new ArrayList<>();
            for (float x : vectors.embed(inputs.get(i))) {
              v.add(x);
            }
            data.add(Map.of("index", i, "embedding", v));
          }
          body = Json.write(Map.of("data", data));
        } else {
          body = "{\"error\": {\"message\": \"upstream down\"}}";
        }
        byte[] out = body.getBytes(StandardCharsets.UTF_8);
        ex.sendResponseHeaders(status, out.length);
        ex.getResponseBody().write(out);
      }
    });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private Path config(String onFailure) throws IOException {
    Path c = dir.resolve("deja.yaml");
    Files.writeString(c, """
        embedders:
          cloud:
            type: openai
            base_url: "http://127.0.0.1:%d/v1"
            model: fake-model
            dimension: 384
            retries: 0
        presets:
          memory:
            stages:
              # The preset's classifier is fitted on its own model's cosines: a remote model goes in the semantic
              # stage, switched on in its place.
              combined: {enabled: false}
              semantic: {enabled: true, model: cloud, similarity_threshold: 0.6, on_embedder_failure: %s}
        """.formatted(server.getAddress().getPort(), onFailure));
    Files.writeString(dir.resolve("memories.jsonl"), "{\"id\": \"m1\", \"text\": \"The user prefers dark mode in "
        + "the editor\"}\n");
    return c;
  }

  private CliRunner.Result check(Path config, String text) {
    return CliRunner.run("check", "--preset", "memory", "--config", config.toString(), "--existing",
        dir.resolve("memories.jsonl").toString(), "{\"text\": \"" + text + "\"}");
  }

  @Test
  void aSemanticStageUsesTheConfiguredEndpoint() throws IOException {
    CliRunner.Result r = check(config("closed"), "user prefers dark mode in editor");
    assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(Main.DUPLICATE);
    assertThat(r.out()).contains("m1").contains("via semantic").contains("cloud:fake-model");
    assertThat(requests.get()).isPositive();
  }

  @Test
  void failClosedIsAnEmbedderErrorWithExitCode4() throws IOException {
    Path c = config("closed");
    status = 500;
    CliRunner.Result r = check(c, "user prefers dark mode in editor");
    assertThat(r.exit()).isEqualTo(Main.FAILURE);
    assertThat(r.err()).startsWith("deja: embedder error: ").contains("HTTP 500").contains("upstream down")
        .contains("may succeed if retried");
  }

  @Test
  void failOpenChecksWithoutTheSemanticStageAndSaysSo() throws IOException {
    Path c = config("open");
    status = 503;
    CliRunner.Result r = check(c, "The user prefers dark mode in the editor");
    assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(Main.DUPLICATE);
    assertThat(r.out()).contains("via exact").contains("stage 'semantic' has no embedding");
  }
}
