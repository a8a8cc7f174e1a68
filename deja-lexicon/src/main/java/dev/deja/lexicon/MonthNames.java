package dev.deja.lexicon;

import com.ibm.icu.text.DateFormatSymbols;
import com.ibm.icu.util.ULocale;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Month names and their abbreviations in English, German, Dutch, Spanish, Portuguese and French, read off ICU's
 * calendar symbols (CLDR data): the wide and abbreviated names, as used in a date and standing alone ("märz" / "mär",
 * "maart" / "mrt", "marzo" / "mar", "março" / "mar", "mars" / "mars"), compared as {@link NumberWords#key} compares
 * number words (lower case, accents folded) and without a closing full stop ("sept." → "sept").
 *
 * <p>Thread-safe: immutable after construction.
 */
final class MonthNames {
  private static final List<String> LANGUAGES = List.of("en", "de", "nl", "es", "pt", "fr");

  private final Map<String, Map<String, Integer>> byLanguage = new HashMap<>();

  MonthNames() {
    for (String lang : LANGUAGES) {
      DateFormatSymbols symbols = new DateFormatSymbols(new ULocale(lang));
      Map<String, Integer> m = new HashMap<>();
      for (int context : new int[] {DateFormatSymbols.FORMAT, DateFormatSymbols.STANDALONE}) {
        for (int width : new int[] {DateFormatSymbols.WIDE, DateFormatSymbols.ABBREVIATED}) {
          String[] names = symbols.getMonths(context, width);
          for (int i = 0; i < 12 && i < names.length; i++) {
            String k = fold(names[i]);
            if (!k.isEmpty() && !k.contains(" ")) {
              m.putIfAbsent(k, i + 1);
            }
          }
        }
      }
      if (lang.equals("en")) {
        m.put("sept", 9);
      }
      byLanguage.put(lang, Map.copyOf(m));
    }
  }

  /** The month a lower-case word names in a text of {@code language}, or in English; 0 for none. */
  int month(String word, String language) {
    String k = fold(word);
    Map<String, Integer> own = byLanguage.get(language);
    Integer v = own == null ? null : own.get(k);
    if (v == null) {
      v = byLanguage.get("en").get(k);
    }
    return v == null ? 0 : v;
  }

  private static String fold(String s) {
    String k = NumberWords.key(s);
    return k.endsWith(".") ? k.substring(0, k.length() - 1) : k;
  }
}
