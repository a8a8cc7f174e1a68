package dev.deja.core.guard;

import dev.deja.core.lexical.WordKnowledge;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Calendar dates however written: "12/03", "11/05/2027", "04.09.2019", "2027-05-11", "12 March", "May 11th, 2027", "11.
 * Mai 2027", "11 de mayo de 2027". The numbers alone cannot tell that "12/03" and "12 March" are one date (they read
 * [3, 12] against [12]); the dates can.
 *
 * <p>A date written in numbers only, day and month in either order, has every reading that is a valid day of a month:
 * "12/03" is 12 March or 3 December, "25/12" only 25 December, "60/40" none (no date). "." and "-" between day and
 * month need a year after them ("04.09.2019"; "3.5" and "3-5" are a decimal and a range); a year first is ISO's order
 * ("2027-05-11"). A date with a month's name has one reading: a day of one or two digits (an ordinal suffix or a full
 * stop allowed) next to the month's name in the text's language or in English ({@link WordKnowledge#month}; in an
 * English text, a name that is also a common word only with a capital: "May 2", not "I may 2 …"), and a year of four
 * digits after both, if any. A month and a year without a day ("March 2023") is no date here: its
 * numbers already compare.
 *
 * <p>Two texts state the same dates when each date of one has a date of the other, one to one, with a common reading
 * and the same year or a year in one text only ("12/03" / "12 March", "11/05/2027" / "11 May 2027"); two dates in
 * numbers only must also be written the same way round (whoever writes "12/03" and "03/12" means two dates). Their
 * numbers then say nothing more than the dates do ({@link #withoutDates}).
 *
 * <p>Thread-safe: stateless.
 */
public final class DateReadings {
  private DateReadings() {}

  /**
   * One date of a text.
   *
   * @param days its readings as month × 100 + day (12 March is 312)
   * @param year its year, 0 when it names none
   * @param numbers the numbers the number reading takes from it ("12/03" → 12, 3; "11 May 2027" → 11, 2027)
   * @param run the numbers in the order written when they are a run the number reading compares in order ("12/03"),
   *     else empty
   * @param written for a day and a month in numbers only, in either order, the first × 100 + the second ("12/03" →
   *     1203); 0 for the other forms
   */
  public record Date(Set<Integer> days, int year, List<Double> numbers, List<Double> run, int written) {}

  private static final Pattern ISO = Pattern.compile("(?<![\\p{L}\\p{N}.,/-])(\\d{4})-(\\d{1,2})-(\\d{1,2})"
      + "(?![\\p{L}\\p{N}]|[.,/-]\\d)");
  private static final Pattern NUMERIC = Pattern.compile("(?<![\\p{L}\\p{N}.,/-])(\\d{1,2})([/.-])(\\d{1,2})"
      + "(?:\\2(\\d{4}|\\d{2}))?(?![\\p{L}\\p{N}]|[.,/-]\\d)");
  private static final Pattern DAY_MONTH = Pattern.compile("(?<![\\p{L}\\p{N}.,/-])(\\d{1,2})(?:st|nd|rd|th|\\.)?"
      + "\\s+(?:(?:of|de|del)\\s+)?(\\p{L}+)\\.?(?:,?\\s+(?:de\\s+)?(\\d{4})(?![\\p{L}\\p{N}]))?");
  private static final Pattern MONTH_DAY = Pattern.compile("(?<![\\p{L}\\p{N}])(\\p{L}+)\\.?\\s+(?:the\\s+)?"
      + "(\\d{1,2})(?:st|nd|rd|th)?(?![\\p{L}\\p{N}:]|[.,/-]\\d)(?:,?\\s+(\\d{4})(?![\\p{L}\\p{N}]))?");

  /** The dates of a text, in the order found (numeric ones first); empty when it writes no digit. */
  public static List<Date> read(String text, WordKnowledge knowledge, String language) {
    List<Date> out = new ArrayList<>();
    if (text.chars().noneMatch(Character::isDigit)) {
      return out;
    }
    String t = text.toLowerCase(Locale.ROOT).replace('–', '-').replace('—', '-');
    boolean[] used = new boolean[t.length()];
    Matcher m = ISO.matcher(t);
    while (m.find()) {
      int y = Integer.parseInt(m.group(1));
      int mo = Integer.parseInt(m.group(2));
      int d = Integer.parseInt(m.group(3));
      if (valid(mo, d)) {
        out.add(new Date(Set.of(mo * 100 + d), y, List.of((double) y, (double) mo, (double) d),
            List.of((double) y, (double) mo, (double) d), 0));
        mark(used, m.start(), m.end());
      }
    }
    m = NUMERIC.matcher(t);
    while (m.find()) {
      if (taken(used, m.start(), m.end())) {
        continue;
      }
      String sep = m.group(2);
      if (!sep.equals("/") && m.group(4) == null) {
        continue;
      }
      int a = Integer.parseInt(m.group(1));
      int b = Integer.parseInt(m.group(3));
      Set<Integer> days = new LinkedHashSet<>();
      if (valid(b, a)) {
        days.add(b * 100 + a);
      }
      if (valid(a, b)) {
        days.add(a * 100 + b);
      }
      if (days.isEmpty()) {
        continue;
      }
      // The number reading takes "04.09" in "04.09.2019" for one decimal number.
      List<Double> numbers = new ArrayList<>(sep.equals(".")
          ? List.of(Double.parseDouble(m.group(1) + "." + m.group(3))) : List.of((double) a, (double) b));
      int year = 0;
      if (m.group(4) != null) {
        int written = Integer.parseInt(m.group(4));
        numbers.add((double) written);
        year = m.group(4).length() == 2 ? (written >= 69 ? 1900 + written : 2000 + written) : written;
      }
      out.add(new Date(Set.copyOf(days), year, numbers, sep.equals("/") || sep.equals("-") ? numbers : List.of(),
          a * 100 + b));
      mark(used, m.start(), m.end());
    }
    // A month's name that is also a common English word is a month with a capital only: "May 2", not "I may 2 …".
    String cased = language.equals("en") && t.length() == text.length() ? text : null;
    named(t, cased, DAY_MONTH, 1, 2, used, out, knowledge, language);
    named(t, cased, MONTH_DAY, 2, 1, used, out, knowledge, language);
    return out;
  }

  private static void named(String t, String cased, Pattern p, int dayGroup, int monthGroup, boolean[] used,
      List<Date> out, WordKnowledge knowledge, String language) {
    Matcher m = p.matcher(t);
    int from = 0;
    while (from < t.length() && m.find(from)) {
      from = m.start() + 1;
      if (taken(used, m.start(), m.end())) {
        continue;
      }
      String name = m.group(monthGroup);
      int mo = cased != null && !Character.isUpperCase(cased.charAt(m.start(monthGroup)))
          && knowledge.isCommonWord(name) ? 0 : knowledge.month(name, language);
      int d = Integer.parseInt(m.group(dayGroup));
      if (mo == 0 || !valid(mo, d)) {
        continue;
      }
      List<Double> numbers = new ArrayList<>(List.of((double) d));
      int year = 0;
      if (m.group(3) != null) {
        year = Integer.parseInt(m.group(3));
        numbers.add((double) year);
      }
      out.add(new Date(Set.of(mo * 100 + d), year, numbers, List.of(), 0));
      mark(used, m.start(), m.end());
      from = m.end();
    }
  }

  private static boolean valid(int month, int day) {
    int[] lengths = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return month >= 1 && month <= 12 && day >= 1 && day <= lengths[month - 1];
  }

  private static void mark(boolean[] used, int from, int to) {
    for (int i = from; i < to; i++) {
      used[i] = true;
    }
  }

  private static boolean taken(boolean[] used, int from, int to) {
    for (int i = from; i < to; i++) {
      if (used[i]) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether two texts state the same dates: both state some, and each date of one pairs with a date of the other, one
   * to one, that has a common reading and the same year or a year in only one of them.
   */
  public static boolean same(List<Date> a, List<Date> b) {
    return OneToOne.partners(a, b, DateReadings::agree) != null;
  }

  /**
   * Whether two dates can be one: a common reading, the same year or a year in one only, and — two dates in numbers
   * only — written the same way round ("12/03" / "03/12" are two dates).
   */
  private static boolean agree(Date x, Date y) {
    boolean sameWay = x.written() == 0 || y.written() == 0 || x.written() == y.written();
    return sameWay && (x.year() == 0 || y.year() == 0 || x.year() == y.year())
        && x.days().stream().anyMatch(y.days()::contains);
  }

  /** The numbers of a text without those of its dates, and without the dates' runs ("12/03" leaves no 12 or 3). */
  public static NumberReadings.Numbers withoutDates(NumberReadings.Numbers n, List<Date> dates) {
    List<Double> rest = new ArrayList<>(n.numbers());
    List<List<Double>> orders = new ArrayList<>(n.orders());
    for (Date d : dates) {
      for (double v : d.numbers()) {
        rest.remove(Double.valueOf(v));
      }
      orders.remove(d.run());
    }
    return new NumberReadings.Numbers(rest, n.times(), orders);
  }

  /** The dates described for evidence: "12/03 → [03-12|12-03]"-like readings as "[MM-DD|…] YYYY". */
  public static String describe(List<Date> dates) {
    List<String> out = new ArrayList<>();
    for (Date d : dates) {
      List<String> readings = new ArrayList<>();
      d.days().stream().sorted().forEach(k -> readings.add(String.format("%02d-%02d", k / 100, k % 100)));
      out.add(String.join("|", readings) + (d.year() == 0 ? "" : " " + d.year()));
    }
    return out.toString();
  }
}
