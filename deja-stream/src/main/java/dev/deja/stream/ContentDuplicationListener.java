package dev.deja.stream;

/**
 * Receives an event for each repeat a deduplicator removes. Called on the thread that fed the chunk; an exception
 * thrown here is logged and counted as a detection error, and never blocks the content.
 */
@FunctionalInterface
public interface ContentDuplicationListener {
  void onDuplicate(ContentDuplicationEvent event);

  /** A listener that ignores events. */
  static ContentDuplicationListener none() {
    return e -> { };
  }
}
