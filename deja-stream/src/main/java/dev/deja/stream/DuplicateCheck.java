package dev.deja.stream;

import java.util.Objects;
import java.util.Optional;

/**
 * The answer of {@link ContentDuplicateDetector#containsDuplicateContent}: the design's {@code (is_duplicate,
 * preview)} plus the deciding layer and score.
 *
 * <p>Immutable.
 *
 * @param isDuplicate whether the text repeats content already added
 * @param preview the earlier content it repeats, cut to {@code preview_chars}; empty when not a duplicate
 * @param similarity the deciding layer's score (0 when not a duplicate)
 * @param layer the deciding layer, or {@code none}
 */
public record DuplicateCheck(boolean isDuplicate, Optional<String> preview, double similarity, String layer) {
  public DuplicateCheck {
    Objects.requireNonNull(preview, "preview");
    Objects.requireNonNull(layer, "layer");
  }

  /** Not a duplicate. */
  public static final DuplicateCheck NONE = new DuplicateCheck(false, Optional.empty(), 0, "none");
}
