package dev.deja.core.judge;

/** A judge's answer about a pair: the same item in other words, or two different items. */
public enum Decision {
  /** The same fact, event, term or statement, however worded. */
  SAME,
  /** Two different things, however alike their words. */
  DIFFERENT
}
