package dev.deja.core.index;

import java.util.List;

/**
 * A candidate index that can also find nearest neighbours by embedding: an optional capability of a store.
 *
 * <p>Contract: the query's hard filter applies inside the search (never a post-filter that loses recall); results are
 * the {@code k} items with the highest cosine similarity between the stored vector named {@code vectorName} and the
 * given one, ties by id; items without that vector are not returned. Thread-safe.
 */
public interface VectorIndex extends CandidateIndex {
  List<ScoredCandidate> nearest(CandidateQuery filter, String vectorName, float[] vector, int k);

  /**
   * A nearest-neighbour hit.
   *
   * @param candidate the item, with source {@code vector}
   * @param similarity cosine similarity in [-1, 1]
   */
  record ScoredCandidate(Candidate candidate, double similarity) {}
}
