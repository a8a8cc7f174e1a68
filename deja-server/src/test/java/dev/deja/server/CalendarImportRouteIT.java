package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20, point 6: a running server imports an iCalendar file into a tenant's collection — what {@code deja import}
 * does on a store no server holds — with the same report, and a malformed file changes nothing.
 */
class CalendarImportRouteIT {
  static final Path SAMPLE = Path.of("..", "examples", "family.ics");

  @Test
  void importsTheSampleOnceAndReportsDuplicatesAndEventsAlreadyThere(@TempDir Path dir) throws Exception {
    try (TestServer s = TestServer.start(dir, Map.of())) {
      String key = s.keyFor("demo");
      assertThat(s.send("POST", "/v1/collections", key, Map.of("name", "family", "preset", "calendar")).status())
          .isEqualTo(201);
      String ics = Files.readString(SAMPLE);
      TestServer.Res first = s.send("POST", "/v1/collections/family/import", key, ics,
          Map.of("content-type", "text/calendar"));
      assertThat(first.status()).as(first.text()).isEqualTo(200);
      assertThat(first.map()).containsEntry("collection", "family").containsEntry("tenant", "demo")
          .containsEntry("created", 4).containsEntry("duplicates", 1).containsEntry("existing", 0);
      List<Object> events = (List<Object>) first.map().get("events");
      assertThat(events).hasSize(5);
      assertThat(TestServer.obj(events.get(2))).containsEntry("uid", "football-from-school-mail")
          .containsEntry("result", "duplicate");

      TestServer.Res again = s.send("POST", "/v1/collections/family/import", key, ics, Map.of());
      assertThat(again.map()).containsEntry("created", 0).containsEntry("existing", 4);

      TestServer.Res malformed = s.send("POST", "/v1/collections/family/import", key,
          "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:x\r\n", Map.of());
      assertThat(malformed.status()).isEqualTo(400);
      TestServer.Res badForce = s.send("POST", "/v1/collections/family/import?force=yes", key, ics, Map.of());
      assertThat(badForce.status()).isEqualTo(400);
      assertThat(badForce.text()).contains("force: must be true or false");
      TestServer.Res listed = s.send("GET", "/v1/collections/family/items?limit=100", key, null);
      assertThat((List<?>) listed.map().get("items")).hasSize(4);
      TestServer.Res missing = s.send("POST", "/v1/collections/nope/import", key, ics, Map.of());
      assertThat(missing.status()).isEqualTo(404);
    }
  }
}
