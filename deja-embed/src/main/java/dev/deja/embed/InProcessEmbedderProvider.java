package dev.deja.embed;

import dev.deja.core.embed.Embedder;
import dev.deja.core.embed.EmbedderProvider;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Provides the shipped in-process models by name ({@link ModelCatalog}), each loaded once, on first use, and wrapped
 * in a {@link CachingEmbedder}. Registered as a service, so collections find models without set-up.
 *
 * <p>Configuration (system properties, read once): {@code deja.embed.threads} (ONNX Runtime intra-op threads; default
 * 0 = ONNX Runtime's choice), {@code deja.embed.cache} (LRU entries per model; default 10,000). Thread-safe.
 */
public final class InProcessEmbedderProvider implements EmbedderProvider {
  private static final Map<String, Embedder> LOADED = new ConcurrentHashMap<>();

  @Override
  public Optional<Embedder> find(String model) {
    Optional<ModelCatalog.Model> m = ModelCatalog.find(model);
    if (m.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(LOADED.computeIfAbsent(model, k -> new LazyEmbedder(m.get())));
  }

  /** Loads the model on first use, so that validating a spec never loads one. */
  private static final class LazyEmbedder implements Embedder {
    private final ModelCatalog.Model model;
    private volatile Embedder loaded;
    /** Whether a stage declared it will align this model's pieces: passed on when the model loads. */
    private volatile boolean keepPieces;

    LazyEmbedder(ModelCatalog.Model model) {
      this.model = model;
    }

    private Embedder get() {
      Embedder e = loaded;
      if (e == null) {
        synchronized (this) {
          e = loaded;
          if (e == null) {
            int threads = Integer.getInteger("deja.embed.threads", 0);
            int cache = Integer.getInteger("deja.embed.cache", 10_000);
            e = new CachingEmbedder(new OnnxEmbedder(model, threads), cache);
            if (keepPieces) {
              e.keepTokenVectors();
            }
            loaded = e;
          }
        }
      }
      return e;
    }

    @Override
    public String model() {
      return model.name();
    }

    @Override
    public int dimension() {
      return model.dimension();
    }

    @Override
    public float[] embed(String text) {
      return get().embed(text);
    }

    @Override
    public java.util.List<float[]> embedAll(java.util.List<String> texts) {
      return get().embedAll(texts);
    }

    @Override
    public java.util.Optional<dev.deja.core.embed.TokenVectors> tokenVectors(String text) {
      return get().tokenVectors(text);
    }

    /** Declares it without loading the model (a stage is built before anything is embedded). */
    @Override
    public void keepTokenVectors() {
      synchronized (this) {
        keepPieces = true;
        if (loaded != null) {
          loaded.keepTokenVectors();
        }
      }
    }
  }
}
