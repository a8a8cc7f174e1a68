package dev.deja.cli;

import dev.deja.core.InvalidInputException;
import dev.deja.core.cascade.CombinedStage;
import dev.deja.core.cascade.Probe;
import dev.deja.core.cascade.Stage;
import dev.deja.core.cascade.StageContext;
import dev.deja.core.cascade.StageRegistry;
import dev.deja.core.engine.ItemPreparer;
import dev.deja.core.eval.Confusion;
import dev.deja.core.eval.LogisticRegression;
import dev.deja.core.index.TimeFilter;
import dev.deja.core.item.HistoryEntry;
import dev.deja.core.item.Item;
import dev.deja.core.item.StoredItem;
import dev.deja.core.item.TimeSpan;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.format.Datasets;
import dev.deja.format.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code deja train}: fit the weights of a preset's combined stage on labelled pairs. */
@Command(name = "train", mixinStandardHelpOptions = true,
    description = "Fit the weights and threshold of a preset's combined stage (logistic regression) on labelled "
        + "pairs, report in-sample and cross-validated F1, and print the YAML to put in a deja.yaml or the preset.",
    footer = {"", "Example:",
        "  deja train --preset calendar --data datasets/dev/calendar/pairs.jsonl --out trained.yaml",
        "  deja eval --preset calendar --config trained.yaml --data datasets/dev/calendar/scenario.jsonl"})
final class TrainCommand implements Callable<Integer> {
  @Mixin
  ConfigOptions config;

  @Option(names = {"-d", "--data"}, required = true, paramLabel = "FILE", description = "Labelled pairs (pairs.jsonl).")
  Path data;

  @Option(names = "--stage", paramLabel = "NAME", description = "The combined stage to fit (default: the first).")
  String stage;

  @Option(names = "--l2", defaultValue = "0.5", paramLabel = "L",
      description = "L2 regularisation strength (default: ${DEFAULT-VALUE}).")
  double l2;

  @Option(names = "--unrelated", defaultValue = "1", paramLabel = "K",
      description = "Also train on K unrelated pairs per labelled pair (the left record of another base item with "
          + "this right record, label 0; default: ${DEFAULT-VALUE}). Hard pairs alone teach the model that low "
          + "surface similarity means duplicate, which real candidates contradict.")
  int unrelated;

  @Option(names = "--no-guards", negatable = false,
      description = "Also train on pairs the preset's guards veto (by default they are left out: the guards decide "
          + "them whatever the score, so the model is fitted to the pairs it actually decides).")
  boolean noGuards;

  @Option(names = "--ignore-field", paramLabel = "FIELD", description = "Drop this record field (repeatable).")
  List<String> ignoredFields = new ArrayList<>();

  @Option(names = "--out", paramLabel = "FILE", description = "Write the fitted configuration (YAML) to this file.")
  Path out;

  @Option(names = "--json", description = "Print one JSON object instead of the human summary.")
  boolean json;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec cmd;

