package dev.deja.core.measure;

import dev.deja.core.InvalidInputException;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The measures known by name in collection specs: {@code sequence}, {@code jaccard}, {@code trigram},
 * {@code jaro_winkler}, {@code levenshtein}, {@code compound}, {@code exact}, {@code numeric}.
 *
 * <p>Thread-safe: immutable.
 */
public final class Measures {
  private static final Map<String, Measure> BUILT_IN;

  static {
    Map<String, Measure> m = new TreeMap<>();
    m.put("sequence", SequenceMeasure.INSTANCE);
    m.put("jaccard", JaccardMeasure.INSTANCE);
    m.put("trigram", TrigramMeasure.INSTANCE);
    m.put("jaro_winkler", JaroWinklerMeasure.INSTANCE);
    m.put("levenshtein", LevenshteinMeasure.INSTANCE);
    m.put("compound", CompoundMeasure.INSTANCE);
    m.put("exact", ExactMeasure.INSTANCE);
    m.put("numeric", NumericMeasure.INSTANCE);
    BUILT_IN = java.util.Collections.unmodifiableMap(m);
  }

  private Measures() {}

  /** The measure with this name, if there is one. */
  public static Optional<Measure> find(String name) {
    return Optional.ofNullable(BUILT_IN.get(name));
  }

  /** The measure with this name, or an {@link InvalidInputException} listing the known names. */
  public static Measure byName(String name) {
    return find(name).orElseThrow(() -> new InvalidInputException(
        "unknown measure '" + name + "'; known measures: " + String.join(", ", BUILT_IN.keySet())));
  }

  /** The names of the built-in measures, sorted. */
  public static java.util.Set<String> names() {
    return BUILT_IN.keySet();
  }
}
