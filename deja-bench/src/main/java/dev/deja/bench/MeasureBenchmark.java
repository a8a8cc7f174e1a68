package dev.deja.bench;

import dev.deja.core.measure.Measure;
import dev.deja.core.measure.Measures;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
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
 * Time per comparison of every built-in string measure, on 50 short calendar-title pairs ({@code short}) and on 50
 * sentence pairs of about 200 characters ({@code long}), read from {@code bench/pairs-*.tsv}. One invocation compares
 * all 50 pairs, so the score (ns/op) is the mean time of one comparison.
 *
 * <p>Run: {@code java -jar deja-bench/target/benchmarks.jar MeasureBenchmark}, or {@code scripts/bench-measures.sh},
 * which also times CPython's difflib on the same pairs.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class MeasureBenchmark {

  /** Pairs per file; fixed so that {@link OperationsPerInvocation} can divide by it. */
  static final int PAIRS = 50;

  /** Must list every name in {@link Measures#names()}: {@link #setUp} checks. */
  @Param({"compound", "jaccard", "jaro_winkler", "levenshtein", "sequence", "trigram"})
  public String measure;

  @Param({"short", "long"})
  public String pairs;

  private Measure similarity;
  private String[] left;
  private String[] right;

  @Setup
  public void setUp() throws NoSuchFieldException {
    Set<String> benchmarked = new TreeSet<>(List.of(
        MeasureBenchmark.class.getField("measure").getAnnotation(Param.class).value()));
    if (!benchmarked.equals(Measures.names())) {
      throw new IllegalStateException("MeasureBenchmark covers " + benchmarked + " but the built-in measures are "
          + Measures.names() + "; update the @Param list");
    }
    similarity = Measures.byName(measure);
    List<String[]> rows = readPairs("/bench/pairs-" + pairs + ".tsv");
    left = rows.stream().map(r -> r[0]).toArray(String[]::new);
    right = rows.stream().map(r -> r[1]).toArray(String[]::new);
  }

  @Benchmark
  @OperationsPerInvocation(PAIRS)
  public double compare() {
    // Summing and returning the scores keeps the JIT from dropping any comparison.
    double sum = 0;
    for (int i = 0; i < PAIRS; i++) {
      sum += similarity.similarity(left[i], right[i]);
    }
    return sum;
  }

  /** The pairs of a "a TAB b" file without its # comment lines; exactly {@link #PAIRS} of them. */
  static List<String[]> readPairs(String resource) {
    List<String[]> rows = new ArrayList<>();
    try (InputStream in = MeasureBenchmark.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + resource);
      }
      BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        if (line.startsWith("#") || line.isEmpty()) {
          continue;
        }
        String[] fields = line.split("\t", -1);
        if (fields.length != 2) {
          throw new IllegalStateException(resource + ": expected two tab-separated fields in: " + line);
        }
        rows.add(fields);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (rows.size() != PAIRS) {
      throw new IllegalStateException(resource + " has " + rows.size() + " pairs, expected " + PAIRS);
    }
    return rows;
  }
}
