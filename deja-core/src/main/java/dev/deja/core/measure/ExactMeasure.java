package dev.deja.core.measure;

/**
 * Equality of the (normalised) values: 1 when equal, else 0. For fields where a near miss is no evidence: a year, a
 * state code, a street number.
 *
 * <p>Known values: {@code ("1999", "1999") = 1}, {@code ("1999", "2000") = 0}. Thread-safe: stateless.
 */
public final class ExactMeasure implements Measure {
  public static final ExactMeasure INSTANCE = new ExactMeasure();

  private ExactMeasure() {}

  @Override
  public double similarity(String a, String b) {
    return a.equals(b) ? 1.0 : 0.0;
  }
}
