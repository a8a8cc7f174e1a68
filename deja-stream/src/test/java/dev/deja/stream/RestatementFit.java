package dev.deja.stream;

import dev.deja.core.eval.CrossValidation;
import dev.deja.core.eval.LogisticRegression;
import dev.deja.format.Datasets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Fits the {@link RestatementModel} on labelled streams and measures it with cross-validation grouped by stream: the
 * reproducible fitting step behind the model's constants and the default {@code paraphrase_threshold}.
 *
 * <p>Each stream is cut into units as the filter cuts it; a unit's window is the keep units before it (the last
 * {@code sentence_window_size}). A unit the exact, chunk or content layers remove (guards applied, as in the filter)
 * is decided before the model; every other unit that shares content with a unit of its window, and that no
 * {@link RestatementModel#VETOES veto} guard separates from the unit it shares the most with, is one example: the
 * features against the unit it shares the most with, labelled 1 when the unit is a drop. A unit whose reformulatory
 * marker restates that unit, or the unit before it when it shares none ({@link RepeatJudge#reformulates}), is removed
 * when the model does not remove it, as the filter does, whether or not it is an example. The threshold is the lowest probability at which the
 * out-of-fold predictions keep at least {@link #KEEP_FLOOR} of the keep units, counting the keeps the other layers
 * and the markers lose. The honest estimate is nested: for each outer fold, the weights and the threshold
 * come from the other folds only (the threshold from their own inner cross-validation).
 *
 * <p>Run {@code main} to print the figures: {@code mvn -q -B -pl deja-stream -am test-compile}, then see
 * docs/STREAMING.md. Not thread-safe (a tool).
 */
final class RestatementFit {
  /** The train streams. */
  static final Path TRAIN = Path.of("..", "datasets", "train", "streams", "streams.jsonl");
  /** Keep units the threshold must preserve (the target). */
  static final double KEEP_FLOOR = 0.995;
  static final int FOLDS = 5;

  private RestatementFit() {}

  /** One unit of a labelled stream, as the filter sees it. */
  record LabelledUnit(String stream, UnitFeatures features, boolean drop, String separator) {}

  /**
   * The examples of a set of streams.
   *
   * @param x features of the units the model judges
   * @param y 1 for a drop
   * @param groups the stream of each example
   * @param streams every stream id
   * @param keeps keep units per stream
   * @param drops drop units per stream
   * @param baseLost keep units the other layers remove, per stream
   * @param baseRemoved drop units the other layers remove, per stream
   * @param pairs each example's units, as text
   * @param marked whether each example opens with a reformulatory marker that restates the unit it is compared with
   *     ({@link RepeatJudge#reformulates}): the filter removes it when the model does not
   */
  record Examples(double[][] x, int[] y, List<String> groups, List<String> streams, Map<String, Integer> keeps,
      Map<String, Integer> drops, Map<String, Integer> baseLost, Map<String, Integer> baseRemoved,
      List<String> pairs, boolean[] marked) {}

  /** How a model and threshold do on some streams. */
  record Outcome(int keeps, int keepsLost, int drops, int dropsRemoved) {
    double keepPreserved() {
      return keeps == 0 ? 1 : 1 - (double) keepsLost / keeps;
    }

    double dropRecall() {
      return drops == 0 ? 1 : (double) dropsRemoved / drops;
    }

    Outcome plus(Outcome o) {
      return new Outcome(keeps + o.keeps, keepsLost + o.keepsLost, drops + o.drops, dropsRemoved + o.dropsRemoved);
    }

    @Override
    public String toString() {
      return String.format(Locale.ROOT, "drop_recall %.4f (%d/%d), keep_preserved %.4f (%d lost of %d)",
          dropRecall(), dropsRemoved, drops, keepPreserved(), keepsLost, keeps);
    }
  }

  /** The fitted model, its threshold, and the nested cross-validated outcome. */
  record Fit(LogisticRegression model, double threshold, Outcome nested, Outcome outOfFold, int examples,
      int positives) {}

  static Examples examples(Path file, StreamOptions options) {
    RepeatJudge judge = new RepeatJudge(options);
    List<double[]> x = new ArrayList<>();
    List<Integer> y = new ArrayList<>();
    List<String> groups = new ArrayList<>();
    List<String> pairs = new ArrayList<>();
    List<String> streams = new ArrayList<>();
    List<Boolean> marks = new ArrayList<>();
    Map<String, Integer> keeps = new HashMap<>();
    Map<String, Integer> drops = new HashMap<>();
    Map<String, Integer> baseLost = new HashMap<>();
    Map<String, Integer> baseRemoved = new HashMap<>();
    for (Datasets.StreamCase c : Datasets.streams(file)) {
      streams.add(c.id());
      keeps.put(c.id(), c.keep().size());
      drops.put(c.id(), c.drop().size());
      ArrayDeque<UnitFeatures> window = new ArrayDeque<>();
      WindowContext context = new WindowContext();
      Map<String, UnitFeatures> seen = new HashMap<>();
      for (LabelledUnit u : label(c)) {
        UnitFeatures f = u.features();
        // As the filter does: the white space before the unit ends a paragraph when it breaks the line.
        context.enter(u.separator());
        boolean eligible = !f.unit.kind().isExempt() && f.body.strip().length() >= options.minUnitChars();
        if (eligible) {
          if (removedByOtherLayers(judge, f, window, seen)) {
            (u.drop() ? baseRemoved : baseLost).merge(c.id(), 1, Integer::sum);
          } else {
            // After the model, the filter removes a unit whose reformulatory marker restates the unit it shares the
            // most with, else the unit before it.
            Optional<UnitFeatures> near = closest(judge, options, f, window);
            UnitFeatures earlier = near.orElse(window.peekLast());
            boolean marked = earlier != null && judge.reformulates(f, earlier, context).isPresent();
            boolean[] example = {false};
            // A pair a veto guard objects to is never removed: not an example (a keep preserved, a drop missed).
            near.ifPresent(e -> {
              java.util.Set<String> conflicts = judge.conflicts(f, e);
              if (RestatementModel.veto(conflicts).isPresent() || judge.instanceOfTemplate(f, context).isPresent()) {
                return;
              }
              double dice = judge.layers(f, e, RepeatJudge.Relation.FULL).paraphrase();
              x.add(RestatementModel.features(f, dice, context, conflicts));
              y.add(u.drop() ? 1 : 0);
              groups.add(c.id());
              pairs.add(f.body.strip() + "  <=  " + e.body.strip());
              marks.add(marked);
              example[0] = true;
            });
            if (!example[0] && marked) {
              (u.drop() ? baseRemoved : baseLost).merge(c.id(), 1, Integer::sum);
            }
          }
        }
        if (eligible) {
          context.judged(f);
        }
        if (!u.drop() && eligible) {
          window.addLast(f);
          context.add(f);
          seen.putIfAbsent(f.norm, f);
          while (window.size() > options.sentenceWindowSize()) {
            context.remove(window.removeFirst());
          }
        }
      }
    }
    boolean[] marked = new boolean[marks.size()];
    for (int i = 0; i < marked.length; i++) {
      marked[i] = marks.get(i);
    }
    return new Examples(x.toArray(new double[0][]), y.stream().mapToInt(Integer::intValue).toArray(), groups,
        streams, keeps, drops, baseLost, baseRemoved, pairs, marked);
  }

  /** The units of a stream with their labels (units the labels do not name count as keeps). */
  static List<LabelledUnit> label(Datasets.StreamCase c) {
    List<LabelledUnit> out = new ArrayList<>();
    int ki = 0;
    int di = 0;
    for (UnitSplitter.Cut cut : UnitSplitter.cuts(String.join("", c.chunks()))) {
      Unit u = cut.unit();
      String t = u.text().strip();
      boolean isKeep = ki < c.keep().size() && c.keep().get(ki).strip().equals(t);
      boolean isDrop = di < c.drop().size() && c.drop().get(di).strip().equals(t);
      if (isKeep && isDrop) {
        Integer of = di < c.dropOf().size() ? c.dropOf().get(di) : null;
        isKeep = of == null || of >= ki;
        isDrop = !isKeep;
      }
      if (isKeep) {
        ki++;
      } else if (isDrop) {
        di++;
      }
      out.add(new LabelledUnit(c.id(), new UnitFeatures(u), isDrop, cut.separator()));
    }
    return out;
  }

  private static boolean removedByOtherLayers(RepeatJudge judge, UnitFeatures f, ArrayDeque<UnitFeatures> window,
      Map<String, UnitFeatures> seen) {
    UnitFeatures same = seen.get(f.norm);
    if (same != null && judge.layers(f, same, RepeatJudge.relation(f.unit, same.unit)).exact()) {
      return true;
    }
    for (UnitFeatures e : window) {
      PairScore s = judge.layers(f, e, RepeatJudge.relation(f.unit, e.unit));
      if ((s.layer().equals("chunk") || s.layer().equals("content")) && judge.conflict(f, e).isEmpty()) {
        return true;
      }
    }
    return false;
  }

  /** The window unit the paraphrase model is asked about, as the detector chooses it. */
  private static Optional<UnitFeatures> closest(RepeatJudge judge, StreamOptions options, UnitFeatures f,
      ArrayDeque<UnitFeatures> window) {
    UnitFeatures best = null;
    double bestDice = -1;
    for (UnitFeatures e : window) {
      if (RepeatJudge.relation(f.unit, e.unit) != RepeatJudge.Relation.FULL) {
        continue;
      }
      PairScore s = judge.layers(f, e, RepeatJudge.Relation.FULL);
      if (s.shared() > 0 && s.shared() >= options.paraphraseMinShared() && s.paraphrase() > bestDice) {
        best = e;
        bestDice = s.paraphrase();
      }
    }
    return Optional.ofNullable(best);
  }

  /** Fits on all the examples, chooses the threshold out of fold, and estimates both with nested CV. */
  static Fit fit(Examples ex, double l2, long seed) {
    int[] folds = CrossValidation.folds(ex.groups(), FOLDS, seed);
    double[] ones = new double[ex.y().length];
    Arrays.fill(ones, 1);
    double[] oof = CrossValidation.predict(ex.x(), ex.y(), ones, folds, l2);
    List<String> all = ex.streams();
    double threshold = threshold(ex, oof, all);
    Outcome outOfFold = outcome(ex, oof, threshold, all);
    // Nested: outer folds by stream; the inner threshold from the other folds' own out-of-fold predictions.
    Map<String, Integer> streamFold = new HashMap<>();
    List<String> sorted = new ArrayList<>(new java.util.TreeSet<>(all));
    int[] sf = CrossValidation.folds(sorted, FOLDS, seed);
    for (int i = 0; i < sorted.size(); i++) {
      streamFold.put(sorted.get(i), sf[i]);
    }
    Outcome nested = new Outcome(0, 0, 0, 0);
    for (int f = 0; f < FOLDS; f++) {
      final int fold = f;
      List<String> innerStreams = all.stream().filter(s -> streamFold.get(s) != fold).toList();
      List<String> outerStreams = all.stream().filter(s -> streamFold.get(s) == fold).toList();
      List<Integer> inner = new ArrayList<>();
      List<Integer> outer = new ArrayList<>();
      for (int i = 0; i < ex.y().length; i++) {
        (streamFold.get(ex.groups().get(i)) == fold ? outer : inner).add(i);
      }
      Examples in = subset(ex, inner, innerStreams);
      double[] inOnes = new double[in.y().length];
      Arrays.fill(inOnes, 1);
      double[] inOof = CrossValidation.predict(in.x(), in.y(), inOnes,
          CrossValidation.folds(in.groups(), FOLDS - 1, seed), l2);
      double t = threshold(in, inOof, innerStreams);
      LogisticRegression m = LogisticRegression.fit(in.x(), in.y(), l2);
      Examples out = subset(ex, outer, outerStreams);
      double[] p = new double[out.y().length];
      for (int i = 0; i < p.length; i++) {
        p[i] = m.predict(out.x()[i]);
      }
      nested = nested.plus(outcome(out, p, t, outerStreams));
    }
    int positives = Arrays.stream(ex.y()).sum();
    return new Fit(LogisticRegression.fit(ex.x(), ex.y(), l2), threshold, nested, outOfFold, ex.y().length,
        positives);
  }

  private static Examples subset(Examples ex, List<Integer> idx, List<String> streams) {
    double[][] x = new double[idx.size()][];
    int[] y = new int[idx.size()];
    List<String> g = new ArrayList<>();
    List<String> p = new ArrayList<>();
    boolean[] m = new boolean[idx.size()];
    for (int i = 0; i < idx.size(); i++) {
      m[i] = ex.marked()[idx.get(i)];
      x[i] = ex.x()[idx.get(i)];
      y[i] = ex.y()[idx.get(i)];
      g.add(ex.groups().get(idx.get(i)));
      p.add(ex.pairs().get(idx.get(i)));
    }
    return new Examples(x, y, g, streams, ex.keeps(), ex.drops(), ex.baseLost(), ex.baseRemoved(), p, m);
  }

  /**
   * The lowest threshold, in steps of 0.01, at which the predictions keep at least {@link #KEEP_FLOOR} of the keep
   * units of these streams (1.0 when none does).
   */
  static double threshold(Examples ex, double[] p, List<String> streams) {
    for (int step = 1; step <= 100; step++) {
      double t = step / 100.0;
      if (outcome(ex, p, t, streams).keepPreserved() >= KEEP_FLOOR) {
        return t;
      }
    }
    return 1.0;
  }

  static Outcome outcome(Examples ex, double[] p, double threshold, List<String> streams) {
    int keeps = 0;
    int lost = 0;
    int drops = 0;
    int removed = 0;
    for (String s : streams) {
      keeps += ex.keeps().get(s);
      drops += ex.drops().get(s);
      lost += ex.baseLost().getOrDefault(s, 0);
      removed += ex.baseRemoved().getOrDefault(s, 0);
    }
    for (int i = 0; i < p.length; i++) {
      if (p[i] >= threshold || ex.marked()[i]) {
        if (ex.y()[i] == 1) {
          removed++;
        } else {
          lost++;
        }
      }
    }
    return new Outcome(keeps, lost, drops, removed);
  }

  /**
   * The out-of-fold decisions around the threshold, most confident first: keep units at or above it and drop units
   * below it (the errors), with the pair each was judged against.
   */
  static List<String> worst(Examples ex, double l2, long seed, double threshold, int n) {
    double[] ones = new double[ex.y().length];
    Arrays.fill(ones, 1);
    double[] oof = CrossValidation.predict(ex.x(), ex.y(), ones, CrossValidation.folds(ex.groups(), FOLDS, seed), l2);
    List<Integer> errors = new ArrayList<>();
    for (int i = 0; i < oof.length; i++) {
      if ((oof[i] >= threshold || ex.marked()[i]) != (ex.y()[i] == 1)) {
        errors.add(i);
      }
    }
    errors.sort((a, b) -> Double.compare(Math.abs(oof[b] - threshold), Math.abs(oof[a] - threshold)));
    List<String> out = new ArrayList<>();
    for (int i : errors.subList(0, Math.min(n, errors.size()))) {
      StringBuilder f = new StringBuilder();
      for (int k = 0; k < ex.x()[i].length; k++) {
        if (ex.x()[i][k] != 0) {
          f.append(String.format(Locale.ROOT, " %s=%.2f", RestatementModel.FEATURES.get(k), ex.x()[i][k]));
        }
      }
      out.add(String.format(Locale.ROOT, "%.3f %s %s | %s |%s", oof[i], ex.y()[i] == 1 ? "drop missed" : "keep lost",
          ex.groups().get(i), ex.pairs().get(i), f));
    }
    return out;
  }

  /**
   * Prints the fit: {@code java ... dev.deja.stream.RestatementFit [l2...]}; with {@code -Dworst=N}, also the N most
   * confident out-of-fold errors.
   */
  public static void main(String[] args) {
    Examples ex = examples(TRAIN, StreamOptions.defaults().with(Map.of("paraphrase_min_shared",
        Double.parseDouble(System.getProperty("minShared", "1"))), "fit"));
    List<Double> l2s = new ArrayList<>();
    for (String a : args) {
      l2s.add(Double.parseDouble(a));
    }
    if (l2s.isEmpty()) {
      l2s.add(RestatementModel.L2);
    }
    String seeds = System.getProperty("seeds", "");
    if (!seeds.isEmpty()) {
      // The nested figure over several fold assignments: how much of a difference between two l2 values is noise.
      for (double l2 : l2s) {
        int removed = 0;
        int lost = 0;
        StringBuilder each = new StringBuilder();
        for (String seed : seeds.split(",")) {
          Outcome o = fit(ex, l2, Long.parseLong(seed.strip())).nested();
          removed += o.dropsRemoved();
          lost += o.keepsLost();
          each.append(' ').append(o.dropsRemoved()).append('/').append(o.keepsLost());
        }
        int n = seeds.split(",").length;
        System.out.printf(Locale.ROOT, "l2 %.3f over %d seeds: drops removed %.1f, keeps lost %.1f (each:%s)%n", l2, n,
            (double) removed / n, (double) lost / n, each);
      }
      return;
    }
    for (double l2 : l2s) {
      Fit fit = fit(ex, l2, RestatementModel.SEED);
      System.out.printf(Locale.ROOT, "l2 %.3f: %d examples (%d drops); threshold %.2f%n", l2, fit.examples(),
          fit.positives(), fit.threshold());
      System.out.println("  out-of-fold at that threshold: " + fit.outOfFold());
      System.out.println("  nested " + FOLDS + "-fold CV: " + fit.nested());
      StringBuilder w = new StringBuilder("  weights {");
      double[] ws = fit.model().weights();
      for (int i = 0; i < ws.length; i++) {
        w.append(i == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.6f", ws[i]));
      }
      System.out.println(w.append("}, bias ").append(String.format(Locale.ROOT, "%.6f", fit.model().bias())));
      for (int i = 0; i < ws.length; i++) {
        System.out.printf(Locale.ROOT, "    %-11s %+.3f%n", RestatementModel.FEATURES.get(i), ws[i]);
      }
      for (String line : worst(ex, l2, RestatementModel.SEED, fit.threshold(), Integer.getInteger("worst", 0))) {
        System.out.println("  " + line);
      }
    }
  }
}
