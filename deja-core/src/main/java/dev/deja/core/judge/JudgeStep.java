package dev.deja.core.judge;

import dev.deja.core.InvalidInputException;
import dev.deja.core.engine.Outcome;
import dev.deja.core.explain.Explanation;
import dev.deja.core.item.TimeSpan;
import dev.deja.core.spec.Options;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The {@code judge} step of a scoring stage: the pairs the stage cannot settle — a score inside a band, or (with
 * {@code ask_on_veto}) a pair one of its vetoes decided — are put to a {@link PairJudge}, whose decision then decides
 * them: {@link Decision#SAME} makes the candidate a {@code DUPLICATE}, {@link Decision#DIFFERENT} makes it
 * {@code NEW}. Pairs outside the band never cost a call.
 *
 * <p>Cost and failure control, per collection (one step per stage of each built collection):
 *
 * <ul>
 *   <li>a cache of judgements (LRU, {@code cache_size}) keyed by the tenant, the kind, the timing and the two
 *       <em>normalised</em> texts in either order, so the same pair asked again costs nothing;
 *   <li>a budget of {@code budget_per_minute} calls in any 60 seconds (by the injected clock);
 *   <li>at most {@code max_calls_per_check} calls per check, the highest-scoring pairs first;
 *   <li>{@code timeout_ms}: the longest one check waits for the judge, all its calls together. The call runs on a
 *       {@code deja-judge} thread and the check stops waiting at the deadline whatever the judge does, so a check
 *       never hangs on it.
 * </ul>
 *
 * <p>When the judge cannot answer (timeout, HTTP 429 or 5xx, malformed JSON, budget spent, the check's time used up)
 * the stage's in-process decision stands — never a silent change of meaning: the pair's explanation has a
 * {@code judge} node saying {@code judge unavailable: <why>; in-process decision: …}, the verdict gets a warning, and
 * the {@link JudgeListener} hears {@code fellBack}. Every node carries the in-process score and decision next to the
 * judge's, so a reader sees both.
 *
 * <p>Thread-safe: the cache and the budget are synchronised; a {@link Session} is per check.
 */
public final class JudgeStep {
  /** The band of the example: the probabilities where the shipped pair classifiers make most mistakes. */
  public static final List<Double> DEFAULT_BAND = List.of(0.45, 0.85);
  /** 3 s: "a few seconds"; a judge slower than that is slower than a user waits for a write. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(3);
  /** 60 calls a minute: one a second on average, a cost a user can predict. */
  public static final int DEFAULT_BUDGET_PER_MINUTE = 60;
  /** 10,000 judgements, as the embedders' caches. */
  public static final int DEFAULT_CACHE_SIZE = 10_000;
  /** 3 calls per check: a check whose window holds many look-alikes costs at most this many. */
  public static final int DEFAULT_MAX_CALLS_PER_CHECK = 3;

  private static final AtomicInteger THREADS = new AtomicInteger();
  /** The threads calls run on, so that a check can stop waiting at its deadline whatever the judge does. */
  private static final ExecutorService CALLS = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "deja-judge-" + THREADS.incrementAndGet());
    t.setDaemon(true);
    return t;
  });

  private final String stage;
  private final String endpoint;
  private final PairJudge judge;
  private final JudgeKind kind;
  private final double low;
  private final double high;
  private final boolean askOnVeto;
  private final Duration timeout;
  private final int budgetPerMinute;
  private final int maxCallsPerCheck;
  private final JudgeListener listener;
  private final Clock clock;
  private final Map<String, Judgement> cache;
  private final int cacheSize;
  private final ArrayDeque<Long> recentCalls = new ArrayDeque<>();

  private JudgeStep(String stage, String endpoint, PairJudge judge, JudgeKind kind, double low, double high,
      boolean askOnVeto, Duration timeout, int budgetPerMinute, int cacheSize, int maxCallsPerCheck,
      JudgeListener listener, Clock clock) {
    this.stage = stage;
    this.endpoint = endpoint;
    this.judge = judge;
    this.kind = kind;
    this.low = low;
    this.high = high;
    this.askOnVeto = askOnVeto;
    this.timeout = timeout;
    this.budgetPerMinute = budgetPerMinute;
    this.cacheSize = cacheSize;
    this.maxCallsPerCheck = maxCallsPerCheck;
    this.listener = listener;
    this.clock = clock;
    this.cache = new LinkedHashMap<>(16, 0.75f, true) {
      private static final long serialVersionUID = 1L;

      @Override
      protected boolean removeEldestEntry(Map.Entry<String, Judgement> eldest) {
        return size() > JudgeStep.this.cacheSize;
      }
    };
  }

  /**
   * Reads a stage's {@code judge} option, when it has one: {@code endpoint} (required: a name under {@code judges:}),
   * {@code kind} ({@code memory}, {@code calendar}, {@code definition}, {@code sentence}; default {@code defaultKind}),
   * {@code band} ({@code [low, high]}, default {@link #DEFAULT_BAND}), {@code ask_on_veto} (default false; only where
   * {@code vetoes} is true), {@code timeout_ms}, {@code budget_per_minute}, {@code cache_size},
   * {@code max_calls_per_check}.
   *
   * @param stageOptions the stage's options; the {@code judge} key is read (and marked read) here
   * @param stage the stage's name, for warnings
   * @param vetoes whether the stage has vetoes a judge can be asked about
   */
  public static Optional<JudgeStep> read(Options stageOptions, String stage, Judging judging, JudgeKind defaultKind,
      boolean vetoes) {
    if (stageOptions.raw("judge") == null) {
      return Optional.empty();
    }
    Options o = stageOptions.object("judge");
    String endpoint = o.requiredString("endpoint");
    PairJudge judge = judging.provider().find(endpoint).orElseThrow(() -> new InvalidInputException(o.at("endpoint")
        + ": no judge endpoint '" + endpoint + "' is configured; declare it under 'judges:' in deja.yaml "
        + "(type, base_url, model, api_key_env)"));
    String kindName = o.choice("kind", defaultKind.configName(), "memory", "calendar", "definition", "sentence");
    JudgeKind kind = JudgeKind.byName(kindName).orElseThrow();
    double[] band = band(o);
    boolean askOnVeto = o.bool("ask_on_veto", false);
    if (askOnVeto && !vetoes) {
      throw new InvalidInputException(o.at("ask_on_veto") + ": only a combined stage has vetoes to ask about; "
          + "guards under 'guards:' run after the stage and are not put to the judge");
    }
    int timeoutMs = o.integer("timeout_ms", (int) DEFAULT_TIMEOUT.toMillis(), 1, 600_000);
    int budget = o.integer("budget_per_minute", DEFAULT_BUDGET_PER_MINUTE, 0, 1_000_000);
    int cacheSize = o.integer("cache_size", DEFAULT_CACHE_SIZE, 0, 10_000_000);
    int maxCalls = o.integer("max_calls_per_check", DEFAULT_MAX_CALLS_PER_CHECK, 1, 1000);
    o.rejectUnknown();
    return Optional.of(new JudgeStep(stage, endpoint, judge, kind, band[0], band[1], askOnVeto,
        Duration.ofMillis(timeoutMs), budget, cacheSize, maxCalls, judging.listener(), judging.clock()));
  }

  private static double[] band(Options o) {
    Object v = o.raw("band");
    if (v == null) {
      return new double[] {DEFAULT_BAND.get(0), DEFAULT_BAND.get(1)};
    }
    if (!(v instanceof List<?> l) || l.size() != 2) {
      throw new InvalidInputException(o.at("band") + ": must be a list of two numbers [low, high] in [0, 1], e.g. "
          + "[0.45, 0.85], got " + Options.describe(v));
    }
    double lo = Options.checkedNumber(o.at("band") + "[0]", l.get(0), 0, 1);
    double hi = Options.checkedNumber(o.at("band") + "[1]", l.get(1), 0, 1);
    if (lo > hi) {
      throw new InvalidInputException(o.at("band") + ": low (" + lo + ") must not be above high (" + hi + ")");
    }
    return new double[] {lo, hi};
  }

  /** The endpoint name ({@code judges.NAME}). */
  public String endpoint() {
    return endpoint;
  }

  public JudgeKind kind() {
    return kind;
  }

  /** The judge's model, as explanations name it. */
  public String model() {
    return judge.model();
  }

  /** The longest one check waits for the judge. */
  public Duration timeout() {
    return timeout;
  }

  /** The most calls in any 60 seconds. */
  public int budgetPerMinute() {
    return budgetPerMinute;
  }

  /** The lowest score the judge is asked about. */
  public double low() {
    return low;
  }

  /** The highest score the judge is asked about. */
  public double high() {
    return high;
  }

  /** Whether a pair one of the stage's vetoes decided is put to the judge. */
  public boolean askOnVeto() {
    return askOnVeto;
  }

  /** Whether a score is inside the band (both ends included). */
  public boolean inBand(double score) {
    return score >= low && score <= high;
  }

  /** The band as evidence shows it: {@code [0.4500, 0.8500]}. */
  public String bandText() {
    return "[" + Explanation.format(low) + ", " + Explanation.format(high) + "]";
  }

  /**
   * How two calendar items' times relate, as the judge is told (never the dates themselves): {@code "the two events
   * start 30 minutes apart"}, {@code "both are all-day events on the same dates"}, …; empty when either has no time.
   */
  public static Optional<String> timing(Optional<TimeSpan> a, Optional<TimeSpan> b) {
    if (a.isEmpty() || b.isEmpty()) {
      return Optional.empty();
    }
    TimeSpan x = a.get();
    TimeSpan y = b.get();
    if (x.allDay() && y.allDay()) {
      return Optional.of(x.startDay() == y.startDay() && x.endDay() == y.endDay()
          ? "both are all-day events on the same dates" : "both are all-day events on overlapping dates");
    }
    if (x.allDay() != y.allDay()) {
      return Optional.of("one is an all-day event, the other is timed on the same date");
    }
    long minutes = Math.abs(Duration.ofMillis(x.startMillis() - y.startMillis()).toMinutes());
    return Optional.of(minutes == 0 ? "the two events start at the same time"
        : "the two events start " + minutes + " minute" + (minutes == 1 ? "" : "s") + " apart");
  }

  /**
   * What the judge is told about two items' times: {@link #timing} for the {@code calendar} kind, nothing for the
   * others (a memory fact's or a term's time is not the judge's business).
   */
  public Optional<String> timingFor(Optional<TimeSpan> a, Optional<TimeSpan> b) {
    return kind == JudgeKind.CALENDAR ? timing(a, b) : Optional.empty();
  }

  /**
   * One pair a stage could put to the judge.
   *
   * @param id the candidate's id
   * @param newText the new item's text, as written (what the judge reads)
   * @param existingText the stored item's text, as written
   * @param newKey the new text normalised (the cache key)
   * @param existingKey the stored text normalised
   * @param score the stage's score
   * @param inProcess the stage's own decision: DUPLICATE, POSSIBLE_DUPLICATE, or NEW (also when vetoed)
   * @param veto the veto that decided the pair in-process, if any
   * @param timing how the items' times relate (calendar events), if sent
   */
  public record Pair(String id, String newText, String existingText, String newKey, String existingKey, double score,
      Outcome inProcess, Optional<String> veto, Optional<String> timing) {
    public Pair {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(newText, "newText");
      Objects.requireNonNull(existingText, "existingText");
      Objects.requireNonNull(newKey, "newKey");
      Objects.requireNonNull(existingKey, "existingKey");
      Objects.requireNonNull(inProcess, "inProcess");
      Objects.requireNonNull(veto, "veto");
      Objects.requireNonNull(timing, "timing");
    }

    /** Whether the stage, on its own, reports the pair (a duplicate or a possible one, and not vetoed). */
    boolean reported() {
      return inProcess != Outcome.NEW && veto.isEmpty();
    }
  }

  /**
   * What became of a pair put to the judge.
   *
   * @param id the candidate's id
   * @param level the decision: DUPLICATE or NEW from the judge, or the in-process decision when it could not answer
   * @param judged whether the judge (or its cache) decided
   * @param node the {@code judge} explanation node
   */
  public record Ruling(String id, Outcome level, boolean judged, Explanation node) {}

  /** The rulings of one check, and its warnings (one per stage and reason the judge could not answer). */
  public record Rulings(Map<String, Ruling> byId, List<String> warnings) {
    public Rulings {
      byId = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(byId));
      warnings = List.copyOf(warnings);
    }

    public Optional<Ruling> find(String id) {
      return Optional.ofNullable(byId.get(id));
    }
  }

  /**
   * Whether a pair goes to the judge: its score is in the band; or, with {@code ask_on_veto}, a veto decided it and
   * its score is at least the band's low end (above the band too: a near copy that differs only in a negation is
   * exactly what a veto is unsure about; below it the veto changed nothing).
   */
  public boolean qualifies(Pair p) {
    return p.veto().isPresent() ? askOnVeto && p.score() >= low : inBand(p.score());
  }

  /**
   * Puts the pairs that {@linkplain #qualifies qualify} to the judge — the highest scores first, then by id — and
   * returns a ruling for each of them; other pairs have none (the stage decides them alone). Blocks at most
   * {@code timeout_ms}.
   *
   * @param tenant the checking tenant (part of the cache key: tenants never share judgements)
   */
  public Rulings rule(String tenant, List<Pair> pairs) {
    List<Pair> asked = new ArrayList<>();
    for (Pair p : pairs) {
      if (qualifies(p)) {
        asked.add(p);
      }
    }
    if (asked.isEmpty()) {
      return new Rulings(Map.of(), List.of());
    }
    asked.sort(Comparator.comparingDouble(Pair::score).reversed().thenComparing(Pair::id));
    long deadline = System.nanoTime() + timeout.toNanos();
    int calls = 0;
    Map<String, Ruling> out = new LinkedHashMap<>();
    Map<String, Integer> fallbacks = new LinkedHashMap<>();
    Map<String, String> why = new LinkedHashMap<>();
    for (Pair p : asked) {
      String key = cacheKey(tenant, p);
      Optional<Judgement> cached = cached(key);
      if (cached.isPresent()) {
        listener.cacheHit(judge.model());
        out.put(p.id(), judged(p, cached.get(), true, 0));
        continue;
      }
      String reason;
      String message;
      long remaining = deadline - System.nanoTime();
      if (calls >= maxCallsPerCheck) {
        reason = "max_calls";
        message = "this check already asked " + maxCallsPerCheck + " time(s) (max_calls_per_check)";
      } else if (remaining <= 0) {
        reason = "deadline";
        message = "this check's " + timeout.toMillis() + " ms for the judge (timeout_ms) were used up";
      } else if (!acquire()) {
        reason = "budget";
        message = "the budget of " + budgetPerMinute + " call(s) per minute (budget_per_minute) is spent";
      } else {
        calls++;
        long t0 = System.nanoTime();
        try {
          Judgement j = call(new JudgeRequest(kind, p.existingText(), p.newText(), p.timing()), remaining);
          long took = System.nanoTime() - t0;
          listener.called(judge.model(), j.decision().name().toLowerCase(Locale.ROOT), Duration.ofNanos(took));
          remember(key, j);
          out.put(p.id(), judged(p, j, false, took));
          continue;
        } catch (JudgeException e) {
          listener.called(judge.model(), e.failure().label(), Duration.ofNanos(System.nanoTime() - t0));
          reason = e.failure().label();
          message = e.getMessage();
        }
      }
      listener.fellBack(judge.model(), reason);
      fallbacks.merge(reason, 1, Integer::sum);
      why.putIfAbsent(reason, message);
      out.put(p.id(), fallback(p, reason, message));
    }
    List<String> warnings = new ArrayList<>();
    fallbacks.forEach((reason, n) -> warnings.add("stage '" + stage + "': judge '" + endpoint + "' unavailable for "
        + n + " candidate(s) (" + why.get(reason) + "); the in-process decision was used"));
    return new Rulings(out, warnings);
  }

  /** Runs one call on a judge thread and waits for it at most {@code remainingNanos}. */
  private Judgement call(JudgeRequest request, long remainingNanos) {
    Duration left = Duration.ofNanos(remainingNanos);
    Future<Judgement> f = CALLS.submit(() -> judge.judge(request, left));
    try {
      Judgement j = f.get(remainingNanos, TimeUnit.NANOSECONDS);
      if (j == null) {
        throw new JudgeException(JudgeException.Failure.INTERNAL, "judge '" + endpoint + "' returned nothing");
      }
      return j;
    } catch (TimeoutException e) {
      f.cancel(true);
      throw new JudgeException(JudgeException.Failure.TIMEOUT, "judge '" + endpoint + "': no answer within "
          + "the check's " + timeout.toMillis() + " ms (timeout_ms)", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof JudgeException je) {
        throw je;
      }
      throw new JudgeException(JudgeException.Failure.INTERNAL, "judge '" + endpoint + "' failed: " + e.getCause(),
          e.getCause());
    } catch (InterruptedException e) {
      f.cancel(true);
      Thread.currentThread().interrupt();
      throw new JudgeException(JudgeException.Failure.INTERNAL, "judge '" + endpoint + "': interrupted while "
          + "waiting", e);
    }
  }

  private synchronized boolean acquire() {
    long now = clock.millis();
    while (!recentCalls.isEmpty() && recentCalls.peekFirst() <= now - 60_000) {
      recentCalls.pollFirst();
    }
    if (recentCalls.size() >= budgetPerMinute) {
      return false;
    }
    recentCalls.addLast(now);
    return true;
  }

  private Optional<Judgement> cached(String key) {
    if (cacheSize == 0) {
      return Optional.empty();
    }
    synchronized (cache) {
      return Optional.ofNullable(cache.get(key));
    }
  }

  private void remember(String key, Judgement j) {
    if (cacheSize == 0) {
      return;
    }
    synchronized (cache) {
      cache.put(key, j);
    }
  }

  /** The cache key: tenant, kind, timing and the two normalised texts, in either order. */
  private String cacheKey(String tenant, Pair p) {
    String a = p.newKey();
    String b = p.existingKey();
    String first = a.compareTo(b) <= 0 ? a : b;
    String second = a.compareTo(b) <= 0 ? b : a;
    return tenant + '\u0000' + kind.configName() + '\u0000' + p.timing().orElse("") + '\u0000' + first + '\u0000'
        + second;
  }

  private String inProcessText(Pair p) {
    return p.veto().map(v -> "NEW (vetoed: " + v + ")").orElse(p.inProcess().name());
  }

  private String askedBecause(Pair p) {
    return p.veto().map(v -> "the veto '" + v + "' decided it (ask_on_veto)")
        .orElse("score " + Explanation.format(p.score()) + " in the band " + bandText());
  }

  private Ruling judged(Pair p, Judgement j, boolean cached, long nanos) {
    boolean same = j.decision() == Decision.SAME;
    boolean agrees = same == p.reported();
    if (!agrees) {
      listener.disagreed(judge.model());
    }
    Outcome level = same ? Outcome.DUPLICATE : Outcome.NEW;
    Explanation node = Explanation.of("judge", endpoint).result(same ? "same" : "different")
        .message("judge " + endpoint + " (" + judge.model() + "): " + j.decision()
            + (j.reason().isEmpty() ? "" : " — " + j.reason()) + (cached ? " (cached)" : "")
            + "; in-process decision: " + inProcessText(p) + (agrees ? "" : " (overruled)"))
        .score(p.score())
        .evidence("model", judge.model()).evidence("kind", kind.configName())
        .evidence("decision", j.decision()).evidence("reason", j.reason())
        .evidence("cached", cached).evidence("latency_ms", cached ? "0" : String.format(Locale.ROOT, "%.1f",
            nanos / 1e6))
        .evidence("in_process", inProcessText(p)).evidence("agrees", agrees)
        .evidence("asked_because", askedBecause(p)).build();
    return new Ruling(p.id(), level, true, node);
  }

  private Ruling fallback(Pair p, String reason, String message) {
    Outcome level = p.veto().isPresent() ? Outcome.NEW : p.inProcess();
    Explanation node = Explanation.of("judge", endpoint).result("unavailable")
        .message("judge unavailable: " + message + "; in-process decision: " + inProcessText(p))
        .score(p.score())
        .evidence("model", judge.model()).evidence("kind", kind.configName())
        .evidence("fallback", reason).evidence("in_process", inProcessText(p))
        .evidence("asked_because", askedBecause(p)).build();
    return new Ruling(p.id(), level, false, node);
  }

  @Override
  public String toString() {
    return "JudgeStep[" + stage + " → " + endpoint + ", band " + bandText() + "]";
  }
}
