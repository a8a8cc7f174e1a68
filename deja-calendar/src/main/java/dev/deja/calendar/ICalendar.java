package dev.deja.calendar;

import dev.deja.core.InvalidInputException;
import dev.deja.core.item.Item;
import dev.deja.core.time.Temporals;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.time.Clock;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.TemporalAmount;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import net.fortuna.ical4j.data.CalendarBuilder;
import net.fortuna.ical4j.data.ParserException;
import net.fortuna.ical4j.model.Calendar;
import net.fortuna.ical4j.model.Component;
import net.fortuna.ical4j.model.DateList;
import net.fortuna.ical4j.model.Parameter;
import net.fortuna.ical4j.model.ParameterList;
import net.fortuna.ical4j.model.Property;
import net.fortuna.ical4j.model.TemporalAmountAdapter;
import net.fortuna.ical4j.model.component.CalendarComponent;
import net.fortuna.ical4j.model.component.VEvent;
import net.fortuna.ical4j.model.parameter.TzId;
import net.fortuna.ical4j.model.parameter.Value;
import net.fortuna.ical4j.model.property.Description;
import net.fortuna.ical4j.model.property.DtEnd;
import net.fortuna.ical4j.model.property.DtStamp;
import net.fortuna.ical4j.model.property.DtStart;
import net.fortuna.ical4j.model.property.ExDate;
import net.fortuna.ical4j.model.property.Location;
import net.fortuna.ical4j.model.property.ProdId;
import net.fortuna.ical4j.model.property.RRule;
import net.fortuna.ical4j.model.property.Status;
import net.fortuna.ical4j.model.property.Summary;
import net.fortuna.ical4j.model.property.Uid;
import net.fortuna.ical4j.model.property.Version;

/**
 * The iCalendar (RFC 5545) codec: VEVENTs to items of the {@code calendar} preset and back.
 *
 * <table>
 *   <caption>Mapping</caption>
 *   <tr><th>VEVENT</th><th>item field</th></tr>
 *   <tr><td>UID</td><td>the item's id</td></tr>
 *   <tr><td>SUMMARY</td><td>{@code title}</td></tr>
 *   <tr><td>DTSTART;TZID=Europe/Berlin:20260302T090000</td><td>{@code start} 2026-03-02T09:00,
 *       {@code time_zone} Europe/Berlin, {@code all_day} false</td></tr>
 *   <tr><td>DTSTART:20260302T080000Z</td><td>{@code start} 2026-03-02T08:00Z (an instant)</td></tr>
 *   <tr><td>DTSTART:20260302T090000 (floating)</td><td>{@code start} 2026-03-02T09:00, no zone (the collection's
 *       default applies)</td></tr>
 *   <tr><td>DTSTART;VALUE=DATE:20260302, DTEND;VALUE=DATE:20260304</td><td>{@code start} 2026-03-02, {@code end}
 *       2026-03-03, {@code all_day} true: iCalendar's DTEND is exclusive, Deja's all-day end is the last day</td></tr>
 *   <tr><td>DTEND or DURATION</td><td>{@code end}, in the start's zone and form</td></tr>
 *   <tr><td>RRULE</td><td>{@code rrule} (the value, e.g. FREQ=WEEKLY;BYDAY=MO)</td></tr>
 *   <tr><td>EXDATE (any number, comma lists)</td><td>{@code exdates}: dates for all-day series, local date-times
 *       in the series' zone otherwise</td></tr>
 *   <tr><td>DESCRIPTION, LOCATION, STATUS</td><td>{@code description}, {@code location}, {@code status} (only when
 *       the collection has that field)</td></tr>
 * </table>
 *
 * <p>Reading unfolds lines itself (CRLF, LF or CR followed by a space or tab; on bytes, so that a fold inside a UTF-8
 * character is restored: {@link #decode}). A VEVENT with a RECURRENCE-ID (one moved or changed occurrence of a series)
 * adds an EXDATE for the original occurrence to its series and becomes an event of its own under the id
 * {@code UID~YYYYMMDDTHHMM} (or {@code UID~YYYYMMDD}); a cancelled one (STATUS:CANCELLED) only removes the occurrence.
 * TZIDs may be IANA ids, vendor-prefixed IANA ids or Windows zone names ("W. Europe Standard Time", resolved through
 * CLDR's mapping as ICU ships it). Writing adds a VTIMEZONE (from ical4j's zone database) for every TZID it writes and
 * folds lines at 75 octets.
 * Everything that cannot be read is an {@link InvalidInputException} naming the event (its UID or position) and the
 * property. Writing is deterministic: DTSTAMP comes from the given clock.
 *
 * <p>Thread-safe: stateless.
 */
