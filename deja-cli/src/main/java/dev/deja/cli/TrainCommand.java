package dev.deja.cli;

import dev.deja.core.InvalidInputException;
import dev.deja.core.cascade.CombinedStage;
import dev.deja.core.cascade.PairFeatures;
import dev.deja.core.cascade.Stage;
import dev.deja.core.cascade.StageContext;
import dev.deja.core.cascade.StageRegistry;
import dev.deja.core.engine.ItemPreparer;
import dev.deja.core.eval.Calibration;
import dev.deja.core.eval.CrossValidation;
import dev.deja.core.eval.LogisticRegression;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.Options;
import dev.deja.core.spec.StageSpec;
import dev.deja.format.Json;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code deja train}: fit the weights and threshold of a preset's combined stage on labelled data. */
@Command(name = "train", mixinStandardHelpOptions = true,
    description = {"Fit the weights and threshold of a preset's combined stage (a logistic regression over its "
        + "features) on labelled pairs and scenarios, report grouped k-fold cross-validated precision, recall, F1 "
        + "and scenario exact-set accuracy, and write the YAML that makes a deja.yaml (or the preset) use it.",
        "The stage is built from the preset even when it is switched off; the YAML switches it on and the preset's "
            + "other similarity stages off, so that 'deja eval --config' and 'deja serve --config' run exactly what "
            + "was trained."},
    footer = {"", "Example (the shipped memory weights):",
        "  deja train --preset memory --data datasets/train/memory/pairs.jsonl \\",
        "      --data datasets/train/memory/scenario.jsonl --repeats 15 --out trained.yaml",
        "  deja eval --preset memory --config trained.yaml --data datasets/dev/memory/pairs.jsonl",
        "  deja serve --config trained.yaml",
        "", "Evaluated on the data it was fitted on, 'deja eval --config' prints the in-sample figures train prints; "
            + "for a preset or collection a deja.yaml declares, the YAML holds the whole preset, so it works without "
            + "that file. examples/calendar-combined.yaml and examples/memory-combined.yaml are what the command in "
            + "their first line writes."})
final class TrainCommand implements Callable<Integer> {
  @Mixin
  ConfigOptions config;

  @Option(names = {"-d", "--data"}, required = true, paramLabel = "FILE",
      description = "Labelled data: a pairs.jsonl or scenario.jsonl file (repeatable).")
  List<Path> data = new ArrayList<>();

  @Option(names = "--stage", paramLabel = "NAME", description = "The combined stage to fit (default: the first).")
  String stage;

  @Option(names = "--features", paramLabel = "F1,F2,…", split = ",",
      description = "Fit these features instead of the stage's (names as in CONFIGURATION.md, 'combined').")
  List<String> featureNames;

  @Option(names = "--l2", defaultValue = "auto", paramLabel = "L",
      description = "L2 regularisation strength, or 'auto' (the default): the one of " + L2_GRID_TEXT + " with the "
          + "best cross-validated score (F-beta on the pairs at its best threshold, averaged with scenario exact-set "
          + "accuracy when there are scenario checks).")
  String l2Option;

  /** The regularisation strengths --l2 auto tries. */
  static final double[] L2_GRID = {0.01, 0.03, 0.1, 0.3, 1, 3};
  static final String L2_GRID_TEXT = "0.01, 0.03, 0.1, 0.3, 1, 3";

  private double l2;

  @Option(names = "--folds", defaultValue = "5", paramLabel = "K",
      description = "Cross-validation folds, grouped by base item (default: ${DEFAULT-VALUE}).")
  int folds;

  @Option(names = "--seed", defaultValue = "7", paramLabel = "N",
      description = "Seed of the fold assignment (default: ${DEFAULT-VALUE}); repetitions use N, N+1, ….")
  long seed;

