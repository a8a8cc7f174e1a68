package dev.deja.core.recur;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;

/**
 * Expands a recurrence rule into the local start times of its occurrences: the one thing about recurring items that
 * needs a calendar library. {@code deja-calendar} registers one backed by ical4j (RFC 5545 RRULE, including BYDAY,
 * BYMONTHDAY, INTERVAL, COUNT and UNTIL); {@code deja-core} itself has none and knows no iCalendar library.
 *
 * <p>Implementations are registered in {@code META-INF/services/dev.deja.core.recur.RecurrenceExpander} (found by
 * {@link RecurrenceExpanders#find()}) or given to {@code DejaCollection.Builder.recurrence}. They are thread-safe and
 * deterministic. Excluded dates are applied by the engine, not here.
 */
@FunctionalInterface
public interface RecurrenceExpander {

  /**
   * The local start times of a rule's occurrences, in ascending order, from {@code firstStart} (the first occurrence,
   * included when the rule matches it, as iCalendar's DTSTART always is) up to {@code until} (inclusive), at most
   * {@code max} of them. Wall-clock times stay the same across daylight-saving changes in {@code zone}.
   *
   * @param rule the RRULE value, e.g. {@code FREQ=WEEKLY;BYDAY=WE} (an optional {@code RRULE:} prefix is allowed)
   * @param firstStart the series' first start, local in {@code zone} (midnight for all-day series)
   * @param zone the series' time zone
   * @param until the last local start to return
   * @param max the most starts to return
   * @throws dev.deja.core.InvalidInputException when the rule is not a valid RRULE
   */
  List<LocalDateTime> expand(String rule, LocalDateTime firstStart, ZoneId zone, LocalDateTime until, int max);
}