public final class ICalendar {
  /** The item fields this codec reads and writes (the calendar preset's names). */
  public static final String TITLE = "title";
  public static final String START = "start";
  public static final String END = "end";
  public static final String ALL_DAY = "all_day";
  public static final String TIME_ZONE = "time_zone";
  public static final String DESCRIPTION = "description";
  public static final String LOCATION = "location";
  public static final String RRULE = "rrule";
  public static final String EXDATES = "exdates";
  public static final String STATUS = "status";
  /** Every field this codec reads and writes. */
  public static final Set<String> FIELDS = Set.of(TITLE, START, END, ALL_DAY, TIME_ZONE, DESCRIPTION, LOCATION,
      RRULE, EXDATES, STATUS);

  private static final DateTimeFormatter DATE = DateTimeFormatter.BASIC_ISO_DATE;
  private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss");
  /** The id suffix of an occurrence, as the engine names a series' occurrences ({@code SERIES~20260302T0900}). */
  private static final DateTimeFormatter ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmm");

  private ICalendar() {}

  /** One VEVENT read as an item: its UID (the id to store it under) and its fields. */
  public record Event(Optional<String> uid, Item item) {
    /** A short description for messages: UID, title and start. */
    public String label() {
      return uid.map(u -> "UID " + u + " ").orElse("") + "'" + item.findString(TITLE).orElse("") + "' at "
          + item.findString(START).orElse("?");
    }
  }

  /**
   * What a calendar file holds.
   *
   * @param source the file (or resource) name, for messages
   * @param events the events that map to items, in file order (changed occurrences after the series)
   * @param skipped one sentence per VEVENT that was not read, and why
   */
  public record Parsed(String source, List<Event> events, List<String> skipped) {
    public Parsed {
      events = List.copyOf(events);
      skipped = List.copyOf(skipped);
    }
  }

  /**
   * Reads a whole iCalendar text; nothing is returned unless every VEVENT could be read.
   *
   * @param source the file name, for messages
   * @param fields the collection's fields: a property whose field the collection lacks is left out
   * @throws InvalidInputException when the text is not iCalendar or an event cannot be read
   */
  public static Parsed read(Reader text, String source, Set<String> fields) {
    Calendar cal;
    try {
      String unfolded = ICalendarText.unfold(ICalendarText.readAll(text));
      cal = new CalendarBuilder().build(new StringReader(unfolded));
    } catch (ParserException e) {
      throw new InvalidInputException(source + ": not a valid iCalendar file: " + ICalendarText.parserMessage(e), e);
    } catch (IOException e) {
      throw new InvalidInputException(source + ": cannot read: " + e.getMessage(), e);
    } catch (RuntimeException e) {
      throw new InvalidInputException(source + ": not a valid iCalendar file: " + e.getMessage(), e);
    }
    List<Event> events = new ArrayList<>();
    List<String> skipped = new ArrayList<>();
    Map<String, Integer> byUid = new LinkedHashMap<>();
    Map<String, Component> masters = new LinkedHashMap<>();
    List<Map.Entry<String, Component>> overrides = new ArrayList<>();
    int n = 0;
    for (CalendarComponent c : cal.getComponents()) {
      if (!Component.VEVENT.equals(c.getName())) {
        continue;
      }
      n++;
      Optional<String> uid = value(c, Property.UID);
      String where = source + ": VEVENT #" + n + uid.map(u -> " (UID " + u + ")").orElse("");
      if (c.getProperty(Property.RECURRENCE_ID).isPresent()) {
        overrides.add(Map.entry(where, c));
        continue;
      }
      uid.ifPresent(u -> {
        byUid.putIfAbsent(u, events.size());
        masters.putIfAbsent(u, c);
      });
      events.add(new Event(uid, toItem(c, where, fields)));
    }
    for (Map.Entry<String, Component> o : overrides) {
      override(o.getValue(), o.getKey(), fields, events, byUid, masters, skipped);
    }
    return new Parsed(source, events, skipped);
  }

