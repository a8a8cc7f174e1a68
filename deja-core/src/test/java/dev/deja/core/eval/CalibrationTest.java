package dev.deja.core.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

class CalibrationTest {

  @Test
  void labelsDrawnWithThePredictedProbabilityAreCalibrated() {
    Random rnd = new Random(20261127);
    int n = 20_000;
    double[] p = new double[n];
    int[] y = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = rnd.nextDouble();
      y[i] = rnd.nextDouble() < p[i] ? 1 : 0;
    }
    Calibration c = Calibration.of(p, y, null, 10);
    assertThat(c.n()).isEqualTo(n);
    assertThat(c.bins()).hasSize(10);
    assertThat(c.ece()).isLessThan(0.02);
    // E[(p − y)²] = E[p(1 − p)] = 1/6 for uniform p.
    assertThat(c.brier()).isCloseTo(1.0 / 6, within(0.01));
    c.bins().forEach(b -> assertThat(b.observed()).isCloseTo(b.meanPredicted(), within(0.04)));
  }

  @Test
  void overconfidentPredictionsShowInTheErrorAndTheTable() {
    // Always 0.9, but only half are duplicates.
    double[] p = {0.9, 0.9, 0.9, 0.9};
    int[] y = {1, 0, 1, 0};
    Calibration c = Calibration.of(p, y, null, 10);
    assertThat(c.bins()).singleElement().satisfies(b -> {
      assertThat(b.n()).isEqualTo(4);
      assertThat(b.from()).isCloseTo(0.9, within(1e-9));
      assertThat(b.observed()).isEqualTo(0.5);
    });
    assertThat(c.ece()).isCloseTo(0.4, within(1e-9));
    assertThat(c.brier()).isCloseTo((0.01 + 0.81) / 2, within(1e-9));
  }

  @Test
  void excludedExamplesAndEdgesAreHandled() {
    double[] p = {1.0, 0.0, 0.5};
    int[] y = {1, 0, 1};
    Calibration c = Calibration.of(p, y, new boolean[] {true, true, false}, 4);
    assertThat(c.n()).isEqualTo(2);
    assertThat(c.brier()).isZero();
    assertThat(c.bins()).extracting(Calibration.Bin::n).containsExactly(1, 1);
    assertThat(Calibration.of(new double[0], new int[0], null, 5).brier()).isNaN();
  }
}
