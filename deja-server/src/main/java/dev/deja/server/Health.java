package dev.deja.server;

import dev.deja.core.embed.Embedder;
import dev.deja.core.embed.EmbedderProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Liveness and readiness: the server is live while it runs; it is ready when it is not shutting down, its data
 * directory accepts writes, the embedding model has not failed (it may still be loading: text-only collections work
 * meanwhile, and a semantic check waits for the load), and every required dependency answers (its PostgreSQL
 * database). A dependency that is not required (a CalDAV calendar) and fails leaves it ready but {@code degraded}: the
 * collections that do not use it are served as usual, and taking every instance out of rotation would not bring the
 * calendar back.
 *
 * <p>The embedder's state comes from the warm-up at start and from every later embedding call (a failure makes it
 * {@code failed} until a call succeeds again). Thread-safe.
 */
public final class Health {
  /** The model loaded at start and reported on. */
  public static final String DEFAULT_MODEL = "all-minilm-l6-v2";

  private final Path probeDir;
  private volatile String embedder = "not_loaded";
  private volatile String embedderDetail = "loaded on first use (warm_up is off)";
  private volatile boolean draining;
  private volatile Thread warmUp;
  private final Dependencies dependencies = new Dependencies();

  /** Health of a server whose writable directory is {@code probeDir} (null: no directory to check). */
  public Health(Path probeDir) {
    this.probeDir = probeDir;
  }

  /**
   * Adds a dependency asked at each report (at most {@link Dependencies#BUDGET_MILLIS} ms): a required one that fails
   * makes the server not ready, any other degraded.
   */
  void dependency(String name, boolean required, java.util.function.Supplier<Dependencies.State> probe) {
    dependencies.add(name, required, probe);
  }

  /** Stops the dependencies' probe threads. */
  void close() {
    dependencies.close();
  }

  /** Marks the server as shutting down: not ready from now on. */
  public void draining() {
    draining = true;
  }

  /**
   * Loads the default model in a background thread; readiness reports {@code loading} until it is done. Another
   * background thread reads the word knowledge the pair classifier uses (WordNet, number words, first names: about a
   * second), so that the first check with a candidate does not wait for it; readiness does not wait for that.
   */
  public void warmUp(EmbedderProvider provider) {
    warmUp(provider, List.of(), provider);
  }

  /**
   * {@link #warmUp(EmbedderProvider)}, then, in the same background thread and one after the other, the models in
   * {@code more} (those of the built-in collections' presets: the memory preset's bge-small-en-v1.5-q) through
   * {@code loader}, so that the first check of those collections does not wait for a model load either. The report
   * and readiness are about the default model only: {@code loader} is the provider before this health's tracking, and a
   * model in {@code more} that is not on the class path or fails to load is left to its first use, which reports it.
   */
  public void warmUp(EmbedderProvider provider, List<String> more, EmbedderProvider loader) {
    Thread words = new Thread(Health::warmUpWords, "deja-words-warm-up");
    words.setDaemon(true); // pure Java: a process that exits meanwhile loses nothing
    words.start();
    Optional<Embedder> e = provider.find(DEFAULT_MODEL);
    if (e.isEmpty()) {
      embedder = "absent";
      embedderDetail = "no embedding module on the class path; semantic collections cannot be used";
      return;
    }
    embedder = "loading";
    embedderDetail = "loading " + DEFAULT_MODEL;
    Thread t = new Thread(() -> {
      try {
        if (draining) {
          return; // stopped before the load began: nothing to wait for at exit
        }
        e.get().embed("warm up");
        embedder = "ok";
        embedderDetail = DEFAULT_MODEL + " loaded";
      } catch (RuntimeException ex) {
        embedder = "failed";
        embedderDetail = DEFAULT_MODEL + ": " + ex.getMessage();
      }
      for (String model : new java.util.LinkedHashSet<>(more)) {
        if (draining) {
          return;
        }
        if (!model.equals(DEFAULT_MODEL)) {
          try {
            loader.find(model).ifPresent(m -> m.embed("warm up"));
          } catch (RuntimeException ex) {
            org.slf4j.LoggerFactory.getLogger(Health.class).debug("warm-up of {} failed", model, ex);
          }
        }
      }
    }, "deja-embedder-warm-up");
    t.setDaemon(true);
    warmUp = t;
    t.start();
  }

