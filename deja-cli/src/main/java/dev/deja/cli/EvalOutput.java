package dev.deja.cli;

import dev.deja.cli.eval.EvalResult;
import dev.deja.core.eval.Confusion;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.format.Datasets;
import dev.deja.format.Views;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code deja eval} prints for a pairs or scenario file: one JSON object ({@code --json}, stable keys) or the
 * human summary. The JSON map is also what the HTML report ({@link HtmlReport}) is drawn from.
 *
 * <p>Stateless; thread-safe.
 */
final class EvalOutput {
  private EvalOutput() {}

  static Map<String, Object> toJson(String preset, Path data, EvalResult r, Optional<String> target,
      CollectionSpec s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("kind", r.kind());
    m.put("preset", preset);
    m.put("data", data.toString());
    m.put("n", r.n());
    m.put("stage", target.orElse(null));
    m.put("measure", target.isPresent() ? EvalTargets.measureOf(s, target) : null);
    putMetrics(m, r.confusion());
    m.put("accuracy", r.kind().equals("pairs") ? Views.round(r.confusion().accuracy())
        : Views.round(r.checkAccuracy().orElse(0)));
    m.put("threshold", r.threshold().isPresent() ? r.threshold().getAsDouble() : null);
    if (r.sweep().isEmpty()) {
      m.put("best_threshold", null);
      m.put("best_f1", null);
    } else {
      EvalResult.SweepRow b = r.best();
      m.put("best_threshold", b.threshold());
      m.put("best_f1", Views.round(b.confusion().f1()));
    }
    m.put("micros_mean", Views.round(r.latency().meanMicros()));
    m.put("micros_p99", Views.round(r.latency().p99Micros()));
    m.put("possible_share", Views.round(r.possibleShare()));
    r.exactSetAccuracy().ifPresent(a -> m.put("exact_set_accuracy", Views.round(a)));
    if (!r.byNote().isEmpty()) {
      Map<String, Object> notes = new LinkedHashMap<>();
      r.byNote().forEach((k, v) -> notes.put(k, ordered("n", v[0], "wrong", v[1])));
      m.put("by_note", notes);
    }
    List<Map<String, Object>> worstErrors = new ArrayList<>();
    for (EvalResult.WrongDecision w : r.worst()) {
      Map<String, Object> e = new LinkedHashMap<>();
      e.put("id", w.id());
      e.put("note", w.note());
      e.put("expected", w.expected());
      e.put("got", w.got());
      e.put("score", Views.round(w.score()));
      e.put("false_positive", w.falsePositive());
      e.put("new", w.newText());
      e.put("existing", w.existing());
      e.put("explanation", Views.explanation(w.explanation()));
      worstErrors.add(e);
    }
    m.put("worst_errors", worstErrors);
    if (!r.categories().isEmpty() && !(r.categories().size() == 1 && r.categories().containsKey("(none)"))) {
      Map<String, Object> cats = new LinkedHashMap<>();
      r.categories().forEach((k, v) -> cats.put(k, ordered("n", v[0], "exact_set_accuracy",
          Views.round(v[0] == 0 ? 1.0 : (double) v[1] / v[0]))));
      m.put("categories", cats);
    }
    if (!r.sweep().isEmpty()) {
      List<Object> rows = new ArrayList<>();
      for (EvalResult.SweepRow row : r.sweep()) {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("threshold", row.threshold());
        putMetrics(x, row.confusion());
        row.exactSetAccuracy().ifPresent(a -> x.put("exact_set_accuracy", Views.round(a)));
        rows.add(x);
      }
      m.put("sweep", rows);
    }
    return m;
  }