  /**
   * A changed occurrence of a series (a VEVENT with RECURRENCE-ID): the series no longer happens at the original
   * time (an EXDATE is added to it), and, unless the occurrence is cancelled, it happens as its own event at the new
   * time, under the id {@code UID~YYYYMMDDTHHMM} of the original occurrence (the id Deja gives a series' occurrence).
   */
  private static void override(Component c, String where, Set<String> fields, List<Event> events,
      Map<String, Integer> byUid, Map<String, Component> masters, List<String> skipped) {
    Optional<String> uid = value(c, Property.UID);
    Property ridProp = c.getProperty(Property.RECURRENCE_ID).orElseThrow();
    Integer at = uid.map(byUid::get).orElse(null);
    Component master = uid.map(masters::get).orElse(null);
    if (at == null || master == null || events.get(at).item().findString(RRULE).isEmpty()) {
      throw new InvalidInputException(where + ": RECURRENCE-ID " + ridProp.getValue() + " changes an occurrence "
          + "of a series that is not in the file (no VEVENT with UID " + uid.orElse("?") + " and an RRULE)");
    }
    When masterStart = when(master.getProperty(Property.DTSTART).orElseThrow(), where, Optional.empty());
    When rid = when(ridProp, where + ": RECURRENCE-ID", masterStart.zone);
    String exdate;
    String suffix;
    if (masterStart.date != null) {
      LocalDate day = rid.date != null ? rid.date : rid.zoned(ZoneOffset.UTC).toLocalDate();
      exdate = day.toString();
      suffix = day.format(DATE);
    } else {
      ZonedDateTime moment = rid.date != null ? rid.date.atStartOfDay(masterStart.zoneOrUtc())
          : rid.zoned(masterStart.zoneOrUtc());
      exdate = masterStart.sameForm(moment);
      LocalDateTime local = masterStart.utc ? moment.withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime()
          : moment.withZoneSameInstant(masterStart.zoneOrUtc()).toLocalDateTime();
      suffix = local.format(ID_TIME);
    }
    Event series = events.get(at);
    if (fields.contains(EXDATES)) {
      Map<String, Object> f = new LinkedHashMap<>(series.item().fields());
      List<Object> ex = new ArrayList<>();
      if (f.get(EXDATES) instanceof List<?> l) {
        ex.addAll(l);
      }
      if (!ex.contains(exdate)) {
        ex.add(exdate);
      }
      f.put(EXDATES, ex);
      events.set(at, new Event(series.uid(), new Item(f)));
    }
    String id = uid.get() + "~" + suffix;
    if (value(c, Property.STATUS).filter("CANCELLED"::equalsIgnoreCase).isPresent()) {
      skipped.add(where + ": the occurrence of " + exdate + " is cancelled (RECURRENCE-ID with STATUS:CANCELLED): "
          + "the series no longer has it");
      return;
    }
    Item moved = toItem(c, where, fields);
    Map<String, Object> f = new LinkedHashMap<>(moved.fields());
    f.remove(RRULE);
    f.remove(EXDATES);
    events.add(new Event(Optional.of(id), new Item(f)));
  }

  /**
   * The text of an iCalendar file's bytes, unfolded on bytes first and then decoded as UTF-8, strictly (see
   * {@link ICalendarText#decode}).
   */
  public static String decode(byte[] bytes, String source) {
    return ICalendarText.decode(bytes, source);
  }

