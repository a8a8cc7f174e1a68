package dev.deja.core.guard;

import dev.deja.core.lexical.WordKnowledge;
import dev.deja.core.measure.LevenshteinMeasure;
import dev.deja.core.normalize.TextSteps;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A word-by-word English gloss of a text written in another language, so that an English sentence model can compare it
 * with English texts: "Ich habe zwei Wellensittiche." → "2 budgerigars.", "Hautarzt Daniel" → "dermatologist Daniel".
 * The translations come from {@link WordKnowledge#translations} (FreeDict's bilingual dictionaries in deja-lexicon).
 *
 * <p>Which language: the one whose words the text has most of — its function words (Snowball's lists) and its words
 * that are not English and that the language's dictionary knows — with the language the function words tell
 * ({@link Grammar#language}) first among equals. A text with none (plain English) is left as it is.
 *
 * <p>What changes, in that language: its function words are left out (a word-by-word gloss of "ich habe", "am", "der"
 * says nothing an English reader needs and often something wrong), but its negations become English ones ("geen" →
 * "no", "não" → "not"; {@link ForeignNegations}); number words become digits; a word the dictionary knows becomes its
 * first translation, or the one spelled like it ("Alkohol" → "alcohol") — every such word when the whole text is in
 * that language (its function words say so, or its words outnumber twice its English ones), otherwise only the words
 * that are not English ("Zahnarzt" in a title, not "Gang" in an English sentence). First names written with a
 * capital, codes and everything else (digits, names the dictionary does not know, punctuation) stay as written.
 *
 * <p>Thread-safe: glosses are cached (English texts as themselves), up to {@link TextProfile#CACHE_LIMIT} texts.
 */
public final class Glosses {
  private Glosses() {}

  private static final Pattern WORD = Pattern.compile("\\p{L}[\\p{L}\\p{M}'’]*");

  /**
   * The English gloss of a text, or the text itself when nothing in it reads as another language's (or the knowledge
   * has no translations).
   */
  public static String english(String text, Lexicon lex, WordKnowledge knowledge) {
    List<String> languages = knowledge.translatedLanguages();
    if (languages.isEmpty() || !lex.language().equals("en")) {
      return text;
    }
    Key key = new Key(text, knowledge);
    String cached = CACHE.get(key);
    if (cached == null) {
      cached = gloss(text, languages, lex, knowledge);
      if (CACHE.size() >= TextProfile.CACHE_LIMIT) {
        CACHE.clear();
      }
      CACHE.put(key, cached);
    }
    return cached;
  }

  /**
   * The English gloss of a text read beside an English one ({@code other}): as {@link #english(String, Lexicon,
   * WordKnowledge)}, but a word with several translations takes the one the other text uses — the same word, a form
   * of it or a synonym (WordNet) — as a bilingual reader picks the sense the context supports: "Prüfung" is glossed
   * "proving" alone (the dictionary's first sense), "exam" beside "Quantum mechanics exam" and "verification" (a
   * synonym of "check") beside "Statistics check"; "Reunião" "bevy" alone and "meeting" beside "parents' meeting".
   * Only a translation the dictionary lists for the word is chosen; a word none of whose translations the other text
   * uses is glossed as alone. The text itself when it is not glossed alone.
   */
  public static String english(String text, String other, Lexicon lex, WordKnowledge knowledge) {
    String alone = english(text, lex, knowledge);
    if (alone.equals(text) || other == null || other.isBlank()) {
      return alone;
    }
    List<String> otherWords = new ArrayList<>();
    for (Word w : words(other)) {
      if (!lex.functionWords().contains(w.key())) {
        otherWords.add(w.key());
      }
    }
    if (otherWords.isEmpty()) {
      return alone;
    }
    return gloss(text, knowledge.translatedLanguages(), lex, knowledge, otherWords);
  }

  private record Key(String text, WordKnowledge knowledge) {}

  private static final java.util.Map<Key, String> CACHE = new java.util.concurrent.ConcurrentHashMap<>();

  private static String gloss(String text, List<String> languages, Lexicon lex, WordKnowledge knowledge) {
    return gloss(text, languages, lex, knowledge, List.of());
  }

  /** The gloss; {@code context}: the content words of an English text read beside it (empty: none). */
  private static String gloss(String text, List<String> languages, Lexicon lex, WordKnowledge knowledge,
      List<String> context) {
    List<Word> words = words(text);
    if (words.isEmpty()) {
      return text;
    }
    String told = TextProfile.of(text, lex, knowledge).language();
    Optional<Choice> choice = choose(words, languages, told, lex, knowledge);
    if (choice.isEmpty()) {
      return text;
    }
    String l = choice.get().language();
    boolean whole = choice.get().whole();
    boolean frenchNe = l.equals("fr") && ForeignNegations.hasFrenchNe(text);
    StringBuilder out = new StringBuilder();
    int at = 0;
    boolean changed = false;
    for (Word w : words) {
      String replacement = replacement(w, l, whole, frenchNe, lex, knowledge, context);
      if (replacement == null) {
        continue;
      }
      out.append(text, at, w.start());
      out.append(replacement);
      // An elided word is written onto the next one: its English reading is a word of its own ("n'aime" → "not …").
      if (w.clitic() && !replacement.isEmpty()) {
        out.append(' ');
      }
      at = w.end();
      changed = true;
    }
    if (!changed) {
      return text;
    }
    out.append(text, at, text.length());
    return out.toString().replaceAll("\\s+", " ").strip();
  }

  /**
   * A word of the text: where it is, as written, lower case with accents folded, and whether it is written as a name
   * or an abbreviation would be (all capitals, or touching digits: "KP19", "UW").
   */
  private record Word(int start, int end, String written, String key, boolean code, boolean clitic) {
    /** As written, in lower case, accents kept (the typographic apostrophe as a plain one). */
    String lower() {
      return written.toLowerCase(Locale.ROOT).replace("’", "'");
    }
  }

  /** The languages that write elided words ({@link #ELISION}). */
  private static final java.util.Set<String> ELIDING = java.util.Set.of("fr", "it");

  /**
   * An elided article, pronoun or particle of French or Italian and the word it is written onto ("j'aime", "l'alcool",
   * "d'enfants", "qu'il", "dell'acqua"): two words, as the dictionaries list them.
   */
  private static final Pattern ELISION = Pattern.compile(
      "(?i)((?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu|dell|nell|sull|all|dall|un)['’])(\\p{L}.*)");

  private static List<Word> words(String text) {
    List<Word> out = new ArrayList<>();
    Matcher m = WORD.matcher(text);
    while (m.find()) {
      Matcher e = ELISION.matcher(m.group());
      if (e.matches()) {
        int cut = m.start() + e.end(1);
        out.add(new Word(m.start(), cut, e.group(1), fold(e.group(1)).replace("'", ""), false, true));
        add(out, text, cut, m.end());
        continue;
      }
      add(out, text, m.start(), m.end());
    }
    return out;
  }

  private static void add(List<Word> out, String text, int start, int end) {
    String written = text.substring(start, end);
    boolean code = written.length() > 1 && written.equals(written.toUpperCase(Locale.ROOT))
        || start > 0 && Character.isDigit(text.charAt(start - 1))
        || end < text.length() && Character.isDigit(text.charAt(end));
    out.add(new Word(start, end, written, fold(written), code, false));
  }

  /**
   * Lower case with accents folded and the typographic apostrophe as a plain one, as the word lists are keyed
   * ({@link TextSteps#foldAccents}: "ß" → "ss"; {@link ForeignNegations} keys its words the same way).
   */
  static String fold(String s) {
    return TextSteps.foldAccents(s.toLowerCase(Locale.ROOT).replace("’", "'"));
  }

  /** The language of a text's foreign words, and whether the whole text is in it. */
  private record Choice(String language, boolean whole) {}

  /**
   * The language with the most of the text's words — its function words, and the other words its dictionary
   * translates — (the one the function words tell first among equals). The whole text is in it when its function
   * words tell so ({@link Grammar#language}), or when its words outnumber twice the text's English words (common words
   * and English function words). Otherwise, for a text its function words do not place (a title such as "Hautarzt
   * Daniel" or "Miete fällig"), only the words WordNet does not know at all count, and only when they outnumber the
   * English words ("Mochi vet checkup" stays as it is); empty when no language does.
   */
  private static Optional<Choice> choose(List<Word> words, List<String> languages, String told, Lexicon lex,
      WordKnowledge knowledge) {
    int english = 0;
    for (Word w : words) {
      if (!w.clitic() && (lex.functionWords().contains(w.key()) || knowledge.isCommonWord(w.key()))) {
        english++;
      }
    }
    boolean foreign = !told.equals(lex.language());
    String best = null;
    int most = 0;
    for (String l : languages) {
      int n = 0;
      for (Word w : words) {
        if (w.clitic() ? ELIDING.contains(l) : function(w, l, foreign, lex, knowledge)
            || (foreign ? !anyFunction(w, knowledge) : unknown(w, lex, knowledge))
            && !knowledge.translations(w.key(), w.lower(), l).isEmpty()) {
          n++;
        }
      }
      if (n > most || n == most && n > 0 && l.equals(told)) {
        best = l;
        most = n;
      }
    }
    if (best == null) {
      return Optional.empty();
    }
    if (foreign || most >= 2 && most > 2 * english) {
      return Optional.of(new Choice(best, true));
    }
    return most > english ? Optional.of(new Choice(best, false)) : Optional.empty();
  }

  /** A word English does not have: no English function word, not in WordNet, no first name, no code. */
  private static boolean unknown(Word w, Lexicon lex, WordKnowledge knowledge) {
    return !w.code() && w.key().length() > 2 && !lex.functionWords().contains(w.key())
        && !knowledge.isGivenName(w.key()) && knowledge.lemmas(w.key()).isEmpty();
  }

  /** A function word of some language ("la", "por"): it tells the language by its function, not its dictionary. */
  private static boolean anyFunction(Word w, WordKnowledge knowledge) {
    return !knowledge.functionWordLanguages(w.key()).isEmpty()
        || !knowledge.sharedFunctionWordLanguages(w.key()).isEmpty();
  }

  /** A function word of the language (one English does not share; a shared one too when the whole text is in it). */
  private static boolean function(Word w, String language, boolean whole, Lexicon lex, WordKnowledge knowledge) {
    if (lex.functionWords().contains(w.key()) && !whole) {
      return false;
    }
    return knowledge.functionWordLanguages(w.key()).contains(language)
        || whole && knowledge.sharedFunctionWordLanguages(w.key()).contains(language);
  }

  /** What a word becomes in the gloss: "" (left out), its translation or digits; null when it stays as written. */
  private static String replacement(Word w, String language, boolean whole, boolean frenchNe, Lexicon lex,
      WordKnowledge knowledge, List<String> context) {
    // A negation is kept, in English ("geen" → "no"): leaving it out with the function words would gloss "Ik drink
    // geen alcohol" as "I drink alcohol". An English negation word stays as written in an English text ("no").
    if (whole || !lex.negations().contains(w.key()) && !lex.functionWords().contains(w.key())) {
      String negation = ForeignNegations.english(w.written(), language, frenchNe);
      if (negation != null) {
        return negation;
      }
    }
    // An article that also means "one" ("een", "ein", "un", "um") is left out with the function words: the gloss
    // cannot tell "one sugar" from "a sugar" (nor can the number tables, which leave those words out). So is an
    // elided one ("l'", "j'", "d'") in a language that elides.
    if (w.clitic() ? ELIDING.contains(language) : function(w, language, whole, lex, knowledge)) {
      return "";
    }
    // A first name stays, unless a text in another language writes it in lower case ("domingos", "rosa").
    boolean name = knowledge.isGivenName(w.key()) && (!whole || Character.isUpperCase(w.written().charAt(0)));
    if (w.code() || name || !whole && !unknown(w, lex, knowledge)) {
      return null;
    }
    String k = w.key();
    Optional<Double> number = knowledge.numberValue(k, language);
    if (number.isPresent() && number.get() == Math.rint(number.get()) && Math.abs(number.get()) < 1e9) {
      return Long.toString(number.get().longValue());
    }
    List<String> t = knowledge.translations(k, w.lower(), language);
    if (t.isEmpty()) {
      return null;
    }
    String used = t.size() > 1 ? usedBeside(t, context, knowledge) : null;
    return used != null ? used : chosen(k, t);
  }

  /**
   * The translation whose last word (its head: "estate agent") the context uses: the first that it uses as written or
   * in another form of the same word (a shared dictionary form: "meetings" / "meeting"), else the first that WordNet
   * calls its synonym ("test" / "exam"); null when none. Forms related only by derivation ("custom" / "use",
   * "proving" / "exam") do not count: they reach rare senses.
   */
  private static String usedBeside(List<String> translations, List<String> context, WordKnowledge knowledge) {
    for (String t : translations) {
      String head = head(t);
      for (String c : context) {
        if (c.equals(head) || !java.util.Collections.disjoint(knowledge.lemmas(head), knowledge.lemmas(c))) {
          return t;
        }
      }
    }
    for (String t : translations) {
      String head = head(t);
      for (String c : context) {
        if (knowledge.relate(head, c).kind() == dev.deja.core.lexical.WordRelation.Kind.SAME) {
          return t;
        }
      }
    }
    return null;
  }

  private static String head(String translation) {
    return fold(translation.substring(translation.lastIndexOf(' ') + 1));
  }

  /** How alike a translation must be spelled to the word to be its cognate (normalised Levenshtein similarity). */
  private static final double COGNATE = 0.6;

  /**
   * The translation a gloss writes: the first, unless another is spelled like the word — its cognate, the sense a
   * borrowed word keeps ("alkohol" → "alcohol", not "ethyl alcohol").
   */
  private static String chosen(String word, List<String> translations) {
    String best = translations.get(0);
    double most = COGNATE;
    for (String t : translations) {
      double s = LevenshteinMeasure.INSTANCE.similarity(word, fold(t));
      if (s > most) {
        best = t;
        most = s;
      }
    }
    return best;
  }
}
