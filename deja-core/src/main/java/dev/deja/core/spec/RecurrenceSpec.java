package dev.deja.core.spec;

import dev.deja.core.InvalidInputException;
import java.util.Objects;

/**
 * How a collection handles recurring items (an iCalendar RRULE series): which fields hold the rule and the excluded
 * dates, and how far ahead a series is materialised.
 *
 * <p>A series is stored once (its master item, with the rule) plus one ordinary item per occurrence from its first
 * start up to {@code horizonDays} later (at most {@code maxOccurrences}); excluded dates are never materialised. Checks
 * then find occurrences through the same time-window lookup as any other item, in every store. See
 * {@link dev.deja.core.recur}.
 *
 * <pre>{@code
 * recurrence: {rule_field: rrule, exdates_field: exdates, horizon_days: 730, max_occurrences: 1000}
 * }</pre>
 *
 * @param ruleField the field holding the RRULE value ({@code FREQ=WEEKLY;BYDAY=WE}), a keyword field
 * @param exdatesField the list field holding excluded dates or date-times (local, in the item's zone)
 * @param horizonDays how many days after the first start occurrences are materialised and checked
 * @param maxOccurrences the most occurrences materialised for one series
 */
public record RecurrenceSpec(String ruleField, String exdatesField, int horizonDays, int maxOccurrences) {
  public RecurrenceSpec {
    Objects.requireNonNull(ruleField, "ruleField");
    Objects.requireNonNull(exdatesField, "exdatesField");
    if (horizonDays < 1 || horizonDays > 36_600) {
      throw new InvalidInputException("recurrence.horizon_days: must be in [1, 36600], got " + horizonDays);
    }
    if (maxOccurrences < 1 || maxOccurrences > 100_000) {
      throw new InvalidInputException("recurrence.max_occurrences: must be in [1, 100000], got " + maxOccurrences);
    }
  }
}
