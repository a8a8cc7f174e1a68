package dev.deja.cli;

import dev.deja.cli.eval.Progress;
import dev.deja.core.InvalidInputException;
import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.ItemPreparer;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.engine.Verdict;
import dev.deja.core.item.Item;
import dev.deja.core.eval.LatencyStats;
import dev.deja.core.index.CandidateQuery;
import dev.deja.core.index.VectorIndex;
import dev.deja.core.item.HistoryEntry;
import dev.deja.core.item.StoredItem;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.store.CollectionStore;
import dev.deja.core.store.MemoryStoreBackend;
import dev.deja.core.store.StoreBackend;
import dev.deja.format.Json;
import dev.deja.format.Presets;
import dev.deja.lucene.LuceneCollectionStore;
import dev.deja.lucene.LuceneStoreBackend;
import dev.deja.lucene.VectorSearch;
import dev.deja.testkit.SyntheticData;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code deja bench}: load drivers that measure Deja on this machine. */
@Command(name = "bench", mixinStandardHelpOptions = true,
    description = "Measure Deja on this machine (see docs/PERFORMANCE.md).",
    subcommands = {BenchCommand.Store.class, BenchCommand.Glossary.class, BenchEmbedCommand.class,
        BenchDuplicatesCommand.class,
        BenchHttpCommand.class, BenchFuzzCommand.class, BenchCommand.StreamFilter.class,
        BenchCalendarCommand.class})
final class BenchCommand implements Runnable {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec cmd;

  @Override
  public void run() {
    cmd.commandLine().usage(cmd.commandLine().getOut());
  }

  /**
   * {@code deja bench store}: fills a store with seeded synthetic items, then measures checks (string stages),
   * vector lookups and concurrent durable guarded writes.
   *
   * <p>With {@code --json}: one JSON object per line per measured operation, keys {@code backend}, {@code workload},
   * {@code items}, {@code op} ({@code check}, {@code check_vector}, {@code put}), {@code n}, {@code p50_ms},
   * {@code p99_ms}, {@code ops_per_s}, and {@code index_bytes}, {@code open_ms}, {@code heap_mb},
   * {@code ingest_per_s}, {@code threads}, {@code vector_search}, {@code seed}, {@code merge_ms} (Lucene: waiting for
   * the merges the bulk load left); the put row also {@code cpu_ms_per_op} (the process's CPU time per measured put,
   * all threads), {@code warmup_puts} (puts run during {@code --warmup-seconds}) and {@code jit_ms} (the JIT
   * compilers' time during the measured puts, elapsed, all compiler threads); with a graph vector search the
   * check_vector row also {@code recall_at_10} and {@code top1_in_10} (against exact search, 200 probes). Other tools
   * parse these; keep them.
   */
  @Command(name = "store", mixinStandardHelpOptions = true,
      description = "Fill a store with N synthetic items (calendar: family events with time windows; memory: facts "
          + "with 384-d vectors across 1,000 users), then measure check latency (string stages), the vector lookup "
          + "(precomputed vectors: embedding excluded), and concurrent durable guarded writes.",
      footer = {"", "Examples:", "  deja bench store --items 100000 --workload calendar",
          "  deja bench store --items 1000000 --workload memory --json --dir /tmp/deja-bench"})
  static final class Store implements Callable<Integer> {
    static final String VECTOR = "synthetic-384";
    static final int DIMENSION = 384;

    @Option(names = "--backend", defaultValue = "lucene",
        description = "lucene, postgres or memory (default: ${DEFAULT-VALUE}).")
    String backend;

    @Option(names = "--url", paramLabel = "URL",
        description = "With --backend postgres: the database, postgresql://user:pass@host:port/db[?schema=…] (the "
            + "collection bench-<workload> in it is dropped and refilled).")
    String url;

    @Option(names = "--items", required = true, paramLabel = "N", description = "How many items to load.")
    long items;

    @Option(names = "--workload", required = true, paramLabel = "W", description = "calendar or memory.")
    String workload;

    @Option(names = "--dir", paramLabel = "DIR",
        description = "Data directory for the Lucene store (kept afterwards); default: a temporary one, deleted.")
    Path dir;

    @Option(names = "--json", description = "One JSON object per line per measured operation.")
    boolean json;

    @Option(names = "--checks", defaultValue = "3000", description = "Measured checks (default: ${DEFAULT-VALUE}).")
    int checks;

    @Option(names = "--puts", defaultValue = "10000", description = "Measured puts (default: ${DEFAULT-VALUE}).")
    int puts;

