package dev.deja.core.eval;

import java.util.Arrays;

/**
 * Summary of measured durations: count, mean, median and 99th percentile (nearest-rank), in microseconds.
 *
 * @param count number of samples
 * @param meanMicros mean
 * @param p50Micros median (nearest rank)
 * @param p99Micros 99th percentile (nearest rank)
 * @param maxMicros maximum
 */
public record LatencyStats(long count, double meanMicros, double p50Micros, double p99Micros, double maxMicros) {

  /** Summarises durations given in nanoseconds. */
  public static LatencyStats ofNanos(long[] nanos) {
    if (nanos.length == 0) {
      return new LatencyStats(0, 0, 0, 0, 0);
    }
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    double sum = 0;
    for (long n : sorted) {
      sum += n;
    }
    return new LatencyStats(sorted.length, sum / sorted.length / 1000.0, percentile(sorted, 0.50) / 1000.0,
        percentile(sorted, 0.99) / 1000.0, sorted[sorted.length - 1] / 1000.0);
  }

  /** Nearest-rank percentile of sorted values. */
  public static double percentile(long[] sorted, double q) {
    if (sorted.length == 0) {
      return 0;
    }
    int rank = (int) Math.ceil(q * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
  }
}
