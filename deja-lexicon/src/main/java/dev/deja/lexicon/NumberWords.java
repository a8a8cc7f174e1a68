package dev.deja.lexicon;

import com.ibm.icu.text.RuleBasedNumberFormat;
import com.ibm.icu.util.ULocale;
import java.text.Normalizer;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Number words in English, German, Dutch, Spanish, Portuguese and French, read off ICU's rule-based spell-out (CLDR
 * data): every cardinal, ordinal and year rule set of each language is asked to spell the numbers 0–200, the tens and
 * hundreds to 10,000 and the years 1900–2100, and each spelling maps back to its value ("thirty-four",
 * "vierunddreißig", "vierendertig", "treinta y cuatro", "trinta e quatro", "trente-quatre" → 34; "nineteen thirty-eight"
 * → 1938; "twenty-first" → 21).
 *
 * <p>Spellings are compared after lower-casing, folding accents, ß → ss, and turning hyphens and ICU's soft hyphens
 * into spaces (German compounds are also kept joined). Left out, because they are more often something else: the
 * other languages' words for one, which are their indefinite articles ("ein", "een", "un", "uma"), and any
 * other-language spelling that is also an English word ("elf", "once", "cent"); English "one" stays (one sugar vs two
 * sugars is a real difference).
 *
 * <p>Thread-safe: immutable after construction.
 */
public final class NumberWords {
  private static final List<String> LANGUAGES = List.of("en", "de", "nl", "es", "pt", "fr");

  private final Map<String, Double> values;
  /** Every single-word spelling, the words for one of every language included: parts of compounds. */
  private final Map<String, Double> parts;
  /**
   * By language (not English), the spellings left out of {@link #values} because they are also English words
   * ("once" = 11 in Spanish, "elf" = 11 in German and Dutch, "cent" = 100 in French): read only in a text of that
   * language.
   */
  private final Map<String, Map<String, Double>> ownWords;
  /** By language, the word its spell-out writes before a negative number ("minus", "moins", "menos"). */
  private final Map<String, String> minusWords;

  /**
   * Builds the table.
   *
   * @param isEnglishWord whether a single other-language spelling is also an English word (then it is left out)
   */
  NumberWords(java.util.function.Predicate<String> isEnglishWord) {
    Map<String, Double> m = new HashMap<>();
    Map<String, Double> p = new HashMap<>();
    Map<String, Map<String, Double>> own = new HashMap<>();
    Map<String, String> minus = new HashMap<>();
    for (String lang : LANGUAGES) {
      RuleBasedNumberFormat f = new RuleBasedNumberFormat(new ULocale(lang), RuleBasedNumberFormat.SPELLOUT);
      String negative = key(f.format(-7));
      String positive = key(f.format(7));
      String sign = negative.endsWith(" " + positive)
          ? negative.substring(0, negative.length() - positive.length() - 1) : "";
      if (!sign.isBlank()) {
        minus.put(lang, sign);
      }
      for (String rs : f.getRuleSetNames()) {
        boolean year = rs.contains("year");
        if (!rs.contains("cardinal") && !rs.contains("ordinal") && !year) {
          continue;
        }
        for (long n : numbers(year)) {
          String spelled = key(f.format(n, rs));
          if (!spelled.isEmpty() && n < 100) {
            p.putIfAbsent(spelled.replace(" ", ""), (double) n);
          }
          if (spelled.isEmpty() || !lang.equals("en") && n == 1) {
            continue;
          }
          if (!lang.equals("en") && !spelled.contains(" ") && isEnglishWord.test(spelled)) {
            own.computeIfAbsent(lang, k -> new HashMap<>()).putIfAbsent(spelled, (double) n);
            continue;
          }
          m.putIfAbsent(spelled, (double) n);
          if (spelled.contains(" ") && !lang.equals("en")) {
            m.putIfAbsent(spelled.replace(" ", ""), (double) n); // German and Dutch write them as one word
          }
        }
      }
    }
    this.values = Map.copyOf(m);
    this.parts = Map.copyOf(p);
    Map<String, Map<String, Double>> o = new HashMap<>();
    own.forEach((k, v) -> o.put(k, Map.copyOf(v)));
    this.ownWords = Map.copyOf(o);
    this.minusWords = Map.copyOf(minus);
  }

  /**
   * Whether a word is what the spell-out of {@code language} writes before a negative number, when that is the word
   * English writes ("minus": English, German). The other languages' words ("min", "menos", "moins") also mean "less"
   * before a number ("al menos dos horas", "au moins deux heures": at least two hours) and are not read as a sign.
   */
  public boolean isMinusWord(String word, String language) {
    String w = minusWords.get(language);
    return w != null && w.equals(word) && w.equals(minusWords.get("en"));
  }

  /** The value of a number word used as a part of a compound, the words for one included. */
  public Optional<Double> partValue(String part) {
    return Optional.ofNullable(parts.get(key(part)));
  }

  private static long[] numbers(boolean years) {
    if (years) {
      long[] out = new long[201];
      for (int i = 0; i <= 200; i++) {
        out[i] = 1900 + i;
      }
      return out;
    }
    List<Long> l = new java.util.ArrayList<>();
    for (long i = 0; i <= 200; i++) {
      l.add(i);
    }
    for (long i = 210; i <= 1000; i += 10) {
      l.add(i);
    }
    for (long i = 1100; i <= 10_000; i += 100) {
      l.add(i);
    }
    l.add(100_000L);
    l.add(1_000_000L);
    return l.stream().mapToLong(Long::longValue).toArray();
  }

  /** The comparison form of a spelling: lower case, no accents, ß → ss, hyphens as spaces. */
  static String key(String s) {
    if (simple(s)) {
      return s; // lower-case ASCII letters and single spaces: already in comparison form
    }
    String t = s.toLowerCase(Locale.ROOT).replace("\u00ad", " ").replace('-', ' ').replace("ß", "ss");
    t = Normalizer.normalize(t, Normalizer.Form.NFD).replaceAll("\\p{M}+", "");
    return t.replaceAll("\\s+", " ").strip();
  }

  private static boolean simple(String s) {
    if (s.isEmpty() || s.charAt(0) == ' ' || s.charAt(s.length() - 1) == ' ') {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (!(c >= 'a' && c <= 'z' || c == ' ' && s.charAt(i - 1) != ' ')) {
        return false;
      }
    }
    return true;
  }

  /** The value of a phrase that is exactly one number's spelling. */
  public Optional<Double> value(String phrase) {
    return Optional.ofNullable(values.get(key(phrase)));
  }

  /**
   * The value of a phrase that is exactly one number's spelling, read as a text of {@code language} reads it: its own
   * spellings that are also English words first ("once" is 11 in Spanish), then the table every language shares.
   */
  public Optional<Double> value(String phrase, String language) {
    String k = key(phrase);
    Map<String, Double> own = ownWords.get(language);
    Double v = own == null ? null : own.get(k);
    return Optional.ofNullable(v != null ? v : values.get(k));
  }

  /** How many spellings the table holds. */
  int size() {
    return values.size();
  }
}