    @Option(names = "--warmup-seconds", defaultValue = "60", paramLabel = "S", description = "Unmeasured puts for "
        + "this long before the measured ones (default: ${DEFAULT-VALUE}): on 2 cores the JIT compiler keeps "
        + "recompiling the write path and Lucene's merge code for about a minute of writes, and a sustained rate is "
        + "the rate after that. The put row says how many warm-up puts ran (warmup_puts) and how much compiling "
        + "still overlapped the measured ones (jit_ms).")
    int warmupSeconds;

    @Option(names = "--threads", defaultValue = "16",
        description = "Concurrent writers for the put measurement, each putting into random scopes (default: "
            + "${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--tenants", paramLabel = "T",
        description = "Tenants (default: calendar one family per 1,000 events, at least 1; memory 1,000 users).")
    Integer tenants;

    @Option(names = "--vector-search", defaultValue = "exact", paramLabel = "MODE",
        description = "Vector search of the collection (Lucene and PostgreSQL): exact, hnsw or hnsw:N (the graph "
            + "answers when the filtered set, PostgreSQL: the scope, has more than N vectors); Lucene also "
            + "hnsw-int8[:N] (a scalar-quantized graph). With a graph the check_vector row has recall_at_10 against "
            + "exact search (default: ${DEFAULT-VALUE}).")
    String vectorSearch;

    @Option(names = "--seed", defaultValue = "42", description = "Seed of the synthetic data (default: ${DEFAULT-VALUE}).")
    long seed;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    private int tenantCount;

