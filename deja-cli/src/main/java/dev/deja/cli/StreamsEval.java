package dev.deja.cli;

import dev.deja.core.judge.JudgeProvider;
import dev.deja.core.judge.JudgeStats;
import dev.deja.core.judge.JudgeStep;
import dev.deja.format.Datasets;
import dev.deja.format.Views;
import dev.deja.format.Json;
import dev.deja.stream.StreamDeduplicator;
import dev.deja.stream.StreamMetrics;
import dev.deja.stream.StreamOptions;
import dev.deja.stream.eval.LabelledStream;
import dev.deja.stream.eval.StreamEvaluation;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** {@code deja eval} on a {@code streams.jsonl} file: what the streaming filter removes and keeps, and its cost. */
final class StreamsEval {
  private StreamsEval() {}

  private static Map<String, Object> summary(StreamEvaluation.Result r) {
    Map<String, Object> x = new LinkedHashMap<>();
    x.put("drop_recall", Views.round(r.dropRecall()));
    x.put("keep_preserved", Views.round(r.keepPreserved()));
    x.put("streams_exact", r.streamsExact());
    x.put("streams_with_keep_lost", r.streamsWithKeepLost());
    return x;
  }

  /**
   * Evaluates the filter with these options. With a paraphrase judge ({@code stream.judge}), the run is one cold pass
   * (a warm-up would fill the judge's cache) with the judge's budget lifted, and the judge's calls per 1,000 units are
   * reported; with {@code compare} ({@code --judge}), the options without the judge are evaluated first (timed as
   * usual) and both results are shown.
   */
  static int run(PrintWriter out, Path data, StreamOptions configured, JudgeProvider judges, boolean compare,
      boolean json, int maxErrors, long warmupMillis, int rounds) {
    StreamSettings.quietRemovals();
    List<LabelledStream> streams = new ArrayList<>();
    for (Datasets.StreamCase c : Datasets.streams(data)) {
      streams.add(new LabelledStream(c.id(), c.chunks(), c.keep(), c.drop(), c.dropOf(), c.note()));
    }
    StreamOptions o = configured.judge().isEmpty() ? configured
        : configured.with(Map.of("judge.budget_per_minute", EvalJudgeOptions.EVAL_BUDGET), "eval");
    Optional<StreamEvaluation.Result> without = Optional.empty();
    if (compare) {
      Map<String, Object> off = new java.util.HashMap<>();
      off.put("judge", null);
      without = Optional.of(StreamEvaluation.run(StreamSettings.deduplicator(o.with(off, "eval"),
          StreamMetrics.none()), streams, warmupMillis, rounds));
    }
    JudgeStats stats = new JudgeStats();
    StreamDeduplicator dedup = StreamSettings.deduplicator(o, StreamMetrics.none(), judges, stats);
    Optional<JudgeStep> step = dedup.judge().paraphraseJudge();
    StreamEvaluation.Result r = step.isPresent() ? StreamEvaluation.once(dedup, streams)
        : StreamEvaluation.run(dedup, streams, warmupMillis, rounds);
    int units = r.keepUnits() + r.dropUnits();
    double perThousand = units == 0 ? 0 : 1000.0 * stats.calls() / units;
    if (json) {
      Map<String, Object> m = r.asMap(true);
      m.put("data", data.toString());
      m.put("options", o.asMap());
      step.ifPresent(j -> {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("endpoint", j.endpoint());
        x.put("model", j.model());
        x.put("stage", "paraphrase");
        x.put("kind", j.kind().configName());
        x.put("band", List.of(j.low(), j.high()));
        x.put("timeout_ms", j.timeout().toMillis());
        x.put("units", units);
        x.put("calls", stats.calls());
        x.put("calls_per_1000_units", Views.round(perThousand));
        x.put("cache_hits", stats.cacheHits());
        x.put("disagreements", stats.disagreements());
        x.put("fallbacks", stats.fallbacks());
        x.put("calls_by_outcome", stats.callsByOutcome());
        x.put("fallbacks_by_reason", stats.fallbacksByReason());
        x.put("mean_ms", Views.round(stats.meanMillis()));
        x.put("max_ms", Views.round(stats.maxMillis()));
        m.put("judge", x);
      });
      without.ifPresent(w -> {
        m.put("without_judge", summary(w));
        m.put("with_judge", summary(r));
      });
      out.println(Json.write(m));
      return Main.OK;
    }
    out.printf(Locale.ROOT, "deja eval — streaming filter on %s (streams, %d streams, %d chunks)%n",
        data.getFileName(), r.n(), r.chunks());
    out.printf(Locale.ROOT, "options: similarity_threshold %.2f, content_similarity_threshold %.2f, "
        + "paraphrase_threshold %.2f (min shared %.1f), sentence_window_size %d%s%n", o.similarityThreshold(),
        o.contentSimilarityThreshold(), o.paraphraseThreshold(), o.paraphraseMinShared(), o.sentenceWindowSize(),
        o.semanticModel().map(m -> ", semantic " + m + " ≥ " + o.semanticThreshold()).orElse(""));
    if (step.isPresent()) {
      JudgeStep j = step.get();
      out.printf(Locale.ROOT, "judge: endpoint %s (%s) on the paraphrase layer, kind %s, band [%.2f, %.2f], timeout "
          + "%d ms (budget_per_minute lifted for the eval; one pass, no warm-up)%n", j.endpoint(), j.model(),
          j.kind().configName(), j.low(), j.high(), j.timeout().toMillis());
      without.ifPresent(w -> {
        out.println("                 drop_recall  keep_preserved  streams exactly right");
        out.printf(Locale.ROOT, "  without judge  %.4f       %.4f          %d of %d%n", w.dropRecall(),
            w.keepPreserved(), w.streamsExact(), w.n());
        out.printf(Locale.ROOT, "  with judge     %.4f       %.4f          %d of %d%n", r.dropRecall(),
            r.keepPreserved(), r.streamsExact(), r.n());
      });
      out.printf(Locale.ROOT, "judge calls: %d in %d units = %.1f per 1,000 units; cache hits %d; disagreements "
          + "with the in-process decision %d; fallbacks %d%s%n", stats.calls(), units, perThousand,
          stats.cacheHits(), stats.disagreements(), stats.fallbacks(), stats.fallbacks() == 0 ? ""
              : " " + stats.fallbacksByReason());
      if (without.isPresent()) {
        out.println("with the judge:");
      }
    }
    out.printf(Locale.ROOT, "drop units removed (drop_recall)   %.4f  (%d of %d)%n", r.dropRecall(),
        r.dropsRemoved(), r.dropUnits());
    out.printf(Locale.ROOT, "keep units preserved               %.4f  (%d of %d)%n", r.keepPreserved(),
        r.keepsPreserved(), r.keepUnits());
    out.printf(Locale.ROOT, "streams with a keep unit lost      %d%n", r.streamsWithKeepLost());
    out.printf(Locale.ROOT, "streams exactly right              %d of %d%n", r.streamsExact(), r.n());
    out.printf(Locale.ROOT, "µs per chunk (CPU)                 mean %.1f, p50 %.1f, p99 %.1f%n",
        r.perChunk().meanMicros(), r.perChunk().p50Micros(), r.perChunk().p99Micros());
    out.printf(Locale.ROOT, "µs per chunk (wall)                mean %.1f, p99 %.1f (after %d warm-up rounds; %d "
        + "measured)%n", r.wallPerChunk().meanMicros(), r.wallPerChunk().p99Micros(), r.warmupRounds(),
        r.measuredRounds());
    out.println("per stream (keeps kept/keeps, drops removed/drops):");
    int shown = 0;
    for (StreamEvaluation.StreamOutcome s : r.streams()) {
      out.printf(Locale.ROOT, "  %-14s %2d/%-2d  %d/%d  %s%n", s.id(), s.keeps() - s.keepsLost().size(), s.keeps(),
          s.drops() - s.dropsMissed().size(), s.drops(), s.exact() ? "exact" : "");
    }
    for (StreamEvaluation.StreamOutcome s : r.streams()) {
      for (String k : s.keepsLost()) {
        if (shown++ < maxErrors) {
          out.println("  keep lost    " + s.id() + ": " + k);
        }
      }
      for (String d : s.dropsMissed()) {
        if (shown++ < maxErrors) {
          out.println("  drop missed  " + s.id() + ": " + d);
        }
      }
    }
    return Main.OK;
  }
}
