package dev.deja.core.guard;

import dev.deja.core.measure.SequenceMeasure;
import dev.deja.core.normalize.Analyzer;
import dev.deja.core.normalize.LightStemmer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The evidence guards look at, read from plain text: numbers and clock times, negation parity, capitalised names,
 * contrast words by category, modality cues, and a word-level diff of content words.
 *
 * <p>Thread-safe: stateless.
 */
public final class TextSignals {
  private TextSignals() {}

  /**
   * Numbers and clock times in a text.
   *
   * @param numbers numeric values, sorted (digits, "5k", number words, ordinals, "once"/"twice")
   * @param times clock times as sets of minutes since midnight (a time without am/pm is both readings: 8:15 is
   *     {495, 1215})
   */
  public record Numbers(List<Double> numbers, List<Set<Integer>> times) {
    public boolean isEmpty() {
      return numbers.isEmpty() && times.isEmpty();
    }
  }

  private static final Pattern CLOCK = Pattern.compile("\\b(\\d{1,2})[:.](\\d{2})\\s*(am|pm|a\\.m\\.|p\\.m\\.)?");
  private static final Pattern HOUR_AMPM = Pattern.compile("\\b(\\d{1,2})\\s*(am|pm|a\\.m\\.|p\\.m\\.|oclock|uur)\\b");
  private static final Pattern QUARTER = Pattern.compile("\\b(quarter|half)\\s+(past|to)\\s+([a-z0-9]+)");
  private static final Pattern IN_THE = Pattern.compile("\\b([a-z0-9]+)\\s+in\\s+the\\s+(morning|afternoon|evening)");
  private static final Pattern NUMBER = Pattern.compile("(\\d+(?:,\\d{3})*(?:\\.\\d+)?)(k\\b)?");
  private static final Pattern WORD = Pattern.compile("[a-z]+");
  /** A year written with two digits after an apostrophe: "Jan '22", "summer of ’69". */
  private static final Pattern SHORT_YEAR = Pattern.compile("(?<![\\p{L}\\p{N}])['’](\\d{2})(?![\\p{L}\\p{N}'’])");
  /** An hour after a day: "Monday at 11", "tomorrow at 9" (without it, "at 11" may be an age: "I left school at 16"). */
  private static final Pattern DAY_AT_HOUR = Pattern.compile("\\b(\\p{L}+)\\s+at\\s+(\\d{1,2})\\b(?![:.,]?\\d)");
  private static final Set<String> DAYS_RELATIVE = Set.of("today", "tomorrow", "tonight", "yesterday");

  /**
   * The year of two digits written after an apostrophe, by the POSIX rule for {@code %y}: 69–99 are 1969–1999, 00–68
   * are 2000–2068.
   */
  private static String fullYear(String twoDigits) {
    int y = Integer.parseInt(twoDigits);
    return Integer.toString(y >= 69 ? 1900 + y : 2000 + y);
  }

  /** The numbers and clock times of a text. */
  public static Numbers numbers(String text, Lexicon lex) {
    return numbers(text, lex, dev.deja.core.lexical.WordKnowledge.none());
  }

  private static final Pattern LETTERS = Pattern.compile("\\p{L}+");
  /** The longest number phrase looked up ("one thousand nine hundred and thirty eight" has 7 words). */
  private static final int MAX_NUMBER_WORDS = 7;

