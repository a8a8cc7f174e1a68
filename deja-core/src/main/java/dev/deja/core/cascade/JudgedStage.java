package dev.deja.core.cascade;

import dev.deja.core.judge.JudgeStep;
import java.util.Optional;

/**
 * A stage that can put the pairs it cannot settle to an LLM judge (its {@code judge} option): {@code combined},
 * {@code fuzzy} and {@code semantic}. Thread-safe, as every stage.
 */
public interface JudgedStage extends Stage {

  /** The stage's judge step, when its {@code judge} option is set. */
  Optional<JudgeStep> judge();
}
