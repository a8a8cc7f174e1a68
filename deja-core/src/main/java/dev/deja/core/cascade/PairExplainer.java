package dev.deja.core.cascade;

import dev.deja.core.explain.Explanation;
import dev.deja.core.item.StoredItem;
import java.util.Optional;

/**
 * A stage that can explain its score for any pair, matched or not: what an evaluation shows for a duplicate the stage
 * missed ("why not"), where a check only explains the matches it reports.
 */
public interface PairExplainer extends Stage {

  /** The stage's score for the pair and how it came about; empty when either side has no value. */
  Optional<Explanation> explainPair(Probe probe, StoredItem stored);
}
