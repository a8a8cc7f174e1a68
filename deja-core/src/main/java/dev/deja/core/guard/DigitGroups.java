package dev.deja.core.guard;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A long number written in groups of digits — a phone, account, card or reference number — read as its digits, so
 * that the same number grouped otherwise is one number: "07700 900123" / "07700900123", "4111 1111 1111 1111" /
 * "4111-1111-1111-1111", "100 000" / "100000". The numbers alone cannot tell (they read [7700, 900123] against
 * [7700900123], and drop the leading zero).
 *
 * <p>A run is one or more groups of digits joined by a single space or hyphen, with at least {@value #MIN_DIGITS}
 * digits in all, not part of a word, a decimal ("3.5"), a clock time ("10:30") or a date with slashes. Two texts write
 * the same numbers this way when each run of one has a run of the other with the same digits in the same order, one to
 * one, and at least one of them is grouped otherwise (the same grouping needs no reading: the numbers already
 * agree). Another digit, or the digits in another order, is another number, as before.
 *
 * <p>Thread-safe: stateless.
 */
public final class DigitGroups {
  private DigitGroups() {}

  /** The fewest digits a run needs: shorter numbers in groups are counts, years or times ("2 3", "1985 2001"). */
  static final int MIN_DIGITS = 6;

  /**
   * One number written in groups of digits.
   *
   * @param written the run as the text writes it ("07700 900123")
   * @param digits its digits ("07700900123")
   * @param values each group as the number readings read it ([7700, 900123])
   */
  public record Run(String written, String digits, List<Double> values) {}

  private static final Pattern RUN =
      Pattern.compile("(?<![\\p{L}\\p{N}.,:/+-])\\d+(?:[ -]\\d+)*(?![\\p{L}\\p{N}]|[.,:/]\\d)");

  /** The runs of a text with at least {@value #MIN_DIGITS} digits, in order. */
  public static List<Run> read(String text) {
    List<Run> out = new ArrayList<>();
    Matcher m = RUN.matcher(text.replace('\u00a0', ' '));
    while (m.find()) {
      String written = m.group();
      String digits = written.replaceAll("[ -]", "");
      if (digits.length() < MIN_DIGITS) {
        continue;
      }
      List<Double> values = new ArrayList<>();
      for (String g : written.split("[ -]")) {
        values.add(Double.parseDouble(g));
      }
      out.add(new Run(written, digits, List.copyOf(values)));
    }
    return out;
  }

  /**
   * Whether two texts write the same long numbers, at least one grouped otherwise: each run of one has a run of the
   * other with the same digits, one to one.
   */
  public static boolean same(List<Run> a, List<Run> b) {
    int[] partners = OneToOne.partners(a, b, (x, y) -> x.digits().equals(y.digits()));
    if (partners == null) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (!a.get(i).written().equals(b.get(partners[i]).written())) {
        return true;
      }
    }
    return false;
  }

  /** The numbers without the groups of these runs (and without the runs as ordered numbers). */
  public static NumberReadings.Numbers withoutRuns(NumberReadings.Numbers n, List<Run> runs) {
    List<Double> rest = new ArrayList<>(n.numbers());
    List<List<Double>> orders = new ArrayList<>(n.orders());
    for (Run r : runs) {
      for (double v : r.values()) {
        rest.remove(Double.valueOf(v));
      }
      orders.remove(r.values());
    }
    return new NumberReadings.Numbers(rest, n.times(), orders);
  }

  /** The runs described for evidence: "[07700 900123]". */
  public static String describe(List<Run> runs) {
    return runs.stream().map(Run::written).toList().toString();
  }
}
