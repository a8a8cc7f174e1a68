package dev.deja.core.engine;

import dev.deja.core.cascade.VectorStage;
import dev.deja.core.embed.EmbeddingException;
import dev.deja.core.item.Item;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The vectors of an item for every vector stage of a collection, and warnings for stages whose embedder failed open.
 *
 * <p>Immutable once built (the map is not copied: it is built here and never changed).
 */
record ProbeVectors(Map<String, float[]> vectors, List<String> warnings) {
  static final ProbeVectors NONE = new ProbeVectors(Map.of(), List.of());

  /** The same vectors without the warnings (for the occurrences of a series, whose master already carries them). */
  ProbeVectors withoutWarnings() {
    return new ProbeVectors(vectors, List.of());
  }

  /**
   * Embeds the item once per vector name; an embedder that fails closes the check (rethrown) or, when its stage fails
   * open, leaves a warning saying what the stage does without it.
   */
  static ProbeVectors of(List<VectorStage> vectorStages, Item item) {
    if (vectorStages.isEmpty()) {
      return NONE;
    }
    Map<String, float[]> out = new LinkedHashMap<>();
    List<String> warnings = new ArrayList<>();
    for (VectorStage s : vectorStages) {
      if (out.containsKey(s.vectorName())) {
        continue;
      }
      try {
        s.vectorOf(item).ifPresent(v -> out.put(s.vectorName(), v));
      } catch (EmbeddingException e) {
        if (s.failClosed()) {
          throw e;
        }
        warnings.add("stage '" + s.name() + "' has no embedding for the new item: the embedder failed ("
            + e.getMessage() + "); failing open as configured (" + (s.type().equals("semantic")
                ? "the stage is skipped" : "the stage runs without the cosine feature") + ")");
      }
    }
    return new ProbeVectors(out, warnings);
  }
}