    @Override
    public Integer call() throws Exception {
      if (!List.of("calendar", "memory").contains(workload)) {
        throw new InvalidInputException("--workload: must be calendar or memory, got '" + workload + "'");
      }
      if (!List.of("lucene", "memory", "postgres").contains(backend)) {
        throw new InvalidInputException("--backend: must be lucene, postgres or memory, got '" + backend + "'");
      }
      boolean postgres = backend.equals("postgres");
      if (postgres && (url == null || !dev.deja.postgres.PostgresSettings.isUrl(url))) {
        throw new InvalidInputException("--backend postgres needs --url postgresql://…");
      }
      if (items < 1 || checks < 1 || puts < 0 || warmupSeconds < 0 || threads < 1) {
        throw new InvalidInputException("--items and --checks must be at least 1, --puts and --warmup-seconds at "
            + "least 0, --threads at least 1");
      }
      VectorSearch vs = VectorSearch.parse(vectorSearch);
      if (vs.quantized() && !backend.equals("lucene")) {
        throw new InvalidInputException("--vector-search hnsw-int8 is a Lucene option; PostgreSQL has exact and hnsw");
      }
      boolean memory = workload.equals("memory");
      tenantCount = tenants != null ? tenants : memory ? 1000 : (int) Math.max(1, items / 1000);
      PrintWriter out = cmd.commandLine().getOut();
      PrintWriter err = cmd.commandLine().getErr();
      Path data = dir;
      boolean temporary = false;
      if (backend.equals("lucene") && data == null) {
        data = Files.createTempDirectory("deja-bench-");
        temporary = true;
      }
      Map<String, Object> common = new LinkedHashMap<>();
      common.put("backend", backend);
      common.put("workload", workload);
      common.put("items", items);
      common.put("seed", seed);
      if (!backend.equals("memory")) {
        common.put("vector_search", vs.text());
      }
      String collectionName = "bench-" + workload;
      CollectionSpec spec = benchSpec(workload);
      try {
        // 1. Ingest (bulk path), then close: what a restart finds.
        double ingestPerSec;
        StoreBackend b = open(data, vs);
        b.drop(collectionName);
        CollectionStore store = b instanceof LuceneStoreBackend l ? l.open(collectionName, vs)
            : b instanceof dev.deja.postgres.PostgresStoreBackend pg ? pg.open(collectionName, vs.graph() ? "hnsw"
                : "exact") : b.open(collectionName);
        DejaCollection col = collection(spec, store, "x");
        long t0 = System.nanoTime();
        try (Progress p = Progress.of(err, "ingest", items, 10_000)) {
          List<StoredItem> batch = new ArrayList<>();
          for (long i = 0; i < items; i++) {
            batch.add(stored(col, i));
            if (batch.size() == 10_000 || i == items - 1) {
              insertAll(store, batch);
              for (int k = 0; k < batch.size(); k++) {
                p.step();
              }
              batch.clear();
            }
          }
        }
        ingestPerSec = items / ((System.nanoTime() - t0) / 1e9);
        common.put("ingest_per_s", round(ingestPerSec));
        if (store instanceof LuceneCollectionStore l) {
          // The merges a bulk load leaves pending, so that the measurements see the index in its steady shape.
          long m0 = System.nanoTime();
          l.awaitMerges();
          common.put("merge_ms", round((System.nanoTime() - m0) / 1e6));
        }
        if (b instanceof LuceneStoreBackend) {
          b.close();
          common.put("index_bytes", size(data));
          long o0 = System.nanoTime();
          b = open(data, vs);
          store = b.open(collectionName);
          store.count(Optional.empty());
          common.put("open_ms", round((System.nanoTime() - o0) / 1e6));
        } else if (b instanceof dev.deja.postgres.PostgresStoreBackend pg) {
          // Fresh statistics and a visibility map, as autovacuum would leave them after a bulk load.
          pg.vacuumAnalyze();
          Map<String, Long> sizes = pg.relationSizes();
          common.put("index_bytes", sizes.get("total"));
          common.put("hnsw_bytes", sizes.get("deja_vectors_hnsw_384"));
          b.close();
          long o0 = System.nanoTime();
          b = open(data, vs);
          store = b.open(collectionName);
          store.count(Optional.empty());
          common.put("open_ms", round((System.nanoTime() - o0) / 1e6));
        }
        col = collection(spec, store, "p");
        // 2. Checks: half reworded copies of stored items (duplicates), half new items.
        List<Map<String, Object>> rows = new ArrayList<>();
        rows.add(row(common, "check", measureChecks(col, false), 1));
        if (memory) {
          Map<String, Object> cv = row(common, "check_vector", measureChecks(col, true), 1);
          if (b instanceof dev.deja.postgres.PostgresStoreBackend && vs.graph()) {
            cv.putAll(recall(col, collectionName, vs));
          } else if (store instanceof LuceneCollectionStore l && vs.graph()) {
            cv.putAll(recall(col, l::nearest, l::nearestExact));
          }
          rows.add(cv);
        }
        System.gc();
        Runtime rt = Runtime.getRuntime();
        common.put("heap_mb", round((rt.totalMemory() - rt.freeMemory()) / 1048576.0));
        // 3. Concurrent durable guarded writes into random scopes.
        if (puts > 0) {
          PutRun run = measurePuts(col, err);
          Map<String, Object> put = row(common, "put", run.nanos(), threads);
          if (run.cpuNanos() >= 0) {
            put.put("cpu_ms_per_op", round(run.cpuNanos() / 1e6 / puts));
          }
          put.put("warmup_puts", run.warmupPuts());
          if (run.jitMillis() >= 0) {
            put.put("jit_ms", round(run.jitMillis()));
          }
          rows.add(put);
        }
        b.close();
        for (Map<String, Object> r : rows) {
          r.putAll(Map.of("heap_mb", common.get("heap_mb")));
          print(out, r);
        }
      } finally {
        if (temporary) {
          deleteTree(data);
        }
      }
      out.flush();
      return Main.OK;
    }

    /**
     * The workload's preset with its string stages only: the semantic stage is replaced by the design's string
     * measure (calendar: its disabled difflib stage; memory: difflib ≥ 0.95), so that "check" measures the store and
     * the string stages, and "check_vector" adds the nearest-neighbour lookup with precomputed vectors — embedding time
     * is measured apart by {@code deja bench embed}.
     */
    static CollectionSpec benchSpec(String workload) {
      Map<String, Object> stages = new LinkedHashMap<>();
      stages.put("semantic", null);
      if (workload.equals("calendar")) {
        stages.put("fuzzy", Map.of("enabled", true));
      } else {
        stages.put("fuzzy", Map.of("type", "fuzzy", "field", "text", "measure", "sequence",
            "similarity_threshold", 0.95, "lexical", "words"));
      }
      return Presets.spec(workload, Map.of("stages", stages));
    }

    private StoreBackend open(Path data, VectorSearch vs) {
      return switch (backend) {
        case "lucene" -> LuceneStoreBackend.open(data, vs);
        case "postgres" -> dev.deja.postgres.PostgresStoreBackend.connect(dev.deja.postgres.PostgresSettings
            .fromUrl(url).withVectorSearch(vs.graph() ? "hnsw" : "exact", vs.graph() ? vs.exactBelow() : 0));
        default -> new MemoryStoreBackend();
      };
    }