  @Option(names = "--repeats", defaultValue = "5", paramLabel = "R",
      description = "Repetitions of the grouped k-fold cross-validation, each with its own fold assignment "
          + "(default: ${DEFAULT-VALUE}). An example's cross-validated score is the mean of its R out-of-fold "
          + "probabilities; the l2, the threshold and the reported figures are taken from it. One split of a few "
          + "hundred pairs leaves the choice of l2 and threshold partly to chance; repeating steadies it.")
  int repeats;

  @Option(names = "--scenario-weight", defaultValue = "1.0", paramLabel = "W",
      description = "Weight of a scenario example relative to a pair (default: ${DEFAULT-VALUE}). Scenario checks "
          + "bring many easy candidates; a weight below 1 keeps them from drowning the hard pairs.")
  double scenarioWeight;

  @Option(names = "--unrelated", defaultValue = "0", paramLabel = "K",
      description = "Also train on K unrelated pairs per labelled pair: its new record against the stored record of "
          + "another base item, moved to the same start (label 0; default: ${DEFAULT-VALUE}). Teaches the model that "
          + "two different events in the same slot, of the same person, are not duplicates, which hard pairs alone "
          + "do not show.")
  int unrelated;

  @Option(names = "--unrelated-weight", defaultValue = "1.0", paramLabel = "W",
      description = "Weight of each --unrelated pair relative to a labelled pair (default: ${DEFAULT-VALUE}). The "
          + "calendar preset is fitted with --unrelated 2 --unrelated-weight 0.1: enough for an unrelated event in "
          + "the same slot to score low, little enough to leave the ranking of the hard labelled pairs as it was.")
  double unrelatedWeight;

  @Option(names = "--monotone", negatable = false,
      description = "Constrain the signs of the weights: evidence that the texts say the same (cosine, shared words, "
          + "surface similarity, time) never lowers the score and evidence of a difference (a conflict, a left-over "
          + "word, another thing of the same kind) never raises it. Off by default: on the shipped training sets it "
          + "cross-validates lower (memory pairs F1 0.819 against 0.832, calendar 0.897 against 0.930).")
  boolean monotone;

  @Option(names = "--beta", defaultValue = "1.0", paramLabel = "B",
      description = "The threshold maximises cross-validated F-beta on the pairs (default: ${DEFAULT-VALUE}; 0.5 "
          + "weighs precision twice as much as recall, for collections where a false match loses data).")
  double beta;

  @Option(names = "--threshold-rule", defaultValue = "one-se", paramLabel = "RULE",
      description = "How the threshold is chosen from the cross-validated scores: one-se (the default: the highest "
          + "threshold whose F-beta is within one standard error of the best, sqrt(F(1-F)/positives): the most "
          + "conservative of the thresholds the data cannot tell apart) or best (the best F-beta).")
  String thresholdRule;

  @Option(names = "--threshold-smoothing", defaultValue = "0.12", paramLabel = "W",
      description = "Before the rule reads it, average the cross-validated F-beta curve over the thresholds within "
          + "±W of each point (default: ${DEFAULT-VALUE}; 0 reads the curve as it is). Near its best the curve is "
          + "flat and jagged by single examples, so an unsmoothed rule's threshold moves by up to 0.14 with the fold "
          + "seed or any refit; smoothed, by 0.03 (calendar) and 0.08 (memory) on the shipped training sets.")
  double thresholdSmoothing;

  @Option(names = "--ignore-field", paramLabel = "FIELD", description = "Drop this record field (repeatable).")
  List<String> ignoredFields = new ArrayList<>();

  @Option(names = "--out", paramLabel = "FILE", description = "Write the fitted configuration (YAML) to this file.")
  Path out;

  @Option(names = "--dump", paramLabel = "FILE",
      description = "Write every example as a JSON line: texts, label, group, fold (of the first repetition), "
          + "feature values, evidence and its cross-validated score.")
  Path dump;

  @Option(names = "--json", description = "Print one JSON object instead of the human summary.")
  boolean json;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec cmd;

