package dev.deja.core.guard;

import dev.deja.core.normalize.Analyzer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The names a text writes: capitalised words that are names, brands or places, abbreviations ("NHS", "PhD"), the
 * people it names by first name, and the names either of two texts has that the other lacks. Weekday and month names
 * are not names here (the contrast signals compare them), nor are capitalised contractions ("We've").
 *
 * <p>Thread-safe: stateless.
 */
public final class NameReadings {
  private NameReadings() {}

  /**
   * Capitalised words that are not the first word of the text (names, brands, places), lower-cased; weekday and month
   * names are left to the contrast guard.
   */
  public static Set<String> names(String text, Lexicon lex) {
    Set<String> out = new TreeSet<>();
    String[] tokens = text.split("[^\\p{L}\\p{N}'’]+");
    boolean first = true;
    for (String tok : tokens) {
      if (tok.isEmpty()) {
        continue;
      }
      if (first) {
        first = false;
        continue;
      }
      String bare = tok.replace("’", "'");
      if (bare.equals("I") || bare.startsWith("I'") || contraction(bare)) {
        continue;
      }
      if (isAcronym(bare)) {
        continue; // an abbreviation ("WFH", "NHS", "PhD"), compared by the alignment, not a name
      }
      boolean capital = Character.isUpperCase(bare.codePointAt(0));
      boolean inner = bare.codePoints().skip(1).anyMatch(Character::isUpperCase);
      if (!capital && !inner) {
        continue;
      }
      String n = Analyzer.STANDARD.normalize(bare.endsWith("'s") ? bare.substring(0, bare.length() - 2) : bare);
      if (n.isEmpty() || dateName(n, lex)) {
        continue;
      }
      out.add(n);
    }
    return out;
  }

  private static final Pattern CONTRACTION = Pattern.compile("\\p{L}+(n't|'(ve|re|ll|d|m|t))", Pattern.CASE_INSENSITIVE);

  /**
   * Whether a token (apostrophes as {@code '}) is a word with an English clitic — "We've", "Don't", "You'll",
   * "They're" — which opens a sentence with a capital but is no name.
   */
  static boolean contraction(String token) {
    return CONTRACTION.matcher(token).matches();
  }