    static void insertBatch(CollectionStore store, List<StoredItem> batch) {
      insertAll(store, batch);
    }

    static DejaCollection collectionFor(CollectionSpec spec, CollectionStore store) {
      return collection(spec, store, "g");
    }

    private static void insertAll(CollectionStore store, List<StoredItem> batch) {
      if (store instanceof LuceneCollectionStore l) {
        l.insertAll(batch);
      } else if (store instanceof dev.deja.postgres.PostgresCollectionStore pg) {
        pg.insertAll(batch);
      } else {
        batch.forEach(store::insert);
      }
    }

    private static DejaCollection collection(CollectionSpec spec, CollectionStore store, String idPrefix) {
      AtomicLong seq = new AtomicLong();
      return DejaCollection.builder(spec).store(store).ids(() -> idPrefix + seq.incrementAndGet())
          .clock(Clock.systemUTC()).build();
    }

    private SyntheticData.Generated generated(long i, boolean variant) {
      boolean memory = workload.equals("memory");
      if (variant) {
        return memory ? SyntheticData.memoryVariant(seed, i, tenantCount, DIMENSION)
            : SyntheticData.calendarVariant(seed, i, tenantCount);
      }
      return memory ? SyntheticData.memoryFact(seed, i, tenantCount, DIMENSION)
          : SyntheticData.calendarEvent(seed, i, tenantCount);
    }

    /** Item {@code i} as the engine would store it: prepared by the collection, with its vector. */
    private StoredItem stored(DejaCollection col, long i) {
      SyntheticData.Generated g = generated(i, false);
      ItemPreparer.Prepared p = col.prepare(g.tenant(), g.item());
      Instant at = Instant.parse("2026-01-01T00:00:00Z");
      Map<String, float[]> vectors = g.vector().map(v -> Map.of(VECTOR, v)).orElse(Map.of());
      return new StoredItem(String.format("i%09d", i), g.tenant(), p.item(), p.keys(), vectors, 1, at, at,
          List.of(new HistoryEntry(at, "CREATED", Optional.empty(), "")));
    }

    /** Latencies of checks; with {@code vector}, each also runs the nearest-neighbour lookup a vector stage makes. */
    private long[] measureChecks(DejaCollection col, boolean vector) {
      SplittableRandom r = new SplittableRandom(seed ^ (vector ? 0xBEEF : 0xCAFE));
      int warm = Math.min(1000, checks);
      long[] nanos = new long[checks];
      VectorIndex vi = col.store() instanceof VectorIndex v ? v : null;
      for (int i = -warm; i < checks; i++) {
        boolean dup = r.nextBoolean();
        long index = dup ? r.nextLong(items) : items + r.nextLong(1_000_000_000L);
        SyntheticData.Generated g = generated(index, dup);
        long t0 = System.nanoTime();
        col.check(CheckRequest.of(g.tenant(), g.item()));
        if (vector && vi != null) {
          // The query a check with a vector stage sends (no time window in the memory preset); the vector is
          // precomputed, so embedding time is excluded.
          ItemPreparer.Prepared p = col.prepare(g.tenant(), g.item());
          CandidateQuery q = new CandidateQuery(p.keys().scope(), col.spec().excludedStatuses(), Optional.empty(),
              List.of(), OptionalLong.empty(), false, p.queryKeys(), p.keys().terms(),
              col.spec().candidates().maxPerLookup());
          vi.nearest(q, VECTOR, g.vector().orElseThrow(), 10);
        }
        long dt = System.nanoTime() - t0;
        if (i >= 0) {
          nanos[i] = dt;
        }
      }
      return nanos;
    }

    /**
     * Recall@10 of the PostgreSQL store's nearest-neighbour answers under this vector search, against the same
     * store forced to search exactly (a second backend whose exact bound is unlimited), over 200 probes.
     */
    private Map<String, Object> recall(DejaCollection col, String collectionName, VectorSearch vs) {
      VectorIndex approx = (VectorIndex) col.store();
      try (dev.deja.postgres.PostgresStoreBackend exact = dev.deja.postgres.PostgresStoreBackend.connect(
          dev.deja.postgres.PostgresSettings.fromUrl(url).withVectorSearch("hnsw", Integer.MAX_VALUE))) {
        return recall(col, approx::nearest, exact.open(collectionName)::nearest);
      }
    }