  @Override
  public Integer call() {
    if (Double.isNaN(l2) || l2 < 0) {
      throw new InvalidInputException("--l2: must be a number >= 0, got " + l2);
    }
    CollectionSpec spec = config.spec();
    List<Stage> stages = StageRegistry.defaults().build(new StageContext(spec, config.embedders()));
    CombinedStage combined = stages.stream()
        .filter(s -> s instanceof CombinedStage && (stage == null || s.name().equals(stage)))
        .map(s -> (CombinedStage) s).findFirst()
        .orElseThrow(() -> new InvalidInputException("preset '" + config.preset + "' has no combined stage"
            + (stage == null ? "" : " named '" + stage + "'") + "; add one, e.g. --set stages.combined.type=combined "
            + "--set stages.combined.features.cosine=1 --set stages.combined.features.sequence=1"));
    if (Datasets.detect(data) != Datasets.Kind.PAIRS) {
      throw new InvalidInputException(data + ": deja train needs a pairs file");
    }
    if (unrelated < 0 || unrelated > 100) {
      throw new InvalidInputException("--unrelated: must be in [0, 100], got " + unrelated);
    }
    List<Datasets.Pair> labelled = Datasets.pairs(data);
    List<Datasets.Pair> pairs = new ArrayList<>(labelled);
    // Deterministic unrelated pairs: pair i's right record with the left record of the pair `step` places on whose
    // base item differs.
    for (int k = 1; k <= unrelated; k++) {
      int step = k * 7 + 3;
      for (int i = 0; i < labelled.size(); i++) {
        Datasets.Pair a = labelled.get(i);
        for (int s = 0; s < labelled.size(); s++) {
          Datasets.Pair b = labelled.get((i + step + s) % labelled.size());
          if (!group(b.id()).equals(group(a.id()))) {
            pairs.add(new Datasets.Pair(a.id() + "~u" + k, b.left(), a.right(), false, "unrelated"));
            break;
          }
        }
      }
    }
    ItemPreparer preparer = new ItemPreparer(spec, stages);
    List<dev.deja.core.guard.Guard> guards = noGuards ? List.of() : dev.deja.core.guard.GuardRegistry.defaults()
        .build(spec).stream().filter(g -> g.appliesTo("combined")).toList();
    int vetoed = 0;
    List<double[]> xs = new ArrayList<>();
    List<Integer> ys = new ArrayList<>();
    List<String> groups = new ArrayList<>();
    int outside = 0;
    int blank = 0;
    Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
    for (Datasets.Pair p : pairs) {
      Item left = item(p.left(), p.id());
      Item right = item(p.right(), p.id());
      ItemPreparer.Prepared pl = preparer.prepare("train", left);
      ItemPreparer.Prepared pr = preparer.prepare("train", right);
      if (!inWindow(preparer, pr.keys().time(), pl.keys().time())) {
        outside++; // never a candidate in a real check: the window decides, not the model
        continue;
      }
      Map<String, float[]> lv = new LinkedHashMap<>();
      combined.vectorOf(left).ifPresent(v -> lv.put(combined.vectorName(), v));
      Map<String, float[]> rv = new LinkedHashMap<>();
      combined.vectorOf(right).ifPresent(v -> rv.put(combined.vectorName(), v));
      StoredItem stored = new StoredItem("L", "train", left, pl.keys(), lv, 1, t0, t0,
          List.of(new HistoryEntry(t0, "CREATED", Optional.empty(), "")));
      Probe probe = new Probe("train", right, pr.keys().time(), rv);
      dev.deja.core.cascade.StageMatch asIf = new dev.deja.core.cascade.StageMatch("L", 0.0,
          dev.deja.core.engine.Outcome.DUPLICATE, dev.deja.core.explain.Explanation.of("stage", combined.name())
              .build());
      if (guards.stream().anyMatch(g -> g.inspect(probe, stored, asIf).effect()
          == dev.deja.core.guard.GuardDecision.Effect.VETO)) {
        vetoed++; // decided by a guard whatever the score
        continue;
      }
      Optional<double[]> fx = combined.features(probe, stored);
      if (fx.isEmpty()) {
        blank++;
        continue;
      }
      xs.add(fx.get());
      ys.add(p.duplicate() ? 1 : 0);
      groups.add(group(p.id().contains("~") ? p.id().substring(0, p.id().indexOf('~')) : p.id()));
    }
    if (xs.size() < 4 || !ys.contains(0) || !ys.contains(1)) {
      throw new InvalidInputException(data + ": need labelled pairs of both kinds inside the window, got " + xs.size());
    }
    double[][] x = xs.toArray(new double[0][]);
    int[] y = ys.stream().mapToInt(Integer::intValue).toArray();
    LogisticRegression model = LogisticRegression.fit(x, y, l2);
    double[] inSample = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      inSample[i] = model.predict(x[i]);
    }
    double threshold = bestThreshold(inSample, y);
    double[] cv = crossValidate(x, y, groups);
    Confusion train = confusion(inSample, y, threshold);
    Confusion cross = confusion(cv, y, threshold);
    double cvBest = bestThreshold(cv, y);