  /**
   * Whether a token is written as an abbreviation: two to six letters or digits with at least two capitals and no
   * lower-case letter other than a plural or possessive ending ("NHS", "WFH", "2FA", "PS5", "EVs"), or a capital,
   * lower-case letters and a capital ("PhD").
   */
  public static boolean isAcronym(String token) {
    String t = token.endsWith("'s") || token.endsWith("’s") ? token.substring(0, token.length() - 2)
        : token.length() > 2 && token.endsWith("s") && Character.isUpperCase(token.charAt(token.length() - 2))
        ? token.substring(0, token.length() - 1) : token;
    if (t.length() < 2 || t.length() > 6) {
      return false;
    }
    int upper = 0;
    int lower = 0;
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      if (Character.isUpperCase(c)) {
        upper++;
      } else if (Character.isLowerCase(c)) {
        lower++;
      } else if (!Character.isDigit(c) && c != '&') {
        return false;
      }
    }
    return upper >= 2 && (lower == 0 || lower <= 1 && t.length() >= 3
        && Character.isUpperCase(t.charAt(t.length() - 1)) && Character.isUpperCase(t.charAt(0)));
  }

  /** The abbreviations of a text ({@link #isAcronym}), lower-cased, without a plural or possessive ending. */
  public static List<String> acronyms(String text) {
    List<String> out = new ArrayList<>();
    for (String tok : text.split("[^\\p{L}\\p{N}&'’]+")) {
      if (isAcronym(tok)) {
        String t = tok.replace("’", "'");
        t = t.endsWith("'s") ? t.substring(0, t.length() - 2) : t;
        t = t.length() > 2 && t.endsWith("s") && Character.isUpperCase(t.charAt(t.length() - 2))
            ? t.substring(0, t.length() - 1) : t;
        out.add(t.toLowerCase(Locale.ROOT).replace("&", ""));
      }
    }
    return out;
  }

  /**
   * Proper names of a text as a lexical resource tells them: capitalised words that are not function words or
   * abbreviations, where a capital is informative — anywhere in a text written in sentence case ("my dog Pepper"),
   * while the first word, and every word of a text in title case, must also not be a common word of the resource
   * ("Lucas soccer practice", "Parent Teacher Meeting": Lucas, not Soccer). With
   * knowledge that knows no words, the capitalisation rule of {@link #names(String, Lexicon)} applies.
   */
  public static Set<String> names(String text, Lexicon lex, dev.deja.core.lexical.WordKnowledge knowledge) {
    if (!knowledge.isCommonWord("house")) {
      return names(text, lex);
    }
    Set<String> out = new TreeSet<>();
    String[] tokens = TextSignals.withoutPossessives(text).split("[^\\p{L}\\p{N}'’]+");
    boolean titles = titleCase(tokens);
    boolean first = true;
    for (String tok : tokens) {
      if (tok.isEmpty()) {
        continue;
      }
      boolean initial = first;
      first = false;
      if (isAcronym(tok)) {
        continue;
      }
      String bare = tok.replace("’", "'");
      bare = bare.endsWith("'s") ? bare.substring(0, bare.length() - 2) : bare;
      if (bare.isEmpty() || !Character.isUpperCase(bare.codePointAt(0)) || bare.equals("I") || bare.startsWith("I'")
          || contraction(bare)) {
        continue;
      }
      String n = Analyzer.STANDARD.normalize(bare);
      if (n.isEmpty() || lex.functionWords().contains(n) || lex.negations().contains(n) || dateName(n, lex)
          || (initial || titles) && knowledge.isCommonWord(n) || !knowledge.functionWordLanguages(n).isEmpty()
          || knowledge.numberValue(n).isPresent()) {
        continue;
      }
      out.add(n);
    }
    return out;
  }

  /**
   * The first name written at word {@code index} of a text (words split as {@link #givenNames} splits them), when it
   * is capitalised and a first name of the knowledge, whether or not it is also a word ("Ruby", "Mark") — but not a
   * weekday or month name nor a word for a kind of person; empty otherwise.
   */
  static java.util.Optional<String> givenNameAt(String text, int index, Lexicon lex,
      dev.deja.core.lexical.WordKnowledge knowledge) {
    List<String> tokens = bareTokens(text);
    if (index < 0 || index >= tokens.size()) {
      return java.util.Optional.empty();
    }
    String bare = tokens.get(index);
    if (bare.length() < 2 || !Character.isUpperCase(bare.codePointAt(0)) || isAcronym(bare)) {
      return java.util.Optional.empty();
    }
    String n = Analyzer.STANDARD.normalize(bare);
    if (n.isEmpty() || n.contains(" ") || !knowledge.isGivenName(n) || dateName(n, lex)
        || knowledge.isCommonWord(n) && knowledge.isPersonNoun(n)) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(n);
  }

  /** The word index at which a text writes this (normalised) first name, or -1. */
  static int wordIndexOf(String text, String name) {
    List<String> tokens = bareTokens(text);
    for (int i = 0; i < tokens.size(); i++) {
      if (Analyzer.STANDARD.normalize(tokens.get(i)).equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /** A text's words as {@link #givenNames} splits them, apostrophes as {@code '}, a possessive "'s" cut off. */
  private static List<String> bareTokens(String text) {
    List<String> out = new ArrayList<>();
    for (String tok : text.split("[^\\p{L}\\p{N}'’]+")) {
      if (!tok.isEmpty()) {
        String bare = tok.replace("’", "'");
        out.add(bare.endsWith("'s") ? bare.substring(0, bare.length() - 2) : bare);
      }
    }
    return out;
  }

  /**
   * The people a text names by first name: capitalised words that the knowledge lists as first names ("Ollie", "Keisha",
   * "Lucía"), lower case with accents folded, in any language. A first name that is also an ordinary word ("Ruby",
   * "Frank", "Mark") counts where its capital is informative — inside a text written in sentence case — or where the
   * possessive marks it as someone's ("Ruby's swim class"); as the first word or in a title-case text it may be the word
   * ("Frank discussion", "Mark the date"). Not counted: weekday and month names and their abbreviations ("Sun", "May"),
   * words for kinds of people ("Nan's visit": a grandmother, not a name), and, in a text in sentence case, a first name
   * right after a capitalised word (not the first) that is neither a first name nor a word for a person — part of a
   * place or brand ("trip to São Paulo", "walk round Lake Louise"); after a title of a person it stays a name ("with
   * Nana Carol").
   */
  public static Set<String> givenNames(String text, Lexicon lex, dev.deja.core.lexical.WordKnowledge knowledge) {
    Set<String> out = new TreeSet<>();
    String[] tokens = text.split("[^\\p{L}\\p{N}'’]+");
    boolean titles = titleCase(tokens);
    boolean first = true;
    boolean afterPlaceWord = false;
    for (String tok : tokens) {
      if (tok.isEmpty()) {
        continue;
      }
      boolean initial = first;
      first = false;
      boolean partOfPlace = afterPlaceWord;
      afterPlaceWord = false;
      String bare = tok.replace("’", "'");
      boolean possessive = bare.endsWith("'s");
      bare = possessive ? bare.substring(0, bare.length() - 2) : bare;
      if (bare.length() < 2 || !Character.isUpperCase(bare.codePointAt(0)) || isAcronym(bare)) {
        continue;
      }
      String n = Analyzer.STANDARD.normalize(bare);
      if (n.isEmpty() || n.contains(" ")) {
        continue;
      }
      boolean given = knowledge.isGivenName(n);
      boolean person = knowledge.isCommonWord(n) && knowledge.isPersonNoun(n); // "nan", "nana", not "Daniel"
      afterPlaceWord = !initial && !titles && !given && !person && !possessive;
      if (!given || partOfPlace || person || dateName(n, lex)
          || (initial || titles) && !possessive && knowledge.isCommonWord(n)) {
        continue;
      }
      out.add(n);
    }
    return out;
  }

  /** Whether a lower-case word names a weekday or a month, in full or abbreviated ("friday", "fri", "sept"). */
  private static boolean dateName(String n, Lexicon lex) {
    String category = lex.categories().get(n);
    return category != null && (category.startsWith("weekday:") || category.startsWith("month:"))
        || CALENDAR_ABBREVIATIONS.contains(n);
  }

  /**
   * The English abbreviations of weekdays and months in the JDK's locale data ("Fri", "Sep", and the British "Sept"):
   * a capitalised "Fri" in "Kids with their dad (Fri–Sun)" is a date, not a name.
   */
  private static final Set<String> CALENDAR_ABBREVIATIONS = calendarAbbreviations();

  private static Set<String> calendarAbbreviations() {
    Set<String> out = new java.util.HashSet<>();
    for (java.util.Locale locale : List.of(java.util.Locale.US, java.util.Locale.UK)) {
      java.text.DateFormatSymbols symbols = java.text.DateFormatSymbols.getInstance(locale);
      for (String[] names : List.of(symbols.getShortWeekdays(), symbols.getShortMonths())) {
        for (String name : names) {
          String n = Analyzer.STANDARD.normalize(name);
          if (!n.isEmpty()) {
            out.add(n);
          }
        }
      }
    }
    return Set.copyOf(out);
  }

  /**
   * Whether a text is written in title case: most of its words after the first start with a capital ("Parent Teacher
   * Meeting"), so a capital says nothing about names.
   */
  static boolean titleCase(String[] tokens) {
    int words = 0;
    int capitals = 0;
    for (int i = 1; i < tokens.length; i++) {
      String t = tokens[i];
      if (t.isEmpty() || !Character.isLetter(t.codePointAt(0))) {
        continue;
      }
      words++;
      if (Character.isUpperCase(t.codePointAt(0))) {
        capitals++;
      }
    }
    return words > 0 && capitals * 2 > words;
  }

  /** {@link #missingNames(String, String, Lexicon)} with names as the knowledge tells them. */
  public static Set<String> missingNames(String a, String b, Lexicon lex,
      dev.deja.core.lexical.WordKnowledge knowledge) {
    Set<String> names = new TreeSet<>(names(a, lex, knowledge));
    names.addAll(names(b, lex, knowledge));
    return missingFrom(names, a, b);
  }

  /** Names found capitalised in either text that are missing from the other text (case-insensitively). */
  public static Set<String> missingNames(String a, String b, Lexicon lex) {
    Set<String> names = new TreeSet<>(names(a, lex));
    names.addAll(names(b, lex));
    return missingFrom(names, a, b);
  }

  /** Those of the names that either text lacks: a word of the name is not a word of both texts. */
  private static Set<String> missingFrom(Set<String> names, String a, String b) {
    Set<String> wa = new java.util.HashSet<>(wordsWithoutPossessive(a));
    Set<String> wb = new java.util.HashSet<>(wordsWithoutPossessive(b));
    Set<String> missing = new TreeSet<>();
    for (String n : names) {
      for (String part : n.split(" ")) {
        if (!wa.contains(part) || !wb.contains(part)) {
          missing.add(n);
        }
      }
    }
    return missing;
  }

  private static List<String> wordsWithoutPossessive(String text) {
    List<String> out = new ArrayList<>();
    for (String w : Analyzer.STANDARD.words(text.replace("'s ", " ").replace("’s ", " "))) {
      out.add(w);
    }
    return out;
  }
}
