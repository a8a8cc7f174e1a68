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
 * ({@code 2026-03-02T14:00+01:00[Europe/Amsterdam]}).
 *
 * <p>Years are {@value #MIN_YEAR} to {@value #MAX_YEAR}: the four-digit years of ISO 8601 and iCalendar, and a range
 * whose instants, days and windows fit a {@code long} of milliseconds with room for arithmetic. A value outside it
 * (say {@code +999999999-12-31T23:59}) is refused like any other unreadable value, naming the field. Thread-safe:
 * stateless.
 */
public final class Temporals {
  /** The first year a date may have. */
  public static final int MIN_YEAR = 1;
  /** The last year a date may have. */
  public static final int MAX_YEAR = 9999;

  private Temporals() {}

  /** Whether the text is a plain date (no time part). */
  public static boolean isDate(String text) {
    String s = text.strip();
    return s.length() == 10 && s.charAt(4) == '-' && s.charAt(7) == '-';
  }

  /** A date; a date-time's local date in the zone is accepted too. */
  public static LocalDate date(String field, String text, ZoneId zone) {
    if (isDate(text)) {
      LocalDate d;
      try {
        d = LocalDate.parse(text.strip());
      } catch (DateTimeParseException e) {
        throw bad(field, text, "a date like 2026-03-02");
      }
      return inRange(field, text, d);
    }
    return dateTime(field, text, zone).toLocalDate();
  }

  /** A date-time in the given zone (a local date-time is taken to be in it; an offset or zone in the text wins). */
  public static ZonedDateTime dateTime(String field, String text, ZoneId zone) {
    String s = text.strip().replace(' ', 'T');
    ZonedDateTime z;
    try {
      if (s.endsWith("]")) {
        z = ZonedDateTime.parse(s);
      } else if (hasOffset(s)) {
        OffsetDateTime o = OffsetDateTime.parse(s);
        inRange(field, text, o.toLocalDate());
        z = o.atZoneSameInstant(zone);
      } else {
        LocalDateTime l = LocalDateTime.parse(s);
        inRange(field, text, l.toLocalDate());
        z = l.atZone(zone);
      }
    } catch (DateTimeException e) {
      // A parse error, or an instant beyond what a zone's rules can place (e.g. year 999999999 with a zone id).
      throw bad(field, text, "a date-time like 2026-03-02T14:00 (optionally with an offset or zone)");
    }
    inRange(field, text, z.toLocalDate());
    return z;
  }

  /** The date, when its year is in the supported range. */
  private static LocalDate inRange(String field, String text, LocalDate d) {
    if (d.getYear() < MIN_YEAR || d.getYear() > MAX_YEAR) {
      throw new InvalidInputException("field '" + field + "': '" + text + "' is outside the supported range of years "
          + MIN_YEAR + " to " + MAX_YEAR);
    }
    return d;
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
