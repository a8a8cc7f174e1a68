package dev.deja.server;

import static dev.deja.server.HostileInputsContract.assertError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18, the MCP items over streamable HTTP: with the SDK's own Java client (built-in collections before their
 * first write, refusals with structured content in one style, unknown tools named, the search text limit, annotations
 * and output schemas, add_definition, remember's workspace) and on the wire (no event ids, transport errors without a
 * stack trace).
 */
class Issue18McpIT {
  @TempDir
  static Path dir;
  static TestServer server;
  static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
      + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
  static final Map<String, String> ACCEPT = Map.of("Accept", "application/json, text/event-stream");

  @BeforeAll
  static void start() {
    server = TestServer.start(dir, Map.of());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static McpSyncClient client(String key) {
    HttpClientStreamableHttpTransport t = HttpClientStreamableHttpTransport.builder(server.base).endpoint("/mcp")
        .requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer " + key)).build();
    McpSyncClient c = McpClient.sync(t).requestTimeout(Duration.ofSeconds(60))
        .initializationTimeout(Duration.ofSeconds(30)).build();
    c.initialize();
    return c;
  }

  static McpSchema.CallToolResult call(McpSyncClient c, String tool, Map<String, Object> args) {
    return c.callTool(new McpSchema.CallToolRequest(tool, args));
  }

  static String text(McpSchema.CallToolResult r) {
    return ((McpSchema.TextContent) r.content().get(0)).text();
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> errorOf(McpSchema.CallToolResult r) {
    assertThat(r.isError()).as(text(r)).isTrue();
    assertThat(r.structuredContent()).as("structured content of an error result").isInstanceOf(Map.class);
    return (Map<String, Object>) ((Map<String, Object>) r.structuredContent()).get("error");
  }

  @Test
  void item1CheckingABuiltInCollectionBeforeItsFirstWriteIsNew() {
    try (McpSyncClient c = client(server.keyFor("fresh-tenant"))) {
      McpSchema.CallToolResult cal = call(c, "check_duplicate", Map.of("collection", "calendar", "item",
          Map.of("title", "Dentist", "start", "2026-03-02T14:00")));
      assertThat(cal.isError()).as(text(cal)).isFalse();
      assertThat(text(cal)).isEqualTo("NEW: nothing in 'calendar' duplicates it.");
      McpSchema.CallToolResult mem = call(c, "check_duplicate", Map.of("collection", "memories", "item",
          Map.of("text", "The user likes tea")));
      assertThat(text(mem)).isEqualTo("NEW: nothing in 'memories' duplicates it.");
      McpSchema.CallToolResult glossary = call(c, "check_duplicate", Map.of("collection", "glossary", "item",
          Map.of("term", "Verificatie")));
      assertThat(text(glossary)).isEqualTo("NEW: nothing in 'glossary' duplicates it.");
      // A collection that is not built in still does not exist, and the error is structured.
      Map<String, Object> e = errorOf(call(c, "check_duplicate", Map.of("collection", "nope", "item", Map.of())));
      assertThat(e.get("code")).isEqualTo("not_found");
    }
  }

  @Test
  void item5ErrorsCarryStructuredContentInOneStyle() {
    try (McpSyncClient c = client(server.keyFor("errors"))) {
      Map<String, Object> blank = errorOf(call(c, "remember", Map.of("fact", "   ")));
      assertThat(blank).containsEntry("code", "invalid_request")
          .containsEntry("message", "Invalid arguments for remember: argument 'fact' must not be blank");
      Map<String, Object> missing = errorOf(call(c, "remember", Map.of()));
      assertThat(missing.get("message")).isEqualTo("Invalid arguments for remember: argument 'fact' is required");
      // A wrongly typed argument (was the SDK's schema validator: "Tool (remember) input validation failed: ...").
      Map<String, Object> typed = errorOf(call(c, "remember", Map.of("fact", 3)));
      assertThat(typed.get("message"))
          .isEqualTo("Invalid arguments for remember: argument 'fact' must be a string, got a number");
      Map<String, Object> unknown = errorOf(call(c, "remember", Map.of("fact", "x", "colour", "red")));
      assertThat(unknown.get("message")).isEqualTo("Invalid arguments for remember: argument 'colour' is not a "
          + "parameter of remember; its parameters are: fact, category, workspace, force");
      Map<String, Object> date = errorOf(call(c, "add_calendar_event", Map.of("summary", "x", "start_time",
          "next tuesday")));
      assertThat(date.get("code")).isEqualTo("invalid_request");
      assertThat((String) date.get("message")).startsWith("Invalid arguments for add_calendar_event: ");

      // An unknown tool: still JSON-RPC -32602 (the MCP specification's code), but naming the tool and the tools.
      assertThatThrownBy(() -> call(c, "invalid_tool", Map.of())).isInstanceOfSatisfying(McpError.class, e -> {
        assertThat(e.getJsonRpcError().code()).isEqualTo(McpSchema.ErrorCodes.INVALID_PARAMS);
        assertThat(e.getJsonRpcError().message()).isEqualTo("Unknown tool 'invalid_tool'; the tools are: remember, "
            + "add_calendar_event, search_calendar_events, check_duplicate, find_duplicate_definitions, "
            + "add_definition (tools/list describes them)");
      });
    }
  }

  @Test
  void item4ASearchTextOverTheItemLimitIsRefusedAndNotEchoed() {
    try (McpSyncClient c = client(server.keyFor("big-search"))) {
      McpSchema.CallToolResult r = call(c, "search_calendar_events", Map.of("search_text", "x".repeat(100_000)));
      Map<String, Object> e = errorOf(r);
      assertThat(e.get("code")).isEqualTo("payload_too_large");
      assertThat(text(r)).isEqualTo("search_text: 100000 bytes; the limit is 65536 (server.max_item_bytes)");
      McpSchema.CallToolResult ok = call(c, "search_calendar_events", Map.of("search_text", "y".repeat(5_000)));
      assertThat(ok.isError()).isFalse();
      assertThat(text(ok).length()).as("a long search text is quoted shortened").isLessThan(200);
    }
  }

  private static List<Object> keys(Object jsonObject) {
    return new java.util.ArrayList<>(((Map<?, ?>) jsonObject).keySet());
  }

  @Test
  void item6AnnotationsOutputSchemasAddDefinitionAndWorkspaces() {
    try (McpSyncClient c = client(server.keyFor("agent-features"))) {
      Map<String, McpSchema.Tool> tools = new java.util.LinkedHashMap<>();
      c.listTools().tools().forEach(t -> tools.put(t.name(), t));
      for (String read : List.of("search_calendar_events", "check_duplicate", "find_duplicate_definitions")) {
        assertThat(tools.get(read).annotations().readOnlyHint()).as(read).isTrue();
      }
      for (String write : List.of("remember", "add_calendar_event", "add_definition")) {
        assertThat(tools.get(write).annotations().readOnlyHint()).as(write).isFalse();
        assertThat(tools.get(write).annotations().destructiveHint()).as(write).isFalse();
      }
      tools.values().forEach(t -> assertThat(t.outputSchema()).as(t.name()).containsEntry("type", "object"));
      // Schemas list their keys in the order written, the same in every server start (Map.of's order is not).
      Map<?, ?> checkProps = (Map<?, ?>) tools.get("check_duplicate").outputSchema().get("properties");
      assertThat(keys(checkProps.get("outcome"))).containsExactly("type", "enum");
      assertThat(keys(((Map<?, ?>) checkProps.get("error")).get("properties"))).containsExactly("code", "message",
          "details");
      assertThat(keys(checkProps.get("warnings"))).containsExactly("type", "items");
      assertThat(((Map<?, ?>) tools.get("remember").inputSchema().get("properties")).containsKey("workspace")).isTrue();

      // Structured content of ok results matches the output schemas (the SDK checks them on the server).
      McpSchema.CallToolResult defined = call(c, "add_definition", Map.of("term", "Verificatie", "synonyms",
          List.of("controle"), "org_context", "RvIG", "definition", "Checking an identity document"));
      assertThat(defined.isError()).as(text(defined)).isFalse();
      assertThat(text(defined)).startsWith("Definition stored (id ");
      assertThat(((Map<?, ?>) defined.structuredContent()).get("action")).isEqualTo("CREATED");
      McpSchema.CallToolResult found = call(c, "find_duplicate_definitions", Map.of("term", "controle",
          "org_context", "RvIG"));
      assertThat(text(found)).startsWith("Found 1 duplicate definition(s)").contains("stage synonym");
      McpSchema.CallToolResult again = call(c, "add_definition", Map.of("term", "Verificatie", "org_context",
          "RvIG"));
      assertThat(again.isError()).isTrue();
      assertThat(text(again)).contains("Not stored").contains("bypass_duplicate_check=true");
      assertThat(call(c, "add_definition", Map.of("term", "Verificatie", "org_context", "Belastingdienst"))
          .isError()).isFalse();

      McpSchema.CallToolResult home = call(c, "remember", Map.of("fact", "Standup is at 9 am", "workspace",
          "project-a"));
      McpSchema.CallToolResult other = call(c, "remember", Map.of("fact", "Standup is at 9 am", "workspace",
          "project-b"));
      assertThat(text(home)).startsWith("Remembered (id ");
      assertThat(text(other)).as("another workspace's memory is not a duplicate").startsWith("Remembered (id ");
      McpSchema.CallToolResult same = call(c, "remember", Map.of("fact", "Standup is at 9 am", "workspace",
          "project-a"));
      assertThat(text(same)).startsWith("A similar memory already exists");
      assertThat(call(c, "check_duplicate", Map.of("collection", "memories", "item", Map.of("text",
          "Standup is at 9 am", "workspace", "project-a"))).structuredContent()).isInstanceOf(Map.class);
    }
  }

  @Test
  void item6EveryResultErrorsIncludedConformsToItsToolsOutputSchema() {
    // The TypeScript SDK's client checks error results against the output schema too (found with 1.32.2).
    io.modelcontextprotocol.json.schema.JsonSchemaValidator validator =
        io.modelcontextprotocol.json.McpJsonDefaults.getSchemaValidator();
    try (McpSyncClient c = client(server.keyFor("schemas"))) {
      Map<String, McpSchema.Tool> tools = new java.util.LinkedHashMap<>();
      c.listTools().tools().forEach(t -> tools.put(t.name(), t));
      List<McpSchema.CallToolRequest> calls = List.of(
          new McpSchema.CallToolRequest("remember", Map.of("fact", "The user likes tea")),
          new McpSchema.CallToolRequest("remember", Map.of("fact", " ")),
          new McpSchema.CallToolRequest("add_calendar_event", Map.of("summary", "Dentist", "start_time",
              "2026-03-02T14:00")),
          new McpSchema.CallToolRequest("add_calendar_event", Map.of("summary", "Dentist", "start_time",
              "2026-03-02T14:00")),
          new McpSchema.CallToolRequest("add_calendar_event", Map.of("summary", "x", "start_time", "never")),
          new McpSchema.CallToolRequest("search_calendar_events", Map.of("search_text", "Dentist")),
          new McpSchema.CallToolRequest("search_calendar_events", Map.of()),
          new McpSchema.CallToolRequest("check_duplicate", Map.of("collection", "calendar", "item", Map.of("title",
              "Dentist", "start", "2026-03-02T14:00"))),
          new McpSchema.CallToolRequest("check_duplicate", Map.of("collection", "nope", "item", Map.of())),
          new McpSchema.CallToolRequest("find_duplicate_definitions", Map.of("term", "Verificatie")),
          new McpSchema.CallToolRequest("find_duplicate_definitions", Map.of("term", 1)),
          new McpSchema.CallToolRequest("add_definition", Map.of("term", "Verificatie")),
          new McpSchema.CallToolRequest("add_definition", Map.of("term", "Verificatie")));
      int errors = 0;
      for (McpSchema.CallToolRequest call : calls) {
        McpSchema.CallToolResult r = c.callTool(call);
        errors += Boolean.TRUE.equals(r.isError()) ? 1 : 0;
        assertThat(r.structuredContent()).as(call.name() + ": " + text(r)).isNotNull();
        var v = validator.validate(tools.get(call.name()).outputSchema(), r.structuredContent());
        assertThat(v.valid()).as(call.name() + " " + call.arguments() + ": " + v.errorMessage()).isTrue();
      }
      assertThat(errors).as("refusals among the calls").isEqualTo(7);
    }
  }

  @Test
  void item9ACallRefusedForItsArgumentsGivesItsTokensBack(@TempDir Path own) {
    dev.deja.testkit.MutableClock clock = new dev.deja.testkit.MutableClock(
        java.time.Instant.parse("2026-03-02T10:00:00Z"));
    Map<String, Object> limits = Map.of("write_per_second", 0.01, "write_burst", 8, "embedding_cost", 4);
    try (TestServer s = TestServer.start(own, Map.of("rate_limits", limits), b -> b.clock(clock))) {
      String key = s.keyFor("limited");
      HttpClientStreamableHttpTransport t = HttpClientStreamableHttpTransport.builder(s.base).endpoint("/mcp")
          .requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer " + key)).build();
      try (McpSyncClient c = McpClient.sync(t).requestTimeout(Duration.ofSeconds(60)).build()) {
        c.initialize();
        for (int i = 0; i < 10; i++) {
          assertThat(errorOf(call(c, "remember", Map.of("fact", " "))).get("code")).isEqualTo("invalid_request");
        }
        assertThat(text(call(c, "remember", Map.of("fact", "The user likes tea")))).startsWith("Remembered");
        assertThat(text(call(c, "remember", Map.of("fact", "The user has a cat")))).startsWith("Remembered");
        Map<String, Object> limited = errorOf(call(c, "remember", Map.of("fact", "The user has a dog")));
        assertThat(limited.get("code")).isEqualTo("rate_limited");
      }
    }
  }

  @Test
  void item3EventsOnTheWireCarryNoSharedId() {
    String key = server.keyFor("wire");
    TestServer.Res init = server.send("POST", "/mcp", key, INITIALIZE, ACCEPT);
    String session = init.header("Mcp-Session-Id");
    Map<String, String> h = Map.of("Accept", "application/json, text/event-stream", "Mcp-Session-Id", session);
    server.send("POST", "/mcp", key, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", h);
    for (int i = 2; i < 5; i++) {
      TestServer.Res r = server.send("POST", "/mcp", key, "{\"jsonrpc\":\"2.0\",\"id\":" + i
          + ",\"method\":\"tools/list\"}", h);
      assertThat(r.status()).isEqualTo(200);
      assertThat(r.header("content-type")).startsWith("text/event-stream");
      assertThat(r.text()).startsWith("event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":" + i + ",")
          .doesNotContain("\nid:").doesNotContain(session);
    }
  }

  @Test
  void item2TransportErrorsAreShortAndInTheErrorShape() {
    String key = server.keyFor("transport");
    String session = server.send("POST", "/mcp", key, INITIALIZE, ACCEPT).header("Mcp-Session-Id");
    String list = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";
    List<TestServer.Res> refused = List.of(
        // no session header; an unknown one
        server.send("POST", "/mcp", key, list, ACCEPT),
        server.send("POST", "/mcp", key, list, Map.of("Accept", "application/json, text/event-stream",
            "Mcp-Session-Id", "nope")),
        // malformed body, wrong Accept, text/plain, a batch array
        server.send("POST", "/mcp", key, "{\"jsonrpc\":", Map.of("Accept", "application/json, text/event-stream",
            "Mcp-Session-Id", session)),
        server.send("POST", "/mcp", key, list, Map.of("Accept", "text/html", "Mcp-Session-Id", session)),
        server.send("POST", "/mcp", key, list, Map.of("Accept", "application/json, text/event-stream",
            "Mcp-Session-Id", session, "Content-Type", "text/plain")),
        server.send("POST", "/mcp", key, "[" + list + "]", Map.of("Accept", "application/json, text/event-stream",
            "Mcp-Session-Id", session)),
        // a response to a request the server never sent (was a 500)
        server.send("POST", "/mcp", key, "{\"jsonrpc\":\"2.0\",\"id\":99,\"result\":{}}",
            Map.of("Accept", "application/json, text/event-stream", "Mcp-Session-Id", session)),
        server.send("GET", "/mcp", key, null, Map.of("Accept", "text/event-stream")),
        server.send("DELETE", "/mcp", key, null, Map.of()));
    for (TestServer.Res r : refused) {
      assertThat(r.status()).as(r.text()).isBetween(400, 499);
      assertThat(r.text()).as("no Java internals").hasSizeLessThan(600).doesNotContain("Exception")
          .doesNotContain("\tat ").doesNotContain("jsonRpcError").doesNotContain("StreamRead");
      assertThat(r.error()).containsKeys("code", "message", "details");
    }
    assertError(refused.get(0), 400, "invalid_request");
    assertError(refused.get(1), 404, "not_found");
    assertError(refused.get(2), 400, "malformed_json");
    assertError(refused.get(6), 400, "invalid_request");
    assertThat((String) refused.get(6).error().get("message"))
        .isEqualTo("id: no request with id 99 is waiting for a response (this server sends no requests to clients)");
  }
}
