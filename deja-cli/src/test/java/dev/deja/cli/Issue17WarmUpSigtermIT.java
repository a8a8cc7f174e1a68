package dev.deja.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import dev.deja.format.Json;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17 item 6: SIGTERM to a real {@code deja serve} while the embedding model warms up (ONNX session creation in
 * the {@code deja-embedder-warm-up} thread) must stop the process cleanly — exit status 143 (the JVM's answer to
 * SIGTERM after its shutdown hooks), no SIGSEGV or abort, no {@code hs_err_pid*.log} — instead of the JVM exiting
 * (and ONNX Runtime's static objects being destroyed) while that thread is inside ONNX Runtime. Before the fix, 5 of 7
 * such signals crashed the process (exit 134).
 *
 * <p>Each try asks {@code /health} just before the signal whether the model is still {@code loading}, so that the test
 * knows the signal landed during the warm-up: at least two must have, or the test fails (it would otherwise pass
 * without exercising the race).
 */
class Issue17WarmUpSigtermIT {
  private static final Pattern SERVING = Pattern.compile("serving on (http://[^ ]+)");

  @Test
  void sigtermDuringWarmUpStopsCleanly(@TempDir Path dir) throws Exception {
    int duringWarmUp = 0;
    List<String> seen = new ArrayList<>();
    for (int delayMillis : new int[] {0, 0, 100, 200, 400}) {
      String state = sigterm(dir.resolve("try-" + seen.size()), delayMillis);
      seen.add(delayMillis + " ms: " + state);
      if (state.equals("loading")) {
        duringWarmUp++;
      }
    }
    assertThat(duringWarmUp).as("signals that landed while the model was loading: %s", seen).isGreaterThanOrEqualTo(2);
  }

  /** Starts deja serve, waits, asks /health, sends SIGTERM; asserts a clean stop; returns the embedder's state. */
  private static String sigterm(Path dir, int delayMillis) throws Exception {
    Files.createDirectories(dir);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb = new ProcessBuilder(java, "-Xmx512m", "-DOPT_OUT_TRACKING=true", "-Dai.djl.offline=true",
        "-XX:ErrorFile=" + dir.resolve("hs_err_pid%p.log"), "-cp", System.getProperty("java.class.path"),
        Main.class.getName(), "serve", "--port", "0", "--data", dir.resolve("data").toString());
    pb.environment().put("DEJA_ADMIN_KEY", "warm-up-admin-key-0123456789");
    pb.environment().put("DEJA_SERVER_WARM_UP", "true");
    pb.directory(dir.toFile());
    pb.redirectErrorStream(true);
    Process p = pb.start();
    ProcessOutput output = new ProcessOutput(p, SERVING, "serve-output");
    try {
      String base = output.announced(120);
      assertThat(base).as("%s", output.text()).isNotEmpty();
      Thread.sleep(delayMillis);
      HttpResponse<String> health = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(base
          + "/health")).timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
      @SuppressWarnings("unchecked")
      Map<String, Object> checks = (Map<String, Object>) Json.object(health.body(), "health").get("checks");
      String state = String.valueOf(((Map<?, ?>) checks.get("embedder")).get("status"));
      p.destroy(); // SIGTERM
      assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("stopped").isTrue();
      String out = output.finish();
      try (Stream<Path> files = Files.list(dir)) {
        assertThat(files.map(f -> f.getFileName().toString())).as(out).noneMatch(n -> n.startsWith("hs_err"));
      }
      assertThat(out).doesNotContain("SIGSEGV").doesNotContain("A fatal error has been detected");
      assertThat(p.exitValue()).as("exit status after SIGTERM %d ms after start (model %s): %s", delayMillis, state,
          out).isEqualTo(143);
      return state;
    } finally {
      p.destroyForcibly();
    }
  }
}
