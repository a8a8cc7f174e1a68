package dev.deja.core.measure;

/**
 * Closeness of two numbers: {@code min(|a|, |b|) / max(|a|, |b|)} for numbers of the same sign (Duke's
 * {@code NumericComparator}), 1 when both are 0, 0 for opposite signs. A value that is not a number (after removing
 * thousands separators) is compared by equality instead.
 *
 * <p>Known values: {@code ("100", "100") = 1}, {@code ("90", "100") = 0.9}, {@code ("1,000", "1000") = 1},
 * {@code ("-5", "5") = 0}. Thread-safe: stateless.
 */
public final class NumericMeasure implements Measure {
  public static final NumericMeasure INSTANCE = new NumericMeasure();

  private NumericMeasure() {}

  @Override
  public double similarity(String a, String b) {
    Double x = parse(a);
    Double y = parse(b);
    if (x == null || y == null) {
      return a.strip().equals(b.strip()) ? 1.0 : 0.0;
    }
    if (x.equals(y)) {
      return 1.0;
    }
    if (Math.signum(x) != Math.signum(y)) {
      return 0.0;
    }
    double ax = Math.abs(x);
    double ay = Math.abs(y);
    return Math.min(ax, ay) / Math.max(ax, ay);
  }

  private static Double parse(String s) {
    String t = s.strip().replace(",", "").replace("_", "");
    if (t.isEmpty()) {
      return null;
    }
    try {
      double d = Double.parseDouble(t);
      return Double.isFinite(d) ? d : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
