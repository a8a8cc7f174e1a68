package dev.deja.cli;

import dev.deja.cli.eval.EvalResult;
import dev.deja.core.eval.Confusion;
import dev.deja.core.judge.JudgeStats;
import dev.deja.core.judge.JudgeStep;
import dev.deja.format.Views;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** What {@code deja eval} with a judge reports besides precision and recall. Immutable. */
record JudgeReport(JudgeStep step, Optional<String> stage, JudgeStats stats,
    Optional<EvalResult> without) {

  double perThousand(EvalResult r) {
    return r.n() == 0 ? 0 : 1000.0 * stats.calls() / r.n();
  }

  void putJson(Map<String, Object> m, EvalResult r) {
    Map<String, Object> j = new LinkedHashMap<>();
    j.put("endpoint", step.endpoint());
    j.put("model", step.model());
    j.put("stage", stage.orElse(null));
    j.put("kind", step.kind().configName());
    j.put("band", List.of(step.low(), step.high()));
    j.put("timeout_ms", step.timeout().toMillis());
    j.put("checks", r.n());
    j.put("calls", stats.calls());
    j.put("calls_per_1000_checks", Views.round(perThousand(r)));
    j.put("cache_hits", stats.cacheHits());
    j.put("disagreements", stats.disagreements());
    j.put("fallbacks", stats.fallbacks());
    j.put("calls_by_outcome", stats.callsByOutcome());
    j.put("fallbacks_by_reason", stats.fallbacksByReason());
    j.put("mean_ms", Views.round(stats.meanMillis()));
    j.put("max_ms", Views.round(stats.maxMillis()));
    m.put("judge", j);
    if (without.isPresent()) {
      m.put("without_judge", summary(without.get()));
      m.put("with_judge", summary(r));
    }
  }

  private static Map<String, Object> summary(EvalResult r) {
    Map<String, Object> x = new LinkedHashMap<>();
    EvalOutput.putMetrics(x, r.confusion());
    x.put("accuracy", r.kind().equals("pairs") ? Views.round(r.confusion().accuracy())
        : Views.round(r.checkAccuracy().orElse(0)));
    r.exactSetAccuracy().ifPresent(a -> x.put("exact_set_accuracy", Views.round(a)));
    return x;
  }

  void print(PrintWriter out, EvalResult r) {
    out.printf(Locale.ROOT, "judge: endpoint %s (%s) on stage %s, kind %s, band [%.2f, %.2f], timeout %d ms "
        + "(budget_per_minute lifted for the eval)%n", step.endpoint(), step.model(), stage.orElse("?"),
        step.kind().configName(), step.low(), step.high(), step.timeout().toMillis());
    boolean scenario = r.kind().equals("scenario");
    if (without.isPresent()) {
      out.println("                 precision  recall   F1       accuracy" + (scenario ? "  exact-set" : ""));
      row(out, "without judge", without.get(), scenario);
      row(out, "with judge", r, scenario);
    }
    out.printf(Locale.ROOT, "judge calls: %d in %d checks = %.1f per 1,000 checks; cache hits %d; disagreements "
        + "with the in-process decision %d; fallbacks %d%n", stats.calls(), r.n(), perThousand(r),
        stats.cacheHits(), stats.disagreements(), stats.fallbacks());
    if (stats.calls() > 0) {
      out.printf(Locale.ROOT, "calls by outcome: %s; mean %.1f ms, max %.1f ms%n",
          String.join(", ", stats.callsByOutcome().entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
              .toList()), stats.meanMillis(), stats.maxMillis());
    }
    if (stats.fallbacks() > 0) {
      out.println("fallbacks by reason (the in-process decision was used): " + String.join(", ",
          stats.fallbacksByReason().entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).toList()));
    }
    if (without.isPresent()) {
      out.println("with the judge:");
    }
  }

  private static void row(PrintWriter out, String label, EvalResult r, boolean scenario) {
    Confusion c = r.confusion();
    out.printf(Locale.ROOT, "  %-14s %.4f     %.4f   %.4f   %.4f%s%n", label, c.precision(), c.recall(), c.f1(),
        scenario ? r.checkAccuracy().orElse(0) : c.accuracy(),
        scenario ? String.format(Locale.ROOT, "    %.4f", r.exactSetAccuracy().orElse(0)) : "");
  }
}
