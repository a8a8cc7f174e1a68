package dev.deja.server;

import static dev.deja.server.McpHttpIT.call;
import static dev.deja.server.McpHttpIT.text;
import static dev.deja.server.TestServer.list;
import static dev.deja.server.TestServer.obj;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.format.DejaConfig;
import dev.deja.testkit.RadicaleServer;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 19 item 6 and issue 17 item 7 through the server, against a real Radicale stopped mid-test: a fail-open check
 * says in its JSON and its MCP result that it was made without the calendar, a metric counts it, {@code /health}
 * reports the calendar down (degraded, 200) and recovers when it returns; a calendar that does not exist is a
 * configuration error (502), not an outage.
 */
class Issue19CalDavHealthIT {
  @RegisterExtension
  static final RadicaleServer RADICALE = new RadicaleServer();

  private static final Map<String, Object> DENTIST = Map.of("title", "Dentist", "start", "2026-03-02T14:00Z");

  @TempDir
  Path dir;

  private static DejaConfig config(String url, boolean failOpen) {
    return DejaConfig.of(Map.of(
        "collections", Map.of("calendar", Map.of("preset", "calendar")),
        "caldav", Map.of("calendar", Map.of("url", url, "timeout_ms", 5000, "fail_open", failOpen))), "test");
  }

  private static McpSyncClient mcp(TestServer server, String key) {
    HttpClientStreamableHttpTransport t = HttpClientStreamableHttpTransport.builder(server.base).endpoint("/mcp")
        .requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer " + key)).build();
    McpSyncClient c = McpClient.sync(t).requestTimeout(Duration.ofSeconds(60))
        .initializationTimeout(Duration.ofSeconds(30)).build();
    c.initialize();
    return c;
  }

  @Test
  void aFailOpenCheckDuringAnOutageWarnsAndHealthIsDegradedUntilTheCalendarReturns() throws Exception {
    RADICALE.newCalendar("family", "calendar");
    String url = RADICALE.root() + "{tenant}/calendar/";
    try (TestServer server = TestServer.start(dir, Map.of(), b -> b.dejaConfig(config(url, true)))) {
      TestServer.Res idle = server.send("GET", "/health", null, null);
      assertThat(idle.status()).isEqualTo(200);
      assertThat(obj(obj(idle.map().get("checks")).get("caldav")).get("status")).isEqualTo("ok");

      String key = server.keyFor("family");
      assertThat(server.send("POST", "/v1/collections/calendar/items", key, Map.of("item", DENTIST)).status())
          .isEqualTo(201);
      TestServer.Res dup = server.send("POST", "/v1/collections/calendar/check", key, Map.of("item", DENTIST));
      assertThat(dup.map().get("outcome")).isEqualTo("DUPLICATE");
      assertThat(dup.map()).doesNotContainKey("warnings");
      TestServer.Res healthy = server.send("GET", "/health", null, null);
      assertThat(healthy.status()).isEqualTo(200);
      assertThat(healthy.map().get("status")).isEqualTo("ok");

      RADICALE.stop();
      try {
        TestServer.Res during = server.send("POST", "/v1/collections/calendar/check", key, Map.of("item", DENTIST));
        assertThat(during.status()).isEqualTo(200);
        assertThat(during.map().get("outcome")).isEqualTo("NEW");
        assertThat(list(during.map().get("warnings"))).singleElement().asString()
            .contains("without its CalDAV calendar").contains("/family/calendar/").contains("fail_open is true");

        Thread.sleep(Dependencies.FRESH_MILLIS + 100); // past the last report's probe, which saw the calendar up
        TestServer.Res health = server.send("GET", "/health", null, null);
        assertThat(health.status()).as("a calendar down degrades, it does not take the server out").isEqualTo(200);
        assertThat(health.map().get("status")).isEqualTo("degraded");
        assertThat(health.map().get("ready")).isEqualTo(true);
        Map<String, Object> caldav = obj(obj(health.map().get("checks")).get("caldav"));
        assertThat(caldav.get("status")).isEqualTo("failed");
        assertThat(caldav.get("required")).isEqualTo(false);
        assertThat(list(caldav.get("calendars"))).singleElement().satisfies(c -> {
          assertThat(obj(c).get("url")).isEqualTo(RADICALE.root() + "family/calendar/");
          assertThat(obj(c).get("status")).isEqualTo("unreachable");
        });
        assertThat(server.send("GET", "/health/ready", null, null).map().get("status")).isEqualTo("degraded");

        try (McpSyncClient c = mcp(server, key)) {
          McpSchema.CallToolResult r = call(c, "check_duplicate", Map.of("collection", "calendar", "item", DENTIST));
          assertThat(r.isError()).as(text(r)).isFalse();
          assertThat(text(r)).startsWith("NEW").contains("Warning: collection 'calendar' was checked without its "
              + "CalDAV calendar");
        }
        String metrics = server.send("GET", "/metrics", null, null).text();
        assertThat(metrics).contains("deja_store_failed_open_total{store=\"caldav\"} 2.0")
            .contains("deja_verdict_warnings_total{operation=\"check\"} 2.0");
      } finally {
        RADICALE.restart();
      }
      // A finished probe answers for a second; the next report asks the calendar again.
      Thread.sleep(Dependencies.FRESH_MILLIS + 100);
      TestServer.Res back = server.send("GET", "/health", null, null);
      assertThat(back.status()).isEqualTo(200);
      assertThat(back.map().get("status")).isEqualTo("ok");
      TestServer.Res after = server.send("POST", "/v1/collections/calendar/check", key, Map.of("item", DENTIST));
      assertThat(after.map().get("outcome")).isEqualTo("DUPLICATE");
      assertThat(after.map()).doesNotContainKey("warnings");
    }
  }

  @Test
  void aCalendarThatDoesNotExistIsAConfigurationErrorNotAnOutage() throws Exception {
    String url = RADICALE.root() + "{tenant}/no-such-calendar/";
    try (TestServer server = TestServer.start(dir, Map.of(), b -> b.dejaConfig(config(url, true)))) {
      String key = server.keyFor("family");
      TestServer.Res r = server.send("POST", "/v1/collections/calendar/check", key, Map.of("item", DENTIST));
      assertThat(r.status()).isEqualTo(502);
      assertThat(r.error().get("code")).isEqualTo("configuration_error");
      assertThat((String) r.error().get("message")).contains("/family/no-such-calendar/").contains("HTTP 404")
          .contains("does not exist");
      TestServer.Res health = server.send("GET", "/health", null, null);
      assertThat(health.status()).isEqualTo(200);
      assertThat(health.map().get("status")).isEqualTo("degraded");
      assertThat(list(obj(obj(health.map().get("checks")).get("caldav")).get("calendars"))).singleElement()
          .satisfies(c -> assertThat(obj(c).get("status")).isEqualTo("misconfigured"));
    }
  }
}
