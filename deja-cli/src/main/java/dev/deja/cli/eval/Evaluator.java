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
import dev.deja.core.judge.JudgeListener;
import dev.deja.core.judge.JudgeProvider;
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

  private JudgeProvider judges = JudgeProvider.none();
  private JudgeListener judgeListener = JudgeListener.NONE;
  private boolean warmUp = true;

  /** Where stages with a {@code judge} option get their judges, and who counts the calls (default: none). */
  public Evaluator judges(JudgeProvider provider, JudgeListener listener) {
    this.judges = provider;
    this.judgeListener = listener;
    return this;
  }

  /**
   * Whether checks are run once before the measured pass (default true, so that latency is measured on compiled
   * code). Off for runs with a judge: a warm-up would fill its cache and the measured pass would call it less often
   * than real checks do.
   */
  public Evaluator warmUp(boolean on) {
    this.warmUp = on;
    return this;
  }

  /**
   * Why the collection scored a pair as it did, matched or not: each stage that can explain any pair
   * ({@link dev.deja.core.cascade.PairExplainer}) scores the stored item against the new one.
   */
  /** The highest score a stage gave in a pair's explanation ({@link #explainPair}); 0 when none scored it. */
  static double stageScore(dev.deja.core.explain.Explanation pair) {
    double best = 0;
    for (dev.deja.core.explain.Explanation d : pair.details()) {
      if (d.kind().equals("stage") && d.score().isPresent()) {
        best = Math.max(best, d.score().getAsDouble());
      }
    }
    return best;
  }

  private dev.deja.core.explain.Explanation whyPair(DejaCollection col, String tenant, Item newItem,
      String storedId) {
    return explainPair(embedders, col, tenant, newItem, storedId);
  }

  /**
   * Why a collection scores a stored item against a new one as it does, matched or not (a missed duplicate's
   * explanation): each stage that can explain any pair ({@link dev.deja.core.cascade.PairExplainer}) scores it, and
   * each other stage that scores pairs ({@link dev.deja.core.cascade.Scorer}) gives its score and threshold.
   */
  public static dev.deja.core.explain.Explanation explainPair(dev.deja.core.embed.EmbedderProvider embedders,
      DejaCollection col, String tenant, Item newItem, String storedId) {
    dev.deja.core.explain.Explanation.Builder node = dev.deja.core.explain.Explanation.of("pair", storedId)
        .result("info").message("how the stages score the stored item " + storedId);
    java.util.Optional<dev.deja.core.item.StoredItem> stored = col.get(tenant, storedId);
    if (stored.isEmpty()) {
      return node.message("stored item " + storedId + " not found").build();
    }
    List<dev.deja.core.cascade.Stage> stages = dev.deja.core.cascade.StageRegistry.defaults()
        .build(new dev.deja.core.cascade.StageContext(col.spec(), embedders));
    dev.deja.core.engine.ItemPreparer prep = new dev.deja.core.engine.ItemPreparer(col.spec(), stages);
    dev.deja.core.engine.ItemPreparer.Prepared p = prep.prepare(tenant, newItem);
    Map<String, float[]> vectors = new LinkedHashMap<>();
    for (dev.deja.core.cascade.Stage s : stages) {
      if (s instanceof dev.deja.core.cascade.VectorStage vs) {
        vs.vectorOf(newItem).ifPresent(v -> vectors.put(vs.vectorName(), v));
      }
    }
    dev.deja.core.cascade.Probe probe = new dev.deja.core.cascade.Probe(tenant, newItem, p.keys().time(), vectors);
    for (dev.deja.core.cascade.Stage s : stages) {
      if (s instanceof dev.deja.core.cascade.PairExplainer pe) {
        pe.explainPair(probe, stored.get()).ifPresent(node::detail);
      } else if (s instanceof dev.deja.core.cascade.Scorer sc) {
        // A stage that scores but does not explain pairs (fuzzy, semantic): its score against its threshold.
        java.util.OptionalDouble score = sc.score(probe, stored.get());
        dev.deja.core.explain.Explanation.Builder e = dev.deja.core.explain.Explanation.of("stage", s.name());
        score.ifPresent(e::score);
        node.detail(e
            .result(score.isEmpty() ? "skipped" : score.getAsDouble() >= sc.threshold() ? "match" : "no_match")
            .message(score.isEmpty() ? "no value for '" + sc.field() + "' on one side: no evidence"
                : s.type() + " score " + dev.deja.core.explain.Explanation.format(score.getAsDouble())
                    + (score.getAsDouble() >= sc.threshold() ? " at or above" : " below") + " the threshold "
                    + dev.deja.core.explain.Explanation.format(sc.threshold()))
            .threshold(sc.threshold()).build());
      }
    }
    return node.build();
  }

  private static dev.deja.core.explain.Explanation withPair(dev.deja.core.explain.Explanation verdict,
      dev.deja.core.explain.Explanation pair) {
    List<dev.deja.core.explain.Explanation> details = new ArrayList<>(verdict.details());
    details.add(pair);
    return new dev.deja.core.explain.Explanation(verdict.kind(), verdict.name(), verdict.result(), verdict.message(),
        verdict.score(), verdict.threshold(), verdict.values(), verdict.evidence(), details);
  }

  private DejaCollection collection(CollectionSpec spec, CollectionStore store) {
    AtomicLong seq = new AtomicLong();
    return DejaCollection.builder(spec).store(store).embedders(embedders).judges(judges).judgeListener(judgeListener)
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
    int warm = warmUp ? Math.min(pairs.size(), 200) : 0;
    for (int i = 0; i < warm; i++) {
      base.check(CheckRequest.of(tenantOf(pairs.get(i)), rights.get(i)));
    }
    long[] nanos = new long[pairs.size()];
    Confusion c = Confusion.EMPTY;
    int possible = 0;
    List<String> errors = new ArrayList<>();
    Map<String, int[]> byNote = new TreeMap<>();
    List<EvalResult.WrongDecision> wrong = new ArrayList<>();
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
      int[] nt = byNote.computeIfAbsent(EvalResult.noteType(p.note()), k -> new int[2]);
      nt[0]++;
      if (predicted != p.duplicate()) {
        nt[1]++;
        dev.deja.core.explain.Explanation pair = whyPair(base, tenantOf(p), rights.get(i), "L:" + p.id());
        // A false duplicate's score is its match's; a missed one's is how the stages scored the stored item it missed.
        double score = predicted ? v.best().map(Match::score).orElse(0.0) : stageScore(pair);
        wrong.add(new EvalResult.WrongDecision(p.id(), p.note(), p.duplicate() ? "duplicate" : "new",
            v.outcome().name(), score, predicted, p.right(), String.valueOf(p.left()),
            withPair(v.explanation(), pair)));
      }
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
        Map.of(), errors, byNote, worst(wrong));
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
        main.errors, main.byNote, worst(main.wrong));
  }

  /** How many of the most confident wrong decisions a result keeps (with their explanation trees). */
  private int worstKept = 20;

  /** Keep this many of the most confident wrong decisions (default 20). */
  public Evaluator worst(int n) {
    this.worstKept = n;
    return this;
  }

  private List<EvalResult.WrongDecision> worst(List<EvalResult.WrongDecision> all) {
    List<EvalResult.WrongDecision> sorted = new ArrayList<>(all);
    sorted.sort(EvalResult.WrongDecision.WORST_FIRST);
    return List.copyOf(sorted.subList(0, Math.min(worstKept, sorted.size())));
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
    Map<String, int[]> byNote = new TreeMap<>();
    List<EvalResult.WrongDecision> wrong = new ArrayList<>();

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
        if (measure && warmUp && run.checks < 50) {
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
        if (measure) {
          int[] nt = run.byNote.computeIfAbsent(EvalResult.noteType(l.note()), k -> new int[2]);
          nt[0]++;
          if (!ok) {
            nt[1]++;
            boolean falsePositive = !expected.containsAll(predicted);
            List<String> compared = new ArrayList<>();
            for (String id : falsePositive ? predicted : expected) {
              if (!predicted.contains(id) || !expected.contains(id)) {
                compared.add(id + " " + lines.stream().filter(x -> x.id().equals(id)).findFirst()
                    .map(x -> x.record().toString()).orElse(""));
              }
            }
            dev.deja.core.explain.Explanation why = v.explanation();
            double missedScore = 0;
            for (String id : falsePositive ? predicted : expected) {
              if (!predicted.contains(id) || !expected.contains(id)) {
                dev.deja.core.explain.Explanation pair = whyPair(col, TENANT, items.get(l.id()), id);
                missedScore = Math.max(missedScore, stageScore(pair));
                why = withPair(why, pair);
              }
            }
            run.wrong.add(new EvalResult.WrongDecision(l.id(), l.note(), expected.toString(), predicted.toString(),
                falsePositive ? v.best().map(Match::score).orElse(0.0) : missedScore, falsePositive, l.record(),
                String.join("; ", compared), why));
          }
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
