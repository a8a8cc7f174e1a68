package dev.deja.server;

import dev.deja.calendar.caldav.CalDavMonitor;
import dev.deja.postgres.PostgresStoreBackend;
import io.micrometer.core.instrument.FunctionCounter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The server's outside dependencies as readiness checks and metrics: its PostgreSQL database (required: without it
 * nothing is served) and the CalDAV calendars its collections opened (not required: a calendar that is down degrades
 * the collections backed by it only).
 *
 * <p>Thread-safe: stateless.
 */
final class Readiness {
  private Readiness() {}

  static void watch(Health health, ServerMetrics metrics, Optional<PostgresStoreBackend> database,
      CalDavMonitor calendars, boolean caldavConfigured) {
    database.ifPresent(pg -> health.dependency("postgresql", true, () -> pg.problem()
        .map(p -> new Dependencies.State(false, p, Map.of()))
        .orElseGet(() -> new Dependencies.State(true, "PostgreSQL answers", Map.of()))));
    if (caldavConfigured) {
      health.dependency("caldav", false, () -> caldav(calendars));
    }
    FunctionCounter.builder("deja_store_failed_open", calendars, CalDavMonitor::failedOpen)
        .description("Checks answered without their store, which was unavailable and configured to fail open")
        .tag("store", "caldav").register(metrics.registry());
  }

  private static Dependencies.State caldav(CalDavMonitor calendars) {
    if (calendars.isEmpty()) {
      return new Dependencies.State(true, "no CalDAV calendar opened yet (a tenant's calendars open at its first "
          + "request)", Map.of());
    }
    List<Object> list = new ArrayList<>();
    int failed = 0;
    for (CalDavMonitor.CalendarState c : calendars.probe()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("url", c.url());
      m.put("status", c.status());
      m.put("detail", c.detail());
      list.add(m);
      if (!c.status().equals("ok")) {
        failed++;
      }
    }
    String detail = failed == 0 ? list.size() + " calendar(s) answer"
        : failed + " of " + list.size() + " calendar(s) unreachable or misconfigured: checks of their collections "
            + "fail, or (unreachable, with fail_open) are answered without them and with a warning";
    return new Dependencies.State(failed == 0, detail, Map.of("calendars", list));
  }
}
