package dev.deja.core.measure;

/**
 * A string's code points as an array, as {@code s.codePoints().toArray()} gives them, without the stream: measures
 * ask for them on every comparison, and a batch compares tens of millions of pairs.
 *
 * <p>Thread-safe: stateless.
 */
final class CodePoints {
  private CodePoints() {}

  static int[] of(String s) {
    int n = s.length();
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (Character.isSurrogate(c)) {
        return s.codePoints().toArray(); // a pair counts once: the general path
      }
      out[i] = c;
    }
    return out;
  }
}
