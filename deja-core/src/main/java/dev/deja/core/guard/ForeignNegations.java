package dev.deja.core.guard;

import dev.deja.core.lexical.WordKnowledge;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The negation words of the languages texts are glossed from (German, Dutch, Spanish, Portuguese, French,
 * Italian), each with the English word it reads as: "nicht" → "not", "kein" → "no", "nunca" → "never", "sem" →
 * "without". They are a closed class of each language's grammar, like its function words; Snowball's stop lists,
 * which the gloss leaves out, hold most of them, and leaving them out turned "Ik drink geen alcohol" into a gloss of
 * "I drink alcohol".
 *
 * <p>Words that are negations in one language only are listed for that language only: Spanish "no" negates, Portuguese
 * "no" is "in the" ("moram no Recife"). French negation has two parts ("ne … pas", "n'… jamais"): the "ne" reads as
 * "not" and the second part is left out beside it; without a "ne" (spoken French: "je bois pas") the second part is
 * the negation.
 *
 * <p>Thread-safe: immutable.
 */
public final class ForeignNegations {
  private ForeignNegations() {}

  /** Accent-folded, lower-case negation words per language, with their English reading. */
  private static final Map<String, Map<String, String>> WORDS = Map.of(
      "de", Map.ofEntries(Map.entry("nicht", "not"), Map.entry("kein", "no"), Map.entry("keine", "no"),
          Map.entry("keinen", "no"), Map.entry("keinem", "no"), Map.entry("keiner", "no"), Map.entry("keines", "no"),
          Map.entry("nie", "never"), Map.entry("niemals", "never"), Map.entry("nichts", "nothing"),
          Map.entry("niemand", "nobody"), Map.entry("ohne", "without"), Map.entry("weder", "neither")),
      "nl", Map.of("niet", "not", "geen", "no", "nooit", "never", "niets", "nothing", "niks", "nothing",
          "niemand", "nobody", "zonder", "without"),
      "es", Map.of("no", "not", "nunca", "never", "jamas", "never", "nada", "nothing", "nadie", "nobody",
          "ningun", "no", "ninguno", "no", "ninguna", "no", "sin", "without", "tampoco", "neither"),
      "pt", Map.of("nao", "not", "nunca", "never", "jamais", "never", "nada", "nothing", "ninguem", "nobody",
          "nenhum", "no", "nenhuma", "no", "sem", "without"),
      "fr", Map.of("ne", "not", "pas", "not", "jamais", "never", "rien", "nothing", "aucun", "no", "aucune", "no",
          "sans", "without"),
      "it", Map.of("non", "not", "mai", "never", "niente", "nothing", "nulla", "nothing", "nessuno", "nobody",
          "nessuna", "no", "nessun", "no", "senza", "without"));

  /** The second parts of French negation, which a "ne" before them already says. */
  private static final Set<String> FRENCH_SECOND = Set.of("pas", "jamais", "rien", "aucun", "aucune");
  /** French "ne", also elided ("n'ai", "n’est"). */
  private static final Pattern FRENCH_NE = Pattern.compile("(?<![\\p{L}\\p{M}])(?:ne(?![\\p{L}\\p{M}])|n['’])",
      Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
  private static final Pattern WORD = Pattern.compile("\\p{L}[\\p{L}\\p{M}]*");

  /** The languages with a list. */
  public static boolean known(String language) {
    return WORDS.containsKey(language);
  }

  /**
   * The English reading of a word of a text in the language (accent-folded or not, any case), or null when it is no
   * negation there. {@code frenchNe}: the text has a French "ne" (then "pas", "jamais" … read as nothing, "" — the
   * "ne" says it).
   */
  public static String english(String word, String language, boolean frenchNe) {
    Map<String, String> words = WORDS.get(language);
    if (words == null) {
      return null;
    }
    String key = Glosses.fold(word);
    if (language.equals("fr") && key.length() >= 2 && key.startsWith("n'")) {
      return "not";
    }
    String e = words.get(key);
    if (e != null && language.equals("fr") && frenchNe && FRENCH_SECOND.contains(key)) {
      return "";
    }
    return e;
  }

  /** Whether a French text has a "ne" (or an elided "n'"). */
  public static boolean hasFrenchNe(String text) {
    return FRENCH_NE.matcher(text).find();
  }

  /** How many negations a text in the language has (0 for a language without a list). */
  public static int count(String text, String language) {
    if (!known(language)) {
      return 0;
    }
    if (language.equals("fr")) {
      Matcher ne = FRENCH_NE.matcher(text);
      int n = 0;
      while (ne.find()) {
        n++;
      }
      // "ne … pas" is one negation; "sans" and a "pas" without "ne" are negations of their own.
      boolean withoutNe = n == 0;
      for (String w : words(text)) {
        if (w.equals("sans") || withoutNe && FRENCH_SECOND.contains(w)) {
          n++;
        }
      }
      return n;
    }
    Map<String, String> words = WORDS.get(language);
    int n = 0;
    for (String w : words(text)) {
      if (words.containsKey(w)) {
        n++;
      }
    }
    return n;
  }

  /**
   * How many negation words of the other languages a text read as English has that English does not have as words,
   * beside another function word of that language ("Ik drink geen alcohol": "geen", beside Dutch "ik"). Not counted:
   * English words ("no", "sin", "nada": the function words and the dictionary read them as English), a word written
   * with a capital after the first (part of a name: "Médecins Sans Frontières"), and a word without a function word
   * of its language beside it ("I love mai tais", "Sans serif fonts only").
   */
  public static int countForeign(String text, Lexicon lex, WordKnowledge knowledge) {
    List<String> candidates = new ArrayList<>();
    List<String> rest = new ArrayList<>();
    Matcher m = WORD.matcher(text);
    boolean first = true;
    while (m.find()) {
      String written = m.group();
      String w = Glosses.fold(written);
      boolean name = !first && Character.isUpperCase(written.charAt(0));
      first = false;
      if (!FOREIGN_ONLY_CANDIDATES.contains(w)) {
        rest.add(w);
      } else if (!name && !lex.functionWords().contains(w) && !lex.negations().contains(w)
          && knowledge.lemmas(w).isEmpty() && !knowledge.isCommonWord(w)) {
        candidates.add(w);
      }
    }
    if (candidates.isEmpty()) {
      return 0; // most English texts: the other words' languages are not asked for
    }
    Set<String> others = new HashSet<>();
    rest.forEach(w -> others.addAll(knowledge.functionWordLanguages(w)));
    int n = 0;
    for (String w : candidates) {
      if (WORDS.entrySet().stream().anyMatch(e -> e.getValue().containsKey(w) && others.contains(e.getKey()))) {
        n++;
      }
    }
    return n;
  }

  /** Every listed word but the French second parts, which say nothing without a "ne" in an English text. */
  private static final Set<String> FOREIGN_ONLY_CANDIDATES = WORDS.values().stream()
      .flatMap(m -> m.keySet().stream()).filter(w -> !FRENCH_SECOND.contains(w) && !w.equals("ne"))
      .collect(Collectors.toUnmodifiableSet());

  private static List<String> words(String text) {
    List<String> out = new ArrayList<>();
    Matcher m = WORD.matcher(text);
    while (m.find()) {
      out.add(Glosses.fold(m.group()));
    }
    return out;
  }
}
