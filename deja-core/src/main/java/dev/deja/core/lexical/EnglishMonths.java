package dev.deja.core.lexical;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * English month names and their usual abbreviations ("march", "mar", "sept"): what {@link WordKnowledge#month} knows
 * without a resource.
 *
 * <p>Thread-safe: immutable.
 */
final class EnglishMonths {
  private static final Map<String, Integer> MONTHS = table();

  private EnglishMonths() {}

  static int month(String word) {
    return MONTHS.getOrDefault(word, 0);
  }

  private static Map<String, Integer> table() {
    List<String> names = List.of("january", "february", "march", "april", "may", "june", "july", "august",
        "september", "october", "november", "december");
    Map<String, Integer> m = new HashMap<>();
    for (int i = 0; i < names.size(); i++) {
      m.put(names.get(i), i + 1);
      m.put(names.get(i).substring(0, 3), i + 1);
    }
    m.put("sept", 9);
    return Map.copyOf(m);
  }
}
