package dev.deja.embed;

import dev.deja.core.embed.Embedder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An LRU cache in front of an embedder, keyed by model and text (white space trimmed and collapsed: the only
 * normalisation that never changes a model's output in a way that matters).
 *
 * <p>Misses of one {@link #embedAll} call go to the delegate as one batch. Vectors are copied in and out. Thread-safe.
 */
public final class CachingEmbedder implements Embedder {
  private final Embedder delegate;
  private final Map<String, float[]> lru;
  private long hits;
  private long misses;

  public CachingEmbedder(Embedder delegate, int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("cache capacity must be at least 1, got " + capacity);
    }
    this.delegate = delegate;
    this.lru = new LinkedHashMap<>(256, 0.75f, true) {
      private static final long serialVersionUID = 1L;

      @Override
      protected boolean removeEldestEntry(Map.Entry<String, float[]> eldest) {
        return size() > capacity;
      }
    };
  }

  private static final java.util.regex.Pattern WHITE_SPACE = java.util.regex.Pattern.compile("\\s+");

  /** The text as it is embedded and cached: trimmed, its white space collapsed to single spaces. */
  private static String canonical(String text) {
    return WHITE_SPACE.matcher(text.strip()).replaceAll(" ");
  }

  private String key(String text) {
    return delegate.model() + '\u0000' + canonical(text);
  }

  @Override
  public String model() {
    return delegate.model();
  }

  @Override
  public int dimension() {
    return delegate.dimension();
  }

  @Override
  public float[] embed(String text) {
    return embedAll(List.of(text)).get(0);
  }

  /**
   * Not cached here (the delegate keeps the pieces of the texts it embedded lately, and the pair classifier those it
   * aligned); the text is trimmed and its white space collapsed as for {@link #embed}, so that a text embedded through
   * this cache finds its pieces.
   */
  @Override
  public java.util.Optional<dev.deja.core.embed.TokenVectors> tokenVectors(String text) {
    return delegate.tokenVectors(canonical(text));
  }

  @Override
  public void keepTokenVectors() {
    delegate.keepTokenVectors();
  }

  @Override
  public List<float[]> embedAll(List<String> texts) {
    float[][] out = new float[texts.size()][];
    List<Integer> missing = new ArrayList<>();
    synchronized (lru) {
      for (int i = 0; i < texts.size(); i++) {
        float[] v = lru.get(key(texts.get(i)));
        if (v != null) {
          out[i] = v.clone();
          hits++;
        } else {
          missing.add(i);
          misses++;
        }
      }
    }
    if (!missing.isEmpty()) {
      List<String> batch = new ArrayList<>(missing.size());
      for (int i : missing) {
        batch.add(canonical(texts.get(i)));
      }
      List<float[]> computed = delegate.embedAll(batch);
      synchronized (lru) {
        for (int j = 0; j < missing.size(); j++) {
          int i = missing.get(j);
          out[i] = computed.get(j).clone();
          lru.put(key(texts.get(i)), computed.get(j).clone());
        }
      }
    }
    return java.util.Arrays.asList(out);
  }

  /** Cache hits and misses so far (for metrics). */
  public synchronized long[] stats() {
    synchronized (lru) {
      return new long[] {hits, misses};
    }
  }
}
