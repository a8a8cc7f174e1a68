package dev.deja.cli;

import dev.deja.cli.eval.Progress;
import dev.deja.core.InvalidInputException;
import dev.deja.core.eval.LatencyStats;
import dev.deja.embed.ModelCatalog;
import dev.deja.embed.OnnxEmbedder;
import dev.deja.format.Json;
import dev.deja.testkit.SyntheticData;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code deja bench embed}: measures the shipped in-process embedding models on this machine.
 *
 * <p>Per model: load time (reading the graph and tokenizer from the class path, creating the ONNX Runtime session),
 * single short-title latency p50/p99 after a warm-up, batch-64 throughput, heap used after loading and a full GC, the
 * process's resident set (VmRSS from {@code /proc/self/status}) after the measurements, the ONNX file's size and
 * what the model adds to a jar (compressed graph and tokenizer). Titles are seeded synthetic calendar titles (2–5
 * words). Models run one after another in this process and are closed in between; for memory numbers of one model
 * alone, give one {@code --model} per run.
 *
 * <p>With {@code --json}: one JSON object per line per model, keys {@code model}, {@code load_ms},
 * {@code single_p50_ms}, {@code single_p99_ms}, {@code batch64_per_s}, {@code heap_mb}, {@code rss_mb},
 * {@code model_bytes}, and {@code jar_bytes}, {@code samples}, {@code threads}, {@code seed}. Other tools parse these;
 * keep them. Not thread-safe (a command).
 */
@Command(name = "embed", mixinStandardHelpOptions = true,
    description = "Measure the in-process embedding models: load time, single short-title latency (p50/p99, after a "
        + "warm-up), batch-64 throughput, heap and resident memory, model size.",
    footer = {"", "Examples:", "  deja bench embed", "  deja bench embed --model all-minilm-l6-v2 --json"})
final class BenchEmbedCommand implements Callable<Integer> {
  @Option(names = "--model", paramLabel = "M",
      description = "A shipped model (repeatable; default: all of them: all-minilm-l6-v2, all-minilm-l6-v2-q, "
          + "bge-small-en-v1.5, bge-small-en-v1.5-q).")
  List<String> models = new ArrayList<>();

  @Option(names = "--json", description = "One JSON object per line per model.")
  boolean json;

  @Option(names = "--samples", defaultValue = "1000",
      description = "Measured single-title embeddings per model (default: ${DEFAULT-VALUE}).")
  int samples;

  @Option(names = "--warmup", defaultValue = "200",
      description = "Unmeasured single-title embeddings first (default: ${DEFAULT-VALUE}).")
  int warmup;

  @Option(names = "--batches", defaultValue = "20",
      description = "Measured batches of 64 titles per model, after 2 unmeasured ones (default: ${DEFAULT-VALUE}).")
  int batches;

  @Option(names = "--threads", defaultValue = "0",
      description = "ONNX Runtime intra-op threads (default: ${DEFAULT-VALUE} = ONNX Runtime's choice, one per core).")
  int threads;

  @Option(names = "--seed", defaultValue = "42", description = "Seed of the titles (default: ${DEFAULT-VALUE}).")
  long seed;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec cmd;

  private static final int BATCH = 64;