  /**
   * The numbers and clock times of a text, with number words read by the knowledge's spell-out tables when it has them
   * ("thirty-four", "vierunddreißig", "a hundred and eighty"; the longest phrase wins), else by the lexicon's list.
   */
  public static Numbers numbers(String text, Lexicon lex, dev.deja.core.lexical.WordKnowledge knowledge) {
    String t = SHORT_YEAR.matcher(text.toLowerCase(Locale.ROOT)).replaceAll(m -> fullYear(m.group(1)))
        .replace('–', '-').replace('—', '-').replace("’", "").replace("'", "");
    StringBuilder s = new StringBuilder(t);
    List<Set<Integer>> times = new ArrayList<>();
    blankTimes(s, lex, times);
    String rest = s.toString().replace("noon", " ").replace("midnight", " ");
    if (t.contains("midnight")) {
      times.add(Set.of(0));
    }
    if (t.matches(".*\\bnoon\\b.*")) {
      times.add(Set.of(720));
    }
    List<Double> numbers = new ArrayList<>();
    Matcher m = NUMBER.matcher(rest);
    while (m.find()) {
      double v = Double.parseDouble(m.group(1).replace(",", ""));
      if (m.group(2) != null) {
        v *= 1000;
      }
      numbers.add(v);
    }
    boolean spelled = knowledge.numberValue("two").isPresent();
    Matcher w = (spelled ? LETTERS : WORD).matcher(rest);
    List<String> words = new ArrayList<>();
    while (w.find()) {
      words.add(w.group());
    }
    if (spelled) {
      numbers.addAll(spelledNumbers(words, lex, knowledge));
      Collections.sort(numbers);
      return new Numbers(numbers, times);
    }
    List<Double> fromWords = new ArrayList<>();
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      Double v = lex.numberWords().get(word);
      if (v != null && v >= 20 && v % 10 == 0 && i + 1 < words.size()) {
        Double unit = lex.numberWords().get(words.get(i + 1));
        if (unit != null && unit > 0 && unit < 10) {
          v += unit;
          i++;
        }
      }
      if (v != null) {
        fromWords.add(v);
      } else if (lex.multipliers().containsKey(word) && !fromWords.isEmpty()) {
        int last = fromWords.size() - 1;
        fromWords.set(last, fromWords.get(last) * lex.multipliers().get(word));
      } else if (lex.language().equals("en") && (word.equals("once") || word.equals("twice")
          || word.equals("dozen"))) {
        fromWords.add(word.equals("once") ? 1.0 : word.equals("twice") ? 2.0 : 12.0);
      }
    }
    numbers.addAll(fromWords);
    Collections.sort(numbers);
    return new Numbers(numbers, times);
  }

  /** Number phrases among words, longest first; "a hundred" is "one hundred"; once, twice and dozen in English. */
  private static List<Double> spelledNumbers(List<String> words, Lexicon lex,
      dev.deja.core.lexical.WordKnowledge knowledge) {
    List<Double> out = new ArrayList<>();
    // A run of digits read one word each ("four four one seven", a code or a phone number) is one number: 4417.
    List<Integer> digitRun = new ArrayList<>();
    int runEnd = -1;
    for (int i = 0; i < words.size(); i++) {
      int before = out.size();
      int start = i;
      boolean found = false;
      for (int len = Math.min(MAX_NUMBER_WORDS, words.size() - i); len >= 1 && !found; len--) {
        List<String> span = new ArrayList<>(words.subList(i, i + len));
        if (span.get(0).equals("a") && len > 1) {
          span.set(0, "one");
        } else if (len > 1 && (span.get(len - 1).equals("and") || span.get(0).equals("and"))) {
          continue;
        }
        java.util.Optional<Double> v = knowledge.numberValue(String.join(" ", span));
        if (v.isPresent() && !(len == 1 && span.get(0).equals("one") && i + 1 < words.size()
            && words.get(i + 1).equals("of"))) {
          out.add(v.get());
          i += len - 1;
          found = true;
        }
      }
      if (!found && lex.language().equals("en")) {
        String word = words.get(i);
        if (word.equals("once") || word.equals("twice") || word.equals("dozen")) {
          out.add(word.equals("once") ? 1.0 : word.equals("twice") ? 2.0 : 12.0);
        }
      }
      double last = out.size() > before ? out.get(out.size() - 1) : -1;
      boolean digit = found && i == start && last >= 0 && last <= 9 && last == Math.floor(last);
      if (digit && runEnd == start - 1) {
        digitRun.add(out.size() - 1);
      } else {
        joinDigits(out, digitRun);
        digitRun.clear();
        if (digit) {
          digitRun.add(out.size() - 1);
        }
      }
      runEnd = digit ? i : -2;
    }
    joinDigits(out, digitRun);
    return out;
  }

  /** Replaces three or more single digits at these positions of {@code out} (its last ones) by the number they spell. */
  private static void joinDigits(List<Double> out, List<Integer> run) {
    if (run.size() < 3) {
      return;
    }
    StringBuilder digits = new StringBuilder();
    for (int k : run) {
      digits.append((int) Math.round(out.get(k)));
    }
    for (int k = run.size() - 1; k >= 0; k--) {
      out.remove((int) run.get(k));
    }
    out.add(Double.parseDouble(digits.toString()));
  }

  private static Integer wordNumber(String w, Lexicon lex) {
    if (w.chars().allMatch(Character::isDigit)) {
      return w.length() <= 2 ? Integer.parseInt(w) : null;
    }
    if (w.equals("one")) {
      return 1;
    }
    Double v = lex.numberWords().get(w);
    return v == null || v > 24 ? null : v.intValue();
  }

  /**
   * The text, lower case, with its clock times blanked out ("at half past three", "1 pm", "one o'clock", "07:45",
   * "midnight"): the words of a time are not content words — "I pick the kids up at half past three" / "School pickup
   * is at 3:30" differ in no word the times do not already compare. Other characters stay where they were.
   */
  public static String withoutTimes(String text, Lexicon lex) {
    String lower = text.toLowerCase(Locale.ROOT);
    if (lower.length() != text.length()) {
      return text;
    }
    StringBuilder s = new StringBuilder(lower.replace("o'clock", "oclock ").replace("o’clock", "oclock "));
    blankTimes(s, lex, new ArrayList<>());
    return MIDNIGHT_NOON.matcher(s).replaceAll(r -> " ".repeat(r.group().length()));
  }

  private static final Pattern MIDNIGHT_NOON = Pattern.compile("\\b(midnight|noon)\\b");
  /** An hour in words before "o'clock" (apostrophes already removed): "one oclock". */
  private static final Pattern WORD_OCLOCK = Pattern.compile("\\b([a-z]+)\\s+oclock\\b");

  /** Finds the clock times of a lower-case text, adds them to {@code times} and blanks them out. */
  private static void blankTimes(StringBuilder s, Lexicon lex, List<Set<Integer>> times) {
    Matcher m = CLOCK.matcher(s);
    while (m.find()) {
      // A leading zero ("07:45") is the 24-hour clock: seven in the morning, not also a quarter to eight at night.
      boolean twentyFour = m.group(1).length() == 2 && m.group(1).charAt(0) == '0' && m.group(3) == null;
      times.add(twentyFour ? Set.of(Integer.parseInt(m.group(1)) * 60 + Integer.parseInt(m.group(2)))
          : clock(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), m.group(3)));
      blank(s, m.start(), m.end());
    }
    m = HOUR_AMPM.matcher(s);
    while (m.find()) {
      String ap = m.group(2);
      times.add(clock(Integer.parseInt(m.group(1)), 0, ap.contains("m") && !ap.equals("oclock") ? ap : null));
      blank(s, m.start(), m.end());
    }
    m = QUARTER.matcher(s);
    while (m.find()) {
      Integer h = wordNumber(m.group(3), lex);
      if (h != null) {
        int minutes = m.group(1).equals("quarter") ? 15 : 30;
        int hour = h;
        if (m.group(2).equals("to")) {
          hour -= 1;
          minutes = 60 - minutes;
        }
        times.add(clock(hour, minutes, null));
        blank(s, m.start(), m.end());
      }
    }
    m = IN_THE.matcher(s);
    while (m.find()) {
      Integer h = wordNumber(m.group(1), lex);
      if (h != null) {
        times.add(clock(h, 0, m.group(2).equals("morning") ? "am" : "pm"));
        blank(s, m.start(), m.end());
      }
    }
    m = WORD_OCLOCK.matcher(s);
    while (m.find()) {
      Integer h = wordNumber(m.group(1), lex);
      if (h != null && h >= 1 && h <= 12) {
        times.add(clock(h, 0, null));
        blank(s, m.start(), m.end());
      }
    }
    m = DAY_AT_HOUR.matcher(s);
    while (m.find()) {
      int h = Integer.parseInt(m.group(2));
      String day = m.group(1);
      String category = lex.categories().get(day);
      boolean named = category != null && category.startsWith("weekday:") || DAYS_RELATIVE.contains(day);
      if (named && h <= 23) {
        times.add(clock(h, 0, null));
        blank(s, m.start(2), m.end());
      }
    }
  }

  private static Set<Integer> clock(int hour, int minute, String ampm) {
    int h = hour;
    if (ampm != null && ampm.startsWith("p") && h < 12) {
      h += 12;
    }
    if (ampm != null && ampm.startsWith("a") && h == 12) {
      h = 0;
    }
    if (ampm != null || h >= 12) {
      return Set.of(h * 60 + minute);
    }
    return Set.of(h * 60 + minute, (h + 12) * 60 + minute);
  }

  private static void blank(StringBuilder s, int from, int to) {
    for (int i = from; i < to; i++) {
      s.setCharAt(i, ' ');
    }
  }

  /** Whether two texts' numbers or times disagree: both have some, and they differ (as sets of values). */
  public static boolean numbersConflict(Numbers a, Numbers b) {
    // The values, not how often each is said: "40 minutes there and 40 back" / "forty minutes each way".
    if (!a.numbers().isEmpty() && !b.numbers().isEmpty()
        && !new java.util.TreeSet<>(a.numbers()).equals(new java.util.TreeSet<>(b.numbers()))) {
      return true;
    }
    if (!a.times().isEmpty() && !b.times().isEmpty()) {
      return !covered(a.times(), b.times()) || !covered(b.times(), a.times());
    }
    return false;
  }

  private static boolean covered(List<Set<Integer>> xs, List<Set<Integer>> ys) {
    for (Set<Integer> x : xs) {
      boolean found = false;
      for (Set<Integer> y : ys) {
        for (int v : x) {
          if (y.contains(v)) {
            found = true;
            break;
          }
        }
      }
      if (!found) {
        return false;
      }
    }
    return true;
  }

  /** The normalised words of a text (standard analyzer). */
  public static List<String> words(String text) {
    return Analyzer.STANDARD.words(text);
  }

  /** How many negation cues a text has. */
  public static int negations(String text, Lexicon lex) {
    int n = 0;
    for (String w : words(text)) {
      if (lex.negations().contains(w)) {
        n++;
      }
    }
    return n;
  }

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
    String[] tokens = withoutPossessives(text).split("[^\\p{L}\\p{N}'’]+");
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

  private static final Pattern POSSESSIVE = Pattern.compile("(?<=\\p{L})['’]s\\b");

  /** The text without the English possessive clitic ("Ollie's class" → "Ollie class"). */
  public static String withoutPossessives(String text) {
    return POSSESSIVE.matcher(text).replaceAll("");
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

  /** Names found capitalised in either text that are missing from the other text (case-insensitively). */
  public static Set<String> missingNames(String a, String b, Lexicon lex) {
    Set<String> names = new TreeSet<>(names(a, lex));
    names.addAll(names(b, lex));
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

  /** Contrast words by category ("daypart" → {evening}); "Monday to Friday" counts as weekday. */
  public static Map<String, Set<String>> contrasts(String text, Lexicon lex) {
    String n = String.join(" ", words(text)).replaceAll("\\bmonday (to|through|till|until) friday\\b", "weekdays");
    Map<String, Set<String>> out = new TreeMap<>();
    for (String w : n.split(" ")) {
      String cv = lex.categories().get(w);
      if (cv != null) {
        int colon = cv.indexOf(':');
        out.computeIfAbsent(cv.substring(0, colon), k -> new TreeSet<>()).add(cv.substring(colon + 1));
      }
    }
    return out;
  }

  /** Categories in which both texts name something and not the same things, with what each names. */
  public static Map<String, List<Set<String>>> contrastConflicts(String a, String b, Lexicon lex) {
    Map<String, Set<String>> ca = contrasts(a, lex);
    Map<String, Set<String>> cb = contrasts(b, lex);
    Map<String, List<Set<String>>> out = new TreeMap<>();
    for (Map.Entry<String, Set<String>> e : ca.entrySet()) {
      Set<String> other = cb.get(e.getKey());
      if (other != null && !other.equals(e.getValue())) {
        out.put(e.getKey(), List.of(e.getValue(), other));
      }
    }
    return out;
  }

  /** The modality classes a text's cues belong to ({@code intent}, {@code change}, {@code obligation}, {@code past}). */
  public static Set<String> modality(String text, Lexicon lex) {
    String s = " " + String.join(" ", words(text)) + " ";
    Set<String> out = new TreeSet<>();
    for (Map.Entry<String, String> e : lex.modality().entrySet()) {
      if (s.contains(" " + e.getKey() + " ")) {
        out.add(e.getValue());
      }
    }
    return out;
  }

  /**
   * A difference between two word sequences that involves content words.
   *
   * @param tag {@code replace}, {@code delete} or {@code insert}
   * @param removed content-word stems only in the first text
   * @param added content-word stems only in the second text
   * @param before the stem just before the difference in the first text ("" at the start)
   * @param aLength words in the first text
   * @param bLength words in the second text
   * @param aEnd where the difference ends in the first text
   * @param removedWords the words of the first text's differing span, as written (normalised)
   * @param addedWords the words of the second text's differing span, as written (normalised)
   */
  public record ContentOp(String tag, List<String> removed, List<String> added, String before, int aLength,
      int bLength, int aEnd, List<String> removedWords, List<String> addedWords) {}

  /**
   * The word-level differences between two texts (difflib opcodes over stemmed words) that involve content words;
   * differences in function words and fillers only are ignored.
   */
  public static List<ContentOp> contentOps(String a, String b, Lexicon lex) {
    List<String> ra = words(a);
    List<String> rb = words(b);
    List<String> wa = stems(a);
    List<String> wb = stems(b);
    Map<String, Integer> ids = new HashMap<>();
    int[] ia = wa.stream().mapToInt(w -> ids.computeIfAbsent(w, k -> ids.size())).toArray();
    int[] ib = wb.stream().mapToInt(w -> ids.computeIfAbsent(w, k -> ids.size())).toArray();
    List<int[]> blocks = new ArrayList<>(SequenceMeasure.matchingBlocks(ia, ib));
    blocks.add(new int[] {ia.length, ib.length, 0});
    List<ContentOp> ops = new ArrayList<>();
    int i = 0;
    int j = 0;
    for (int[] blk : blocks) {
      if (i < blk[0] || j < blk[1]) {
        List<String> removed = content(wa.subList(i, blk[0]), lex);
        List<String> added = content(wb.subList(j, blk[1]), lex);
        if (!removed.isEmpty() || !added.isEmpty()) {
          String tag = i < blk[0] && j < blk[1] ? "replace" : i < blk[0] ? "delete" : "insert";
          ops.add(new ContentOp(tag, removed, added, i > 0 ? wa.get(i - 1) : "", wa.size(), wb.size(), blk[0],
              List.copyOf(ra.subList(i, blk[0])), List.copyOf(rb.subList(j, blk[1]))));
        }
      }
      i = blk[0] + blk[2];
      j = blk[1] + blk[2];
    }
    return ops;
  }

  private static List<String> stems(String text) {
    List<String> out = new ArrayList<>();
    for (String w : words(text)) {
      out.add(LightStemmer.stem(w));
    }
    return out;
  }

  private static List<String> content(List<String> words, Lexicon lex) {
    List<String> out = new ArrayList<>();
    for (String w : words) {
      if (!lex.functionWords().contains(w) && !lex.fillers().contains(w)
          && !lex.functionWords().contains(w + "s") && !lex.fillers().contains(w + "s")) {
        out.add(w);
      }
    }
    return out;
  }

  /** The content-word stems of a text, in order. */
  public static List<String> contentStems(String text, Lexicon lex) {
    return content(stems(text), lex);
  }

  /** Distinct content-word stems, in order of appearance. */
  public static Set<String> contentSet(String text, Lexicon lex) {
    return new LinkedHashSet<>(contentStems(text, lex));
  }
}
