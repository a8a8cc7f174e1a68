package dev.deja.testkit;

import dev.deja.core.InvalidInputException;
import dev.deja.core.recur.RecurrenceExpander;
import java.time.DayOfWeek;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * A fake {@link RecurrenceExpander} for tests: the small part of RFC 5545 that engine tests need, written out by hand
 * so that they run without an iCalendar library. Understands {@code FREQ=DAILY|WEEKLY}, {@code INTERVAL}, {@code COUNT}
 * and, for weekly rules, {@code BYDAY} (two-letter days, no ordinals); anything else is rejected with an
 * {@link InvalidInputException}. The real expander (ical4j) lives in {@code deja-calendar}.
 *
 * <p>Thread-safe: stateless.
 */
public final class DailyWeeklyExpander implements RecurrenceExpander {
  private static final Map<String, DayOfWeek> DAYS = Map.of("MO", DayOfWeek.MONDAY, "TU", DayOfWeek.TUESDAY,
      "WE", DayOfWeek.WEDNESDAY, "TH", DayOfWeek.THURSDAY, "FR", DayOfWeek.FRIDAY, "SA", DayOfWeek.SATURDAY,
      "SU", DayOfWeek.SUNDAY);

  @Override
  public List<LocalDateTime> expand(String rule, LocalDateTime firstStart, ZoneId zone, LocalDateTime until, int max) {
    String freq = null;
    int interval = 1;
    int count = Integer.MAX_VALUE;
    TreeSet<DayOfWeek> byDay = new TreeSet<>();
    String body = rule.strip().startsWith("RRULE:") ? rule.strip().substring(6) : rule.strip();
    for (String part : body.split(";")) {
      String[] kv = part.split("=", 2);
      if (kv.length != 2) {
        throw new InvalidInputException("rrule: '" + part + "' is not NAME=VALUE in '" + rule + "'");
      }
      switch (kv[0]) {
        case "FREQ" -> freq = kv[1];
        case "INTERVAL" -> interval = positive(kv[1], rule);
        case "COUNT" -> count = positive(kv[1], rule);
        case "BYDAY" -> {
          for (String d : kv[1].split(",")) {
            DayOfWeek day = DAYS.get(d);
            if (day == null) {
              throw new InvalidInputException("rrule: unknown day '" + d + "' in '" + rule + "'");
            }
            byDay.add(day);
          }
        }
        default -> throw new InvalidInputException("rrule: the test expander does not know '" + kv[0] + "'");
      }
    }
    if (!"DAILY".equals(freq) && !"WEEKLY".equals(freq)) {
      throw new InvalidInputException("rrule: the test expander knows FREQ=DAILY and FREQ=WEEKLY, got '" + rule + "'");
    }
    List<LocalDateTime> out = new ArrayList<>();
    if ("DAILY".equals(freq)) {
      for (LocalDateTime t = firstStart; !t.isAfter(until) && out.size() < Math.min(max, count);
          t = t.plusDays(interval)) {
        out.add(t);
      }
      return out;
    }
    if (byDay.isEmpty()) {
      byDay.add(firstStart.getDayOfWeek());
    }
    // Weeks start on Monday (RFC 5545's default WKST); every INTERVAL-th week, the listed days from DTSTART on.
    LocalDateTime week = firstStart.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
    while (!week.isAfter(until) && out.size() < Math.min(max, count)) {
      for (DayOfWeek d : byDay) {
        LocalDateTime t = week.plusDays(d.getValue() - DayOfWeek.MONDAY.getValue());
        if (!t.isBefore(firstStart) && !t.isAfter(until) && out.size() < Math.min(max, count)) {
          out.add(t);
        }
      }
      week = week.plusWeeks(interval);
    }
    return out;
  }

  private static int positive(String v, String rule) {
    try {
      int n = Integer.parseInt(v);
      if (n < 1) {
        throw new NumberFormatException();
      }
      return n;
    } catch (NumberFormatException e) {
      throw new InvalidInputException("rrule: '" + v + "' is not a positive number in '" + rule + "'");
    }
  }
}
