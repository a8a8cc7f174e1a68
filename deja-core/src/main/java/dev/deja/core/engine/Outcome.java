package dev.deja.core.engine;

/** The answer of a check: is the new item a duplicate of something stored? */
public enum Outcome {
  /** Nothing stored duplicates it. */
  NEW,
  /** At least one stored item is a duplicate, with confidence. */
  DUPLICATE,
  /** At least one stored item may be a duplicate: the score fell in the ambiguous band, or a guard downgraded it. */
  POSSIBLE_DUPLICATE
}
