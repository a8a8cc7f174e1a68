/**
 * Recurring items: an iCalendar RRULE series (with excluded dates) stored as its master plus one ordinary item per
 * occurrence, so that every store finds occurrences through the time-window lookup it already has.
 *
 * <p>A collection gets recurrence from its spec ({@code recurrence: {rule_field: rrule, exdates_field: exdates,
 * horizon_days: 730, max_occurrences: 1000}}, the calendar preset has it). Then, in {@code DejaCollection}:
 *
 * <ul>
 *   <li>{@code put} of an item with a rule stores the master <em>without</em> a time (it is never found by time
 *       itself) and one item per occurrence from its first start up to {@code horizon_days} later, with ids
 *       {@code <series>~<yyyyMMddTHHmm>} ({@code ~<yyyyMMdd>} when all-day) and two reserved fields linking it to its
 *       series ({@link dev.deja.core.recur.Occurrences#SERIES_FIELD}, {@link
 *       dev.deja.core.recur.Occurrences#OCCURRENCE_FIELD}). Excluded dates are never materialised, so they never
 *       match.</li>
 *   <li>A single new event that duplicates one occurrence matches it; the match names the series (its id is the
 *       series' id, its item the occurrence, its explanation says which occurrence).</li>
 *   <li>A new series is checked occurrence by occurrence within its horizon; every stored item or series that any of
 *       them duplicates is a match (one per series, its best). A new weekly series that overlaps a stored one on a
 *       single week is therefore caught too: one shared real-world event is enough to ask the user.</li>
 *   <li>Deleting a series deletes its occurrences; a merge that replaces a series replaces them; a check with
 *       {@code exclude_id} of a series excludes its occurrences; {@code list} and {@code count} show a series once.</li>
 * </ul>
 *
 * <p>Expanding a rule needs a calendar library, which {@code deja-core} does not have: the {@link
 * dev.deja.core.recur.RecurrenceExpander} registered as a service by {@code deja-calendar} (ical4j) does it, or one
 * given to {@code DejaCollection.Builder.recurrence}. Without one, an item with a rule is refused with an error that
 * names deja-calendar; items without a rule need none.
 *
 * <p>Limits: occurrences after the horizon are not stored (a series that started long ago stops matching
 * {@code horizon_days} after its first start); a changed expander (another ical4j version) is applied to new and
 * replaced series only.
 */
package dev.deja.core.recur;
