package dev.deja.calendar.caldav;

import dev.deja.core.StoreConfigurationException;
import dev.deja.core.StoreException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What a process knows about its CalDAV calendars: the calendars its CalDAV-backed collections have opened (one per
 * URL), how many checks were answered without their calendar ({@code fail_open}), and, on demand, whether each
 * calendar answers now ({@link #probe}). A server's readiness report and metrics read it.
 *
 * <p>Thread-safe.
 */
public final class CalDavMonitor {
  private final ConcurrentHashMap<String, CalDavClient> calendars = new ConcurrentHashMap<>();
  private final AtomicLong failedOpen = new AtomicLong();

  /** A calendar's state at a probe: {@code ok}, {@code unreachable} (retriable), {@code misconfigured} (404, 401, …). */
  public record CalendarState(String url, String status, String detail) {}

  void opened(CalDavClient client) {
    calendars.putIfAbsent(client.settings().url().toString(), client);
  }

  void answeredWithout() {
    failedOpen.incrementAndGet();
  }

  /** How many checks were answered without their calendar since start, because it was unreachable and fail_open true. */
  public long failedOpen() {
    return failedOpen.get();
  }

  /** Whether any calendar has been opened (before that, there is nothing to probe). */
  public boolean isEmpty() {
    return calendars.isEmpty();
  }

  /** Asks every opened calendar whether it answers (one PROPFIND each, within its timeout), by URL. */
  public List<CalendarState> probe() {
    Map<String, CalDavClient> sorted = new TreeMap<>(calendars);
    List<CalendarState> out = new ArrayList<>();
    for (Map.Entry<String, CalDavClient> e : sorted.entrySet()) {
      String url = e.getKey();
      try {
        e.getValue().probe();
        out.add(new CalendarState(url, "ok", "calendar answers"));
      } catch (CalDavClient.Unavailable x) {
        out.add(new CalendarState(url, "unreachable", x.reason()
            + (e.getValue().settings().failOpen() ? "; fail_open is true: checks are answered without it, with a "
            + "warning" : "; fail_open is false: its checks fail with 503")));
      } catch (StoreConfigurationException x) {
        out.add(new CalendarState(url, "misconfigured", x.getMessage()));
      } catch (StoreException x) {
        out.add(new CalendarState(url, x.isRetriable() ? "unreachable" : "misconfigured", x.getMessage()));
      }
    }
    return out;
  }
}
