package dev.deja.core.cascade;

import dev.deja.core.item.StoredItem;
import java.util.OptionalDouble;

/**
 * A stage that can score any stored item against a new one, not only decide matches: what search ranks by.
 *
 * <p>Implemented by {@code fuzzy}, {@code semantic} and {@code combined} stages. Thread-safe.
 */
public interface Scorer extends Stage {

  /** The field the stage compares. */
  String field();

  /** The stage's duplicate threshold, the default cut-off of a search. */
  double threshold();

  /** The similarity in [0, 1], empty when either side has no value (no evidence). */
  OptionalDouble score(Probe probe, StoredItem stored);
}
