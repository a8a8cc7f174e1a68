package dev.deja.core.spec;

import java.time.Duration;
import java.time.ZoneId;
import java.util.Objects;
import java.util.Optional;

/**
 * The time window rule: a new item is compared only with stored items that happen at about the same time.
 *
 * <p>Timed items match when their starts are at most {@code tolerance} apart (the calendar design's ±2 h). All-day
 * items match when they cover the same dates ({@link AllDayRule#SAME_DATES}, the default) or any common date
 * ({@link AllDayRule#OVERLAP}); the {@code end} of an all-day item is its last day, inclusive. A timed item and an
 * all-day item are compared only when {@link MixedRule#SAME_DATE} is chosen and the timed one starts on a date the
 * all-day one covers.
 *
 * @param startField the field holding the start (a date-time, or a date for all-day items)
 * @param endField the field holding the end, if any
 * @param allDayField the boolean field saying whether an item is all-day, if any (else: a date-only start is all-day)
 * @param timeZoneField the field holding an item's IANA time zone, if any
 * @param defaultZone the zone of local date-times without a zone
 * @param tolerance how far apart two timed starts may be
 * @param allDay the rule for two all-day items
 * @param mixed the rule for a timed and an all-day item
 */
public record WindowSpec(
    String startField,
    Optional<String> endField,
    Optional<String> allDayField,
    Optional<String> timeZoneField,
    ZoneId defaultZone,
    Duration tolerance,
    AllDayRule allDay,
    MixedRule mixed) {

  public WindowSpec {
    Objects.requireNonNull(startField, "startField");
    Objects.requireNonNull(endField, "endField");
    Objects.requireNonNull(allDayField, "allDayField");
    Objects.requireNonNull(timeZoneField, "timeZoneField");
    Objects.requireNonNull(defaultZone, "defaultZone");
    Objects.requireNonNull(tolerance, "tolerance");
    if (tolerance.isNegative()) {
      throw new IllegalArgumentException("time window must not be negative, got " + tolerance);
    }
    Objects.requireNonNull(allDay, "allDay");
    Objects.requireNonNull(mixed, "mixed");
  }

  /** How two all-day items are compared. */
  public enum AllDayRule {
    /** Same first and last date. */
    SAME_DATES,
    /** At least one date in common. */
    OVERLAP
  }

  /** How a timed item and an all-day item are compared. */
  public enum MixedRule {
    /** Never compared. */
    NEVER,
    /** Compared when the timed item starts on a date the all-day item covers. */
    SAME_DATE
  }
}
