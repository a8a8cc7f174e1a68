package dev.deja.core.item;

/**
 * When an item happens, resolved to absolute time: what time windows compare.
 *
 * <p>For a timed item, {@code startMillis}/{@code endMillis} are epoch milliseconds (UTC) and
 * {@code startDay}/{@code endDay} are the epoch days of the local dates in the item's time zone. For an all-day item,
 * the days are the first and the last (inclusive) date and the millis span from the start of the first to the end of
 * the last day in the item's zone.
 *
 * @param allDay whether the item is all-day
 * @param startMillis start, epoch millis
 * @param endMillis end, epoch millis, not before start
 * @param startDay first local date, epoch day
 * @param endDay last local date (inclusive), epoch day, not before startDay
 */
public record TimeSpan(boolean allDay, long startMillis, long endMillis, long startDay, long endDay) {
  public TimeSpan {
    if (endMillis < startMillis) {
      throw new IllegalArgumentException("end must not be before start: " + endMillis + " < " + startMillis);
    }
    if (endDay < startDay) {
      throw new IllegalArgumentException("end day must not be before start day: " + endDay + " < " + startDay);
    }
  }
}
