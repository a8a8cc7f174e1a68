/**
 * Collections that live in a CalDAV calendar (RFC 4791), spoken with the JDK HttpClient.
 *
 * <h2>Using it</h2>
 *
 * <p>In a {@code deja.yaml}, declare the collection and give its calendar; the server's and the command's stores then
 * open it as a {@link dev.deja.calendar.caldav.CalDavCollectionStore} ({@link dev.deja.calendar.caldav.CalDavStores}
 * wraps each tenant's backend):
 *
 * <pre>
 * collections:
 *   calendar: {preset: calendar}
 * caldav:
 *   calendar: {url: "http://127.0.0.1:5232/{tenant}/calendar/", timeout_ms: 5000, fail_open: false}
 * </pre>
 *
 * <p>In Java, give the store to a collection like any other:
 *
 * <pre>{@code
 * CalDavCollectionStore store = new CalDavCollectionStore(CalDavSettings.of("http://127.0.0.1:5232/me/family/"),
 *     "family", () -> spec, embedders, Clock.systemUTC());
 * DejaCollection events = DejaCollection.builder(spec).store(store).embedders(embedders).build();
 * events.put(PutRequest.of("family", Item.of("title", "Dentist", "start", "2026-03-02T14:00")));  // PUT if allowed
 * }</pre>
 *
 * <h2>What happens on a check and a write</h2>
 *
 * <ol>
 *   <li>The engine asks the store for candidates with the new event's time window. The store turns the window into one
 *       UTC range (widened by a day of zone offsets for all-day clauses) and sends {@code REPORT calendar-query} with a
 *       {@code time-range}: the server returns the events overlapping it, and every series with an occurrence in it.
 *   <li>Each returned VEVENT is read with {@link dev.deja.calendar.ICalendar}; series are expanded into occurrences
 *       (ids {@code UID~20260331T1700}) with the collection's recurrence settings; the exact window filter of the
 *       query is applied to each.
 *   <li>The stages, guards and policy decide as for any store. A match on an occurrence names its series.
 *   <li>If the policy allows, the event is written with {@code PUT UID.ics} and {@code If-None-Match: *}: never over an
 *       existing resource.
 * </ol>
 *
 * <p>Nothing is cached, so the next check sees what other clients wrote since. The price is one round trip per check
 * (see docs/PERFORMANCE.md, "add_calendar_event end to end"). Failures are
 * {@link dev.deja.core.StoreException}s that name the server and the request; unavailability (refused, timeout,
 * 5xx) is retriable and is what {@code fail_open} covers. Limits: see
 * {@link dev.deja.calendar.caldav.CalDavCollectionStore}.
 */
package dev.deja.calendar.caldav;
