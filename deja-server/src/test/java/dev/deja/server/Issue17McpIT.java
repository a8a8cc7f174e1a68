package dev.deja.server;

import static dev.deja.server.HostileInputsContract.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17 on {@code /mcp}: a session serves the key that opened it only (item 10), and malformed messages and the
 * SDK's own refusals are 4xx in the API's error shape, never a 500 with a Java exception (item 8).
 */
class Issue17McpIT {
  @TempDir
  static Path dir;
  static TestServer server;
  static final Map<String, String> ACCEPT = Map.of("Accept", "application/json, text/event-stream");
  static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
      + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

  @BeforeAll
  static void start() {
    server = TestServer.start(dir, Map.of());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static String open(String key) {
    TestServer.Res r = server.send("POST", "/mcp", key, INITIALIZE, ACCEPT);
    assertThat(r.status()).as(r.text()).isEqualTo(200);
    return r.header("Mcp-Session-Id");
  }

  private static Map<String, String> session(String id) {
    return Map.of("Accept", "application/json, text/event-stream", "Mcp-Session-Id", id);
  }

  @Test
  void anotherKeyCanNeitherUseNorCloseASession() {
    String a = server.keyFor("mcp-a");
    String b = server.keyFor("mcp-b");
    String sameTenant = server.keyFor("mcp-a");
    String id = open(a);
    String list = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";
    for (String other : new String[] {b, sameTenant}) {
      assertError(server.send("POST", "/mcp", other, list, session(id)), 404, "not_found");
      assertError(server.send("GET", "/mcp", other, null, session(id)), 404, "not_found");
      assertError(server.send("DELETE", "/mcp", other, null, session(id)), 404, "not_found");
    }
    // The owner's session is intact: it still answers, and only the owner closes it.
    assertThat(server.send("POST", "/mcp", a, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
        session(id)).status()).isEqualTo(202);
    assertThat(server.send("DELETE", "/mcp", a, null, session(id)).status()).isEqualTo(200);
    assertError(server.send("DELETE", "/mcp", a, null, session(id)), 404, "not_found");
    assertError(server.send("POST", "/mcp", a, list, session("no-such-session")), 404, "not_found");
  }

  @Test
  void theSdksClientStillWorksOverItsOwnSession() {
    String key = server.keyFor("mcp-client");
    HttpClientStreamableHttpTransport t = HttpClientStreamableHttpTransport.builder(server.base).endpoint("/mcp")
        .requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer " + key)).build();
    try (McpSyncClient c = McpClient.sync(t).requestTimeout(Duration.ofSeconds(60))
        .initializationTimeout(Duration.ofSeconds(30)).build()) {
      c.initialize();
      assertThat(c.listTools().tools()).isNotEmpty();
      assertThat(c.callTool(new McpSchema.CallToolRequest("remember", Map.of("fact", "The user likes tea")))
          .isError()).isFalse();
    }
  }

  @Test
  void malformedMessagesAre400sInTheErrorShape() {
    String key = server.keyFor("mcp-bad");
    assertError(server.send("POST", "/mcp", key, "null", ACCEPT), 400, "invalid_request");
    TestServer.Res v1 = server.send("POST", "/mcp", key, "{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"initialize\"}",
        ACCEPT);
    assertError(v1, 400, "invalid_request");
    assertThat(v1.error().get("details")).isEqualTo(Map.of("field", "jsonrpc"));
    TestServer.Res charset = server.send("POST", "/mcp", key, INITIALIZE, Map.of("Accept",
        "application/json, text/event-stream", "Content-Type", "application/json; charset=bogus"));
    assertError(charset, 400, "invalid_request");
    assertThat((String) charset.error().get("message")).contains("charset");
    assertError(server.send("POST", "/mcp", key, "{", ACCEPT), 400, "malformed_json");
    assertError(server.send("POST", "/mcp", key, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\","
        + "\"params\":{}}", ACCEPT), 400, "invalid_request");
    assertError(server.send("POST", "/mcp", key, "{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"x\"}", ACCEPT), 400,
        "invalid_request");
    // The SDK's own refusals: no Accept for the event stream, no session.
    TestServer.Res accept = server.send("POST", "/mcp", key, INITIALIZE, Map.of("Accept", "text/html"));
    assertError(accept, 400, "invalid_request");
    assertThat(accept.text()).doesNotContain("stackTrace").doesNotContain("jsonRpcError");
    assertError(server.send("POST", "/mcp", key, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
        ACCEPT), 400, "invalid_request");
    assertError(server.send("PUT", "/mcp", key, INITIALIZE, ACCEPT), 405, "method_not_allowed");
  }
}