  @Override
  public Integer call() {
    try {
      return run();
    } catch (dev.deja.core.UnknownFieldException e) {
      throw TrainingData.ignoreFieldHint(e);
    }
  }

  private Integer run() {
    double[] grid;
    if (l2Option.equals("auto")) {
      grid = L2_GRID;
    } else {
      try {
        grid = new double[] {Double.parseDouble(l2Option)};
      } catch (NumberFormatException e) {
        throw new InvalidInputException("--l2: must be 'auto' or a number >= 0, got '" + l2Option + "'");
      }
      if (Double.isNaN(grid[0]) || grid[0] < 0) {
        throw new InvalidInputException("--l2: must be 'auto' or a number >= 0, got " + l2Option);
      }
    }
    if (repeats < 1 || repeats > 20) {
      throw new InvalidInputException("--repeats: must be in [1, 20], got " + repeats);
    }
    if (folds < 2 || folds > 50) {
      throw new InvalidInputException("--folds: must be in [2, 50], got " + folds);
    }
    if (!(scenarioWeight > 0 && scenarioWeight <= 100)) {
      throw new InvalidInputException("--scenario-weight: must be in (0, 100], got " + scenarioWeight);
    }
    if (!thresholdRule.equals("one-se") && !thresholdRule.equals("best")) {
      throw new InvalidInputException("--threshold-rule: must be one-se or best, got '" + thresholdRule + "'");
    }
    if (!(thresholdSmoothing >= 0 && thresholdSmoothing <= 0.5)) {
      throw new InvalidInputException("--threshold-smoothing: must be in [0, 0.5], got " + thresholdSmoothing);
    }
    if (!(beta > 0 && beta <= 10)) {
      throw new InvalidInputException("--beta: must be in (0, 10], got " + beta);
    }
    CollectionSpec spec = config.spec();
    StageSpec stageSpec = spec.stages().stream()
        .filter(s -> s.type().equals("combined") && (stage == null || s.name().equals(stage))).findFirst()
        .orElseThrow(() -> new InvalidInputException("preset '" + config.preset + "' has no combined stage"
            + (stage == null ? "" : " named '" + stage + "'") + "; add one, e.g. --set stages.combined.type=combined "
            + "--set stages.combined.features.cosine=1 --set stages.combined.features.sequence=1"));
    Map<String, Object> options = new LinkedHashMap<>(stageSpec.options());
    if (featureNames != null && !featureNames.isEmpty()) {
      Map<String, Object> f = new LinkedHashMap<>();
      featureNames.forEach(n -> f.put(n.strip(), 0.0));
      options.put("features", f);
    }
    StageContext context = new StageContext(spec, config.embedders());
    CombinedStage combined = (CombinedStage) CombinedStage.FACTORY.create(stageSpec.name(),
        new Options("stages." + stageSpec.name(), options), context);
    List<Stage> stages = new ArrayList<>(StageRegistry.defaults().build(context));
    stages.add(combined);
    ItemPreparer preparer = new ItemPreparer(spec, stages);
    if (!(unrelatedWeight > 0 && unrelatedWeight <= 100)) {
      throw new InvalidInputException("--unrelated-weight: must be in (0, 100], got " + unrelatedWeight);
    }
    if (unrelated < 0 || unrelated > 10) {
      throw new InvalidInputException("--unrelated: must be in [0, 10], got " + unrelated);
    }
    TrainingData td = new TrainingData(spec, combined, preparer, new LinkedHashSet<>(ignoredFields), scenarioWeight)
        .unrelated(unrelated, unrelatedWeight);
    PrintWriter err = cmd.commandLine().getErr();
    for (Path f : data) {
      long lines = dev.deja.format.Datasets.lines(f).size();
      try (dev.deja.cli.eval.Progress progress = dev.deja.cli.eval.Progress.of(err, "features of "
          + f.getFileName(), lines, 50)) {
        td.add(f, i -> progress.step());
      }
    }
    if (td.rows.isEmpty() || td.rows.stream().noneMatch(r -> r.label() == 1)
        || td.rows.stream().noneMatch(r -> r.label() == 0)) {
      throw new InvalidInputException("need labelled examples of both kinds inside the window, got "
          + td.rows.size());
    }
    int n = td.rows.size();
    double[][] x = new double[n][];
    int[] y = new int[n];
    double[] w = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = td.rows.get(i).values().values();
      y[i] = td.rows.get(i).label();
      // A pair a guard vetoes is decided by the guard: not fitted on (weight 0), scored 0 below.
      w[i] = td.rows.get(i).vetoed() ? 0 : td.rows.get(i).weight();
    }
    List<String> groups = td.groups();
    int[][] foldsByRepeat = new int[repeats][];
    for (int r = 0; r < repeats; r++) {
      foldsByRepeat[r] = CrossValidation.folds(groups, folds, seed + r);
    }
    int[] fold = foldsByRepeat[0];
    int[] signs = new int[combined.featureNames().size()];
    if (monotone) {
      for (int i = 0; i < signs.length; i++) {
        signs[i] = PairFeatures.sign(combined.featureNames().get(i));
      }
    }
    boolean hasPairs = td.rows.stream().anyMatch(r -> r.source().equals("pairs")) || !td.outside.isEmpty();
    double[] cv = null;
    double bestObjective = -1;
    Map<Double, Double> tried = new LinkedHashMap<>();
    try (dev.deja.cli.eval.Progress progress = dev.deja.cli.eval.Progress.of(err, "cross-validation",
        (long) grid.length * repeats, 2)) {
      for (double candidate : grid) {
        double[] p = new double[n];
        for (int[] f : foldsByRepeat) {
          double[] pr = CrossValidation.predict(x, y, w, f, candidate, signs);
          for (int i = 0; i < n; i++) {
            p[i] += pr[i] / repeats;
          }
          progress.step();
        }
        for (int i = 0; i < n; i++) {
          if (td.rows.get(i).vetoed()) {
            p[i] = 0;
          }
        }
        TrainScores sc = new TrainScores(td, p, hasPairs, combined.relativeMargin());
        double objective = sc.objective(sc.bestThreshold(beta), beta);
        tried.put(candidate, objective);
        if (objective > bestObjective + 1e-9) {
          bestObjective = objective;
          cv = p;
          l2 = candidate;
        }
      }
    }
    LogisticRegression model = LogisticRegression.fit(x, y, w, l2, signs);
    double[] fitted = new double[n];
    for (int i = 0; i < n; i++) {
      fitted[i] = td.rows.get(i).vetoed() ? 0 : model.predict(x[i]);
    }
    TrainScores cvScores = new TrainScores(td, cv, hasPairs, combined.relativeMargin());
    TrainScores inSample = new TrainScores(td, fitted, hasPairs, combined.relativeMargin());
    double threshold = cvScores.threshold(beta, thresholdRule.equals("one-se"), thresholdSmoothing);
    if (dump != null) {
      writeDump(td, combined.featureNames(), groups, fold, cv);
    }

