package dev.deja.core.explain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link Explanation#format} prints what {@code %.4f} prints, whichever path it takes. */
class ExplanationFormatTest {

  private static void same(double d) {
    assertThat(Explanation.format(d)).as("format(%s)", d).isEqualTo(String.format(Locale.ROOT, "%.4f", d));
  }

  @Test
  void agreesWithTheFormatterOnSeededValues() {
    SplittableRandom rnd = new SplittableRandom(7);
    for (int i = 0; i < 200_000; i++) {
      same(rnd.nextDouble());                          // scores and probabilities
      same(rnd.nextInt(100_000) / 100_000.0);          // exactly at a fifth decimal: the half-up cases
      same(rnd.nextInt(20_000) / 20_000.0 + 0.00005);  // half-way between two printed values
      same(rnd.nextDouble() * 1e6);
      same(rnd.nextDouble() * 1e-6);
      same(-rnd.nextDouble());
    }
  }

  @Test
  void agreesOnTheEdges() {
    for (double d : new double[] {0.0, -0.0, 1.0, 0.5, 0.00005, 0.99995, 0.123450, 1e-300, Double.MIN_VALUE,
        1e14, 1e15, 1e20, Double.MAX_VALUE, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -1e-9}) {
      same(d);
    }
  }
}
