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
 * @param byNote per type of the data's notes (the note's first clause: "co-hyponym", "different person",
 *     "paraphrase"), {n, wrong}
 * @param worst the most confident wrong decisions (false duplicates with the highest score first, then missed
 *     duplicates with the lowest), up to the requested number, with the verdict's explanation tree
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
    List<String> errors,
    Map<String, int[]> byNote,
    List<WrongDecision> worst) {

  /**
   * A wrong decision and why it was made.
   *
   * @param id the pair or check id
   * @param note the data's note
   * @param expected what the data says (pairs: "duplicate" or "new"; checks: the expected ids)
   * @param got what the engine said
   * @param score the best match's score (0 when there was none)
   * @param falsePositive whether the engine found a duplicate the data does not have
   * @param newText the checked record
   * @param existing the stored record(s) it was compared with (pairs: the left one)
   * @param explanation the verdict's explanation tree
   */
  public record WrongDecision(String id, String note, String expected, String got, double score,
      boolean falsePositive, Map<String, Object> newText, String existing,
      dev.deja.core.explain.Explanation explanation) {
    /** Most confident first: false positives by descending score, then misses by ascending score. */
    public static final java.util.Comparator<WrongDecision> WORST_FIRST = java.util.Comparator
        .comparing((WrongDecision w) -> !w.falsePositive())
        .thenComparingDouble(w -> w.falsePositive() ? -w.score() : w.score())
        .thenComparing(WrongDecision::id);
  }

  /** The type of a data note: its first clause, without the "hard negative:" kind of prefix. */
  public static String noteType(String note) {
    String n = note.strip();
    for (String prefix : List.of("paraphrase vs hard negative:", "hard negative:")) {
      if (n.startsWith(prefix)) {
        n = n.substring(prefix.length()).strip();
      }
    }
    if (n.startsWith("paraphrase, same fact")) {
      return "paraphrase";
    }
    int end = n.length();
    for (char c : new char[] {':', ';', '(', ','}) {
      int i = n.indexOf(c);
      if (i > 0) {
        end = Math.min(end, i);
      }
    }
    n = n.substring(0, end).strip();
    return n.isEmpty() ? "(no note)" : n;
  }

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
    return best(sweep);
  }

  /** Of sweep rows, the one with the best F1: the middle of the first plateau of maximal F1. */
  public static SweepRow best(List<SweepRow> sweep) {
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
