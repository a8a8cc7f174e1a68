package dev.deja.core.lexical;

import java.util.ServiceLoader;

/** The word knowledge registered by modules on the class path. Thread-safe. */
public final class WordKnowledges {
  private WordKnowledges() {}

  private static volatile WordKnowledge defaults;

  /**
   * The first {@link WordKnowledge} registered in {@code META-INF/services/dev.deja.core.lexical.WordKnowledge}, loaded
   * once; {@link WordKnowledge#none()} when no module registers one.
   */
  public static WordKnowledge defaults() {
    WordKnowledge d = defaults;
    if (d == null) {
      synchronized (WordKnowledges.class) {
        d = defaults;
        if (d == null) {
          d = ServiceLoader.load(WordKnowledge.class, WordKnowledges.class.getClassLoader()).findFirst()
              .orElse(WordKnowledge.none());
          defaults = d;
        }
      }
    }
    return d;
  }
}