  /** Reads an iCalendar text given as a string (see {@link #read(Reader, String, Set)}). */
  public static Parsed read(String text, String source, Set<String> fields) {
    return read(new StringReader(text), source, fields);
  }

  private static Optional<String> value(Component c, String name) {
    return c.getProperty(name).map(Property::getValue).filter(v -> !v.isBlank());
  }

  private static Item toItem(Component c, String where, Set<String> fields) {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put(TITLE, value(c, Property.SUMMARY).orElseThrow(() -> new InvalidInputException(where
        + ": SUMMARY is required (it becomes the event's title)")));
    Property startProp = c.getProperty(Property.DTSTART).orElseThrow(() -> new InvalidInputException(where
        + ": DTSTART is required"));
    When start = when(startProp, where, Optional.empty());
    if (start.date != null) {
      f.put(START, start.date.toString());
      LocalDate last = start.date;
      Optional<Property> endProp = c.getProperty(Property.DTEND);
      if (endProp.isPresent()) {
        When end = when(endProp.get(), where, Optional.empty());
        if (end.date == null) {
          throw new InvalidInputException(where + ": DTSTART is a date but DTEND " + endProp.get().getValue()
              + " is not (an all-day event's DTEND must be a date too)");
        }
        if (end.date.isBefore(start.date)) {
          throw new InvalidInputException(where + ": DTEND " + end.date + " is before DTSTART " + start.date);
        }
        // iCalendar's DTEND is exclusive: DTSTART 03-02, DTEND 03-04 is two days, 03-02 and 03-03.
        last = end.date.isAfter(start.date) ? end.date.minusDays(1) : start.date;
      } else if (value(c, Property.DURATION).isPresent()) {
        Duration d = duration(c, where);
        long days = Math.max(1, d.toDays());
        last = start.date.plusDays(days - 1);
      }
      if (!last.equals(start.date)) {
        f.put(END, last.toString());
      }
      f.put(ALL_DAY, true);
    } else {
      f.put(START, start.text());
      Optional<Property> endProp = c.getProperty(Property.DTEND);
      ZonedDateTime endAt = null;
      if (endProp.isPresent()) {
        When end = when(endProp.get(), where, start.zone);
        if (end.date != null) {
          endAt = end.date.atStartOfDay(start.zoneOrUtc());
        } else {
          endAt = end.zoned(start.zoneOrUtc());
        }
      } else if (value(c, Property.DURATION).isPresent()) {
        endAt = start.zoned(start.zoneOrUtc()).plus(duration(c, where));
      }
      if (endAt != null) {
        if (endAt.isBefore(start.zoned(start.zoneOrUtc()))) {
          throw new InvalidInputException(where + ": DTEND is before DTSTART");
        }
        f.put(END, start.sameForm(endAt));
      }
      f.put(ALL_DAY, false);
      start.zone.ifPresent(z -> f.put(TIME_ZONE, z.getId()));
    }
    value(c, Property.DESCRIPTION).ifPresent(v -> f.put(DESCRIPTION, v));
    value(c, Property.LOCATION).ifPresent(v -> f.put(LOCATION, v));
    if (fields.contains(STATUS)) {
      value(c, Property.STATUS).ifPresent(v -> f.put(STATUS, v));
    }
    List<Property> rrules = c.getProperties(Property.RRULE);
    if (rrules.size() > 1) {
      throw new InvalidInputException(where + ": " + rrules.size() + " RRULEs; one is supported");
    }
    if (rrules.size() == 1) {
      f.put(RRULE, rrules.get(0).getValue().strip());
      List<String> ex = new ArrayList<>();
      for (Property p : c.<Property>getProperties(Property.EXDATE)) {
        for (String v : p.getValue().split(",")) {
          if (v.isBlank()) {
            continue;
          }
          When x = when(p, v.strip(), where, start.zone);
          if (start.date != null) {
            ex.add((x.date != null ? x.date : x.zoned(ZoneOffset.UTC).toLocalDate()).toString());
          } else {
            ZonedDateTime at = x.date != null ? x.date.atStartOfDay(start.zoneOrUtc()) : x.zoned(start.zoneOrUtc());
            ex.add(start.sameForm(at));
          }
        }
      }
      if (!ex.isEmpty()) {
        f.put(EXDATES, ex);
      }
    }
    f.keySet().removeIf(k -> !fields.contains(k) && !k.equals(TITLE) && !k.equals(START));
    return new Item(f);
  }

