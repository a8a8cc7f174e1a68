package dev.deja.core.lexical;

/** {@link WordKnowledge#none()}: knows no word. Thread-safe: stateless. */
enum NoWordKnowledge implements WordKnowledge {
  INSTANCE;

  @Override
  public String source() {
    return "none";
  }

  @Override
  public WordRelation relate(String a, String b) {
    return a.equals(b) ? new WordRelation(WordRelation.Kind.SAME, "the same word") : WordRelation.UNKNOWN;
  }
}
