package dev.deja.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.format.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM to a real {@code deja mcp} while a {@code remember} call is loading the embedding model and embedding the
 * fact: the process must answer that call, hand on nothing after it, and stop cleanly — exit status 143, no SIGSEGV,
 * no {@code hs_err_pid*.log} — rather than let ONNX Runtime's shutdown hook free its environment under the running
 * call (as {@code deja serve} did before issue 17). A call sent after the signal is not answered.
 *
 * <p>A request is "running" once the server has read it from its input. A signal that comes before that (the request
 * still in the pipe) stops the server before the request is handed on: it is then not answered, which is the contract
 * too (a client sees its input end, as for any stopped server). So the try at 0 ms — the server reads the line within
 * microseconds, but on a loaded machine not always before the signal is handled — only checks the clean stop; the
 * later tries, still while the model loads (it takes about a second), check that the call is answered.
 */
class McpSigtermIT {

  @Test
  void sigtermDuringAnEmbeddingCallAnswersItAndStopsCleanly(@TempDir Path dir) throws Exception {
    for (int delayMillis : new int[] {0, 100, 300, 900}) {
      sigterm(dir.resolve("try-" + delayMillis), delayMillis, delayMillis > 0);
    }
  }

  private static void sigterm(Path dir, int delayMillis, boolean callRead) throws Exception {
    Files.createDirectories(dir);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(java, "-Xmx512m", "-DOPT_OUT_TRACKING=true", "-Dai.djl.offline=true",
        "-XX:ErrorFile=" + dir.resolve("hs_err_pid%p.log"), "-cp", System.getProperty("java.class.path"),
        Main.class.getName(), "mcp", "--data", dir.resolve("data").toString(), "--tenant", "t")
        .directory(dir.toFile()).redirectError(dir.resolve("stderr.txt").toFile()).start();
    try {
      OutputStream in = p.getOutputStream();
      BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
      send(in, Map.of("jsonrpc", "2.0", "id", 1, "method", "initialize", "params", Map.of("protocolVersion",
          "2025-06-18", "capabilities", Map.of(), "clientInfo", Map.of("name", "test", "version", "1"))));
      assertThat(out.readLine()).as("the initialize answer").contains("\"id\":1");
      send(in, Map.of("jsonrpc", "2.0", "method", "notifications/initialized"));
      send(in, Map.of("jsonrpc", "2.0", "id", 2, "method", "tools/call", "params", Map.of("name", "remember",
          "arguments", Map.of("fact", "I am allergic to sesame."))));
      Thread.sleep(delayMillis);
      p.toHandle().destroy(); // SIGTERM (the handle keeps our pipes open), while the call loads the model or embeds
      Thread.sleep(50);
      try {
        send(in, Map.of("jsonrpc", "2.0", "id", 3, "method", "tools/call", "params", Map.of("name", "remember",
            "arguments", Map.of("fact", "I live in Leeds."))));
      } catch (IOException gone) {
        // the process may already have exited
      }
      List<String> lines = new ArrayList<>();
      for (String line; (line = out.readLine()) != null; ) {
        lines.add(line);
      }
      assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("stopped").isTrue();
      String err = Files.readString(dir.resolve("stderr.txt"));
      try (Stream<Path> files = Files.list(dir)) {
        assertThat(files.map(f -> f.getFileName().toString())).as(err).noneMatch(n -> n.startsWith("hs_err"));
      }
      assertThat(err).doesNotContain("SIGSEGV").doesNotContain("A fatal error has been detected");
      assertThat(p.exitValue()).as("exit status, SIGTERM %d ms after the call: %s", delayMillis, err).isEqualTo(143);
      assertThat(lines).as("the call sent after the signal is not answered (SIGTERM %d ms after the call)",
          delayMillis).noneMatch(l -> l.contains("\"id\":3"));
      if (callRead) {
        assertThat(lines).as("the call running when the signal came (%d ms after it) is answered: %s", delayMillis,
            err).anyMatch(l -> l.contains("\"id\":2"));
      }
      for (String line : lines.stream().filter(l -> l.contains("\"id\":2")).toList()) {
        assertThat(Json.object(line, "answer")).as("an answer, not an error").containsKey("result");
      }
    } finally {
      p.destroyForcibly();
    }
  }

  private static void send(OutputStream in, Map<String, Object> message) throws IOException {
    in.write((Json.write(message) + "\n").getBytes(StandardCharsets.UTF_8));
    in.flush();
  }
}
