package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.deja.format.Json;
import dev.deja.server.mcp.McpStdio;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18, item 7 (and item 1 over stdio): {@code deja mcp}'s server as a process, its whole input piped at once and
 * stdin closed at once, as {@code printf ... | deja mcp} does: every request is answered, in the order sent, before
 * the process exits, and every remembered fact is stored (a second process finds them).
 */
class Issue18StdioIT {
  static final List<String> FACTS = List.of("The user's daughter is called Mila", "The user drives a blue Volvo",
      "The user is allergic to penicillin", "The user's gym is on Kerkstraat", "The user plays the cello",
      "The user's dentist is Dr. Jansen", "The user prefers window seats", "The user's birthday is on 3 May");

  @Test
  void pipedCallsAreAllAnsweredInOrderAndStoredBeforeTheProcessExits(@TempDir Path dir) throws Exception {
    List<String> lines = new ArrayList<>();
    lines.add(initialize());
    lines.add(Json.write(Map.of("jsonrpc", "2.0", "method", "notifications/initialized")));
    int id = 2;
    // Item 1: the calendar before its first write is NEW, over stdio too.
    lines.add(call(id++, "check_duplicate", Map.of("collection", "calendar", "item", Map.of("title", "Dentist",
        "start", "2026-03-02T14:00"))));
    for (String fact : FACTS) {
      lines.add(call(id++, "remember", Map.of("fact", fact)));
    }
    List<Map<String, Object>> answers = run(dir, lines);
    assertThat(answers).extracting(a -> ((Number) a.get("id")).intValue())
        .as("every request answered, in the order sent").containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    assertThat(text(answers.get(1))).isEqualTo("NEW: nothing in 'calendar' duplicates it.");
    for (int i = 2; i < answers.size(); i++) {
      assertThat(text(answers.get(i))).startsWith("Remembered (id ");
    }

    // A second process over the same data directory finds each fact.
    List<String> again = new ArrayList<>();
    again.add(initialize());
    again.add(Json.write(Map.of("jsonrpc", "2.0", "method", "notifications/initialized")));
    id = 2;
    for (String fact : FACTS) {
      again.add(call(id++, "check_duplicate", Map.of("collection", "memories", "item", Map.of("text", fact))));
    }
    List<Map<String, Object>> checks = run(dir, again);
    assertThat(checks).hasSize(FACTS.size() + 1);
    for (int i = 1; i < checks.size(); i++) {
      assertThat(text(checks.get(i))).as(FACTS.get(i - 1)).startsWith("DUPLICATE: 1 match(es)");
    }
  }

  @Test
  void anInitializeAloneIsAnsweredBeforeTheProcessExits(@TempDir Path dir) throws Exception {
    List<Map<String, Object>> answers = run(dir, List.of(initialize()));
    assertThat(answers).hasSize(1);
    assertThat(answers.get(0)).containsKey("result");
  }

  private static String initialize() {
    return Json.write(Map.of("jsonrpc", "2.0", "id", 1, "method", "initialize", "params", Map.of("protocolVersion",
        "2025-06-18", "capabilities", Map.of(), "clientInfo", Map.of("name", "test", "version", "1"))));
  }

  private static String call(int id, String tool, Map<String, Object> args) {
    return Json.write(Map.of("jsonrpc", "2.0", "id", id, "method", "tools/call", "params", Map.of("name", tool,
        "arguments", args)));
  }

  @SuppressWarnings("unchecked")
  private static String text(Map<String, Object> answer) {
    Map<String, Object> result = (Map<String, Object>) answer.get("result");
    assertThat(result).as(String.valueOf(answer)).isNotNull();
    return (String) ((Map<String, Object>) ((List<Object>) result.get("content")).get(0)).get("text");
  }

  /** Starts the server, writes every line and closes stdin at once, and reads answers until the process ends. */
  private static List<Map<String, Object>> run(Path dir, List<String> lines) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(java, "-DOPT_OUT_TRACKING=true", "-Dai.djl.offline=true", "-cp",
        System.getProperty("java.class.path"), McpStdio.class.getName(), "--data", dir.toString(), "--tenant", "cli")
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      try (var in = p.getOutputStream()) {
        in.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
      }
      List<Map<String, Object>> out = new ArrayList<>();
      try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        String line;
        while ((line = r.readLine()) != null) {
          Map<String, Object> m = Json.MAPPER.readValue(line, new TypeReference<Map<String, Object>>() {});
          if (m.containsKey("id")) {
            out.add(m);
          }
        }
      }
      assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the process exits after the last answer").isTrue();
      assertThat(p.exitValue()).isZero();
      return out;
    } finally {
      p.destroyForcibly();
    }
  }
}
