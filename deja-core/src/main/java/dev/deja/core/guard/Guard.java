package dev.deja.core.guard;

import dev.deja.core.cascade.Probe;
import dev.deja.core.cascade.StageMatch;
import dev.deja.core.item.StoredItem;

/**
 * Vetoes or downgrades a similarity match on evidence the similarity cannot see (different numbers, negation,
 * different names).
 *
 * <p>Guards run after the cascade on matches of the stage types they apply to (fuzzy and semantic by default; never
 * exact). Implementations are thread-safe and deterministic.
 */
public interface Guard {

  /** The configured name. */
  String name();

  /** Whether this guard looks at matches made by a stage of this type. */
  boolean appliesTo(String stageType);

  /** Inspects one match. */
  GuardDecision inspect(Probe probe, StoredItem candidate, StageMatch match);
}