  private static Duration duration(Component c, String where) {
    String v = value(c, Property.DURATION).orElseThrow();
    try {
      TemporalAmount a = TemporalAmountAdapter.parse(v).getDuration();
      if (a instanceof Duration d) {
        return d;
      }
      if (a instanceof java.time.Period p && p.toTotalMonths() == 0) {
        return Duration.ofDays(p.getDays());
      }
      throw new InvalidInputException(where + ": DURATION " + v + " is not supported");
    } catch (RuntimeException e) {
      if (e instanceof InvalidInputException ie) {
        throw ie;
      }
      throw new InvalidInputException(where + ": DURATION " + v + " is not a valid duration", e);
    }
  }

  /** A DTSTART/DTEND/EXDATE value: a date, or a date-time that is UTC, in a zone, or floating. */
  private record When(LocalDate date, LocalDateTime local, boolean utc, Optional<ZoneId> zone) {
    ZoneId zoneOrUtc() {
      return zone.orElse(ZoneOffset.UTC);
    }

    ZonedDateTime zoned(ZoneId fallback) {
      if (utc) {
        return local.atZone(ZoneOffset.UTC);
      }
      return local.atZone(zone.orElse(fallback));
    }

    /** The item text of the start: a local date-time, with Z when UTC. */
    String text() {
      return localText(local) + (utc ? "Z" : "");
    }

    /** Another moment written like this start: UTC stays UTC, a zoned or floating start gets local times. */
    String sameForm(ZonedDateTime at) {
      if (utc) {
        return localText(at.withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime()) + "Z";
      }
      return localText(at.withZoneSameInstant(zone.orElse(at.getZone())).toLocalDateTime());
    }
  }

  private static String localText(LocalDateTime t) {
    String s = t.toString();
    return s.length() == 16 || t.getSecond() != 0 || t.getNano() != 0 ? s : s.substring(0, 16);
  }

  private static When when(Property p, String where, Optional<ZoneId> inherit) {
    return when(p, p.getValue(), where, inherit);
  }

  private static When when(Property p, String raw, String where, Optional<ZoneId> inherit) {
    String v = raw.strip();
    boolean isDate = p.getParameter(Parameter.VALUE).map(Parameter::getValue).filter("DATE"::equalsIgnoreCase)
        .isPresent() || v.length() == 8;
    try {
      if (isDate) {
        return new When(LocalDate.parse(v, DATE), null, false, Optional.empty());
      }
      boolean utc = v.endsWith("Z") || v.endsWith("z");
      LocalDateTime local = LocalDateTime.parse(utc ? v.substring(0, v.length() - 1) : v, DATE_TIME);
      Optional<ZoneId> zone = utc ? Optional.empty() : p.getParameter(Parameter.TZID).map(Parameter::getValue)
          .map(t -> zoneOf(t, where + ": " + p.getName()));
      return new When(null, local, utc, zone);
    } catch (DateTimeParseException e) {
      throw new InvalidInputException(where + ": " + p.getName() + " '" + v + "' is not an iCalendar "
          + (isDate ? "date (YYYYMMDD)" : "date-time (YYYYMMDDTHHMMSS, optionally ending in Z)"), e);
    }
  }

