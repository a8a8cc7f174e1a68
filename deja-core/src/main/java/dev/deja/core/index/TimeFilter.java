package dev.deja.core.index;

import dev.deja.core.item.TimeSpan;
import java.util.Objects;

/**
 * One clause of a candidate query's time window; a query's clauses are OR-ed. Stores translate each kind into their
 * own range queries over the stored {@link TimeSpan}.
 *
 * @param kind what is compared
 * @param from lower bound (inclusive): epoch millis or epoch day depending on the kind
 * @param to upper bound (inclusive): epoch millis or epoch day depending on the kind
 */
public record TimeFilter(Kind kind, long from, long to) {
  public TimeFilter {
    Objects.requireNonNull(kind, "kind");
    if (to < from) {
      throw new IllegalArgumentException("time filter upper bound " + to + " is before lower bound " + from);
    }
  }

  /** What a clause compares. */
  public enum Kind {
    /** A timed item whose start (epoch millis) is in [from, to]. */
    TIMED_START_BETWEEN,
    /** A timed item that starts on a local date (epoch day) in [from, to]. */
    TIMED_START_ON_DAYS,
    /** An all-day item whose first day is {@code from} and last day is {@code to}. */
    ALL_DAY_SAME_DATES,
    /** An all-day item covering at least one day in [from, to]. */
    ALL_DAY_OVERLAPPING
  }

  /** Whether a stored item's time span satisfies this clause. */
  public boolean test(TimeSpan span) {
    return switch (kind) {
      case TIMED_START_BETWEEN -> !span.allDay() && span.startMillis() >= from && span.startMillis() <= to;
      case TIMED_START_ON_DAYS -> !span.allDay() && span.startDay() >= from && span.startDay() <= to;
      case ALL_DAY_SAME_DATES -> span.allDay() && span.startDay() == from && span.endDay() == to;
      case ALL_DAY_OVERLAPPING -> span.allDay() && span.startDay() <= to && span.endDay() >= from;
    };
  }
}
