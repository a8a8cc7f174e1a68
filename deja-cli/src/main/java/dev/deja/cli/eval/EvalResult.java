package dev.deja.cli.eval;

import dev.deja.core.eval.Confusion;
import dev.deja.core.eval.LatencyStats;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The result of evaluating one configuration on one labelled file.
 *
 * @param kind {@code pairs} or {@code scenario}
 * @param n number of pairs, or of checks in a scenario
 * @param confusion at the configured threshold (pairs: per pair; scenario: per (check, stored id) pair)
 * @param threshold the target stage's configured threshold, if there is a target stage
 * @param sweep one row per threshold, when a sweep ran
 * @param latency per-check latency
 * @param possibleShare fraction of checks whose outcome was POSSIBLE_DUPLICATE
 * @param exactSetAccuracy scenario only: fraction of checks whose matched set equals the expected set
 * @param checkAccuracy scenario only: fraction of checks correctly called duplicate / not duplicate
 * @param categories scenario only: per category, {n, exact-set correct}
 * @param errors descriptions of wrong decisions, up to the requested number
 */
public record EvalResult(
    String kind,
    int n,
    Confusion confusion,
    OptionalDouble threshold,
    List<SweepRow> sweep,
    LatencyStats latency,
    double possibleShare,
    OptionalDouble exactSetAccuracy,
    OptionalDouble checkAccuracy,
    Map<String, int[]> categories,
    List<String> errors) {

  /**
   * One threshold of a sweep.
   *
   * @param threshold the threshold
   * @param confusion the counts at it
   * @param exactSetAccuracy scenario only
   */
  public record SweepRow(double threshold, Confusion confusion, OptionalDouble exactSetAccuracy) {}

  /** The sweep row with the best F1: the middle of the first plateau of maximal F1. */
  public SweepRow best() {
    if (sweep.isEmpty()) {
      throw new IllegalStateException("no sweep");
    }
    double bestF1 = sweep.stream().mapToDouble(r -> r.confusion().f1()).max().orElse(0);
    int first = -1;
    int last = -1;
    for (int i = 0; i < sweep.size(); i++) {
      if (Math.abs(sweep.get(i).confusion().f1() - bestF1) < 1e-12) {
        if (first < 0) {
          first = i;
          last = i;
        } else if (last == i - 1) {
          last = i;
        }
      }
    }
    return sweep.get((first + last) / 2);
  }
}
