package dev.deja.core.spec;

/**
 * How candidates are gathered.
 *
 * @param maxPerLookup the cap on each lookup (exact keys, lexical terms, window scan, nearest neighbours): the
 *     glossary design's {@code max_candidates}
 * @param windowScan whether, when the collection has a time window, every stored item in the window is a candidate
 *     (nearest in time first, up to the cap) rather than only those reachable by keys and terms
 */
public record CandidateSpec(int maxPerLookup, boolean windowScan) {
  public CandidateSpec {
    if (maxPerLookup < 1) {
      throw new IllegalArgumentException("max_candidates must be at least 1, got " + maxPerLookup);
    }
  }
}
