package dev.deja.core.eval;

import java.util.ArrayList;
import java.util.List;

/**
 * How well predicted probabilities match observed frequencies: the Brier score, the expected calibration error and a
 * reliability table in equal-width bins. Computed from out-of-fold predictions, it says whether "probability of a
 * duplicate 0.8" means that about 8 in 10 such pairs are duplicates.
 *
 * @param n the examples counted
 * @param brier the mean squared difference between probability and label (0 is perfect; 0.25 is a coin)
 * @param ece the expected calibration error: the examples-weighted mean of |mean probability − observed rate| per bin
 * @param bins the non-empty bins, in order
 */
public record Calibration(int n, double brier, double ece, List<Bin> bins) {

  /**
   * One bin of the reliability table.
   *
   * @param from the lowest probability of the bin (inclusive)
   * @param to the highest (exclusive, except 1.0 in the last bin)
   * @param n the examples in it
   * @param meanPredicted their mean probability
   * @param observed the share of them that are duplicates
   */
  public record Bin(double from, double to, int n, double meanPredicted, double observed) {}

  public Calibration {
    bins = List.copyOf(bins);
  }

  /**
   * The calibration of predictions.
   *
   * @param p the probabilities, in [0, 1]
   * @param y the labels, 0 or 1
   * @param include which examples count (null: all)
   * @param binCount the number of equal-width bins (at least 1)
   */
  public static Calibration of(double[] p, int[] y, boolean[] include, int binCount) {
    if (p.length != y.length || include != null && include.length != p.length) {
      throw new IllegalArgumentException("predictions, labels and inclusion must have the same length");
    }
    if (binCount < 1) {
      throw new IllegalArgumentException("need at least one bin, got " + binCount);
    }
    int[] count = new int[binCount];
    double[] sumP = new double[binCount];
    int[] positives = new int[binCount];
    int n = 0;
    double squared = 0;
    for (int i = 0; i < p.length; i++) {
      if (include != null && !include[i]) {
        continue;
      }
      double q = Math.max(0, Math.min(1, p[i]));
      int b = Math.min(binCount - 1, (int) (q * binCount));
      count[b]++;
      sumP[b] += q;
      positives[b] += y[i];
      squared += (q - y[i]) * (q - y[i]);
      n++;
    }
    List<Bin> bins = new ArrayList<>();
    double ece = 0;
    for (int b = 0; b < binCount; b++) {
      if (count[b] == 0) {
        continue;
      }
      double mean = sumP[b] / count[b];
      double observed = (double) positives[b] / count[b];
      bins.add(new Bin((double) b / binCount, (double) (b + 1) / binCount, count[b], mean, observed));
      ece += count[b] * Math.abs(mean - observed);
    }
    return new Calibration(n, n == 0 ? Double.NaN : squared / n, n == 0 ? Double.NaN : ece / n, bins);
  }
}
