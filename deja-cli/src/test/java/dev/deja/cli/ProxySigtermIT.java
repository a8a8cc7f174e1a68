package dev.deja.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.testkit.FakeUpstream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM to a real {@code deja proxy} with the semantic layer (an in-process embedding model) while a streamed answer
 * is being filtered: the process must finish the answer it is filtering and stop cleanly — exit status 143, no
 * SIGSEGV, no {@code hs_err_pid*.log} — rather than let ONNX Runtime's shutdown hook free its environment under an
 * embedding.
 */
class ProxySigtermIT {
  private static final Pattern LISTENING = Pattern.compile("deja proxy: (http://[^ ]+)/v1/chat/completions");

  @Test
  void sigtermDuringAFilteredAnswerFinishesItAndStopsCleanly(@TempDir Path dir) throws Exception {
    try (FakeUpstream upstream = new FakeUpstream()) {
      for (int delayMillis : new int[] {20, 120}) {
        sigterm(dir.resolve("try-" + delayMillis), upstream, delayMillis);
      }
    }
  }

  private static void sigterm(Path dir, FakeUpstream upstream, int delayMillis) throws Exception {
    Files.createDirectories(dir);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(java, "-Xmx512m", "-DOPT_OUT_TRACKING=true", "-Dai.djl.offline=true",
        "-XX:ErrorFile=" + dir.resolve("hs_err_pid%p.log"), "-cp", System.getProperty("java.class.path"),
        Main.class.getName(), "proxy", "--upstream", upstream.base(), "--port", "0", "--model",
        "all-minilm-l6-v2-q").directory(dir.toFile()).redirectErrorStream(true).start();
    ProcessOutput output = new ProcessOutput(p, LISTENING, "proxy-output");
    try {
      String base = output.announced(120);
      assertThat(base).as("%s", output.text()).isNotEmpty();
      // "slow" streams the answer with 15 ms between chunks: the filter embeds its sentences as they complete.
      HttpResponse<java.io.InputStream> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
          URI.create(base + "/v1/chat/completions")).timeout(Duration.ofSeconds(60))
          .header("content-type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString("{\"model\":\"slow\",\"stream\":true,\"messages\":[{\"role\":"
              + "\"user\",\"content\":\"Vietnamese places open late?\"}]}")).build(),
          HttpResponse.BodyHandlers.ofInputStream());
      // The answer has started (its headers are here); the signal lands while it is being filtered.
      Thread.sleep(delayMillis);
      p.toHandle().destroy(); // SIGTERM
      String body = new String(r.body().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("stopped").isTrue();
      String out = output.finish();
      try (Stream<Path> files = Files.list(dir)) {
        assertThat(files.map(f -> f.getFileName().toString())).as(out).noneMatch(n -> n.startsWith("hs_err"));
      }
      assertThat(out).doesNotContain("SIGSEGV").doesNotContain("A fatal error has been detected");
      assertThat(p.exitValue()).as("exit status, SIGTERM %d ms into the answer: %s", delayMillis, out)
          .isEqualTo(143);
      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(body).as("the answer being filtered when the signal came is finished").contains("[DONE]");
    } finally {
      p.destroyForcibly();
    }
  }
}
