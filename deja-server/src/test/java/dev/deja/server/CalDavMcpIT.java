package dev.deja.server;

import static dev.deja.server.McpHttpIT.call;
import static dev.deja.server.McpHttpIT.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.format.DejaConfig;
import dev.deja.testkit.RadicaleServer;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP tool {@code add_calendar_event} on a collection backed by a real CalDAV server (Radicale): the event is
 * created on the server, a duplicate is refused, an event someone else put on the server is seen, search reads from
 * the server, and a server that is down gives a clear, retriable error.
 */
class CalDavMcpIT {
  @RegisterExtension
  static final RadicaleServer RADICALE = new RadicaleServer();

  @TempDir
  Path dir;

  private static Map<String, Object> config(String url, boolean failOpen) {
    return Map.of(
        "collections", Map.of("calendar", Map.of("preset", "calendar")),
        "caldav", Map.of("calendar", Map.of("url", url, "timeout_ms", 3000, "fail_open", failOpen)));
  }

  private static McpSyncClient client(TestServer server, String key) {
    HttpClientStreamableHttpTransport t = HttpClientStreamableHttpTransport.builder(server.base).endpoint("/mcp")
        .requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer " + key)).build();
    McpSyncClient c = McpClient.sync(t).requestTimeout(Duration.ofSeconds(60))
        .initializationTimeout(Duration.ofSeconds(30)).build();
    c.initialize();
    return c;
  }

  @Test
  void addCalendarEventDecidesAgainstTheServerAndCreatesThere() throws Exception {
    String calendar = RADICALE.newCalendar("family", "calendar");
    String template = RADICALE.root() + "{tenant}/calendar/";
    try (TestServer server = TestServer.start(dir, Map.of(), b -> b.dejaConfig(DejaConfig.of(config(template, false),
        "test")))) {
      String key = server.keyFor("family");
      try (McpSyncClient c = client(server, key)) {
        McpSchema.CallToolResult created = call(c, "add_calendar_event", Map.of("summary", "Dentist appointment",
            "start_time", "2026-03-02T14:00", "end_time", "2026-03-02T15:00"));
        assertThat(created.isError()).as(text(created)).isFalse();
        String all = report(calendar);
        assertThat(all).contains("SUMMARY:Dentist appointment").contains("DTSTART:20260302T140000");

        McpSchema.CallToolResult refused = call(c, "add_calendar_event", Map.of("summary", "dentist appointment",
            "start_time", "2026-03-02T14:30"));
        assertThat(refused.isError()).isTrue();
        assertThat(text(refused)).contains("NOT created");

        // Someone else's client adds an event straight on the server.
        assertThat(RadicaleServer.putRaw(calendar, "other.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//EN\r\n"
            + "BEGIN:VEVENT\r\nUID:other@phone\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Soccer practice\r\n"
            + "DTSTART:20260304T170000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")).isEqualTo(201);
        McpSchema.CallToolResult seen = call(c, "add_calendar_event", Map.of("summary", "Soccer practice",
            "start_time", "2026-03-04T17:30"));
        assertThat(seen.isError()).isTrue();
        assertThat(text(seen)).contains("Soccer practice").contains("other@phone");

        McpSchema.CallToolResult found = call(c, "search_calendar_events", Map.of("search_text", "soccer practice",
            "start_date", "2026-03-04", "end_date", "2026-03-04", "similarity_threshold", 0.5));
        assertThat(text(found)).startsWith("Found 1 event(s):").contains("Soccer practice");
      }
    }
  }

  @Test
  void aServerThatIsDownGivesAClearError() throws Exception {
    int port;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      port = s.getLocalPort();
    }
    String url = "http://127.0.0.1:" + port + "/{tenant}/calendar/";
    try (TestServer server = TestServer.start(dir, Map.of(), b -> b.dejaConfig(DejaConfig.of(config(url, false),
        "test")))) {
      String key = server.keyFor("family");
      try (McpSyncClient c = client(server, key)) {
        McpSchema.CallToolResult r = call(c, "add_calendar_event", Map.of("summary", "Dentist", "start_time",
            "2026-03-02T14:00"));
        assertThat(r.isError()).isTrue();
        assertThat(text(r)).contains("CalDAV server http://127.0.0.1:" + port + "/family/calendar/")
            .contains("unreachable");
      }
    }
  }

  private static String report(String calendar) throws Exception {
    return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(calendar)).header("Depth", "1")
        .method("REPORT", HttpRequest.BodyPublishers.ofString("<?xml version=\"1.0\"?><C:calendar-query "
            + "xmlns:D=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\"><D:prop><C:calendar-data/></D:prop>"
            + "<C:filter><C:comp-filter name=\"VCALENDAR\"/></C:filter></C:calendar-query>")).build(),
        HttpResponse.BodyHandlers.ofString()).body();
  }
}