  /**
   * Reads the word knowledge by profiling one pair of texts and glossing a text in another language (which reads the
   * translation tables); a failure shows again, explained, on the first check.
   */
  static void warmUpWords() {
    try {
      // Amounts in both texts: the currency data is read too.
      dev.deja.core.guard.PairSignals.of("My sister Ana is allergic to sesame and owes me £20.",
          "Ana, my sister, has a sesame allergy and owes me twenty pounds.", dev.deja.core.guard.Lexicon.ENGLISH,
          dev.deja.core.lexical.WordKnowledges.defaults());
      dev.deja.core.guard.Glosses.english("Meine Schwester Ana ist allergisch gegen Sesam.",
          dev.deja.core.guard.Lexicon.ENGLISH, dev.deja.core.lexical.WordKnowledges.defaults());
    } catch (RuntimeException e) {
      org.slf4j.LoggerFactory.getLogger(Health.class).debug("word knowledge warm-up failed", e);
    }
  }

  /**
   * Waits for the warm-up's model load to end (at most {@code millis}); whether it has. Called on shutdown before the
   * process exits: the load runs inside ONNX Runtime's native code, which cannot be interrupted, and a JVM that exits
   * meanwhile destroys the library's static objects under it — a SIGSEGV in {@code libonnxruntime} (issue 17 item 6).
   */
  public boolean awaitWarmUp(long millis) throws InterruptedException {
    Thread t = warmUp;
    if (t == null) {
      return true;
    }
    t.join(Math.max(1, millis));
    return !t.isAlive();
  }

  /** A provider whose embedders report their successes and failures here. */
  public EmbedderProvider tracked(EmbedderProvider delegate) {
    return model -> delegate.find(model).map(e -> new Embedder() {
      @Override
      public String model() {
        return e.model();
      }

      @Override
      public int dimension() {
        return e.dimension();
      }

      @Override
      public float[] embed(String text) {
        return observe(() -> e.embed(text));
      }

      @Override
      public List<float[]> embedAll(List<String> texts) {
        return observe(() -> e.embedAll(texts));
      }

      @Override
      public java.util.Optional<dev.deja.core.embed.TokenVectors> tokenVectors(String text) {
        return observe(() -> e.tokenVectors(text));
      }

      @Override
      public void keepTokenVectors() {
        e.keepTokenVectors();
      }

      private <T> T observe(java.util.function.Supplier<T> call) {
        try {
          T out = call.get();
          if (!"ok".equals(embedder)) {
            embedder = "ok";
            embedderDetail = e.model() + " answered";
          }
          return out;
        } catch (RuntimeException ex) {
          embedder = "failed";
          embedderDetail = e.model() + ": " + ex.getMessage();
          throw ex;
        }
      }
    });
  }

  /** Whether the data directory accepts a write (a probe file written and deleted). */
  private Optional<String> storeProblem() {
    if (probeDir == null) {
      return Optional.empty();
    }
    Path probe = probeDir.resolve(".health-probe");
    try {
      Files.writeString(probe, "ok");
      Files.deleteIfExists(probe);
      return Optional.empty();
    } catch (IOException e) {
      return Optional.of("cannot write to " + probeDir + ": " + e.getMessage());
    }
  }

  /**
   * The report: {@code {"status": "ok"|"degraded"|"unavailable", "live", "ready", "checks": {"store", "embedder",
   * …dependencies}}}.
   */
  public Map<String, Object> report() {
    Optional<String> storeProblem = storeProblem();
    boolean storeOk = storeProblem.isEmpty() && !draining;
    boolean embedderOk = !"failed".equals(embedder);
    Map<String, Object> store = new LinkedHashMap<>();
    store.put("status", draining ? "draining" : storeOk ? "ok" : "failed");
    store.put("detail", draining ? "the server is shutting down" : storeProblem.orElse("data directory writable"));
    Map<String, Object> emb = new LinkedHashMap<>();
    emb.put("status", embedder);
    emb.put("detail", embedderDetail);
    Map<String, Object> checks = new LinkedHashMap<>();
    checks.put("store", store);
    checks.put("embedder", emb);
    boolean requiredOk = true;
    boolean optionalOk = true;
    for (Map.Entry<String, Map<String, Object>> d : dependencies.report().entrySet()) {
      checks.put(d.getKey(), d.getValue());
      boolean ok = "ok".equals(d.getValue().get("status"));
      if (Boolean.TRUE.equals(d.getValue().get("required"))) {
        requiredOk &= ok;
      } else {
        optionalOk &= ok;
      }
    }
    boolean ready = storeOk && embedderOk && requiredOk;
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("status", !ready ? "unavailable" : optionalOk ? "ok" : "degraded");
    out.put("live", true);
    out.put("ready", ready);
    out.put("checks", checks);
    return out;
  }

  /** Whether the server is ready. */
  public boolean ready() {
    return Boolean.TRUE.equals(report().get("ready"));
  }
}
