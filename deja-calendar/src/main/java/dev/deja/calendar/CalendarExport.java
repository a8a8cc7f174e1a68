package dev.deja.calendar;

import dev.deja.core.engine.DejaCollection;
import dev.deja.core.item.Item;
import dev.deja.core.item.StoredItem;
import dev.deja.core.store.Page;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Exports a tenant's events as one iCalendar text, by id: series once (with their RRULE and EXDATEs), never their
 * materialised occurrences. Thread-safe: stateless.
 */
public final class CalendarExport {
  private CalendarExport() {}

  /** The tenant's events of a calendar collection as a VCALENDAR; DTSTAMP from the clock. */
  public static String write(DejaCollection collection, String tenant, Clock clock) {
    List<Map.Entry<String, Item>> events = new ArrayList<>();
    Optional<String> after = Optional.empty();
    do {
      Page page = collection.list(tenant, after, 500);
      for (StoredItem s : page.items()) {
        events.add(Map.entry(s.id(), s.item()));
      }
      after = page.nextAfter();
    } while (after.isPresent());
    return ICalendar.write(events, clock);
  }
}
