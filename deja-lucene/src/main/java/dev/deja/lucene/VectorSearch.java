package dev.deja.lucene;

import dev.deja.core.InvalidInputException;
import java.util.Locale;

/**
 * How a Lucene collection finds nearest neighbours: a per-collection choice, fixed when the collection is created
 * (it decides what is indexed) and recorded in its index.
 *
 * <ul>
 *   <li>{@link Mode#EXACT} (the default): vectors are kept in doc values only; a search scores every vector inside
 *       the query's filter (scope, statuses, window). Exact, full recall, no graph to build (ingest is not slowed);
 *       cost grows with the size of the filtered set, not of the collection. Measured here (384-d): about 0.3 ms per
 *       1,000 vectors in the filter; see docs/PERFORMANCE.md.
 *   <li>{@link Mode#HNSW}: vectors are also indexed in Lucene's HNSW graph (about 3 ms per 384-d vector to build on
 *       a 2-core machine); a search whose filtered set has more than {@code exactBelow} documents runs a filtered
 *       approximate kNN query (the filter is inside the graph search), smaller sets are still scored exactly.
 * </ul>
 *
 * @param mode exact scoring only, or an HNSW graph for large filtered sets
 * @param exactBelow with {@link Mode#HNSW}: filtered sets of at most this many documents are scored exactly
 */
public record VectorSearch(Mode mode, int exactBelow) {

  /**
   * 10,000: the filtered-set size where exact scoring of 384-d vectors reaches about 3 ms here, well inside the 10 ms
   * vector-check target, while small sets keep full recall (HNSW with a filter loses recall at small k).
   */
  public static final int DEFAULT_EXACT_BELOW = 10_000;

  /** The default: exact scoring inside the filter, no graph. */
  public static final VectorSearch DEFAULT = new VectorSearch(Mode.EXACT, DEFAULT_EXACT_BELOW);

  /** The mode. */
  public enum Mode {
    /** Score every vector inside the filter; no graph. */
    EXACT,
    /** Build an HNSW graph; use it for filtered sets larger than {@code exactBelow}. */
    HNSW
  }

  public VectorSearch {
    if (mode == null) {
      throw new InvalidInputException("vector_search: mode must be given (exact or hnsw)");
    }
    if (exactBelow < 0) {
      throw new InvalidInputException("vector_search.exact_below must not be negative, got " + exactBelow);
    }
  }

  /** Exact scoring only. */
  public static VectorSearch exact() {
    return DEFAULT;
  }

  /** An HNSW graph, used for filtered sets larger than {@code exactBelow}. */
  public static VectorSearch hnsw(int exactBelow) {
    return new VectorSearch(Mode.HNSW, exactBelow);
  }

  /** Whether vectors are indexed in an HNSW graph. */
  public boolean graph() {
    return mode == Mode.HNSW;
  }

  /** The form recorded in an index and accepted by {@link #parse}: {@code exact} or {@code hnsw:10000}. */
  public String text() {
    return mode == Mode.EXACT ? "exact" : "hnsw:" + exactBelow;
  }

  /** Parses {@code exact}, {@code hnsw} or {@code hnsw:N}. */
  public static VectorSearch parse(String s) {
    String v = s.strip().toLowerCase(Locale.ROOT);
    if (v.equals("exact")) {
      return DEFAULT;
    }
    if (v.equals("hnsw")) {
      return hnsw(DEFAULT_EXACT_BELOW);
    }
    if (v.startsWith("hnsw:")) {
      try {
        return hnsw(Integer.parseInt(v.substring(5)));
      } catch (NumberFormatException e) {
        throw new InvalidInputException("vector_search: 'hnsw:N' needs a whole number N, got '" + s + "'");
      }
    }
    throw new InvalidInputException("vector_search: must be 'exact', 'hnsw' or 'hnsw:N', got '" + s + "'");
  }
}