    Map<String, Object> weights = new LinkedHashMap<>();
    double[] w = model.weights();
    for (int i = 0; i < w.length; i++) {
      weights.put(combined.featureNames().get(i), round(w[i]));
    }
    StringBuilder other = new StringBuilder();
    spec.stage(combined.name()).orElseThrow().options().forEach((k, v) -> {
      if (!k.equals("features") && !k.equals("bias") && !k.equals("similarity_threshold")) {
        other.append("        ").append(k).append(": ").append(Json.write(v)).append('\n');
      }
    });
    String yaml = "# deja train --preset " + config.preset + " --data " + data + " --unrelated " + unrelated + " ("
        + xs.size() + " pairs inside the window" + (noGuards ? "" : " and not vetoed by a guard") + ", l2 " + l2 + ")\n# in-sample F1 " + fmt(train.f1()) + ", leave-one-group-out F1 " + fmt(cross.f1())
        + "\npresets:\n  " + config.preset + ":\n    stages:\n      " + combined.name() + ":\n        type: combined\n"
        + other + "        features: " + Json.write(weights).replace("\"", "").replace(":", ": ").replace(",", ", ")
        + "\n        bias: " + round(model.bias()) + "\n        similarity_threshold: " + round2(threshold) + "\n";
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
      m.put("stage", combined.name());
      m.put("pairs", labelled.size());
      m.put("unrelated", pairs.size() - labelled.size());
      m.put("used", xs.size());
      m.put("outside_window", outside);
      m.put("blank", blank);
      m.put("vetoed_by_guards", vetoed);
      m.put("weights", weights);
      m.put("bias", round(model.bias()));
      m.put("threshold", round2(threshold));
      m.put("train_precision", round(train.precision()));
      m.put("train_recall", round(train.recall()));
      m.put("train_f1", round(train.f1()));
      m.put("cv_precision", round(cross.precision()));
      m.put("cv_recall", round(cross.recall()));
      m.put("cv_f1", round(cross.f1()));
      m.put("cv_best_threshold", round2(cvBest));
      m.put("cv_best_f1", round(confusion(cv, y, cvBest).f1()));
      pw.println(Json.write(m));
    } else {
      pw.printf(Locale.ROOT, "deja train — preset %s, stage %s, %d labelled + %d unrelated pairs (%d inside the "
          + "window and not vetoed by a guard; %d outside, %d vetoed, %d blank)%n", config.preset, combined.name(),
          labelled.size(), pairs.size() - labelled.size(), xs.size(), outside, vetoed, blank);
      pw.printf(Locale.ROOT, "logistic regression, l2 %.2f, %d Newton steps%n", l2, model.iterations());
      pw.printf(Locale.ROOT, "threshold %.2f (best in-sample F1)%n", threshold);
      pw.printf(Locale.ROOT, "in-sample:              P %.4f  R %.4f  F1 %.4f%n", train.precision(), train.recall(),
          train.f1());
      pw.printf(Locale.ROOT, "leave-one-group-out CV: P %.4f  R %.4f  F1 %.4f  (best CV threshold %.2f → F1 %.4f)%n",
          cross.precision(), cross.recall(), cross.f1(), cvBest, confusion(cv, y, cvBest).f1());
      pw.println();
      pw.print(yaml);
    }
    pw.flush();
    return Main.OK;
  }

  private Item item(Map<String, Object> record, String id) {
    Map<String, Object> m = new LinkedHashMap<>(record);
    m.keySet().removeAll(new LinkedHashSet<>(ignoredFields));
    return Items.toItem(m, "pair " + id);
  }

  private static boolean inWindow(ItemPreparer preparer, Optional<TimeSpan> probe, Optional<TimeSpan> stored) {
    List<TimeFilter> filters = preparer.timeFilters(probe);
    if (filters.isEmpty()) {
      return true;
    }
    return stored.isPresent() && filters.stream().anyMatch(f -> f.test(stored.get()));
  }

  /** Pairs made from the same base item share a group: the id without its last "-part" ("cal-d-v01-d1" → "cal-d-v01"). */
  static String group(String id) {
    int dash = id.lastIndexOf('-');
    return dash > 0 ? id.substring(0, dash) : id;
  }

  private double[] crossValidate(double[][] x, int[] y, List<String> groups) {
    double[] out = new double[x.length];
    for (String g : new LinkedHashSet<>(groups)) {
      List<Integer> train = new ArrayList<>();
      for (int i = 0; i < x.length; i++) {
        if (!groups.get(i).equals(g)) {
          train.add(i);
        }
      }
      double[][] tx = new double[train.size()][];
      int[] ty = new int[train.size()];
      for (int k = 0; k < train.size(); k++) {
        tx[k] = x[train.get(k)];
        ty[k] = y[train.get(k)];
      }
      if (train.isEmpty() || java.util.Arrays.stream(ty).distinct().count() < 2) {
        continue;
      }
      LogisticRegression m = LogisticRegression.fit(tx, ty, l2);
      for (int i = 0; i < x.length; i++) {
        if (groups.get(i).equals(g)) {
          out[i] = m.predict(x[i]);
        }
      }
    }
    return out;
  }

  private static Confusion confusion(double[] p, int[] y, double t) {
    Confusion c = Confusion.EMPTY;
    for (int i = 0; i < p.length; i++) {
      c = c.add(p[i] >= t, y[i] == 1);
    }
    return c;
  }

  /** The threshold with the best F1 on a 0.01 grid: the middle of the first maximal plateau. */
  static double bestThreshold(double[] p, int[] y) {
    double best = -1;
    int first = -1;
    int last = -1;
    for (int t = 1; t < 100; t++) {
      double f = confusion(p, y, t / 100.0).f1();
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

  private static double round(double d) {
    return Math.round(d * 10_000) / 10_000.0;
  }

  private static double round2(double d) {
    return Math.round(d * 100) / 100.0;
  }

  private static String fmt(double d) {
    return String.format(Locale.ROOT, "%.4f", d);
  }
}
