package dev.deja.core.normalize;

/**
 * A light, conservative English stemmer for comparing content words: plurals, verb endings and a few derivational
 * endings are removed so that variants of one word meet ("allergy" / "allergic", "teach" / "teacher", "meditation" /
 * "meditate", "evenings" / "evening", "named" / "name"). Not a full Porter stemmer: it never needs to produce a
 * dictionary word, only the same stem for variants, and it leaves short words alone.
 *
 * <table>
 *   <caption>Known values</caption>
 *   <tr><th>word</th><th>stem</th></tr>
 *   <tr><td>allergy, allergic, allergies</td><td>allerg</td></tr>
 *   <tr><td>teacher, teaches, teaching</td><td>teach</td></tr>
 *   <tr><td>meditation, meditate</td><td>medit</td></tr>
 *   <tr><td>cats, cat</td><td>cat</td></tr>
 * </table>
 *
 * <p>Expects lower-case words. Deterministic; idempotent is not promised (it is applied once). Thread-safe: stateless.
 */
public final class LightStemmer {
  private LightStemmer() {}

  private static final String[][] FIRST = {
      {"ically", "ic"}, {"ations", "ate"}, {"ation", "ate"}, {"ness", ""}, {"ments", ""}, {"ment", ""},
      {"ingly", ""}, {"edly", ""}, {"ly", ""}, {"ies", "y"}, {"ied", "y"}, {"ing", ""}, {"ers", ""}, {"er", ""},
      {"ed", ""}, {"es", ""}, {"s", ""}};
  /** Second-pass endings and the shortest stem each may leave. */
  private static final String[][] SECOND = {{"ate", "4"}, {"ist", "4"}, {"ic", "4"}, {"al", "4"}, {"y", "4"},
      {"e", "3"}};

  /** The stem of a lower-case word. */
  public static String stem(String word) {
    String w = word;
    // Twice, so that stacked endings meet their stem: "evenings" → "evening" → "even", like "evening" → "even".
    for (int pass = 0; pass < 2; pass++) {
      for (String[] rule : FIRST) {
        if (w.endsWith(rule[0]) && w.length() - rule[0].length() >= 3) {
          w = w.substring(0, w.length() - rule[0].length()) + rule[1];
          break;
        }
      }
    }
    for (String[] rule : SECOND) {
      if (w.endsWith(rule[0]) && w.length() - rule[0].length() >= Integer.parseInt(rule[1])) {
        w = w.substring(0, w.length() - rule[0].length());
        break;
      }
    }
    int n = w.length();
    if (n > 3 && w.charAt(n - 1) == w.charAt(n - 2) && "aeiouls".indexOf(w.charAt(n - 1)) < 0) {
      w = w.substring(0, n - 1);
    }
    return w;
  }
}
