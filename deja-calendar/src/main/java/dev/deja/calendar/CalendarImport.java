package dev.deja.calendar;

import dev.deja.core.InvalidInputException;
import dev.deja.core.engine.Action;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.Match;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.engine.WriteResult;
import dev.deja.core.item.Item;
import dev.deja.core.time.Temporals;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Imports the events of a calendar file into a collection, each through the duplicate check: an event that
 * duplicates one already there (or one imported earlier from the same file) is not created and is reported with its
 * matches.
 *
 * <p>Every event is validated before the first one is written, so a file with one bad event changes nothing. An
 * event whose UID is already an item of the collection (the same file imported again) is reported as existing, not
 * created twice.
 *
 * <p>Thread-safe: stateless (the collection is).
 */
public final class CalendarImport {
  private CalendarImport() {}

  /** What happened to one event. */
  public enum Kind {
    /** Created (possibly with a warning, or with {@code force} although it duplicates another). */
    CREATED,
    /** Not created: it duplicates (or, with a rejecting policy, may duplicate) an existing event. */
    DUPLICATE,
    /** Not created: an item with its UID exists already. */
    EXISTS
  }

  /**
   * One event's result.
   *
   * @param event the event read from the file
   * @param kind what happened
   * @param id the id it was created under, or the existing item's id
   * @param matches the existing events it duplicates (for {@link Kind#DUPLICATE}, and for a forced creation)
   * @param message one sentence saying what happened
   */
  public record Row(ICalendar.Event event, Kind kind, Optional<String> id, List<Match> matches, String message) {
    public Row {
      matches = List.copyOf(matches);
    }
  }

  /** The rows in file order, and the VEVENTs that were not read. */
  public record Report(List<Row> rows, List<String> skipped) {
    public Report {
      rows = List.copyOf(rows);
      skipped = List.copyOf(skipped);
    }

    public long count(Kind kind) {
      return rows.stream().filter(r -> r.kind() == kind).count();
    }
  }

  /**
   * Validates every event for the collection (fields, times, recurrence rules, no UID twice in the file).
   *
   * @throws InvalidInputException naming the first event that cannot be stored, and why
   */
  public static void validate(DejaCollection collection, String tenant, ICalendar.Parsed parsed) {
    Set<String> uids = new HashSet<>();
    Ical4jRecurrenceExpander expander = new Ical4jRecurrenceExpander();
    for (ICalendar.Event e : parsed.events()) {
      if (e.uid().isPresent() && !uids.add(e.uid().get())) {
        throw new InvalidInputException(parsed.source() + ": event " + e.label() + ": the UID appears more than once "
            + "in the file");
      }
      try {
        collection.prepare(tenant, e.item());
        Optional<String> rule = e.item().findString(ICalendar.RRULE).filter(s -> !s.isBlank());
        if (rule.isPresent()) {
          String start = e.item().findString(ICalendar.START).orElseThrow();
          LocalDateTime first = Temporals.isDate(start) ? Temporals.date("start", start, ZoneOffset.UTC).atStartOfDay()
              : Temporals.dateTime("start", start, ZoneOffset.UTC).toLocalDateTime();
          expander.expand(rule.get(), first, ZoneOffset.UTC, first.plusYears(1), 1);
        }
      } catch (InvalidInputException ex) {
        throw new InvalidInputException(parsed.source() + ": event " + e.label() + ": " + ex.getMessage(), ex);
      }
    }
  }

  /**
   * Validates the whole file, then puts its events one by one in file order.
   *
   * @param force create events even when they duplicate existing ones
   * @param afterEach called after each event (progress)
   */
  public static Report run(DejaCollection collection, String tenant, ICalendar.Parsed parsed, boolean force,
      Runnable afterEach) {
    validate(collection, tenant, parsed);
    List<Row> rows = new ArrayList<>();
    for (ICalendar.Event e : parsed.events()) {
      rows.add(one(collection, tenant, e, force));
      afterEach.run();
    }
    return new Report(rows, parsed.skipped());
  }

  private static Row one(DejaCollection collection, String tenant, ICalendar.Event e, boolean force) {
    if (e.uid().isPresent() && collection.get(tenant, e.uid().get()).isPresent()) {
      return new Row(e, Kind.EXISTS, e.uid(), List.of(), "an event with UID " + e.uid().get()
          + " exists already (imported before?)");
    }
    Item item = e.item();
    Optional<String> status = collection.spec().statusField().flatMap(item::findString)
        .map(x -> x.strip().toLowerCase(java.util.Locale.ROOT));
    if (status.isPresent() && collection.spec().excludedStatuses().contains(status.get())) {
      // A cancelled event never matches and is never matched: it is kept as a record, not checked.
      WriteResult r = collection.put(new PutRequest(tenant, e.uid(), item, true));
      return new Row(e, Kind.CREATED, r.id(), List.of(), "created; its status '" + status.get() + "' is never "
          + "compared with other events");
    }
    WriteResult r = collection.put(new PutRequest(tenant, e.uid(), item, force));
    if (r.action() == Action.REJECTED) {
      return new Row(e, Kind.DUPLICATE, Optional.empty(), r.verdict().matches(), r.message());
    }
    return new Row(e, Kind.CREATED, r.id(), r.bypassed() ? r.verdict().matches() : List.of(), r.message());
  }
}
