package dev.deja.cli;

import dev.deja.core.eval.Confusion;
import dev.deja.core.eval.CrossValidation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * {@code deja train}'s scores of every example (cross-validated or in-sample), read as pair and scenario decisions at a
 * threshold, and the threshold its rules choose.
 */
final class TrainScores {
  private final TrainingData td;
  private final double[] score;
  private final boolean pairsFirst;
  private final OptionalDouble margin;

  TrainScores(TrainingData td, double[] score, boolean pairsFirst, OptionalDouble margin) {
    this.td = td;
    this.score = score;
    this.pairsFirst = pairsFirst;
    this.margin = margin;
  }

  /** The threshold with the best F-beta over the pairs (outside pairs count as NEW), else the scenario rows. */
  double bestThreshold(double beta) {
    return threshold(beta, false, 0);
  }

  /**
   * The threshold by F-beta over the pairs (outside pairs count as NEW), else the scenario rows, read on the curve
   * smoothed over ±{@code smoothing}.
   */
  double threshold(double beta, boolean oneStandardError, double smoothing) {
    List<Double> s = new ArrayList<>();
    List<Integer> l = new ArrayList<>();
    for (int i = 0; i < score.length; i++) {
      TrainingData.Row r = td.rows.get(i);
      if (r.source().equals("pairs") == pairsFirst) {
        s.add(score[i]);
        l.add(r.label());
      }
    }
    if (pairsFirst) {
      td.outside.values().forEach(v -> {
        s.add(0.0);
        l.add(v);
      });
    }
    double[] scores = s.stream().mapToDouble(Double::doubleValue).toArray();
    int[] labels = l.stream().mapToInt(Integer::intValue).toArray();
    return oneStandardError ? CrossValidation.oneStandardErrorThreshold(scores, labels, beta, smoothing)
        : CrossValidation.bestThreshold(scores, labels, beta, smoothing);
  }

  /** What --l2 auto maximises: F-beta on the pairs, averaged with exact-set accuracy when there are checks. */
  double objective(double t, double beta) {
    Summary s = at(t);
    double p = s.pairs.precision();
    double r = s.pairs.recall();
    double b2 = beta * beta;
    double f = p + r == 0 ? 0 : (1 + b2) * p * r / (b2 * p + r);
    return s.checks == 0 || !pairsFirst ? f : (f + s.exactSet()) / 2;
  }

  Summary at(double t) {
    Confusion pairs = Confusion.EMPTY;
    for (int i = 0; i < score.length; i++) {
      TrainingData.Row r = td.rows.get(i);
      if (r.source().equals("pairs") == pairsFirst) {
        pairs = pairs.add(score[i] >= t, r.label() == 1);
      }
    }
    if (pairsFirst) {
      for (int label : td.outside.values()) {
        pairs = pairs.add(false, label == 1);
      }
    }
    int exact = 0;
    Confusion links = Confusion.EMPTY;
    for (TrainingData.Check c : td.checks) {
      double best = c.rows().stream().mapToDouble(i -> score[i]).max().orElse(0);
      Set<String> predicted = new LinkedHashSet<>();
      for (int i : c.rows()) {
        boolean on = score[i] >= t && (margin.isEmpty() || score[i] >= best - margin.getAsDouble());
        String sid = td.rows.get(i).id().substring(td.rows.get(i).id().indexOf('~') + 1);
        if (on) {
          predicted.add(sid);
        }
      }
      if (predicted.equals(c.expected())) {
        exact++;
      }
      for (String e : c.expected()) {
        links = links.add(predicted.contains(e), true);
      }
      for (String p : predicted) {
        if (!c.expected().contains(p)) {
          links = links.add(true, false);
        }
      }
    }
    return new Summary(pairs, td.checks.size(), exact, links);
  }

  /** What a threshold gives: pairs (or scenario candidates) confusion, and scenario exact-set. */
  record Summary(Confusion pairs, int checks, int exact, Confusion links) {
    double exactSet() {
      return checks == 0 ? Double.NaN : (double) exact / checks;
    }

    String describe() {
      String p = String.format(Locale.ROOT, "pairs P %.4f R %.4f F1 %.4f", pairs.precision(), pairs.recall(),
          pairs.f1());
      return checks == 0 ? p : p + String.format(Locale.ROOT, "; scenario exact-set %.4f (%d/%d checks), P %.4f R "
          + "%.4f", exactSet(), exact, checks, links.precision(), links.recall());
    }

    Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("precision", round(pairs.precision()));
      m.put("recall", round(pairs.recall()));
      m.put("f1", round(pairs.f1()));
      if (checks > 0) {
        m.put("exact_set_accuracy", round(exactSet()));
        m.put("checks", checks);
        m.put("scenario_precision", round(links.precision()));
        m.put("scenario_recall", round(links.recall()));
      }
      return m;
    }
  }

  private static double round(double d) {
    return Math.round(d * 10_000) / 10_000.0;
  }
}
