package dev.deja.core.normalize;

/**
 * A deterministic, idempotent text transformation applied to a field before it is compared or indexed.
 *
 * <p>Contract: {@code normalize(normalize(s)).equals(normalize(s))} for every string, the result is never null, and
 * the same input always gives the same output (no locale or clock is consulted). Implementations are thread-safe.
 */
@FunctionalInterface
public interface Normalizer {
  String normalize(String text);

  /** This normaliser followed by another. */
  default Normalizer andThen(Normalizer next) {
    return text -> next.normalize(normalize(text));
  }
}
