package dev.deja.core.guard;

import dev.deja.core.explain.Explanation;
import java.util.Objects;

/**
 * What a guard decided about one match.
 *
 * @param effect pass it, downgrade it to a possible duplicate, or veto it
 * @param explanation the guard's node in the match's explanation
 */
public record GuardDecision(Effect effect, Explanation explanation) {
  public GuardDecision {
    Objects.requireNonNull(effect, "effect");
    Objects.requireNonNull(explanation, "explanation");
  }

  /** The effect of a guard on a match. */
  public enum Effect {
    PASS,
    DOWNGRADE,
    VETO
  }
}
