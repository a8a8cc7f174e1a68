package dev.deja.cli.eval;

import dev.deja.core.InvalidInputException;
import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.Match;
import dev.deja.core.engine.Outcome;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.engine.Verdict;
import dev.deja.core.eval.Confusion;
import dev.deja.core.eval.LatencyStats;
import dev.deja.core.item.Item;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.store.CollectionStore;
import dev.deja.core.store.MemoryCollectionStore;
import dev.deja.format.Datasets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.DoubleFunction;
import java.util.function.Supplier;

/**
 * Runs labelled data through collections and scores the decisions.
 *
 * <p>Pairs: each pair gets its own tenant; the left record is stored, the right one checked; a check is predicted
 * positive when its outcome is not NEW. Scenario: lines run in order against one store; adds are stored (forced),
 * checks are scored against their complete expected id sets. A sweep re-runs the same data with the target stage's
 * threshold at 0.00, 0.01, …, 1.00. Deterministic: fixed clock and ids.
 *
 * <p>Not thread-safe.
 */
public final class Evaluator {
  private static final String TENANT = "eval";

  private final Set<String> ignoredFields;
  private final Supplier<CollectionStore> stores;
  private final int maxErrors;

  /**
   * @param ignoredFields record fields to drop before items reach the collection (dataset metadata)
   * @param stores where each run stores its items (a fresh, empty store per call)
   * @param maxErrors how many wrong decisions to describe
   */
  public Evaluator(Set<String> ignoredFields, Supplier<CollectionStore> stores, int maxErrors) {
    this.ignoredFields = Set.copyOf(ignoredFields);
    this.stores = stores;
    this.maxErrors = maxErrors;
  }

  /** An evaluator with in-memory stores. */
  public static Evaluator inMemory(Set<String> ignoredFields, int maxErrors) {
    return new Evaluator(ignoredFields, () -> new MemoryCollectionStore("eval"), maxErrors);
  }

  private dev.deja.core.embed.EmbedderProvider embedders = dev.deja.core.embed.EmbedderProviders.defaults();

  /** Where semantic stages get their embedders (default: the in-process models registered as services). */
  public Evaluator embedders(dev.deja.core.embed.EmbedderProvider provider) {
    this.embedders = provider;
    return this;
  }

