package dev.deja.core.cluster;

/**
 * A duplicate link between two items: their ids, {@code a} before {@code b} in id order, and its score in [0, 1].
 *
 * <p>Implementations are immutable values.
 */
public interface ScoredLink {
  /** The smaller id. */
  String a();

  /** The larger id. */
  String b();

  /** The link's score in [0, 1]. */
  double score();
}
