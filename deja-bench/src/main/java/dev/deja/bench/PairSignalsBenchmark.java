package dev.deja.bench;

import dev.deja.core.guard.Lexicon;
import dev.deja.core.guard.PairSignals;
import dev.deja.core.lexical.WordKnowledge;
import dev.deja.core.lexical.WordKnowledges;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Time of the word-level signals of one pair ({@link PairSignals#of}: WordNet alignment, numbers, names, roles,
 * difflib's ratio…), which the pair classifier computes for every candidate of a check that its cosine does not rule
 * out — most of a memory check's Java time under {@code deja bench http}. Pairs: 50 memory facts ({@code facts},
 * {@code bench/pairs-facts.tsv}) and 50 calendar titles ({@code short}, {@code bench/pairs-short.tsv}), with the
 * shipped word knowledge (WordNet 3.1 and the word lists of deja-lexicon).
 *
 * <p>The caches are warm after the first iterations, as for stored texts in a running server: the profiles of both
 * texts, their phrases and the word relations are looked up, not computed. The score (µs/op) is the mean time of one
 * pair. Run: {@code java -jar deja-bench/target/benchmarks.jar PairSignalsBenchmark}. The warm-up is long (ten
 * iterations of 2 s): on two cores the JIT is still compiling the signals' code after five of 1 s, and the first runs
 * measured so spread widely (JMH errors of 38–166 % of the mean).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 10, time = 2)
@Measurement(iterations = 10, time = 1)
public class PairSignalsBenchmark {

  @Param({"facts", "short"})
  public String pairs;

  private String[] left;
  private String[] right;
  private Lexicon lexicon;
  private WordKnowledge knowledge;

  @Setup
  public void setUp() {
    List<String[]> rows = MeasureBenchmark.readPairs("/bench/pairs-" + pairs + ".tsv");
    left = rows.stream().map(r -> r[0]).toArray(String[]::new);
    right = rows.stream().map(r -> r[1]).toArray(String[]::new);
    lexicon = Lexicon.of("en");
    knowledge = WordKnowledges.defaults();
    if (knowledge.source().equals(WordKnowledge.none().source())) {
      throw new IllegalStateException("no word knowledge on the class path: deja-lexicon is missing");
    }
  }

  @Benchmark
  @OperationsPerInvocation(MeasureBenchmark.PAIRS)
  public int signals() {
    // Combining the results keeps the JIT from dropping any pair.
    int sum = 0;
    for (int i = 0; i < MeasureBenchmark.PAIRS; i++) {
      sum += PairSignals.of(left[i], right[i], lexicon, knowledge, false).values().size();
    }
    return sum;
  }
}
