package dev.deja.stream;

import java.util.Objects;

/**
 * An earlier unit that a later unit repeats, with the scores that say so.
 *
 * @param earlier the unit repeated
 * @param score the comparison
 */
public record RepeatMatch(Unit earlier, PairScore score) {
  public RepeatMatch {
    Objects.requireNonNull(earlier, "earlier");
    Objects.requireNonNull(score, "score");
  }
}
