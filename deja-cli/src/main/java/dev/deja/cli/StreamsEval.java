package dev.deja.cli;

import dev.deja.format.Datasets;
import dev.deja.format.Json;
import dev.deja.stream.StreamDeduplicator;
import dev.deja.stream.StreamMetrics;
import dev.deja.stream.StreamOptions;
import dev.deja.stream.eval.LabelledStream;
import dev.deja.stream.eval.StreamEvaluation;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code deja eval} on a {@code streams.jsonl} file: what the streaming filter removes and keeps, and its cost. */
final class StreamsEval {
  private StreamsEval() {}

  static int run(PrintWriter out, Path data, Path config, List<String> settings, String model, boolean json,
      int maxErrors, long warmupMillis, int rounds) {
    StreamOptions o = StreamSettings.options(config, settings, model);
    StreamDeduplicator dedup = StreamSettings.deduplicator(o, StreamMetrics.none());
    List<LabelledStream> streams = new ArrayList<>();
    for (Datasets.StreamCase c : Datasets.streams(data)) {
      streams.add(new LabelledStream(c.id(), c.chunks(), c.keep(), c.drop(), c.dropOf(), c.note()));
    }
    StreamEvaluation.Result r = StreamEvaluation.run(dedup, streams, warmupMillis, rounds);
    if (json) {
      Map<String, Object> m = r.asMap(true);
      m.put("data", data.toString());
      m.put("options", o.asMap());
      out.println(Json.write(m));
      return Main.OK;
    }
    out.printf(Locale.ROOT, "deja eval — streaming filter on %s (streams, %d streams, %d chunks)%n",
        data.getFileName(), r.n(), r.chunks());
    out.printf(Locale.ROOT, "options: similarity_threshold %.2f, content_similarity_threshold %.2f, "
        + "paraphrase_threshold %.2f (min shared %.1f), sentence_window_size %d%s%n", o.similarityThreshold(),
        o.contentSimilarityThreshold(), o.paraphraseThreshold(), o.paraphraseMinShared(), o.sentenceWindowSize(),
        o.semanticModel().map(m -> ", semantic " + m + " ≥ " + o.semanticThreshold()).orElse(""));
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