  /**
   * A TZID as a Java zone: an IANA id as is, a vendor-prefixed one ({@code /mozilla.org/20070129_1/Europe/Berlin}) by
   * its last two segments, or a Windows zone name ({@code W. Europe Standard Time}, as Outlook and Exchange write)
   * through CLDR's Windows-to-IANA mapping (ICU).
   */
  static ZoneId zoneOf(String tzid, String where) {
    String t = tzid.strip();
    try {
      return ZoneId.of(t);
    } catch (DateTimeException e) {
      String[] parts = t.split("/");
      if (parts.length >= 2) {
        try {
          return ZoneId.of(parts[parts.length - 2] + "/" + parts[parts.length - 1]);
        } catch (DateTimeException ignored) {
          // fall through to the Windows names
        }
      }
      String iana = com.ibm.icu.util.TimeZone.getIDForWindowsID(t, null);
      if (iana != null) {
        try {
          return ZoneId.of(iana);
        } catch (DateTimeException ignored) {
          // fall through to the error naming the TZID
        }
      }
      throw new InvalidInputException(where + ": unknown time zone TZID '" + tzid + "' (an IANA id such as "
          + "Europe/Berlin or a Windows zone name such as 'W. Europe Standard Time' is expected)", e);
    }
  }

  /**
   * Writes items as one VCALENDAR, each item as a VEVENT with its id as UID.
   *
   * @param events id and item pairs, in the order to write them
   * @param clock the DTSTAMP of every event
   */
  public static String write(List<Map.Entry<String, Item>> events, Clock clock) {
    Calendar cal = new Calendar();
    cal.add(new ProdId("-//Deja//deja-calendar//EN"));
    cal.add(new Version(new ParameterList(), Version.VALUE_2_0));
    Instant stamp = clock.instant().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
    List<VEvent> vevents = new ArrayList<>();
    java.util.SortedSet<String> zones = new java.util.TreeSet<>();
    for (Map.Entry<String, Item> e : events) {
      VEvent ev = toEvent(e.getKey(), e.getValue(), stamp);
      for (Property p : ev.getProperties()) {
        p.getParameter(Parameter.TZID).map(Parameter::getValue).ifPresent(zones::add);
      }
      vevents.add(ev);
    }
    // RFC 5545 §3.2.19: every TZID written must have its VTIMEZONE in the object.
    for (String z : zones) {
      cal.add(vtimezone(z));
    }
    vevents.forEach(cal::add);
    return ICalendarText.fold(cal.toString());
  }

  private static volatile net.fortuna.ical4j.model.TimeZoneRegistry zoneRegistry;

  /** The VTIMEZONE of an IANA zone, from ical4j's bundled zone database. */
  static net.fortuna.ical4j.model.component.VTimeZone vtimezone(String zone) {
    net.fortuna.ical4j.model.TimeZoneRegistry r = zoneRegistry;
    if (r == null) {
      r = net.fortuna.ical4j.model.TimeZoneRegistryFactory.getInstance().createRegistry();
      zoneRegistry = r;
    }
    net.fortuna.ical4j.model.TimeZone tz = r.getTimeZone(zone);
    if (tz == null) {
      throw new InvalidInputException("time zone '" + zone + "' has no VTIMEZONE definition in ical4j's zone "
          + "database");
    }
    return tz.getVTimeZone();
  }

