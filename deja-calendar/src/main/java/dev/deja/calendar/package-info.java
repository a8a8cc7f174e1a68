/**
 * Calendar semantics on top of the engine: recurrence expansion, iCalendar files, and (in
 * {@link dev.deja.calendar.caldav}) collections that live in a CalDAV calendar.
 *
 * <h2>Recurring events</h2>
 *
 * <p>{@link dev.deja.calendar.Ical4jRecurrenceExpander} is registered as the {@code RecurrenceExpander} service: with
 * this module on the class path, a collection whose spec has a {@code recurrence:} section (the {@code calendar}
 * preset does) stores a series as one item per occurrence, so a new event that duplicates one Tuesday of a weekly
 * lesson is found like any other event; excluded dates never match.
 *
 * <pre>{@code
 * DejaCollection events = DejaCollection.builder(Presets.spec("calendar")).store(store).build();
 * events.put(PutRequest.of("family", Item.of("title", "Piano lesson", "start", "2026-03-03T17:00",
 *     "time_zone", "Europe/Berlin", "rrule", "FREQ=WEEKLY;BYDAY=TU", "exdates", List.of("2026-03-17T17:00"))));
 * events.check(CheckRequest.of("family", Item.of("title", "piano lesson", "start", "2026-03-31T17:00",
 *     "time_zone", "Europe/Berlin")));   // DUPLICATE of the series (an occurrence after the switch to summer time)
 * }</pre>
 *
 * <h2>iCalendar files</h2>
 *
 * <p>{@link dev.deja.calendar.ICalendar} maps VEVENTs to items of the calendar preset and back (its javadoc has the
 * table: UID, SUMMARY, DTSTART/DTEND with TZID, UTC, floating and all-day dates, RRULE, EXDATE, …).
 * {@link dev.deja.calendar.CalendarImport} validates a whole file, then puts each event through the duplicate check
 * and reports what was created, what was skipped as a duplicate (with the matches) and what existed already;
 * {@link dev.deja.calendar.CalendarExport} writes a collection back. These are what {@code deja import} and
 * {@code deja export} run.
 *
 * <pre>{@code
 * ICalendar.Parsed file = ICalendar.read(Files.readString(path), "family.ics", events.spec().fields().keySet());
 * CalendarImport.Report report = CalendarImport.run(events, "family", file, false, () -> { });
 * report.count(CalendarImport.Kind.DUPLICATE);   // events skipped because they duplicate existing ones
 * String ics = CalendarExport.write(events, "family", Clock.systemUTC());
 * }</pre>
 *
 * <p>Why ical4j 4: it parses all-day dates as dates, resolves TZIDs to zones, and expands RRULEs with BYDAY, BYSETPOS,
 * COUNT and UNTIL as RFC 5545 says (verified on Java 17); the CalDAV client libraries for Java still pull ical4j 3,
 * which clashes, so CalDAV is spoken here with the JDK HttpClient.
 */
package dev.deja.calendar;
