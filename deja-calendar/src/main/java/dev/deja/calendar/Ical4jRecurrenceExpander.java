package dev.deja.calendar;

import dev.deja.core.InvalidInputException;
import dev.deja.core.recur.RecurrenceExpander;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.fortuna.ical4j.model.Recur;

/**
 * The {@link RecurrenceExpander} of deja-calendar: RFC 5545 RRULEs expanded by ical4j 4 (FREQ, INTERVAL, COUNT, UNTIL,
 * BYDAY, BYMONTHDAY, BYMONTH, BYSETPOS, …). Registered as a service, so any collection with a {@code recurrence:}
 * section finds it when deja-calendar is on the class path.
 *
 * <p>Occurrences are computed as zoned date-times in the series' zone and returned as local ones, so a 09:00 weekly
 * meeting stays at 09:00 across a daylight-saving change (its UTC instant moves by an hour), as iCalendar requires for
 * a DTSTART with a TZID. A date-only UNTIL ({@code UNTIL=20260401}) is the last day included; a UTC UNTIL
 * ({@code UNTIL=20260401T120000Z}) is compared as an instant.
 *
 * <p>Thread-safe: stateless.
 */
public final class Ical4jRecurrenceExpander implements RecurrenceExpander {
  private static final Pattern UNTIL = Pattern.compile("(?i)(^|;)UNTIL=([0-9]{8})(T[0-9]{6}Z?)?(?=;|$)");
  private static final Pattern FREQ = Pattern.compile("(?i)(^|;)FREQ=");
  // ical4j accepts a negative INTERVAL or COUNT silently; RFC 5545 allows positive integers only.
  private static final Pattern POSITIVE = Pattern.compile("(?i)(?:^|;)(INTERVAL|COUNT)=([^;]*)");

  @Override
  public List<LocalDateTime> expand(String rule, LocalDateTime firstStart, ZoneId zone, LocalDateTime until,
      int max) {
    if (rule == null || rule.isBlank()) {
      throw new InvalidInputException("rrule: must not be blank");
    }
    if (max < 1) {
      throw new IllegalArgumentException("max must be at least 1, got " + max);
    }
    String r = rule.strip();
    if (r.regionMatches(true, 0, "RRULE:", 0, 6)) {
      r = r.substring(6).strip();
    }
    if (!FREQ.matcher(r).find()) {
      throw new InvalidInputException("rrule: '" + rule + "' is not a valid RRULE: FREQ is required (e.g. "
          + "FREQ=WEEKLY;BYDAY=WE)");
    }
    Matcher positive = POSITIVE.matcher(r);
    while (positive.find()) {
      if (!positive.group(2).matches("[1-9][0-9]{0,8}")) {
        throw new InvalidInputException("rrule: '" + rule + "' is not a valid RRULE: " + positive.group(1)
            + " must be a positive integer, got '" + positive.group(2) + "'");
      }
    }
    Recur<ZonedDateTime> recur;
    try {
      recur = new Recur<>(withZonedUntil(r, zone));
    } catch (IllegalArgumentException | DateTimeException e) {
      throw new InvalidInputException("rrule: '" + rule + "' is not a valid RRULE: " + e.getMessage(), e);
    }
    ZonedDateTime seed = firstStart.atZone(zone);
    ZonedDateTime last = until.atZone(zone);
    if (last.isBefore(seed)) {
      return List.of();
    }
    List<ZonedDateTime> dates;
    try {
      // getDates includes the upper bound's instant only when it is strictly after it: one second past 'until'.
      dates = recur.getDates(seed, seed, last.plusSeconds(1), max);
    } catch (RuntimeException e) {
      throw new InvalidInputException("rrule: '" + rule + "' cannot be expanded: " + e.getMessage(), e);
    }
    List<LocalDateTime> out = new ArrayList<>(Math.min(dates.size(), max));
    for (ZonedDateTime d : dates) {
      LocalDateTime local = d.withZoneSameInstant(zone).toLocalDateTime();
      if (local.isBefore(firstStart) || local.isAfter(until)) {
        continue;
      }
      out.add(local);
      if (out.size() == max) {
        break;
      }
    }
    out.sort(null);
    return List.copyOf(out);
  }

  /**
   * ical4j compares UNTIL with the seed's type: a date-only or floating UNTIL becomes the end of that day (or that
   * local time) in the series' zone, a UTC one stays UTC. Rewritten as a UTC date-time so that one parse path serves
   * all three forms.
   */
  private static String withZonedUntil(String rule, ZoneId zone) {
    Matcher m = UNTIL.matcher(rule);
    if (!m.find()) {
      return rule;
    }
    String day = m.group(2);
    String time = m.group(3);
    LocalDate date;
    try {
      date = LocalDate.parse(day, java.time.format.DateTimeFormatter.BASIC_ISO_DATE);
    } catch (DateTimeException e) {
      throw new InvalidInputException("rrule: UNTIL=" + day + (time == null ? "" : time) + " is not a valid date", e);
    }
    ZonedDateTime end;
    if (time == null) {
      end = date.plusDays(1).atStartOfDay(zone).minusSeconds(1);
    } else {
      int hh = Integer.parseInt(time.substring(1, 3));
      int mm = Integer.parseInt(time.substring(3, 5));
      int ss = Integer.parseInt(time.substring(5, 7));
      LocalDateTime ldt;
      try {
        ldt = date.atTime(hh, mm, ss);
      } catch (DateTimeException e) {
        throw new InvalidInputException("rrule: UNTIL=" + day + time + " is not a valid date-time", e);
      }
      end = time.toUpperCase(Locale.ROOT).endsWith("Z") ? ldt.atZone(java.time.ZoneOffset.UTC) : ldt.atZone(zone);
    }
    String utc = end.withZoneSameInstant(java.time.ZoneOffset.UTC)
        .format(java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'"));
    return rule.substring(0, m.start()) + m.group(1) + "UNTIL=" + utc + rule.substring(m.end());
  }
}
