package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
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
 * The MCP tools over streamable HTTP at /mcp, called with the SDK's own client in-process: tools/list, each tool's
 * happy path and its refusal path, and authentication with the API keys.
 */
class McpHttpIT {
  @TempDir
  static Path dir;
  static TestServer server;
  static String key;

  @BeforeAll
  static void start() {
    server = TestServer.start(dir, Map.of());
    key = server.keyFor("family");
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static McpSyncClient client(String apiKey) {
    HttpRequest.Builder rb = HttpRequest.newBuilder();
    if (apiKey != null) {
      rb.header("Authorization", "Bearer " + apiKey);
    }
    HttpClientStreamableHttpTransport t = HttpClientStreamableHttpTransport.builder(server.base).endpoint("/mcp")
        .requestBuilder(rb).build();
    McpSyncClient c = McpClient.sync(t).requestTimeout(Duration.ofSeconds(60))
        .initializationTimeout(Duration.ofSeconds(30)).build();
    c.initialize();
    return c;
  }

  static String text(McpSchema.CallToolResult r) {
    return ((McpSchema.TextContent) r.content().get(0)).text();
  }

  static McpSchema.CallToolResult call(McpSyncClient c, String tool, Map<String, Object> args) {
    return c.callTool(new McpSchema.CallToolRequest(tool, args));
  }

  @Test
  void listsTheDesignTools() {
    try (McpSyncClient c = client(key)) {
      List<McpSchema.Tool> tools = c.listTools().tools();
      assertThat(tools).extracting(McpSchema.Tool::name).containsExactlyInAnyOrder("remember", "add_calendar_event",
          "search_calendar_events", "check_duplicate", "find_duplicate_definitions", "add_definition");
      McpSchema.Tool add = tools.stream().filter(t -> t.name().equals("add_calendar_event")).findFirst().orElseThrow();
      assertThat(new java.util.ArrayList<Object>(((Map<?, ?>) add.inputSchema().get("properties")).keySet())).containsExactly("summary",
          "start_time", "end_time", "description", "all_day", "time_zone", "recurrence_rule", "excluded_dates",
          "bypass_duplicate_check");
      assertThat(add.description()).contains("bypass_duplicate_check=true");
    }
  }

  @Test
  void rememberMergesAndForceStores() {
    try (McpSyncClient c = client(key)) {
      McpSchema.CallToolResult first = call(c, "remember", Map.of("fact", "The user prefers tea over coffee",
          "category", "preference"));
      assertThat(first.isError()).isFalse();
      assertThat(text(first)).startsWith("Remembered (id ");
      McpSchema.CallToolResult again = call(c, "remember", Map.of("fact", "the user prefers tea over coffee."));
      assertThat(again.isError()).isFalse();
      assertThat(text(again)).contains("A similar memory already exists (id ").contains("similarity 1.0000")
          .contains("Use force=true to store anyway");
      McpSchema.CallToolResult forced = call(c, "remember", Map.of("fact", "the user prefers tea over coffee.",
          "force", true));
      assertThat(text(forced)).startsWith("Remembered (id ").contains("because force=true");
    }
  }

  @Test
  void addCalendarEventRefusesALikelyDuplicateAndBypasses() {
    try (McpSyncClient c = client(key)) {
      McpSchema.CallToolResult created = call(c, "add_calendar_event", Map.of("summary", "Dentist appointment",
          "start_time", "2026-03-02T14:00", "end_time", "2026-03-02T15:00"));
      assertThat(created.isError()).isFalse();
      assertThat(text(created)).startsWith("Event created (uid ");
      McpSchema.CallToolResult refused = call(c, "add_calendar_event", Map.of("summary", "dentist appointment",
          "start_time", "2026-03-02T14:30"));
      assertThat(refused.isError()).isTrue();
      assertThat(text(refused)).contains("Potential duplicate event(s) found; the event was NOT created")
          .contains("\"Dentist appointment\" at 2026-03-02T14:00").contains("similarity 1.0000").contains("uid ")
          .contains("bypass_duplicate_check=true");
      McpSchema.CallToolResult bypassed = call(c, "add_calendar_event", Map.of("summary", "dentist appointment",
          "start_time", "2026-03-02T14:30", "bypass_duplicate_check", true));
      assertThat(bypassed.isError()).isFalse();
      assertThat(text(bypassed)).contains("Event created").contains("The duplicate check was bypassed");

      McpSchema.CallToolResult found = call(c, "search_calendar_events", Map.of("search_text", "Dentist appointment",
          "start_date", "2026-03-02", "end_date", "2026-03-02", "similarity_threshold", 0.5));
      assertThat(found.isError()).isFalse();
      assertThat(text(found)).startsWith("Found 2 event(s):").contains("similarity ");
      McpSchema.CallToolResult none = call(c, "search_calendar_events", Map.of("search_text", "Dentist appointment",
          "start_date", "2027-01-01", "end_date", "2027-01-31"));
      assertThat(text(none)).startsWith("No events found");

      McpSchema.CallToolResult dup = call(c, "check_duplicate", Map.of("collection", "calendar",
          "item", Map.of("title", "Dentist appointment", "start", "2026-03-02T13:00")));
      assertThat(text(dup)).startsWith("DUPLICATE: 2 match(es)");
      McpSchema.CallToolResult fresh = call(c, "check_duplicate", Map.of("collection", "calendar",
          "item", Map.of("title", "Dentist appointment", "start", "2026-03-09T13:00")));
      assertThat(text(fresh)).startsWith("NEW");
      McpSchema.CallToolResult bad = call(c, "check_duplicate", Map.of("collection", "nope", "item", Map.of()));
      assertThat(bad.isError()).isTrue();
      assertThat(text(bad)).contains("collection 'nope' does not exist");
    }
  }

  @Test
  void aWeeklySeriesCatchesADuplicateOfOneOccurrenceButNotOnAnExcludedDate() {
    String k = server.keyFor("series-family");
    try (McpSyncClient c = client(k)) {
      McpSchema.CallToolResult series = call(c, "add_calendar_event", Map.of("summary", "Swimming lesson",
          "start_time", "2026-09-02T17:00", "end_time", "2026-09-02T18:00", "recurrence_rule",
          "FREQ=WEEKLY;BYDAY=WE", "excluded_dates", List.of("2026-10-21T17:00")));
      assertThat(series.isError()).as(text(series)).isFalse();
      // The fourth Wednesday, expanded by deja-calendar's ical4j expander: a reworded single event is refused.
      McpSchema.CallToolResult refused = call(c, "add_calendar_event", Map.of("summary", "swimming lessons",
          "start_time", "2026-09-23T17:15"));
      assertThat(refused.isError()).isTrue();
      assertThat(text(refused)).contains("the event was NOT created").contains("2026-09-23T17:00");
      // An excluded occurrence does not happen, so the same lesson that day is a new event.
      McpSchema.CallToolResult excluded = call(c, "add_calendar_event", Map.of("summary", "Swimming lesson",
          "start_time", "2026-10-21T17:00"));
      assertThat(excluded.isError()).as(text(excluded)).isFalse();
      // A Thursday is outside every occurrence's window.
      McpSchema.CallToolResult thursday = call(c, "add_calendar_event", Map.of("summary", "Swimming lesson",
          "start_time", "2026-09-24T17:00"));
      assertThat(thursday.isError()).as(text(thursday)).isFalse();
      // A second series duplicating the first is refused.
      McpSchema.CallToolResult again = call(c, "add_calendar_event", Map.of("summary", "Swim lesson",
          "start_time", "2026-09-09T17:00", "recurrence_rule", "FREQ=WEEKLY;BYDAY=WE;COUNT=10"));
      assertThat(again.isError()).as(text(again)).isTrue();
    }
  }

  @Test
  void findDuplicateDefinitionsGivesStageScoreAndReason() {
    String k = server.keyFor("registry");
    assertThat(server.send("POST", "/v1/collections", k, Map.of("name", "glossary", "preset", "glossary")).status())
        .isEqualTo(201);
    assertThat(server.send("POST", "/v1/collections/glossary/items", k, Map.of("id", "d1", "item", Map.of(
        "term", "Verificatie", "synonyms", List.of("controle"), "org_context", "RvIG", "status", "active")))
        .status()).isEqualTo(201);
    try (McpSyncClient c = client(k)) {
      McpSchema.CallToolResult none = call(c, "find_duplicate_definitions", Map.of("term", "Authenticatie",
          "org_context", "RvIG"));
      assertThat(none.isError()).isFalse();
      assertThat(text(none)).startsWith("No duplicate definitions");
      McpSchema.CallToolResult exact = call(c, "find_duplicate_definitions", Map.of("term", "Verificatie",
          "org_context", "RvIG"));
      assertThat(text(exact)).startsWith("Found 1 duplicate definition(s)").contains("d1")
          .contains("stage exact, score 1.0000: Exact match: term");
      @SuppressWarnings("unchecked")
      Map<String, Object> structured = (Map<String, Object>) exact.structuredContent();
      assertThat((List<?>) structured.get("duplicates")).hasSize(1);
      McpSchema.CallToolResult synonym = call(c, "find_duplicate_definitions", Map.of("term", "Controle",
          "org_context", "RvIG"));
      assertThat(text(synonym)).contains("stage synonym").contains("Exact match: synonym + context");
      McpSchema.CallToolResult otherContext = call(c, "find_duplicate_definitions", Map.of("term", "Verificatie",
          "org_context", "Belastingdienst"));
      assertThat(text(otherContext)).startsWith("No duplicate definitions");
      McpSchema.CallToolResult self = call(c, "find_duplicate_definitions", Map.of("term", "Verificatie",
          "org_context", "RvIG", "exclude_id", "d1"));
      assertThat(text(self)).startsWith("No duplicate definitions");
    }
  }

  @Test
  void toolsOfOneTenantNeverSeeAnother() {
    String other = server.keyFor("neighbours");
    try (McpSyncClient mine = client(key); McpSyncClient theirs = client(other)) {
      call(mine, "add_calendar_event", Map.of("summary", "Piano lesson", "start_time", "2026-05-05T16:00"));
      McpSchema.CallToolResult r = call(theirs, "add_calendar_event", Map.of("summary", "Piano lesson",
          "start_time", "2026-05-05T16:00"));
      assertThat(r.isError()).isFalse();
      assertThat(text(r)).startsWith("Event created");
    }
  }

  @Test
  void refusesWithoutAValidKey() {
    TestServer.Res none = server.send("POST", "/mcp", null, Map.of("jsonrpc", "2.0", "id", 1, "method", "ping"));
    assertThat(none.status()).isEqualTo(401);
    assertThat(none.error().get("code")).isEqualTo("unauthorized");
    TestServer.Res bad = server.send("POST", "/mcp", "dk_wrong", Map.of("jsonrpc", "2.0", "id", 1, "method", "ping"));
    assertThat(bad.status()).isEqualTo(401);
    TestServer.Res admin = server.send("POST", "/mcp", TestServer.ADMIN, Map.of("jsonrpc", "2.0", "id", 1,
        "method", "ping"));
    assertThat(admin.status()).isEqualTo(403);
  }
}
