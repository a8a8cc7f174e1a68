package dev.deja.core.normalize;

import java.util.concurrent.ConcurrentHashMap;

/**
 * A normaliser that remembers its recent results, so that stored values compared on every check are normalised once.
 *
 * <p>Normalisation is a pure function, so caching never changes a result. The cache holds at most {@code capacity}
 * entries and is emptied when full (cheap, and a check's working set is small). Thread-safe.
 */
public final class CachingNormalizer implements Normalizer {
  private final Normalizer delegate;
  private final int capacity;
  private final ConcurrentHashMap<String, String> cache = new ConcurrentHashMap<>();

  public CachingNormalizer(Normalizer delegate, int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be at least 1, got " + capacity);
    }
    this.delegate = delegate;
    this.capacity = capacity;
  }

  /** A cache of 10,000 entries around the normaliser. */
  public static CachingNormalizer of(Normalizer delegate) {
    return new CachingNormalizer(delegate, 10_000);
  }

  @Override
  public String normalize(String text) {
    String hit = cache.get(text);
    if (hit != null) {
      return hit;
    }
    String n = delegate.normalize(text);
    if (text.length() <= 4096) {
      if (cache.size() >= capacity) {
        cache.clear();
      }
      cache.put(text, n);
    }
    return n;
  }
}