  @Override
  public Integer call() {
    if (samples < 1 || warmup < 0 || batches < 1 || threads < 0) {
      throw new InvalidInputException("--samples and --batches must be at least 1, --warmup and --threads at least 0");
    }
    List<ModelCatalog.Model> chosen = new ArrayList<>();
    if (models.isEmpty()) {
      chosen.addAll(ModelCatalog.all().values());
    } else {
      for (String m : models) {
        chosen.add(ModelCatalog.get(m));
      }
    }
    List<String> titles = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      titles.add(SyntheticData.calendarEvent(seed, i, 1).item().findString("title").orElseThrow());
    }
    PrintWriter out = cmd.commandLine().getOut();
    PrintWriter err = cmd.commandLine().getErr();
    if (!json) {
      out.printf(Locale.ROOT, "%-22s %9s %9s %9s %12s %8s %8s %10s%n", "model", "load ms", "p50 ms", "p99 ms",
          "batch64/s", "heap MiB", "RSS MiB", "ONNX MB");
    }
    for (ModelCatalog.Model m : chosen) {
      Map<String, Object> row = measure(m, titles, err);
      if (json) {
        out.println(Json.write(row));
      } else {
        out.printf(Locale.ROOT, "%-22s %9.1f %9.3f %9.3f %12.1f %8.1f %8.1f %10.1f%n", m.name(), row.get("load_ms"),
            row.get("single_p50_ms"), row.get("single_p99_ms"), row.get("batch64_per_s"), row.get("heap_mb"),
            row.get("rss_mb"), (Long) row.get("model_bytes") / 1e6);
      }
      out.flush();
    }
    return Main.OK;
  }

  private Map<String, Object> measure(ModelCatalog.Model m, List<String> titles, PrintWriter err) {
    gc();
    long t0 = System.nanoTime();
    long[] single = new long[samples];
    double batchPerSec;
    double heapMb;
    try (OnnxEmbedder e = new OnnxEmbedder(m, threads);
        Progress p = Progress.of(err, m.name(), (long) warmup + samples + batches + 2, 1)) {
      double loadMs = (System.nanoTime() - t0) / 1e6;
      gc();
      Runtime rt = Runtime.getRuntime();
      heapMb = (rt.totalMemory() - rt.freeMemory()) / 1048576.0;
      for (int i = 0; i < warmup; i++) {
        e.embed(titles.get(i % titles.size()));
        p.step();
      }
      for (int i = 0; i < samples; i++) {
        String title = titles.get((warmup + i) % titles.size());
        long s = System.nanoTime();
        e.embed(title);
        single[i] = System.nanoTime() - s;
        p.step();
      }
      long batchNanos = 0;
      for (int b = -2; b < batches; b++) {
        List<String> batch = new ArrayList<>(BATCH);
        for (int k = 0; k < BATCH; k++) {
          batch.add(titles.get(Math.floorMod(b * BATCH + k, titles.size())));
        }
        long s = System.nanoTime();
        e.embedAll(batch);
        if (b >= 0) {
          batchNanos += System.nanoTime() - s;
        }
        p.step();
      }
      batchPerSec = (double) batches * BATCH / (batchNanos / 1e9);
      LatencyStats stats = LatencyStats.ofNanos(single);
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("model", m.name());
      row.put("load_ms", round(loadMs));
      row.put("single_p50_ms", round(stats.p50Micros() / 1000));
      row.put("single_p99_ms", round(stats.p99Micros() / 1000));
      row.put("batch64_per_s", round(batchPerSec));
      row.put("heap_mb", round(heapMb));
      row.put("rss_mb", round(rssMb()));
      row.put("model_bytes", m.sizeBytes());
      row.put("jar_bytes", jarBytes(m));
      row.put("samples", samples);
      row.put("threads", threads);
      row.put("seed", seed);
      return row;
    }
  }

  private static void gc() {
    for (int i = 0; i < 2; i++) {
      System.gc();
    }
  }

  /** VmRSS of this process in MB, or -1 where {@code /proc/self/status} does not exist. */
  static double rssMb() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("VmRSS:")) {
          String[] parts = line.substring(6).strip().split("\\s+");
          return Long.parseLong(parts[0]) / 1024.0; // kB
        }
      }
    } catch (IOException | RuntimeException e) {
      return -1;
    }
    return -1;
  }

  /**
   * What the model adds to a jar: the compressed sizes of its graph and tokenizer entries in the jar they are loaded
   * from (its own Maven artifact, or the shaded {@code deja.jar}); -1 when they are not in a jar.
   */
  static long jarBytes(ModelCatalog.Model m) {
    long total = 0;
    for (String resource : List.of(m.onnxResource(), m.tokenizerResource())) {
      URL url = BenchEmbedCommand.class.getClassLoader().getResource(resource);
      if (url == null || !url.getProtocol().equals("jar")) {
        return -1;
      }
      try {
        JarURLConnection c = (JarURLConnection) url.openConnection();
        c.setUseCaches(false);
        try (java.util.jar.JarFile jar = c.getJarFile()) {
          java.util.jar.JarEntry e = jar.getJarEntry(resource);
          if (e == null || e.getCompressedSize() < 0) {
            return -1;
          }
          total += e.getCompressedSize();
        }
      } catch (IOException e) {
        return -1;
      }
    }
    return total;
  }

  private static double round(double d) {
    return Math.round(d * 1000) / 1000.0;
  }
}
