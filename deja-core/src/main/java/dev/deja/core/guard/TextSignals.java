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

  /** The numbers and clock times of a text. */
  public static Numbers numbers(String text, Lexicon lex) {
    String t = text.toLowerCase(Locale.ROOT).replace('–', '-').replace('—', '-').replace("’", "").replace("'", "");
    StringBuilder s = new StringBuilder(t);
    List<Set<Integer>> times = new ArrayList<>();
    Matcher m = CLOCK.matcher(s);
    while (m.find()) {
      times.add(clock(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), m.group(3)));
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
    String rest = s.toString().replace("noon", " ").replace("midnight", " ");
    if (t.contains("midnight")) {
      times.add(Set.of(0));
    }
    if (t.matches(".*\\bnoon\\b.*")) {
      times.add(Set.of(720));
    }
    List<Double> numbers = new ArrayList<>();
    m = NUMBER.matcher(rest);
    while (m.find()) {
      double v = Double.parseDouble(m.group(1).replace(",", ""));
      if (m.group(2) != null) {
        v *= 1000;
      }
      numbers.add(v);
    }
    Matcher w = WORD.matcher(rest);
    List<String> words = new ArrayList<>();
    while (w.find()) {
      words.add(w.group());
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

  /** Whether two texts' numbers or times disagree: both have some, and they differ. */
  public static boolean numbersConflict(Numbers a, Numbers b) {
    if (!a.numbers().isEmpty() && !b.numbers().isEmpty() && !a.numbers().equals(b.numbers())) {
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
      if (bare.equals("I") || bare.startsWith("I'")) {
        continue;
      }
      boolean capital = Character.isUpperCase(bare.codePointAt(0));
      boolean inner = bare.codePoints().skip(1).anyMatch(Character::isUpperCase);
      if (!capital && !inner) {
        continue;
      }
      String n = Analyzer.STANDARD.normalize(bare.endsWith("'s") ? bare.substring(0, bare.length() - 2) : bare);
      String category = lex.categories().get(n);
      if (n.isEmpty() || category != null && (category.startsWith("weekday:") || category.startsWith("month:"))) {
        continue;
      }
      out.add(n);
    }
    return out;
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
