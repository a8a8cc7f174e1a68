package dev.deja.bench;

import dev.deja.stream.ResponseFilter;
import dev.deja.stream.StreamDeduplicator;
import dev.deja.stream.eval.SyntheticAnswers;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Time per chunk of the streaming filter (the design's performance property: under 50 ms per chunk; the issue's
 * target: 50 µs mean). Each invocation feeds one chunk of a seeded synthetic answer of {@code units} sentences and
 * list lines (with repeats, lists and code) cut into 1–12 character chunks; a new response starts when the previous
 * one is used up. The score is the mean time of one chunk.
 *
 * <p>Run: {@code java -jar deja-bench/target/benchmarks.jar StreamFilterBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class StreamFilterBenchmark {

  @Param({"20", "80"})
  public int units;

  private final StreamDeduplicator dedup = StreamDeduplicator.withDefaults();
  private List<List<String>> answers;
  private int answer;
  private int chunk;
  private ResponseFilter filter;

  @Setup(Level.Trial)
  public void setUp() {
    Random r = new Random(42);
    answers = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      answers.add(SyntheticAnswers.chunks(r, SyntheticAnswers.answer(r, units), 12));
    }
    filter = dedup.open("bench");
  }

  @Benchmark
  public void chunk(Blackhole bh) {
    List<String> chunks = answers.get(answer);
    bh.consume(filter.accept(chunks.get(chunk++)));
    if (chunk == chunks.size()) {
      bh.consume(filter.finish());
      chunk = 0;
      answer = (answer + 1) % answers.size();
      filter = dedup.open("bench");
    }
  }
}