    /** A nearest-neighbour search: {@link VectorIndex#nearest}, or a store's exact one. */
    @FunctionalInterface
    private interface Nearest {
      List<VectorIndex.ScoredCandidate> nearest(CandidateQuery filter, String vectorName, float[] vector, int k);
    }

    /**
     * {@code approx}'s answers against {@code truth}'s over 200 probes (reworded stored items): {@code recall_at_10}
     * (the share of the true ten nearest it returns) and {@code top1_in_10} (how often the true nearest — for a
     * reworded item, the item it rewords — is among its ten: what a duplicate check needs).
     */
    private Map<String, Object> recall(DejaCollection col, Nearest approx, Nearest truth) {
      SplittableRandom r = new SplittableRandom(seed ^ 0xA11);
      int found = 0;
      int wanted = 0;
      int top1 = 0;
      int probes = 0;
      for (int i = 0; i < 200; i++) {
        long index = r.nextLong(items);
        SyntheticData.Generated g = generated(index, true);
        ItemPreparer.Prepared p = col.prepare(g.tenant(), g.item());
        CandidateQuery q = new CandidateQuery(p.keys().scope(), col.spec().excludedStatuses(), Optional.empty(),
            List.of(), OptionalLong.empty(), false, p.queryKeys(), p.keys().terms(),
            col.spec().candidates().maxPerLookup());
        java.util.Set<String> t = new java.util.HashSet<>();
        List<VectorIndex.ScoredCandidate> exact = truth.nearest(q, VECTOR, g.vector().orElseThrow(), 10);
        exact.forEach(h -> t.add(h.candidate().id()));
        wanted += t.size();
        java.util.Set<String> got = new java.util.HashSet<>();
        for (VectorIndex.ScoredCandidate h : approx.nearest(q, VECTOR, g.vector().orElseThrow(), 10)) {
          got.add(h.candidate().id());
          if (t.contains(h.candidate().id())) {
            found++;
          }
        }
        if (!exact.isEmpty()) {
          probes++;
          if (got.contains(exact.get(0).candidate().id())) {
            top1++;
          }
        }
      }
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("recall_at_10", round(wanted == 0 ? 1.0 : (double) found / wanted));
      m.put("top1_in_10", round(probes == 0 ? 1.0 : (double) top1 / probes));
      return m;
    }

    /**
     * The measured puts: latencies with the elapsed time as the last element, the process's CPU time (all threads) and
     * the JIT compilers' time during them (-1 where the JVM does not report one), and how many warm-up puts ran first.
     */
    private record PutRun(long[] nanos, long cpuNanos, long jitMillis, int warmupPuts) {}

    /** Puts by concurrent writers, each into random scopes, after {@code --warmup-seconds} of unmeasured ones. */
    private PutRun measurePuts(DejaCollection col, PrintWriter err) throws Exception {
      // Warm-up: the write path is compiled and the index has its steady-state segments before the clock starts.
      long start = System.nanoTime();
      int warmupPuts = 0;
      try (Progress p = Progress.of(err, "warm-up puts (seconds)", warmupSeconds, 10)) {
        long shown = 0;
        while (System.nanoTime() - start < warmupSeconds * 1_000_000_000L) {
          int batch = Math.min(2_000, Math.max(puts, 100));
          runPuts(col, items + 3_000_000_000L + warmupPuts, batch, new long[batch + 1]);
          warmupPuts += batch;
          for (long s = Math.min(warmupSeconds, (System.nanoTime() - start) / 1_000_000_000L); shown < s; shown++) {
            p.step();
          }
        }
      }
      long[] nanos = new long[puts + 1];
      long jit0 = jitMillis();
      long cpu = runPuts(col, items + 2_000_000_000L, puts, nanos);
      long jit1 = jitMillis();
      return new PutRun(nanos, cpu, jit0 < 0 || jit1 < 0 ? -1 : jit1 - jit0, warmupPuts);
    }

    /** The JIT compilers' accumulated time (all compiler threads), or -1 where the JVM does not report it. */
    private static long jitMillis() {
      java.lang.management.CompilationMXBean c = java.lang.management.ManagementFactory.getCompilationMXBean();
      return c != null && c.isCompilationTimeMonitoringSupported() ? c.getTotalCompilationTime() : -1;
    }

    /** CPU time of the whole process (all threads: writers, merges, GC), or -1 where the JVM does not report it. */
    private static long processCpuNanos() {
      return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
          instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() : -1;
    }

