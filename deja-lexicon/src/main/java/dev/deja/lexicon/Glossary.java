package dev.deja.lexicon;

import com.ibm.icu.number.NumberFormatter;
import com.ibm.icu.text.DateFormatSymbols;
import com.ibm.icu.text.LocaleDisplayNames;
import com.ibm.icu.util.MeasureUnit;
import com.ibm.icu.util.ULocale;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Words of German, Dutch, Spanish, Portuguese and French with their English equivalents, from the Unicode CLDR data
 * that ICU ships: the names of weekdays and months, of units of time, length, weight and volume (singular and plural:
 * "Woche", "Wochen", "semana", "semaine" → week), of languages ("Nederlands", "alemán" → Dutch, German) and of
 * countries ("Spanien", "España" → Spain). These are the words that carry dates, durations and places in calendar
 * titles and memories written in another language; a general bilingual dictionary is not on Maven Central.
 *
 * <p>Thread-safe: immutable after construction.
 */
final class Glossary {
  static final List<String> LANGUAGES = List.of("de", "nl", "es", "pt", "fr");
  private static final List<MeasureUnit> UNITS = List.of(MeasureUnit.MINUTE, MeasureUnit.HOUR, MeasureUnit.DAY,
      MeasureUnit.WEEK, MeasureUnit.MONTH, MeasureUnit.YEAR, MeasureUnit.KILOMETER, MeasureUnit.METER,
      MeasureUnit.MILE, MeasureUnit.KILOGRAM, MeasureUnit.GRAM, MeasureUnit.POUND, MeasureUnit.LITER);

  /** Other-language word → English words (lower case, accents folded). */
  private final Map<String, Set<String>> english = new HashMap<>();
  /** Other-language word → the language it belongs to, for explanations. */
  private final Map<String, String> language = new HashMap<>();

  Glossary() {
    ULocale en = ULocale.ENGLISH;
    DateFormatSymbols enSymbols = new DateFormatSymbols(en);
    LocaleDisplayNames enNames = LocaleDisplayNames.getInstance(en);
    for (String lang : LANGUAGES) {
      ULocale loc = new ULocale(lang);
      DateFormatSymbols sym = new DateFormatSymbols(loc);
      pairUp(lang, sym.getWeekdays(), enSymbols.getWeekdays());
      pairUp(lang, sym.getMonths(), enSymbols.getMonths());
      for (MeasureUnit u : UNITS) {
        for (int n : new int[] {1, 2}) {
          String theirs = unitName(loc, u, n);
          add(lang, theirs, unitName(en, u, 1));
          add(lang, theirs, unitName(en, u, 2));
        }
      }
      LocaleDisplayNames names = LocaleDisplayNames.getInstance(loc);
      for (String code : ULocale.getISOLanguages()) {
        add(lang, names.languageDisplayName(code), enNames.languageDisplayName(code));
      }
      for (String code : ULocale.getISOCountries()) {
        add(lang, names.regionDisplayName(code), enNames.regionDisplayName(code));
      }
    }
  }

  private void pairUp(String lang, String[] theirs, String[] ours) {
    for (int i = 0; i < Math.min(theirs.length, ours.length); i++) {
      add(lang, theirs[i], ours[i]);
    }
  }

  private static String unitName(ULocale loc, MeasureUnit unit, int count) {
    return NumberFormatter.withLocale(loc.toLocale()).unit(unit)
        .unitWidth(NumberFormatter.UnitWidth.FULL_NAME).format(count).toString().replaceAll("[\\d\\s\\u00a0.,]+", " ");
  }

  private void add(String lang, String theirs, String ours) {
    if (theirs == null || ours == null) {
      return;
    }
    String t = NumberWords.key(theirs);
    String o = NumberWords.key(ours);
    if (t.isEmpty() || o.isEmpty() || t.equals(o) || t.contains(" ")) {
      return; // only single words; a name spelled the same needs no glossary
    }
    english.computeIfAbsent(t, k -> new LinkedHashSet<>()).add(o);
    language.putIfAbsent(t, lang);
  }

  /** The English equivalents of an other-language word (a trailing plural "s" is also tried); empty if unknown. */
  Set<String> english(String word) {
    Set<String> e = english.get(word);
    if (e == null && word.length() > 3 && word.endsWith("s")) {
      e = english.get(word.substring(0, word.length() - 1));
    }
    return e == null ? Set.of() : e;
  }

  /** The language of a glossary word, for explanations. */
  String languageOf(String word) {
    String l = language.get(word);
    if (l == null && word.endsWith("s")) {
      l = language.get(word.substring(0, word.length() - 1));
    }
    return l == null ? "" : new Locale(l).getDisplayLanguage(Locale.ENGLISH);
  }
}
