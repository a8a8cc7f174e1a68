package dev.deja.lucene;

import dev.deja.core.InvalidInputException;
import java.util.List;
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
 *   <li>{@link Mode#HNSW_INT8}: the same with Lucene's scalar-quantized HNSW (the graph is built and searched over
 *       int8 copies of the vectors: a quarter of the graph's vector memory); the hits are re-scored exactly, like
 *       {@link Mode#HNSW}'s, from twice as many graph hits as asked for.
 * </ul>
 *
 * @param mode exact scoring only, or an HNSW graph (of floats or of int8 copies) for large filtered sets
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
    HNSW,
    /** Build a scalar-quantized (int8) HNSW graph; use it for filtered sets larger than {@code exactBelow}. */
    HNSW_INT8
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

  /** A scalar-quantized (int8) HNSW graph, used for filtered sets larger than {@code exactBelow}. */
  public static VectorSearch hnswInt8(int exactBelow) {
    return new VectorSearch(Mode.HNSW_INT8, exactBelow);
  }

  /** Whether vectors are indexed in an HNSW graph. */
  public boolean graph() {
    return mode != Mode.EXACT;
  }

  /** Whether the graph is built over int8 copies of the vectors. */
  public boolean quantized() {
    return mode == Mode.HNSW_INT8;
  }

  /**
   * The form recorded in an index and accepted by {@link #parse}: {@code exact}, {@code hnsw:10000} or
   * {@code hnsw-int8:10000}.
   */
  public String text() {
    return switch (mode) {
      case EXACT -> "exact";
      case HNSW -> "hnsw:" + exactBelow;
      case HNSW_INT8 -> "hnsw-int8:" + exactBelow;
    };
  }

  /** Parses {@code exact}, {@code hnsw}, {@code hnsw:N}, {@code hnsw-int8} or {@code hnsw-int8:N}. */
  public static VectorSearch parse(String s) {
    String v = s.strip().toLowerCase(Locale.ROOT);
    if (v.equals("exact")) {
      return DEFAULT;
    }
    for (Mode m : List.of(Mode.HNSW_INT8, Mode.HNSW)) {
      String name = m == Mode.HNSW ? "hnsw" : "hnsw-int8";
      if (v.equals(name)) {
        return new VectorSearch(m, DEFAULT_EXACT_BELOW);
      }
      if (v.startsWith(name + ":")) {
        try {
          return new VectorSearch(m, Integer.parseInt(v.substring(name.length() + 1)));
        } catch (NumberFormatException e) {
          throw new InvalidInputException("vector_search: '" + name + ":N' needs a whole number N, got '" + s + "'");
        }
      }
    }
    throw new InvalidInputException("vector_search: must be 'exact', 'hnsw', 'hnsw:N', 'hnsw-int8' or "
        + "'hnsw-int8:N', got '" + s + "'");
  }
}