    /**
     * Runs {@code n} puts of new items from {@code base} on by the writers; latencies into {@code nanos}. Returns the
     * process CPU time the puts took (-1 where the JVM does not report it).
     */
    private long runPuts(DejaCollection col, long base, int n, long[] nanos) throws Exception {
      // Generated before the clock starts: the throughput is the store's and the engine's, not the generator's.
      SyntheticData.Generated[] items = new SyntheticData.Generated[n];
      for (int i = 0; i < n; i++) {
        items[i] = generated(base + i, false);
      }
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      AtomicLong next = new AtomicLong();
      long cpu0 = processCpuNanos();
      long t0 = System.nanoTime();
      try {
        List<Future<?>> fs = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
          fs.add(pool.submit(() -> {
            for (long i = next.getAndIncrement(); i < n; i = next.getAndIncrement()) {
              SyntheticData.Generated g = items[(int) i];
              long s = System.nanoTime();
              col.put(PutRequest.of(g.tenant(), g.item()));
              nanos[(int) i] = System.nanoTime() - s;
            }
            return null;
          }));
        }
        for (Future<?> f : fs) {
          f.get(1, TimeUnit.HOURS);
        }
      } finally {
        pool.shutdownNow();
      }
      nanos[n] = System.nanoTime() - t0;
      long cpu1 = processCpuNanos();
      return cpu0 < 0 || cpu1 < 0 ? -1 : cpu1 - cpu0;
    }

    private static Map<String, Object> row(Map<String, Object> common, String op, long[] nanos, int threads) {
      long[] lat = nanos;
      double elapsed;
      if (op.equals("put")) {
        elapsed = nanos[nanos.length - 1] / 1e9;
        lat = java.util.Arrays.copyOf(nanos, nanos.length - 1);
      } else {
        long sum = 0;
        for (long n : nanos) {
          sum += n;
        }
        elapsed = sum / 1e9;
      }
      LatencyStats s = LatencyStats.ofNanos(lat);
      Map<String, Object> m = new LinkedHashMap<>(common);
      m.put("op", op);
      m.put("n", lat.length);
      m.put("p50_ms", round(s.p50Micros() / 1000));
      m.put("p99_ms", round(s.p99Micros() / 1000));
      m.put("ops_per_s", round(lat.length / elapsed));
      m.put("threads", threads);
      return m;
    }

    private void print(PrintWriter out, Map<String, Object> r) {
      if (json) {
        out.println(Json.write(r));
        return;
      }
      out.printf(Locale.ROOT, "%-12s n=%-6s p50 %8.3f ms  p99 %8.3f ms  %10.1f ops/s  (threads %s)%n", r.get("op"),
          r.get("n"), r.get("p50_ms"), r.get("p99_ms"), r.get("ops_per_s"), r.get("threads"));
      if (r.get("op").equals("check")) {
        out.printf(Locale.ROOT, "  %s, %s, %s items; ingest %s items/s; index %s bytes; open %s ms; heap %s MB%n",
            r.get("backend"), r.get("workload"), r.get("items"), r.get("ingest_per_s"), r.get("index_bytes"),
            r.get("open_ms"), r.get("heap_mb"));
      }
    }

    static double round(double d) {
      return Math.round(d * 1000) / 1000.0;
    }

