package dev.deja.stream;

import java.time.Instant;
import java.util.Objects;

/**
 * A record that one unit of a streamed answer repeated an earlier one and was removed (the design's
 * {@code ContentDuplicationEvent}).
 *
 * <p>Immutable.
 *
 * @param eventId unique per deduplicator: {@code <session>-<response>-<n>}
 * @param sessionId the session (conversation) the response belongs to
 * @param timestamp when the repeat was detected, from the deduplicator's clock
 * @param originalPreview the earlier unit, cut to {@code preview_chars} (100) characters
 * @param duplicatePreview the removed unit, cut the same way
 * @param similarity the deciding layer's score (1 for an exact repeat)
 * @param layer the deciding layer: exact, chunk, content, paraphrase or semantic
 * @param position where the removed unit started in the response's text (UTF-16 offset)
 * @param unitIndex the removed unit's index among the response's units
 */
public record ContentDuplicationEvent(String eventId, String sessionId, Instant timestamp, String originalPreview,
    String duplicatePreview, double similarity, String layer, long position, int unitIndex) {
  public ContentDuplicationEvent {
    Objects.requireNonNull(eventId, "eventId");
    Objects.requireNonNull(sessionId, "sessionId");
    Objects.requireNonNull(timestamp, "timestamp");
    Objects.requireNonNull(originalPreview, "originalPreview");
    Objects.requireNonNull(duplicatePreview, "duplicatePreview");
    Objects.requireNonNull(layer, "layer");
  }

  /** A text cut to at most {@code max} characters (never inside a surrogate pair). */
  public static String preview(String text, int max) {
    if (text.length() <= max) {
      return text;
    }
    int end = max;
    if (Character.isHighSurrogate(text.charAt(end - 1))) {
      end--;
    }
    return text.substring(0, end);
  }
}
