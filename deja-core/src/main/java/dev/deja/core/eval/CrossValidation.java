package dev.deja.core.eval;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;

/**
 * Grouped k-fold cross-validation of a logistic model: every example of a group (pairs and checks about the same
 * base fact or event) falls in the same fold, so a model is never scored on a rewording of something it was fitted
 * on. Folds are assigned by shuffling the sorted group names with a seeded random, so the same data and seed give the
 * same folds.
 *
 * <p>Thread-safe: stateless.
 */
public final class CrossValidation {
  private CrossValidation() {}

  /** The fold of each example, in [0, k). */
  public static int[] folds(List<String> groups, int k, long seed) {
    if (k < 2) {
      throw new IllegalArgumentException("need at least 2 folds, got " + k);
    }
    List<String> names = new ArrayList<>(new TreeSet<>(groups));
    java.util.Collections.shuffle(names, new Random(seed));
    Map<String, Integer> fold = new HashMap<>();
    for (int i = 0; i < names.size(); i++) {
      fold.put(names.get(i), i % k);
    }
    int[] out = new int[groups.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = fold.get(groups.get(i));
    }
    return out;
  }

  /**
   * The out-of-fold prediction of every example: for each fold, a model fitted on the other folds scores the examples
   * of this one. A fold whose training part has only one label keeps 0.5.
   */
  public static double[] predict(double[][] x, int[] y, double[] weight, int[] folds, double l2) {
    return predict(x, y, weight, folds, l2, new int[x.length == 0 ? 0 : x[0].length]);
  }

  /** {@link #predict(double[][], int[], double[], int[], double)} with sign-constrained weights. */
  public static double[] predict(double[][] x, int[] y, double[] weight, int[] folds, double l2, int[] signs) {
    int k = java.util.Arrays.stream(folds).max().orElse(0) + 1;
    double[] out = new double[x.length];
    java.util.Arrays.fill(out, 0.5);
    for (int f = 0; f < k; f++) {
      List<Integer> train = new ArrayList<>();
      for (int i = 0; i < x.length; i++) {
        if (folds[i] != f) {
          train.add(i);
        }
      }
      double[][] tx = new double[train.size()][];
      int[] ty = new int[train.size()];
      double[] tw = new double[train.size()];
      for (int j = 0; j < train.size(); j++) {
        tx[j] = x[train.get(j)];
        ty[j] = y[train.get(j)];
        tw[j] = weight[train.get(j)];
      }
      if (java.util.Arrays.stream(ty).distinct().count() < 2) {
        continue;
      }
      LogisticRegression m = LogisticRegression.fit(tx, ty, tw, l2, signs);
      for (int i = 0; i < x.length; i++) {
        if (folds[i] == f) {
          out[i] = m.predict(x[i]);
        }
      }
    }
    return out;
  }

  /**
   * The F-beta score at a threshold ({@code beta} 1 is F1; 0.5 weighs precision twice as much as recall).
   *
   * @param scores predicted probabilities
   * @param labels 1 for duplicates
   */
  public static double fBeta(double[] scores, int[] labels, double threshold, double beta) {
    Confusion c = confusion(scores, labels, threshold);
    double p = c.precision();
    double r = c.recall();
    double b2 = beta * beta;
    return p + r == 0 ? 0 : (1 + b2) * p * r / (b2 * p + r);
  }

  /** The confusion counts of scores at a threshold. */
  public static Confusion confusion(double[] scores, int[] labels, double threshold) {
    Confusion c = Confusion.EMPTY;
    for (int i = 0; i < scores.length; i++) {
      c = c.add(scores[i] >= threshold, labels[i] == 1);
    }
    return c;
  }

  /**
   * The one-standard-error threshold: the highest threshold on a 0.01 grid whose F-beta is within one standard error
   * of the best F-beta, the standard error being {@code sqrt(F·(1−F) / positives)} at the best. Among thresholds the
   * data cannot tell apart, it takes the most conservative one (Breiman et al.'s one-standard-error rule, applied to a
   * threshold): fewer false duplicates for a loss of F-beta the data cannot distinguish from noise.
   */
  public static double oneStandardErrorThreshold(double[] scores, int[] labels, double beta) {
    return oneStandardErrorThreshold(scores, labels, beta, 0);
  }

  /**
   * {@link #oneStandardErrorThreshold(double[], int[], double)} read on the F-beta curve averaged over the thresholds
   * within {@code ±smoothing} of each grid point ({@link #smoothedCurve}): the best and the crossing one standard error
   * below it are those of the smoothed curve.
   */
  public static double oneStandardErrorThreshold(double[] scores, int[] labels, double beta, double smoothing) {
    double[] curve = smoothedCurve(scores, labels, beta, smoothing);
    double best = 0;
    for (double f : curve) {
      best = Math.max(best, f);
    }
    long positives = java.util.Arrays.stream(labels).filter(l -> l == 1).count();
    double se = positives == 0 ? 0 : Math.sqrt(best * (1 - best) / positives);
    for (int t = 99; t >= 1; t--) {
      if (curve[t - 1] >= best - se - 1e-12) {
        return t / 100.0;
      }
    }
    return bestThreshold(scores, labels, beta, smoothing);
  }

  /** The threshold on a 0.01 grid with the best F-beta: the middle of the first maximal plateau. */
  public static double bestThreshold(double[] scores, int[] labels, double beta) {
    return bestThreshold(scores, labels, beta, 0);
  }

  /** {@link #bestThreshold(double[], int[], double)} on the smoothed F-beta curve ({@link #smoothedCurve}). */
  public static double bestThreshold(double[] scores, int[] labels, double beta, double smoothing) {
    double[] curve = smoothedCurve(scores, labels, beta, smoothing);
    double best = -1;
    int first = -1;
    int last = -1;
    for (int t = 1; t < 100; t++) {
      double f = curve[t - 1];
      if (f > best + 1e-12) {
        best = f;
        first = t;
        last = t;
      } else if (Math.abs(f - best) <= 1e-12 && last == t - 1) {
        last = t;
      }
    }
    return (first + last) / 2 / 100.0;
  }

  /**
   * F-beta at the thresholds 0.01, 0.02, …, 0.99 (element {@code t−1} for threshold {@code t/100}), each averaged
   * with the grid points within {@code ±smoothing} of it (fewer at the ends of the grid; 0 leaves the curve as it is).
   * Out-of-fold scores make a curve that is flat near its best and jagged on the scale of single examples, so the
   * point a rule reads off it moves with any refit or fold assignment; the moving average reads the curve's shape
   * instead.
   */
  public static double[] smoothedCurve(double[] scores, int[] labels, double beta, double smoothing) {
    if (!(smoothing >= 0 && smoothing <= 0.5)) {
      throw new IllegalArgumentException("smoothing must be in [0, 0.5], got " + smoothing);
    }
    double[] raw = new double[99];
    for (int t = 1; t < 100; t++) {
      raw[t - 1] = fBeta(scores, labels, t / 100.0, beta);
    }
    int w = (int) Math.round(smoothing * 100);
    if (w == 0) {
      return raw;
    }
    double[] out = new double[99];
    for (int i = 0; i < 99; i++) {
      int from = Math.max(0, i - w);
      int to = Math.min(98, i + w);
      double sum = 0;
      for (int j = from; j <= to; j++) {
        sum += raw[j];
      }
      out[i] = sum / (to - from + 1);
    }
    return out;
  }
}
