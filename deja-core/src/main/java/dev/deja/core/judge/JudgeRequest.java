package dev.deja.core.judge;

import java.util.Objects;
import java.util.Optional;

/**
 * One question to a judge: are these two items the same? Only what is here leaves the process when the judge is
 * remote: the two texts, the kind (which picks the instructions) and, for calendar events, how far apart they start.
 *
 * @param kind what the texts are (picks the labelling rules the judge is given)
 * @param existing the stored item's text
 * @param candidate the new item's text
 * @param timing for calendar events, how their times relate ("the two events start 30 minutes apart"); never the
 *     dates themselves
 */
public record JudgeRequest(JudgeKind kind, String existing, String candidate, Optional<String> timing) {
  public JudgeRequest {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(existing, "existing");
    Objects.requireNonNull(candidate, "candidate");
    Objects.requireNonNull(timing, "timing");
  }

  public JudgeRequest(JudgeKind kind, String existing, String candidate) {
    this(kind, existing, candidate, Optional.empty());
  }
}
