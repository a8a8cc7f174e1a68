package dev.deja.stream.eval;

import dev.deja.core.eval.LatencyStats;
import dev.deja.stream.ResponseFilter;
import dev.deja.stream.StreamDeduplicator;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a deduplicator over labelled streams and scores what survived: the numbers of {@code deja eval} on a
 * {@code streams.jsonl} file.
 *
 * <p>Survival is read from the output text, not from the filter's own decisions: the labelled units are located in
 * the input in order, then matched against the output in the same order (a unit survives when the output, after
 * white space, continues with it). Timing is the wall time of {@link ResponseFilter#accept} per chunk, with
 * {@link ResponseFilter#finish} counted in the last chunk; each stream is run {@code warmup} times first.
 *
 * <p>Thread-safe: stateless.
 */
public final class StreamEvaluation {
  private StreamEvaluation() {}

  /** The outcome of one stream. */
  public record StreamOutcome(String id, int keeps, int drops, List<String> keepsLost, List<String> dropsMissed,
      boolean exact, boolean outputAccounted, int chunks, String output) {}

  /** The outcome of a whole file. */
  public record Result(int n, int keepUnits, int dropUnits, int keepsPreserved, int dropsRemoved,
      int streamsWithKeepLost, int streamsExact, int chunks, LatencyStats perChunk, LatencyStats wallPerChunk,
      int warmupRounds, int measuredRounds, List<StreamOutcome> streams) {

    public double dropRecall() {
      return dropUnits == 0 ? 1.0 : (double) dropsRemoved / dropUnits;
    }

    public double keepPreserved() {
      return keepUnits == 0 ? 1.0 : (double) keepsPreserved / keepUnits;
    }

    public double exactShare() {
      return n == 0 ? 1.0 : (double) streamsExact / n;
    }

    /** The result with stable snake_case keys (the metrics; per-stream outcomes under {@code streams}). */
    public Map<String, Object> asMap(boolean withStreams) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("kind", "streams");
      m.put("n", n);
      m.put("keep_units", keepUnits);
      m.put("drop_units", dropUnits);
      m.put("drop_recall", round(dropRecall()));
      m.put("keep_preserved", round(keepPreserved()));
      m.put("streams_with_keep_lost", streamsWithKeepLost);
      m.put("streams_exact", streamsExact);
      m.put("streams_exact_share", round(exactShare()));
      m.put("chunks", chunks);
      m.put("micros_per_chunk_mean", round(perChunk.meanMicros()));
      m.put("micros_per_chunk_p50", round(perChunk.p50Micros()));
      m.put("micros_per_chunk_p99", round(perChunk.p99Micros()));
      m.put("wall_micros_per_chunk_mean", round(wallPerChunk.meanMicros()));
      m.put("wall_micros_per_chunk_p99", round(wallPerChunk.p99Micros()));
      m.put("warmup_rounds", warmupRounds);
      m.put("measured_rounds", measuredRounds);
      if (withStreams) {
        List<Object> s = new ArrayList<>();
        for (StreamOutcome o : streams) {
          Map<String, Object> x = new LinkedHashMap<>();
          x.put("id", o.id());
          x.put("keeps", o.keeps());
          x.put("drops", o.drops());
          x.put("keeps_lost", o.keepsLost());
          x.put("drops_missed", o.dropsMissed());
          x.put("exact", o.exact());
          s.add(x);
        }
        m.put("streams", s);
      }
      return m;
    }
  }

  private static double round(double v) {
    return Math.round(v * 10000) / 10000.0;
  }

  /**
   * Evaluates the deduplicator on the streams. Before the timed run, all streams are run repeatedly for
   * {@code warmupMillis} (at least once) so that the JIT has compiled the code; then each chunk is timed in CPU time
   * of the calling thread ({@code micros_per_chunk_*}: the filter's cost, unaffected by other processes on the
   * machine) and in wall time ({@code wall_micros_per_chunk_*}), over {@code measuredRounds} passes over all
   * streams (the outputs of every pass are the same; the first is scored).
   */
  public static Result run(StreamDeduplicator dedup, List<LabelledStream> streams, long warmupMillis,
      int measuredRounds) {
    return run(dedup, streams, warmupMillis, measuredRounds, true);
  }

  /**
   * One pass over the streams, without a warm-up: for a deduplicator with an LLM judge, whose cache a warm-up pass
   * would fill (the pass would then call it less than real answers do). Timings are those of one cold pass.
   */
  public static Result once(StreamDeduplicator dedup, List<LabelledStream> streams) {
    return run(dedup, streams, 0, 1, false);
  }

  private static Result run(StreamDeduplicator dedup, List<LabelledStream> streams, long warmupMillis,
      int measuredRounds, boolean warmUp) {
    if (measuredRounds < 1) {
      throw new IllegalArgumentException("measured rounds must be at least 1, got " + measuredRounds);
    }
    List<StreamOutcome> outcomes = new ArrayList<>();
    List<Long> cpu = new ArrayList<>();
    List<Long> wall = new ArrayList<>();
    int keepUnits = 0;
    int dropUnits = 0;
    int keepsPreserved = 0;
    int dropsRemoved = 0;
    int lost = 0;
    int exact = 0;
    int chunks = 0;
    int rounds = 0;
    long warmEnd = System.nanoTime() + warmupMillis * 1_000_000L;
    while (warmUp) {
      for (LabelledStream s : streams) {
        dedup.dedupe(s.chunks());
      }
      rounds++;
      if (System.nanoTime() >= warmEnd) {
        break;
      }
    }
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    boolean cpuTime = mx.isCurrentThreadCpuTimeSupported();
    for (int round = 0; round < measuredRounds; round++) {
      for (LabelledStream s : streams) {
        String output = timed(dedup, s, mx, cpuTime, cpu, wall);
        if (round > 0) {
          continue;
        }
        StreamOutcome o = score(s, output);
        outcomes.add(o);
        keepUnits += o.keeps();
        dropUnits += o.drops();
        keepsPreserved += o.keeps() - o.keepsLost().size();
        dropsRemoved += o.drops() - o.dropsMissed().size();
        lost += o.keepsLost().isEmpty() ? 0 : 1;
        exact += o.exact() ? 1 : 0;
        chunks += s.chunks().size();
      }
    }
    return new Result(streams.size(), keepUnits, dropUnits, keepsPreserved, dropsRemoved, lost, exact, chunks,
        LatencyStats.ofNanos(cpu.stream().mapToLong(Long::longValue).toArray()),
        LatencyStats.ofNanos(wall.stream().mapToLong(Long::longValue).toArray()), rounds, measuredRounds, outcomes);
  }

  private static String timed(StreamDeduplicator dedup, LabelledStream s, ThreadMXBean mx, boolean cpuTime,
      List<Long> cpu, List<Long> wall) {
    ResponseFilter f = dedup.open(s.id());
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < s.chunks().size(); i++) {
      long c0 = cpuTime ? mx.getCurrentThreadCpuTime() : 0;
      long t0 = System.nanoTime();
      out.append(f.accept(s.chunks().get(i)));
      if (i == s.chunks().size() - 1) {
        out.append(f.finish());
      }
      long t1 = System.nanoTime();
      wall.add(t1 - t0);
      cpu.add(cpuTime ? mx.getCurrentThreadCpuTime() - c0 : t1 - t0);
    }
    if (s.chunks().isEmpty()) {
      out.append(f.finish());
    }
    return out.toString();
  }

  /** A labelled unit located in the input. */
  private record Located(String text, boolean keep) {}

  /** Scores one stream's output. */
  public static StreamOutcome score(LabelledStream s, String output) {
    List<Located> units = locate(s);
    List<String> lost = new ArrayList<>();
    List<String> missed = new ArrayList<>();
    List<String> survivors = new ArrayList<>();
    int cursor = 0;
    for (Located u : units) {
      int at = skipSpace(output, cursor);
      boolean survived = output.startsWith(u.text(), at);
      if (survived) {
        cursor = at + u.text().length();
        survivors.add(u.text());
      }
      if (u.keep() && !survived) {
        lost.add(u.text());
      } else if (!u.keep() && survived) {
        missed.add(u.text());
      }
    }
    boolean accounted = skipSpace(output, cursor) == output.length();
    return new StreamOutcome(s.id(), s.keep().size(), s.drop().size(), lost, missed,
        survivors.equals(s.keep()) && accounted, accounted, s.chunks().size(), output);
  }

  /** The labelled units in the order they occur in the input. */
  static List<Located> locate(LabelledStream s) {
    String text = s.text();
    List<Located> out = new ArrayList<>();
    int ki = 0;
    int di = 0;
    int pos = 0;
    while (ki < s.keep().size() || di < s.drop().size()) {
      int nk = ki < s.keep().size() ? text.indexOf(s.keep().get(ki), pos) : -1;
      int nd = di < s.drop().size() ? text.indexOf(s.drop().get(di), pos) : -1;
      boolean takeKeep;
      if (nk < 0 && nd < 0) {
        throw new IllegalArgumentException("stream " + s.id() + ": unit not found in the text: "
            + (ki < s.keep().size() ? s.keep().get(ki) : s.drop().get(di)));
      } else if (nk < 0) {
        takeKeep = false;
      } else if (nd < 0) {
        takeKeep = true;
      } else if (nk != nd) {
        takeKeep = nk < nd;
      } else {
        // The same text is both the next keep and the next drop: the drop repeats an earlier keep, so while that
        // keep is still to come, this occurrence is the keep.
        Integer of = di < s.dropOf().size() ? s.dropOf().get(di) : null;
        takeKeep = of == null || of >= ki;
      }
      if (takeKeep) {
        out.add(new Located(s.keep().get(ki), true));
        pos = nk + s.keep().get(ki).length();
        ki++;
      } else {
        out.add(new Located(s.drop().get(di), false));
        pos = nd + s.drop().get(di).length();
        di++;
      }
    }
    return out;
  }

  private static int skipSpace(String s, int from) {
    int i = from;
    while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
      i++;
    }
    return i;
  }
}