  /** One item as a VEVENT. */
  public static VEvent toEvent(String id, Item item, Instant stamp) {
    String where = "item '" + id + "'";
    VEvent ev = new VEvent(false);
    ev.add(new DtStamp(stamp));
    ev.add(new Uid(id));
    ev.add(new Summary(item.findString(TITLE).orElseThrow(() -> new InvalidInputException(where
        + ": field 'title' is required for iCalendar (SUMMARY)"))));
    String startText = item.findString(START).filter(s -> !s.isBlank()).orElseThrow(() -> new InvalidInputException(
        where + ": field 'start' is required for iCalendar (DTSTART)"));
    Optional<String> endText = item.findString(END).filter(s -> !s.isBlank());
    Optional<ZoneId> zone = item.findString(TIME_ZONE).filter(s -> !s.isBlank())
        .map(z -> Temporals.zone(TIME_ZONE, z));
    boolean allDay = item.find(ALL_DAY).map(v -> Boolean.TRUE.equals(v)).orElse(Temporals.isDate(startText));
    Optional<String> rule = item.findString(RRULE).filter(s -> !s.isBlank());
    if (allDay) {
      LocalDate first = Temporals.date(START, startText, zone.orElse(ZoneOffset.UTC));
      LocalDate last = endText.map(t -> Temporals.date(END, t, zone.orElse(ZoneOffset.UTC))).orElse(first);
      ev.add(new DtStart<>(first));
      ev.add(new DtEnd<>(last.plusDays(1)));
    } else {
      Moment start = moment(START, startText, zone);
      ev.add(start.start());
      endText.ifPresent(t -> ev.add(moment(END, t, zone).end()));
    }
    rule.ifPresent(r -> ev.add(new RRule<>(r.regionMatches(true, 0, "RRULE:", 0, 6) ? r.substring(6) : r)));
    if (rule.isPresent() && item.fields().get(EXDATES) instanceof List<?> xs && !xs.isEmpty()) {
      if (allDay) {
        List<LocalDate> days = new ArrayList<>();
        for (Object x : xs) {
          days.add(Temporals.date(EXDATES, String.valueOf(x), zone.orElse(ZoneOffset.UTC)));
        }
        ExDate<LocalDate> ex = new ExDate<>(new DateList<>(days));
        ex.add(Value.DATE);
        ev.add(ex);
      } else {
        for (Object x : xs) {
          ev.add(moment(EXDATES, String.valueOf(x), zone).exdate());
        }
      }
    }
    item.findString(DESCRIPTION).filter(s -> !s.isBlank()).ifPresent(d -> ev.add(new Description(d)));
    item.findString(LOCATION).filter(s -> !s.isBlank()).ifPresent(l -> ev.add(new Location(l)));
    item.findString(STATUS).filter(s -> !s.isBlank())
        .ifPresent(s -> ev.add(new Status(new ParameterList(), s.strip().toUpperCase(Locale.ROOT))));
    return ev;
  }

  /** A timed value as iCalendar writes it: UTC (an offset in the text), with a TZID, or floating. */
  private record Moment(LocalDateTime local, Optional<ZoneId> zone, boolean utc) {
    DtStart<?> start() {
      if (utc) {
        return new DtStart<>(local.toInstant(ZoneOffset.UTC));
      }
      DtStart<LocalDateTime> p = new DtStart<>(local);
      zone.ifPresent(z -> p.add(new TzId(z.getId())));
      return p;
    }

    DtEnd<?> end() {
      if (utc) {
        return new DtEnd<>(local.toInstant(ZoneOffset.UTC));
      }
      DtEnd<LocalDateTime> p = new DtEnd<>(local);
      zone.ifPresent(z -> p.add(new TzId(z.getId())));
      return p;
    }

    ExDate<?> exdate() {
      if (utc) {
        return new ExDate<>(new DateList<>(local.toInstant(ZoneOffset.UTC)));
      }
      ExDate<LocalDateTime> p = new ExDate<>(new DateList<>(local));
      zone.ifPresent(z -> p.add(new TzId(z.getId())));
      return p;
    }
  }

  private static Moment moment(String field, String text, Optional<ZoneId> zone) {
    String s = text.strip().replace(' ', 'T');
    if (Temporals.isDate(s)) {
      return new Moment(Temporals.date(field, s, ZoneOffset.UTC).atStartOfDay(), zone, false);
    }
    if (s.endsWith("]")) {
      ZonedDateTime z = Temporals.dateTime(field, s, ZoneOffset.UTC);
      return new Moment(z.toLocalDateTime(), Optional.of(z.getZone()), false);
    }
    int t = s.indexOf('T');
    String time = t < 0 ? "" : s.substring(t + 1);
    if (time.endsWith("Z") || time.indexOf('+') >= 0 || time.indexOf('-') >= 0) {
      try {
        OffsetDateTime o = OffsetDateTime.parse(s);
        return new Moment(o.atZoneSameInstant(ZoneOffset.UTC).toLocalDateTime(), Optional.empty(), true);
      } catch (DateTimeParseException e) {
        Temporals.dateTime(field, s, ZoneOffset.UTC); // throws the standard message
      }
    }
    return new Moment(Temporals.dateTime(field, s, ZoneOffset.UTC).toLocalDateTime(), zone, false);
  }
}