    private static long size(Path dir) throws IOException {
      try (Stream<Path> s = Files.walk(dir)) {
        return s.filter(Files::isRegularFile).mapToLong(p -> {
          try {
            return Files.size(p);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }).sum();
      }
    }

    static void deleteTree(Path dir) throws IOException {
      try (Stream<Path> s = Files.walk(dir)) {
        for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
  }

  /** {@code deja bench glossary}: check latency per cascade stage with N stored definitions. */
  @Command(name = "glossary", mixinStandardHelpOptions = true,
      description = "Check latency of the glossary preset with N stored definitions, per stage that decides: exact "
          + "(stage 1 matches), synonym (stage 2), fuzzy (a split compound: stages 1-3 miss, the compound stage "
          + "matches) and new (nothing matches: every stage runs).")
  static final class Glossary implements Callable<Integer> {
    @Option(names = "--backend", defaultValue = "memory", description = "lucene or memory (default: ${DEFAULT-VALUE}).")
    String backend;

    @Option(names = "--items", required = true, paramLabel = "N", description = "How many definitions to store.")
    long items;

    @Option(names = "--checks", defaultValue = "2000", description = "Measured checks per case (default: ${DEFAULT-VALUE}).")
    int checks;

    @Option(names = "--seed", defaultValue = "42", description = "Seed of the synthetic data (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--json", description = "One JSON object per line per case.")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    @Override
    public Integer call() throws Exception {
      if (!List.of("lucene", "memory").contains(backend)) {
        throw new InvalidInputException("--backend: must be lucene or memory, got '" + backend + "'");
      }
      if (items < 1 || checks < 1) {
        throw new InvalidInputException("--items and --checks must be at least 1");
      }
      PrintWriter out = cmd.commandLine().getOut();
      PrintWriter err = cmd.commandLine().getErr();
      Path data = backend.equals("lucene") ? Files.createTempDirectory("deja-bench-glossary-") : null;
      try (StoreBackend b = data != null ? LuceneStoreBackend.open(data) : new MemoryStoreBackend()) {
        CollectionStore store = b.open("glossary");
        DejaCollection col = Store.collectionFor(Presets.spec("glossary"), store);
        List<StoredItem> batch = new ArrayList<>();
        Instant at = Instant.parse("2026-01-01T00:00:00Z");
        try (Progress p = Progress.of(err, "ingest", items, 10_000)) {
          for (long i = 0; i < items; i++) {
            SyntheticData.Generated g = SyntheticData.definition(seed, i);
            ItemPreparer.Prepared prep = col.prepare(g.tenant(), g.item());
            batch.add(new StoredItem(String.format("d%09d", i), g.tenant(), prep.item(), prep.keys(), Map.of(), 1,
                at, at, List.of(new HistoryEntry(at, "CREATED", Optional.empty(), ""))));
            if (batch.size() == 10_000 || i == items - 1) {
              Store.insertBatch(store, batch);
              for (int k = 0; k < batch.size(); k++) {
                p.step();
              }
              batch.clear();
            }
          }
        }
        for (String kase : List.of("exact", "synonym", "fuzzy", "new")) {
          SplittableRandom r = new SplittableRandom(seed ^ kase.hashCode());
          long[] nanos = new long[checks];
          int n = 0;
          int matched = 0;
          for (int i = -Math.min(500, checks); i < checks; ) {
            long index = r.nextLong(items);
            SyntheticData.Generated g = SyntheticData.definition(seed, index);
            if (g.item().findString("status").orElse("").equals("archived")) {
              continue;
            }
            Item probe = switch (kase) {
              case "exact" -> g.item();
              case "synonym" -> {
                List<?> syns = (List<?>) g.item().fields().get("synonyms");
                yield syns.isEmpty() ? null : g.item().with("term", syns.get(0)).with("synonyms", List.of());
              }
              case "fuzzy" -> SyntheticData.definitionCompoundVariant(seed, index).item();
              default -> g.item().with("term", "onbekend begrip " + index).with("synonyms", List.of());
            };
            if (probe == null) {
              continue;
            }
            long t0 = System.nanoTime();
            Verdict v = col.check(CheckRequest.of(g.tenant(), probe));
            long dt = System.nanoTime() - t0;
            if (i >= 0) {
              nanos[n++] = dt;
              if (v.isDuplicate()) {
                matched++;
              }
            }
            i++;
          }
          LatencyStats st = LatencyStats.ofNanos(java.util.Arrays.copyOf(nanos, n));
          Map<String, Object> m = new LinkedHashMap<>();
          m.put("backend", backend);
          m.put("workload", "glossary");
          m.put("items", items);
          m.put("op", "check_" + kase);
          m.put("n", n);
          m.put("matched", matched);
          m.put("p50_ms", Store.round(st.p50Micros() / 1000));
          m.put("p99_ms", Store.round(st.p99Micros() / 1000));
          m.put("mean_ms", Store.round(st.meanMicros() / 1000));
          if (json) {
            out.println(Json.write(m));
          } else {
            out.printf(java.util.Locale.ROOT, "%-14s %d checks (%d duplicate): p50 %.3f ms, p99 %.3f ms, mean %.3f ms%n",
                "check_" + kase, n, matched, st.p50Micros() / 1000, st.p99Micros() / 1000, st.meanMicros() / 1000);
          }
        }
      } finally {
        if (data != null) {
          Store.deleteTree(data);
        }
      }
      out.flush();
      return Main.OK;
    }
  }

  /**
   * {@code deja bench stream}: time per chunk of the streaming filter on seeded synthetic answers (templated
   * sentences, lists, code, repeats) cut into 1–12 character chunks, against the design's bound of 50 ms per chunk.
   *
   * <p>With {@code --json}: one JSON object with keys {@code bench} ({@code stream}), {@code answers}, {@code units},
   * {@code chunks}, {@code seed}, {@code micros_per_chunk_mean}, {@code micros_per_chunk_p50},
   * {@code micros_per_chunk_p99}, {@code micros_per_chunk_max}, {@code chunks_per_s}, {@code removed_units}.
   */
  @Command(name = "stream", mixinStandardHelpOptions = true,
      description = "Time the streaming filter per chunk on seeded synthetic answers (wall time after a warm-up).",
      footer = {"", "Examples:", "  deja bench stream", "  deja bench stream --answers 500 --units 80 --json"})
  static final class StreamFilter implements Callable<Integer> {
    @Option(names = "--answers", defaultValue = "200", description = "Answers to filter (default: ${DEFAULT-VALUE}).")
    int answers;

    @Option(names = "--units", defaultValue = "40",
        description = "Sentences and list lines per answer (default: ${DEFAULT-VALUE}).")
    int units;

    @Option(names = "--warmup-ms", defaultValue = "3000", description = "Warm-up time (default: ${DEFAULT-VALUE}).")
    long warmupMillis;

    @Option(names = "--seed", defaultValue = "42", description = "Seed of the synthetic answers (default: "
        + "${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "A filter option (repeatable).")
    List<String> settings = new ArrayList<>();

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    @Override
    public Integer call() {
      if (answers < 1 || units < 1 || warmupMillis < 0) {
        throw new InvalidInputException("--answers and --units must be at least 1, --warmup-ms not negative");
      }
      StreamSettings.quietRemovals();
      dev.deja.stream.StreamDeduplicator dedup = StreamSettings.deduplicator(
          StreamSettings.options(null, settings, null), dev.deja.stream.StreamMetrics.none());
      java.util.Random r = new java.util.Random(seed);
      List<List<String>> inputs = new ArrayList<>();
      for (int i = 0; i < answers; i++) {
        inputs.add(dev.deja.stream.eval.SyntheticAnswers.chunks(r,
            dev.deja.stream.eval.SyntheticAnswers.answer(r, units), 12));
      }
      long warmEnd = System.nanoTime() + warmupMillis * 1_000_000L;
      int w = 0;
      while (System.nanoTime() < warmEnd) {
        dedup.dedupe(inputs.get(w++ % inputs.size()));
      }
      List<Long> times = new ArrayList<>();
      long removed = 0;
      long unitCount = 0;
      long start = System.nanoTime();
      for (List<String> chunks : inputs) {
        dev.deja.stream.ResponseFilter f = dedup.open("bench");
        for (int i = 0; i < chunks.size(); i++) {
          long t0 = System.nanoTime();
          f.accept(chunks.get(i));
          if (i == chunks.size() - 1) {
            f.finish();
          }
          times.add(System.nanoTime() - t0);
        }
        for (dev.deja.stream.ResponseFilter.Decision d : f.decisions()) {
          unitCount++;
          removed += d.kept() ? 0 : 1;
        }
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      LatencyStats s = LatencyStats.ofNanos(times.stream().mapToLong(Long::longValue).toArray());
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("bench", "stream");
      m.put("answers", answers);
      m.put("units", unitCount);
      m.put("chunks", times.size());
      m.put("seed", seed);
      m.put("micros_per_chunk_mean", dev.deja.format.Views.round(s.meanMicros()));
      m.put("micros_per_chunk_p50", dev.deja.format.Views.round(s.p50Micros()));
      m.put("micros_per_chunk_p99", dev.deja.format.Views.round(s.p99Micros()));
      m.put("micros_per_chunk_max", dev.deja.format.Views.round(s.maxMicros()));
      m.put("chunks_per_s", Math.round(times.size() / seconds));
      m.put("removed_units", removed);
      PrintWriter out = cmd.commandLine().getOut();
      if (json) {
        out.println(Json.write(m));
      } else {
        out.printf(Locale.ROOT, "deja bench stream — %d answers, %d units, %d chunks (seed %d)%n", answers,
            unitCount, times.size(), seed);
        out.printf(Locale.ROOT, "per chunk: mean %.1f µs, p50 %.1f µs, p99 %.1f µs, max %.1f µs (design bound: 50 ms)"
            + "%n", s.meanMicros(), s.p50Micros(), s.p99Micros(), s.maxMicros());
        out.printf(Locale.ROOT, "%d chunks/s; %d repeated units removed%n", Math.round(times.size() / seconds),
            removed);
      }
      out.flush();
      return Main.OK;
    }
  }
}