  private DejaCollection collection(CollectionSpec spec, CollectionStore store) {
    AtomicLong seq = new AtomicLong();
    return DejaCollection.builder(spec).store(store).embedders(embedders)
        .clock(Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC))
        .ids(() -> "gen-" + seq.incrementAndGet()).build();
  }

  private Item item(Map<String, Object> record, String where) {
    Map<String, Object> m = new LinkedHashMap<>(record);
    m.keySet().removeAll(ignoredFields);
    try {
      return new Item(m);
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException(where + ": " + e.getMessage(), e);
    }
  }

  /**
   * Evaluates pairs.
   *
   * @param specAt the spec to evaluate at a threshold; called with NaN for the configured threshold
   * @param threshold the configured threshold of the target stage, if any
   * @param sweep whether to sweep thresholds (needs a target stage)
   */
  public EvalResult pairs(List<Datasets.Pair> pairs, DoubleFunction<CollectionSpec> specAt, OptionalDouble threshold,
      boolean sweep, Progress progress) {
    CollectionStore store = stores.get();
    DejaCollection base = collection(specAt.apply(Double.NaN), store);
    List<Item> rights = new ArrayList<>();
    for (Datasets.Pair p : pairs) {
      base.put(new PutRequest(tenantOf(p), Optional.of("L:" + p.id()), item(p.left(), "pair " + p.id() + " left"),
          true));
      rights.add(item(p.right(), "pair " + p.id() + " right"));
    }
    // Warm-up pass so that latency is measured on compiled code, then the measured pass.
    int warm = Math.min(pairs.size(), 200);
    for (int i = 0; i < warm; i++) {
      base.check(CheckRequest.of(tenantOf(pairs.get(i)), rights.get(i)));
    }
    long[] nanos = new long[pairs.size()];
    Confusion c = Confusion.EMPTY;
    int possible = 0;
    List<String> errors = new ArrayList<>();
    for (int i = 0; i < pairs.size(); i++) {
      Datasets.Pair p = pairs.get(i);
      long t0 = System.nanoTime();
      Verdict v = base.check(CheckRequest.of(tenantOf(p), rights.get(i)));
      nanos[i] = System.nanoTime() - t0;
      boolean predicted = v.outcome() != Outcome.NEW;
      if (v.outcome() == Outcome.POSSIBLE_DUPLICATE) {
        possible++;
      }
      c = c.add(predicted, p.duplicate());
      if (predicted != p.duplicate() && errors.size() < maxErrors) {
        errors.add((p.duplicate() ? "missed  " : "false + ") + p.id() + ": " + p.left() + " | " + p.right()
            + v.best().map(m -> " (score " + String.format(java.util.Locale.ROOT, "%.3f", m.score()) + ")")
                .orElse(""));
      }
      progress.step();
    }
    List<EvalResult.SweepRow> rows = new ArrayList<>();
    if (sweep) {
      for (int t = 0; t <= 100; t++) {
        double th = t / 100.0;
        DejaCollection at = collection(specAt.apply(th), store);
        Confusion ct = Confusion.EMPTY;
        for (int i = 0; i < pairs.size(); i++) {
          Verdict v = at.check(CheckRequest.of(tenantOf(pairs.get(i)), rights.get(i)));
          ct = ct.add(v.outcome() != Outcome.NEW, pairs.get(i).duplicate());
        }
        rows.add(new EvalResult.SweepRow(th, ct, OptionalDouble.empty()));
        progress.step();
      }
    }
    store.close();
    return new EvalResult("pairs", pairs.size(), c, threshold, rows, LatencyStats.ofNanos(nanos),
        pairs.isEmpty() ? 0 : (double) possible / pairs.size(), OptionalDouble.empty(), OptionalDouble.empty(),
        Map.of(), errors);
  }

  private static String tenantOf(Datasets.Pair p) {
    return "pair:" + p.id();
  }

  /** Evaluates a scenario (see {@link #pairs} for the parameters). */
  public EvalResult scenario(List<Datasets.ScenarioLine> lines, DoubleFunction<CollectionSpec> specAt,
      OptionalDouble threshold, boolean sweep, Progress progress) {
    Run main = runScenario(lines, specAt.apply(Double.NaN), true, progress);
    List<EvalResult.SweepRow> rows = new ArrayList<>();
    if (sweep) {
      for (int t = 0; t <= 100; t++) {
        double th = t / 100.0;
        Run r = runScenario(lines, specAt.apply(th), false, progress);
        rows.add(new EvalResult.SweepRow(th, r.confusion, OptionalDouble.of(r.exactSetAccuracy())));
      }
    }
    return new EvalResult("scenario", main.checks, main.confusion, threshold, rows, LatencyStats.ofNanos(main.nanos),
        main.checks == 0 ? 0 : (double) main.possible / main.checks, OptionalDouble.of(main.exactSetAccuracy()),
        OptionalDouble.of(main.checks == 0 ? 1.0 : (double) main.binaryCorrect / main.checks), main.categories,
        main.errors);
  }

  private final class Run {
    int checks;
    int exact;
    int binaryCorrect;
    int possible;
    Confusion confusion = Confusion.EMPTY;
    long[] nanos;
    Map<String, int[]> categories = new TreeMap<>();
    List<String> errors = new ArrayList<>();

    double exactSetAccuracy() {
      return checks == 0 ? 1.0 : (double) exact / checks;
    }
  }

  private Run runScenario(List<Datasets.ScenarioLine> lines, CollectionSpec spec, boolean measure,
      Progress progress) {
    CollectionStore store = stores.get();
    try {
      DejaCollection col = collection(spec, store);
      Run run = new Run();
      int checkCount = (int) lines.stream().filter(l -> !l.isAdd()).count();
      run.nanos = new long[checkCount];
      Map<String, Item> items = new LinkedHashMap<>();
      for (Datasets.ScenarioLine l : lines) {
        items.put(l.id(), item(l.record(), "line " + l.id()));
      }
      for (Datasets.ScenarioLine l : lines) {
        if (l.isAdd()) {
          col.put(new PutRequest(TENANT, Optional.of(l.id()), items.get(l.id()), true));
          continue;
        }
        CheckRequest req = new CheckRequest(TENANT, items.get(l.id()), l.excludeId());
        if (measure && run.checks < 50) {
          col.check(req); // warm-up
        }
        long t0 = System.nanoTime();
        Verdict v = col.check(req);
        long dt = System.nanoTime() - t0;
        if (measure) {
          run.nanos[run.checks] = dt;
        }
        Set<String> predicted = new TreeSet<>();
        for (Match m : v.matches()) {
          predicted.add(m.id());
        }
        Set<String> expected = new TreeSet<>(l.expect());
        run.checks++;
        if (v.outcome() == Outcome.POSSIBLE_DUPLICATE) {
          run.possible++;
        }
        boolean ok = predicted.equals(expected);
        if (ok) {
          run.exact++;
        }
        if (predicted.isEmpty() == expected.isEmpty()) {
          run.binaryCorrect++;
        }
        Set<String> tp = new HashSet<>(predicted);
        tp.retainAll(expected);
        run.confusion = run.confusion.plus(new Confusion(tp.size(), predicted.size() - tp.size(),
            expected.size() - tp.size(), 0));
        String cat = l.category().isEmpty() ? "(none)" : l.category();
        int[] cc = run.categories.computeIfAbsent(cat, k -> new int[2]);
        cc[0]++;
        if (ok) {
          cc[1]++;
        }
        if (!ok && measure && run.errors.size() < maxErrors) {
          run.errors.add(l.id() + (l.category().isEmpty() ? "" : " [" + l.category() + "]") + ": expected "
              + expected + ", got " + predicted + " — " + l.record() + (l.note().isEmpty() ? "" : " (" + l.note()
              + ")"));
        }
      }
      if (measure) {
        for (Datasets.ScenarioLine l : lines) {
          progress.step();
        }
      } else {
        progress.step();
      }
      return run;
    } finally {
      store.close();
    }
  }
}
