package dev.deja.core.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CrossValidationTest {

  @Test
  void aGroupIsNeverSplitAndFoldsAreDeterministic() {
    List<String> groups = new ArrayList<>();
    Random r = new Random(7);
    for (int i = 0; i < 500; i++) {
      groups.add("g" + r.nextInt(60));
    }
    int[] a = CrossValidation.folds(groups, 5, 11);
    int[] b = CrossValidation.folds(groups, 5, 11);
    assertThat(a).isEqualTo(b);
    Map<String, Integer> fold = new HashMap<>();
    for (int i = 0; i < a.length; i++) {
      assertThat(a[i]).isBetween(0, 4);
      Integer before = fold.putIfAbsent(groups.get(i), a[i]);
      assertThat(before == null || before == a[i]).as("group " + groups.get(i) + " in one fold").isTrue();
    }
    assertThat(fold.values()).contains(0, 1, 2, 3, 4);
    assertThatThrownBy(() -> CrossValidation.folds(groups, 1, 1)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void outOfFoldPredictionsComeFromModelsThatDidNotSeeTheExample() {
    // Each group's label is its own (noise): a model that saw the group would fit it, one that did not cannot.
    int n = 400;
    double[][] x = new double[n][1];
    int[] y = new int[n];
    double[] w = new double[n];
    List<String> groups = new ArrayList<>();
    Random r = new Random(3);
    for (int i = 0; i < n; i++) {
      int g = i / 4;
      x[i][0] = r.nextDouble();
      y[i] = x[i][0] > 0.5 ? 1 : 0;
      w[i] = 1;
      groups.add("g" + g);
    }
    double[] p = CrossValidation.predict(x, y, w, CrossValidation.folds(groups, 5, 1), 0.1);
    int right = 0;
    for (int i = 0; i < n; i++) {
      right += (p[i] >= 0.5) == (y[i] == 1) ? 1 : 0;
    }
    assertThat(right).isGreaterThan(n * 9 / 10);
  }

  @Test
  void bestThresholdAndFBeta() {
    double[] s = {0.1, 0.2, 0.35, 0.6, 0.7, 0.9};
    int[] y = {0, 0, 1, 0, 1, 1};
    double t = CrossValidation.bestThreshold(s, y, 1);
    assertThat(CrossValidation.fBeta(s, y, t, 1)).isEqualTo(CrossValidation.fBeta(s, y, 0.3, 1));
    assertThat(CrossValidation.fBeta(s, y, 0.65, 0.5)).isGreaterThan(CrossValidation.fBeta(s, y, 0.3, 0.5));
    assertThat(CrossValidation.confusion(s, y, 0.5).precision()).isEqualTo(2.0 / 3);
  }

  @Test
  void smoothingReadsTheCurvesShapeNotItsSpikes() {
    // Seeded scores of two overlapping classes: an F1 curve that is flat near its best and jagged by single examples.
    Random r = new Random(11);
    int n = 400;
    double[] s = new double[n];
    int[] y = new int[n];
    for (int i = 0; i < n; i++) {
      y[i] = i % 2;
      s[i] = Math.min(0.99, Math.max(0.01, (y[i] == 1 ? 0.7 : 0.4) + r.nextGaussian() * 0.15));
    }
    double[] raw = CrossValidation.smoothedCurve(s, y, 1, 0);
    double[] smooth = CrossValidation.smoothedCurve(s, y, 1, 0.12);
    assertThat(raw).hasSize(99);
    assertThat(raw[49]).isEqualTo(CrossValidation.fBeta(s, y, 0.5, 1));
    // A moving average: every point lies between the least and the most of the raw points within ±12 of it.
    for (int i = 0; i < 99; i++) {
      double lo = 1;
      double hi = 0;
      for (int j = Math.max(0, i - 12); j <= Math.min(98, i + 12); j++) {
        lo = Math.min(lo, raw[j]);
        hi = Math.max(hi, raw[j]);
      }
      assertThat(smooth[i]).isBetween(lo - 1e-12, hi + 1e-12);
    }
    assertThat(CrossValidation.bestThreshold(s, y, 1, 0)).isEqualTo(CrossValidation.bestThreshold(s, y, 1));
    assertThat(CrossValidation.oneStandardErrorThreshold(s, y, 1, 0))
        .isEqualTo(CrossValidation.oneStandardErrorThreshold(s, y, 1));
    // The one-standard-error threshold never lies below the best of the same curve.
    assertThat(CrossValidation.oneStandardErrorThreshold(s, y, 1, 0.12))
        .isGreaterThanOrEqualTo(CrossValidation.bestThreshold(s, y, 1, 0.12));
    // Reordering a handful of examples near the raw best moves the smoothed best by at most a grid step or two.
    double before = CrossValidation.bestThreshold(s, y, 1, 0.12);
    double[] nudged = s.clone();
    for (int i = 0; i < n; i += 40) {
      nudged[i] = Math.min(0.99, nudged[i] + 0.03);
    }
    assertThat(Math.abs(CrossValidation.bestThreshold(nudged, y, 1, 0.12) - before)).isLessThanOrEqualTo(0.02);
    assertThatThrownBy(() -> CrossValidation.smoothedCurve(s, y, 1, 0.6))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void weightsCountExamplesFractionally() {
    double[][] x = {{0}, {0}, {1}, {1}};
    int[] y = {0, 1, 0, 1};
    LogisticRegression even = LogisticRegression.fit(x, y, new double[] {1, 1, 1, 1}, 0);
    LogisticRegression tilted = LogisticRegression.fit(x, y, new double[] {1, 1, 0.25, 1}, 0);
    assertThat(even.predict(new double[] {1})).isCloseTo(0.5, org.assertj.core.data.Offset.offset(1e-6));
    assertThat(tilted.predict(new double[] {1})).isCloseTo(0.8, org.assertj.core.data.Offset.offset(1e-4));
  }
}