  /** Two entries in this order (Map.of's order changes from one JVM start to the next). */
  private static Map<String, Object> ordered(String k1, Object v1, String k2, Object v2) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put(k1, v1);
    m.put(k2, v2);
    return m;
  }

  static void putMetrics(Map<String, Object> m, Confusion c) {
    m.put("precision", Views.round(c.precision()));
    m.put("recall", Views.round(c.recall()));
    m.put("f1", Views.round(c.f1()));
    m.put("tp", c.tp());
    m.put("fp", c.fp());
    m.put("fn", c.fn());
    m.put("tn", c.tn());
  }

  static void print(PrintWriter out, String preset, Path data, EvalResult r, Optional<String> target,
      CollectionSpec s, Datasets.Kind kind, Optional<JudgeReport> judged, boolean explain) {
    Confusion c = r.confusion();
    out.printf(Locale.ROOT, "deja eval — preset %s on %s (%s, %d %s)%n", preset, data.getFileName(),
        r.kind(), r.n(), r.kind().equals("pairs") ? "pairs" : "checks");
    target.ifPresent(t -> out.printf(Locale.ROOT, "target stage %s: measure %s, threshold %.2f%n", t,
        EvalTargets.measureOf(s, target), r.threshold().orElse(Double.NaN)));
    judged.ifPresent(j -> j.print(out, r));
    out.printf(Locale.ROOT, "precision %.4f  recall %.4f  F1 %.4f  accuracy %.4f%n", c.precision(), c.recall(),
        c.f1(), r.kind().equals("pairs") ? c.accuracy() : r.checkAccuracy().orElse(0));
    out.printf(Locale.ROOT, "tp %d  fp %d  fn %d%s%n", c.tp(), c.fp(), c.fn(),
        r.kind().equals("pairs") ? "  tn " + c.tn() : " (over check × stored-id pairs)");
    r.exactSetAccuracy().ifPresent(a -> out.printf(Locale.ROOT, "exact-set accuracy %.4f (%d checks)%n", a, r.n()));
    out.printf(Locale.ROOT, "possible duplicates: %.1f%% of checks%n", 100 * r.possibleShare());
    if (!r.sweep().isEmpty()) {
      EvalResult.SweepRow b = r.best();
      out.printf(Locale.ROOT, "best threshold %.2f → F1 %.4f (P %.4f, R %.4f)%s%n", b.threshold(),
          b.confusion().f1(), b.confusion().precision(), b.confusion().recall(),
          b.exactSetAccuracy().isPresent()
              ? String.format(Locale.ROOT, ", exact-set accuracy %.4f", b.exactSetAccuracy().getAsDouble()) : "");
      out.println("threshold  precision  recall   F1" + (kind == Datasets.Kind.SCENARIO ? "      exact-set" : ""));
      for (EvalResult.SweepRow row : r.sweep()) {
        int pct = (int) Math.round(row.threshold() * 100);
        if (pct % 5 == 0 || row == b) {
          out.printf(Locale.ROOT, "  %.2f     %.4f     %.4f   %.4f%s%s%n", row.threshold(),
              row.confusion().precision(), row.confusion().recall(), row.confusion().f1(),
              row.exactSetAccuracy().isPresent()
                  ? String.format(Locale.ROOT, "   %.4f", row.exactSetAccuracy().getAsDouble()) : "",
              row == b ? "  ← best" : "");
        }
      }
    }
    if (r.categories().size() > 1) {
      out.println("per category (exact-set accuracy):");
      r.categories().forEach((k, v) -> out.printf(Locale.ROOT, "  %-22s %3d/%-3d %.4f%n", k, v[1], v[0],
          v[0] == 0 ? 1.0 : (double) v[1] / v[0]));
    }
    out.printf(Locale.ROOT, "latency per check: mean %.1f µs, p50 %.1f µs, p99 %.1f µs%n", r.latency().meanMicros(),
        r.latency().p50Micros(), r.latency().p99Micros());
    if (r.byNote().size() > 1) {
      out.println("per type of the data's notes (wrong / n):");
      r.byNote().forEach((k, v) -> out.printf(Locale.ROOT, "  %-40s %3d/%-3d%n", k, v[1], v[0]));
    }
    if (!r.errors().isEmpty()) {
      out.println("wrong decisions (first " + r.errors().size() + "):");
      for (String e : r.errors()) {
        out.println("  " + e);
      }
    }
    if (explain && !r.worst().isEmpty()) {
      out.println("the " + r.worst().size() + " most confident wrong decisions, with their explanations:");
      for (EvalResult.WrongDecision w : r.worst()) {
        out.printf(Locale.ROOT, "%n%s (%s): expected %s, got %s, score %.3f%n  new: %s%n  existing: %s%n", w.id(),
            w.note(), w.expected(), w.got(), w.score(), w.newText(), w.existing());
        out.print(Render.indent(w.explanation().render(), "  "));
      }
    }
  }}
