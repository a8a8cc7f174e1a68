package dev.deja.core.time;

import dev.deja.core.InvalidInputException;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;

/**
 * Parsing of the date and date-time strings items carry, with errors that name the field and the value.
 *
 * <p>Accepted: {@code 2026-03-02} (a date), {@code 2026-03-02T14:00[:ss[.fff]]} (local, interpreted in a zone),
 * the same with a space instead of {@code T}, with an offset ({@code +01:00}, {@code Z}) or with a zone id in brackets
 * ({@code 2026-03-02T14:00+01:00[Europe/Amsterdam]}). Thread-safe: stateless.
 */
public final class Temporals {
  private Temporals() {}

  /** Whether the text is a plain date (no time part). */
  public static boolean isDate(String text) {
    String s = text.strip();
    return s.length() == 10 && s.charAt(4) == '-' && s.charAt(7) == '-';
  }

  /** A date; a date-time's local date in the zone is accepted too. */
  public static LocalDate date(String field, String text, ZoneId zone) {
    if (isDate(text)) {
      try {
        return LocalDate.parse(text.strip());
      } catch (DateTimeParseException e) {
        throw bad(field, text, "a date like 2026-03-02");
      }
    }
    return dateTime(field, text, zone).toLocalDate();
  }

  /** A date-time in the given zone (a local date-time is taken to be in it; an offset or zone in the text wins). */
  public static ZonedDateTime dateTime(String field, String text, ZoneId zone) {
    String s = text.strip().replace(' ', 'T');
    try {
      if (s.endsWith("]")) {
        return ZonedDateTime.parse(s);
      }
      if (hasOffset(s)) {
        return OffsetDateTime.parse(s).atZoneSameInstant(zone);
      }
      return LocalDateTime.parse(s).atZone(zone);
    } catch (DateTimeParseException e) {
      throw bad(field, text, "a date-time like 2026-03-02T14:00 (optionally with an offset or zone)");
    }
  }

  /** A zone id, with a clear error. */
  public static ZoneId zone(String field, String text) {
    try {
      return ZoneId.of(text.strip());
    } catch (DateTimeException e) {
      throw new InvalidInputException("field '" + field + "': unknown time zone '" + text + "'");
    }
  }

  private static boolean hasOffset(String s) {
    int t = s.indexOf('T');
    if (t < 0) {
      return false;
    }
    String time = s.substring(t + 1);
    return time.endsWith("Z") || time.indexOf('+') >= 0 || time.indexOf('-') >= 0;
  }

  private static InvalidInputException bad(String field, String text, String expected) {
    return new InvalidInputException("field '" + field + "': cannot read '" + text + "' as " + expected);
  }
}
