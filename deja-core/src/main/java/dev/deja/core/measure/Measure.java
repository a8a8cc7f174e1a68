package dev.deja.core.measure;

/**
 * A string similarity: a number in [0, 1], where 1 means identical under the measure's notion of sameness.
 *
 * <p>Contract for every implementation: the result is in [0, 1], never NaN; {@code similarity(x, x) == 1} for
 * non-blank {@code x}; the same inputs always give the same result; implementations are thread-safe. Measures are
 * symmetric unless their javadoc says otherwise ({@link SequenceMeasure} reproduces Python's difflib, which is not
 * always). Inputs are compared as given: normalisation is the caller's job (stages apply the field's analyzer first).
 * A blank value is no evidence; stages do not call a measure with one.
 */
@FunctionalInterface
public interface Measure {
  double similarity(String a, String b);

  /**
   * A number {@code similarity(a, b)} never exceeds, cheaper to compute than the similarity itself, so that a stage can
   * skip a pair that cannot reach its threshold without changing any result. The default, 1, bounds nothing;
   * {@link SequenceMeasure} answers difflib's {@code quick_ratio()}.
   */
  default double upperBound(String a, String b) {
    return 1.0;
  }

  /**
   * The similarity when it is at least {@code min}; otherwise some number below {@code min} (not necessarily the
   * similarity). Lets a caller that only cares whether a pair reaches {@code min} skip part of the work; the default
   * computes the similarity.
   */
  default double similarityAtLeast(String a, String b, double min) {
    return similarity(a, b);
  }
}
