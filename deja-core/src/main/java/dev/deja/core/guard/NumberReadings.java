package dev.deja.core.guard;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The numbers and clock times of a text, read from digits, number words ("thirty-four", "a hundred and eighty",
 * "four four one seven"), years after an apostrophe ("Jan '22") and the ways of writing a time ("7:45", "1 pm", "half
 * past three", "Monday at 11", "midnight"), and whether two texts' numbers or times disagree. Also the text with its
 * clock times blanked out, so that the words of a time are not taken for content words.
 *
 * <p>Thread-safe: stateless.
 */
public final class NumberReadings {
  private NumberReadings() {}

  /**
   * Numbers and clock times in a text.
   *
   * @param numbers numeric values, sorted (digits, "5k", number words, ordinals, "once"/"twice")
   * @param times clock times as sets of minutes since midnight (a time without am/pm is both readings: 8:15 is
   *     {495, 1215})
   * @param orders the numbers of each run of numbers joined by "/" or "-", in the order written ("12/03" → [12, 3],
   *     "60/40", "2026-03-12", "3-1"): a date, a split, a score or a fraction, which the same numbers in another order
   *     are not ("12/03" / "03/12")
   */
  public record Numbers(List<Double> numbers, List<Set<Integer>> times, List<List<Double>> orders) {
    /** Numbers and times without runs in an order. */
    public Numbers(List<Double> numbers, List<Set<Integer>> times) {
      this(numbers, times, List.of());
    }

    public boolean isEmpty() {
      return numbers.isEmpty() && times.isEmpty();
    }
  }

  /** Numbers joined by "/" or "-" with nothing else between them ("12/03", "60/40", "2026-03-12"). */
  private static final Pattern ORDERED =
      Pattern.compile("(?<![\\p{L}\\p{N}.,])\\d+(?:[/-]\\d+)+(?![\\p{L}\\p{N}]|[.,]\\d)");

  /** A clock time ("07:45", "7.30 pm"); not the day and month of a date with dots ("04.09.2019"). */
  private static final Pattern CLOCK =
      Pattern.compile("(?<![\\d.])\\b(\\d{1,2})[:.](\\d{2})(?!\\d|\\.\\d)\\s*(am|pm|a\\.m\\.|p\\.m\\.)?");
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
   * "First" as an adverb, not the ordinal 1: ending a clause ("unplug it first.", "the 9:30 slot sells out first",
   * "First, preheat the oven"), "at first" and "first of all". "First" before a noun ("my first car", "first year")
   * stays a number; so does a rank that ends a clause less often than the adverb does ("I came first." is read as
   * the adverb).
   */
  private static final Pattern ADVERB_FIRST =
      Pattern.compile("\\bat first\\b|\\bfirst of all\\b|\\bfirst(?=\\s*(?:[.,;:!?)]|$))");

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
    return numbers(text, lex, knowledge, lex.language());
  }

  /**
   * The numbers and clock times of a text written in {@code language} (an ISO 639-1 code, as {@link TextProfile}
   * reads it): that language's number words are read as it reads them ("once" is 11 in a Spanish text, 1 in an
   * English one), and the English ways of writing a number ("once", "twice", "half a dozen") only in an English text.
   */
  public static Numbers numbers(String text, Lexicon lex, dev.deja.core.lexical.WordKnowledge knowledge,
      String language) {
    String t = SHORT_YEAR.matcher(text.toLowerCase(Locale.ROOT)).replaceAll(m -> fullYear(m.group(1)))
        .replace('–', '-').replace('—', '-').replace("’", "").replace("'", "");
    StringBuilder s = new StringBuilder(t);
    List<Set<Integer>> times = new ArrayList<>();
    blankTimes(s, lex, times);
    String rest = s.toString().replace("noon", " ").replace("midnight", " ");
    if (rest.contains("first")) {
      rest = ADVERB_FIRST.matcher(rest).replaceAll(r -> " ".repeat(r.group().length()));
    }
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
      numbers.add(negative(rest, m.start(1), knowledge, language) ? -v : v);
    }
    boolean spelled = knowledge.numberValue("two").isPresent();
    Matcher w = (spelled ? LETTERS : WORD).matcher(rest);
    List<String> words = new ArrayList<>();
    while (w.find()) {
      words.add(w.group());
    }
    if (spelled) {
      numbers.addAll(spelledNumbers(words, lex, knowledge, language));
      Collections.sort(numbers);
      return new Numbers(numbers, times, orders(rest));
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
    return new Numbers(numbers, times, orders(rest));
  }

  /** The runs of numbers joined by "/" or "-" ({@link Numbers#orders}), in the text's order. */
  private static List<List<Double>> orders(String rest) {
    if (rest.indexOf('/') < 0 && rest.indexOf('-') < 0) {
      return List.of();
    }
    List<List<Double>> out = new ArrayList<>();
    Matcher m = ORDERED.matcher(rest);
    while (m.find()) {
      List<Double> run = new ArrayList<>();
      for (String part : m.group().split("[/-]")) {
        run.add(Double.parseDouble(part));
      }
      out.add(List.copyOf(run));
    }
    return out;
  }

  /**
   * Whether the digits at {@code start} are a negative number: a minus sign right before them that follows no letter
   * or digit ("-5", "(−3)"; not "3-5" or "COVID-19"), or the word the text's language writes before a negative number
   * ("minus 5").
   */
  private static boolean negative(String s, int start, dev.deja.core.lexical.WordKnowledge knowledge,
      String language) {
    int i = start - 1;
    if (i >= 0 && (s.charAt(i) == '-' || s.charAt(i) == '\u2212')) {
      return i == 0 || !Character.isLetterOrDigit(s.charAt(i - 1));
    }
    int end = i;
    while (end >= 0 && s.charAt(end) == ' ') {
      end--;
    }
    int from = end;
    while (from >= 0 && Character.isLetter(s.charAt(from))) {
      from--;
    }
    return end < i && from < end && knowledge.isMinusWord(s.substring(from + 1, end + 1), language);
  }

  /** Number phrases among words, longest first; "a hundred" is "one hundred"; once, twice and dozen in English. */
  private static List<Double> spelledNumbers(List<String> words, Lexicon lex,
      dev.deja.core.lexical.WordKnowledge knowledge, String language) {
    List<Double> out = new ArrayList<>();
    boolean english = lex.language().equals("en") && language.equals("en");
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
        java.util.Optional<Double> v = knowledge.numberValue(String.join(" ", span), language);
        if (v.isPresent() && !(len == 1 && span.get(0).equals("one") && english && notACount(words, i))) {
          out.add(i >= 1 && knowledge.isMinusWord(words.get(i - 1), language) ? -v.get() : v.get());
          i += len - 1;
          found = true;
        }
      }
      if (!found && english) {
        String word = words.get(i);
        if (word.equals("once") || word.equals("twice") || word.equals("dozen")) {
          out.add(word.equals("once") ? 1.0 : word.equals("twice") ? 2.0 : 12.0);
          found = word.equals("dozen");
          if (found && start >= 1 && (words.get(start - 1).equals("a") || words.get(start - 1).equals("an"))) {
            start--;
          }
        }
      }
      if (found && english) {
        halves(out, words, start, i);
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

  /** Determiners before which "one" means "only" or stands for a noun ("the one vegetable", "my one regret"). */
  private static final java.util.Set<String> ONE_AS_ONLY = java.util.Set.of("the", "this", "that", "my", "your",
      "his", "her", "our", "their", "which", "every");

  /**
   * Whether "one" at word {@code i} is no count: "one of" a group, or after a determiner ("the one vegetable I won't
   * eat" is "the only vegetable", "this one", "which one").
   */
  private static boolean notACount(List<String> words, int i) {
    return i + 1 < words.size() && words.get(i + 1).equals("of")
        || i >= 1 && ONE_AS_ONLY.contains(words.get(i - 1));
  }

  /**
   * "Half a dozen" is 6 and "two and a half" is 2.5 (English): the number just read, at words {@code start..end}, halved
   * after "half a(n)" or increased by a half before "and a half".
   */
  private static void halves(List<Double> out, List<String> words, int start, int end) {
    int last = out.size() - 1;
    boolean article = words.get(start).equals("a") || words.get(start).equals("an");
    if (article && start >= 1 && words.get(start - 1).equals("half")) {
      out.set(last, out.get(last) / 2);
    } else if (end + 3 < words.size() && words.get(end + 1).equals("and") && words.get(end + 2).equals("a")
        && words.get(end + 3).equals("half")) {
      out.set(last, out.get(last) + 0.5);
    }
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

  /**
   * A small number written as a word or in one or two digits ("three", "one", "12"), up to 24: an hour, or a count of
   * things ({@link CountBindings}); null for other words.
   */
  static Integer wordNumber(String w, Lexicon lex) {
    if (!w.isEmpty() && w.chars().allMatch(Character::isDigit)) {
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

  /**
   * Whether two texts' numbers or times disagree: both have some, and they differ (as sets of values); or a run of
   * numbers of one text has the numbers of a run of the other in another order ("12/03" / "03/12", "60/40" / "40/60").
   */
  public static boolean numbersConflict(Numbers a, Numbers b) {
    for (List<Double> x : a.orders()) {
      for (List<Double> y : b.orders()) {
        if (!x.equals(y) && sorted(x).equals(sorted(y))) {
          return true;
        }
      }
    }
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

  private static List<Double> sorted(List<Double> xs) {
    List<Double> s = new ArrayList<>(xs);
    Collections.sort(s);
    return s;
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

  /**
   * The numbers, clock times ("08:15|20:15" for a time without am/pm) and ordered runs ("12/3") of a text, described
   * for evidence.
   */
  public static String describe(Numbers n) {
    List<String> parts = new ArrayList<>();
    for (double d : n.numbers()) {
      parts.add(d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d));
    }
    for (Set<Integer> t : n.times()) {
      List<String> readings = new ArrayList<>();
      t.stream().sorted().forEach(m -> readings.add(String.format("%02d:%02d", m / 60, m % 60)));
      parts.add(String.join("|", readings));
    }
    for (List<Double> run : n.orders()) {
      List<String> written = new ArrayList<>();
      run.forEach(d -> written.add(Long.toString((long) (double) d)));
      parts.add(String.join("/", written));
    }
    return parts.toString();
  }
}
