package dev.deja.core.judge;

import java.util.Objects;

/**
 * What a judge said about a pair: its decision and a one-line reason (shown in the explanation tree).
 *
 * <p>A reason is kept on one line and cut to {@value #MAX_REASON} characters: it comes from a model and goes into
 * logs, terminals and JSON answers. Immutable.
 *
 * @param decision same or different
 * @param reason why, in one line (may be empty when the model gave none)
 */
public record Judgement(Decision decision, String reason) {
  /** The longest reason kept; a model asked for one line rarely needs more. */
  public static final int MAX_REASON = 300;

  public Judgement {
    Objects.requireNonNull(decision, "decision");
    Objects.requireNonNull(reason, "reason");
    String one = reason.replaceAll("\\s+", " ").strip();
    reason = one.length() > MAX_REASON ? one.substring(0, MAX_REASON - 1) + "…" : one;
  }
}