    Map<String, Object> weights = new LinkedHashMap<>();
    double[] wt = model.weights();
    for (int i = 0; i < wt.length; i++) {
      weights.put(combined.featureNames().get(i), round(wt[i]));
    }
    TrainScores.Summary cvAt = cvScores.at(threshold);
    TrainScores.Summary fitAt = inSample.at(threshold);
    // Whether the probability means what it says, out of fold: on the labelled pairs (the hard cases) and on every
    // example the model scores (vetoed pairs are decided by the veto, not by a probability).
    boolean[] pairsOnly = new boolean[n];
    boolean[] scored = new boolean[n];
    for (int i = 0; i < n; i++) {
      scored[i] = !td.rows.get(i).vetoed();
      pairsOnly[i] = scored[i] && td.rows.get(i).source().equals("pairs");
    }
    Calibration calPairs = Calibration.of(cv, y, pairsOnly, 10);
    Calibration calAll = Calibration.of(cv, y, scored, 10);
    String provenance = "deja train --preset " + config.preset + " " + String.join(" ", data.stream()
        .map(p -> "--data " + p).toList()) + " (l2 " + l2 + ", " + folds + " folds, seed " + seed
        + (repeats > 1 ? ", " + repeats + " repeats" : "")
        + ", scenario weight " + scenarioWeight + ", unrelated " + unrelated
        + (unrelated > 0 ? " (weight " + unrelatedWeight + ")" : "") + (monotone ? ", monotone" : "")
        + ", beta " + beta + ", threshold rule " + thresholdRule
        + (thresholdSmoothing > 0 ? " (smoothed ±" + thresholdSmoothing + ")" : "")
        + "): cross-validated "
        + cvAt.describe();
    String yaml = TrainedYaml.of(config.config(), config.preset, spec, stageSpec, options, weights,
        round(model.bias()), round2(threshold), provenance);
    if (out != null) {
      try {
        Files.writeString(out, yaml);
      } catch (IOException e) {
        throw new InvalidInputException(out + ": cannot write: " + e.getMessage(), e);
      }
    }
    PrintWriter pw = cmd.commandLine().getOut();
    if (json) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("preset", config.preset);
      m.put("stage", stageSpec.name());
      m.put("data", data.stream().map(Path::toString).toList());
      m.put("examples", n);
      m.put("groups", td.groupCount());
      m.put("outside_window", td.outside.size());
      m.put("weights", weights);
      m.put("bias", round(model.bias()));
      m.put("threshold", round2(threshold));
      m.put("threshold_rule", thresholdRule);
      m.put("threshold_smoothing", thresholdSmoothing);
      m.put("l2", l2);
      m.put("folds", folds);
      m.put("repeats", repeats);
      Map<String, Object> l2s = new LinkedHashMap<>();
      tried.forEach((k, v) -> l2s.put(Double.toString(k), round(v)));
      m.put("l2_tried", l2s);
      m.put("cv", cvAt.toMap());
      m.put("in_sample", fitAt.toMap());
      List<Map<String, Object>> sweep = new ArrayList<>();
      for (int t = 20; t <= 80; t += 5) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("threshold", t / 100.0);
        row.putAll(cvScores.at(t / 100.0).toMap());
        sweep.add(row);
      }
      m.put("cv_sweep", sweep);
      Map<String, Object> cal = new LinkedHashMap<>();
      cal.put("pairs", calibrationMap(calPairs));
      cal.put("all", calibrationMap(calAll));
      m.put("calibration", cal);
      pw.println(Json.write(m));
    } else {
      pw.printf(Locale.ROOT, "deja train — preset %s, stage %s: %d examples in %d groups (%d pairs outside the "
          + "window, always NEW)%n", config.preset, stageSpec.name(), n, td.groupCount(), td.outside.size());
      pw.printf(Locale.ROOT, "logistic regression, l2 %s (cross-validated score by l2: %s), %d Newton steps; "
          + "%d-fold cross-validation grouped by base item (seed %d%s)%n", l2, tried, model.iterations(), folds, seed,
          repeats > 1 ? ", repeated " + repeats + " times, out-of-fold probabilities averaged" : "");
      pw.printf(Locale.ROOT, "threshold %.2f (%s cross-validated F%s on the %s%s)%n", threshold,
          thresholdRule.equals("one-se") ? "within one standard error of the best" : "the best", fmtBeta(beta),
          hasPairs ? "pairs" : "scenario checks",
          thresholdSmoothing > 0 ? ", the curve averaged over ±" + thresholdSmoothing : "");
      pw.printf(Locale.ROOT, "cross-validated: %s%n", cvAt.describe());
      pw.printf(Locale.ROOT, "in-sample:       %s%n", fitAt.describe());
      pw.println();
      pw.println("cross-validated sweep:");
      pw.println("  threshold  precision  recall  F1      exact-set");
      for (int t = 20; t <= 80; t += 5) {
        TrainScores.Summary s = cvScores.at(t / 100.0);
        pw.printf(Locale.ROOT, "  %.2f       %.4f     %.4f  %.4f  %s%n", t / 100.0, s.pairs().precision(),
            s.pairs().recall(), s.pairs().f1(),
            s.checks() == 0 ? "—" : String.format(Locale.ROOT, "%.4f", s.exactSet()));
      }
      pw.println();
      pw.printf(Locale.ROOT, "calibration (cross-validated): pairs Brier %.4f, ECE %.4f (%d examples); all examples "
          + "Brier %.4f, ECE %.4f (%d)%n", calPairs.brier(), calPairs.ece(), calPairs.n(), calAll.brier(),
          calAll.ece(), calAll.n());
      pw.println("  probability  pairs  mean predicted  observed duplicates");
      for (Calibration.Bin b : calPairs.bins()) {
        pw.printf(Locale.ROOT, "  %.1f–%.1f      %5d  %.3f           %.3f%n", b.from(), b.to(), b.n(),
            b.meanPredicted(), b.observed());
      }
      pw.println();
      pw.print(yaml);
    }
    pw.flush();
    return Main.OK;
  }

  private static Map<String, Object> calibrationMap(Calibration c) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("n", c.n());
    m.put("brier", c.n() == 0 ? null : round(c.brier()));
    m.put("ece", c.n() == 0 ? null : round(c.ece()));
    List<Map<String, Object>> bins = new ArrayList<>();
    for (Calibration.Bin b : c.bins()) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("from", round2(b.from()));
      row.put("to", round2(b.to()));
      row.put("n", b.n());
      row.put("mean_predicted", round(b.meanPredicted()));
      row.put("observed", round(b.observed()));
      bins.add(row);
    }
    m.put("bins", bins);
    return m;
  }

  private void writeDump(TrainingData td, List<String> featureNames, List<String> groups, int[] fold,
      double[] cv) {
    try (BufferedWriter wr = Files.newBufferedWriter(dump)) {
      for (int i = 0; i < td.rows.size(); i++) {
        TrainingData.Row r = td.rows.get(i);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", r.id());
        m.put("source", r.source());
        m.put("check", r.check());
        m.put("group", groups.get(i));
        m.put("fold", fold[i]);
        m.put("label", r.label());
        m.put("weight", r.weight());
        m.put("new", r.newText());
        m.put("existing", r.existingText());
        m.put("note", r.note());
        m.put("cv_score", round(cv[i]));
        Map<String, Object> f = new LinkedHashMap<>();
        double[] v = r.values().values();
        for (int k = 0; k < v.length; k++) {
          f.put(featureNames.get(k), round(v[k]));
        }
        m.put("features", f);
        m.put("evidence", r.values().evidence());
        wr.write(Json.write(m));
        wr.write('\n');
      }
      for (Map.Entry<String, Integer> e : td.outside.entrySet()) {
        Map<String, Object> row = new java.util.LinkedHashMap<>(); // keys in the same order in every run
        row.put("id", e.getKey());
        row.put("source", "pairs");
        row.put("label", e.getValue());
        row.put("outside_window", true);
        wr.write(Json.write(row));
        wr.write('\n');
      }
    } catch (IOException e) {
      throw new InvalidInputException(dump + ": cannot write: " + e.getMessage(), e);
    }
  }

  private static String fmtBeta(double beta) {
    return beta == Math.rint(beta) ? Long.toString((long) beta) : Double.toString(beta);
  }

  private static double round(double d) {
    return Math.round(d * 10_000) / 10_000.0;
  }

  private static double round2(double d) {
    return Math.round(d * 100) / 100.0;
  }
}
