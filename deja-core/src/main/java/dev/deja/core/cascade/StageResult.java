package dev.deja.core.cascade;

import dev.deja.core.explain.Explanation;
import java.util.List;
import java.util.Objects;

/**
 * What one stage found among the candidates it was given.
 *
 * @param matches the candidates it matched
 * @param explanation a summary node for the stage (how many compared, skipped and why)
 * @param warnings warnings for the verdict (e.g. a remote embedder failed open)
 */
public record StageResult(List<StageMatch> matches, Explanation explanation, List<String> warnings) {
  public StageResult {
    matches = List.copyOf(matches);
    Objects.requireNonNull(explanation, "explanation");
    warnings = List.copyOf(warnings);
  }

  public StageResult(List<StageMatch> matches, Explanation explanation) {
    this(matches, explanation, List.of());
  }
}
