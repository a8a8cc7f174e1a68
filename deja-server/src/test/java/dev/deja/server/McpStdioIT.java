package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.deja.format.Json;
import dev.deja.server.mcp.McpStdio;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stdio MCP server as a separate process: it answers initialize, tools/list and tools/call as JSON-RPC lines,
 * and exits by itself when its stdin is closed (the SDK alone would keep running).
 */
class McpStdioIT {

  @Test
  void answersAndExitsWhenStdinCloses(@TempDir Path dir) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(java, "-DOPT_OUT_TRACKING=true", "-Dai.djl.offline=true", "-cp",
        System.getProperty("java.class.path"), McpStdio.class.getName(), "--data", dir.toString(), "--tenant", "cli")
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      OutputStream in = p.getOutputStream();
      BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
      send(in, Map.of("jsonrpc", "2.0", "id", 1, "method", "initialize", "params", Map.of("protocolVersion",
          "2025-06-18", "capabilities", Map.of(), "clientInfo", Map.of("name", "test", "version", "1"))));
      Map<String, Object> init = read(out);
      assertThat(init.get("id")).isEqualTo(1);
      assertThat(((Map<?, ?>) ((Map<?, ?>) init.get("result")).get("serverInfo")).get("name")).isEqualTo("deja");
      send(in, Map.of("jsonrpc", "2.0", "method", "notifications/initialized"));
      send(in, Map.of("jsonrpc", "2.0", "id", 2, "method", "tools/list"));
      Map<String, Object> list = read(out);
      assertThat((List<?>) ((Map<?, ?>) list.get("result")).get("tools")).hasSize(6);
      send(in, Map.of("jsonrpc", "2.0", "id", 3, "method", "tools/call", "params", Map.of("name", "check_duplicate",
          "arguments", Map.of("collection", "nope", "item", Map.of("text", "x")))));
      Map<String, Object> call = read(out);
      Map<?, ?> result = (Map<?, ?>) call.get("result");
      assertThat(result.get("isError")).isEqualTo(true);
      assertThat(String.valueOf(result.get("content"))).contains("collection 'nope' does not exist");

      in.close();
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the process exits when stdin closes").isTrue();
      assertThat(p.exitValue()).isZero();
    } finally {
      p.destroyForcibly();
    }
  }

  private static void send(OutputStream in, Map<String, Object> message) throws Exception {
    in.write((Json.write(message) + "\n").getBytes(StandardCharsets.UTF_8));
    in.flush();
  }

  private static Map<String, Object> read(BufferedReader out) throws Exception {
    String line = out.readLine();
    assertThat(line).as("a response line").isNotNull();
    return Json.MAPPER.readValue(line, new TypeReference<Map<String, Object>>() {});
  }
}
