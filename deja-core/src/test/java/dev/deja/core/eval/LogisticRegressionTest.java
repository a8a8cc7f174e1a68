package dev.deja.core.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class LogisticRegressionTest {

  @Test
  void recoversKnownWeightsFromSeededData() {
    Random r = new Random(42);
    int n = 4000;
    double[][] x = new double[n][2];
    int[] y = new int[n];
    for (int i = 0; i < n; i++) {
      x[i][0] = r.nextDouble();
      x[i][1] = r.nextDouble();
      double p = LogisticRegression.sigmoid(-2 + 5 * x[i][0] - 3 * x[i][1]);
      y[i] = r.nextDouble() < p ? 1 : 0;
    }
    LogisticRegression m = LogisticRegression.fit(x, y, 0);
    assertThat(m.weights()[0]).isBetween(4.3, 5.7);
    assertThat(m.weights()[1]).isBetween(-3.7, -2.3);
    assertThat(m.bias()).isBetween(-2.5, -1.5);
    assertThat(m.iterations()).isLessThan(20);
  }

  @Test
  void regularisationShrinksWeightsAndSeparableDataStaysFinite() {
    double[][] x = {{0.1}, {0.2}, {0.8}, {0.9}};
    int[] y = {0, 0, 1, 1};
    LogisticRegression strong = LogisticRegression.fit(x, y, 10);
    LogisticRegression weak = LogisticRegression.fit(x, y, 0.01);
    assertThat(Math.abs(strong.weights()[0])).isLessThan(Math.abs(weak.weights()[0]));
    assertThat(Double.isFinite(weak.weights()[0])).isTrue();
    assertThat(weak.predict(new double[] {0.95})).isGreaterThan(0.5);
    assertThat(weak.predict(new double[] {0.05})).isLessThan(0.5);
  }

  @Test
  void confusionMetricsFollowTheirConventions() {
    Confusion c = Confusion.EMPTY.add(true, true).add(true, false).add(false, true).add(false, false);
    assertThat(c.precision()).isEqualTo(0.5);
    assertThat(c.recall()).isEqualTo(0.5);
    assertThat(c.f1()).isEqualTo(0.5);
    assertThat(c.accuracy()).isEqualTo(0.5);
    assertThat(Confusion.EMPTY.precision()).isEqualTo(1.0);
    assertThat(new Confusion(0, 3, 3, 0).f1()).isZero();
    assertThat(LatencyStats.ofNanos(new long[] {1000, 2000, 3000, 4000}).p50Micros()).isEqualTo(2.0);
  }
}
