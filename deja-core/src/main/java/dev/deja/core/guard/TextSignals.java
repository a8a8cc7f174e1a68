package dev.deja.core.guard;

import dev.deja.core.measure.SequenceMeasure;
import dev.deja.core.normalize.Analyzer;
import dev.deja.core.normalize.LightStemmer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The evidence guards look at, read from plain text: words, negation parity, contrast words by category, modality
 * cues, and a word-level diff of content words. Numbers and clock times are read by {@link NumberReadings}, names by
 * {@link NameReadings}.
 *
 * <p>Thread-safe: stateless.
 */
public final class TextSignals {
  private TextSignals() {}

  /** The normalised words of a text (standard analyzer). */
  public static List<String> words(String text) {
    return Analyzer.STANDARD.words(text);
  }

  /** The matches of a token pattern in the lower-cased text, in order (for the duration and rate readings). */
  static List<String> tokens(String text, java.util.regex.Pattern token) {
    List<String> out = new java.util.ArrayList<>();
    java.util.regex.Matcher m = token.matcher(text.toLowerCase(java.util.Locale.ROOT));
    while (m.find()) {
      out.add(m.group());
    }
    return out;
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

  private static final Pattern POSSESSIVE = Pattern.compile("(?<=\\p{L})['’]s\\b");

  /** The text without the English possessive clitic ("Ollie's class" → "Ollie class"). */
  public static String withoutPossessives(String text) {
    return POSSESSIVE.matcher(text).replaceAll("");
  }

  /**
   * Contrast words by category ("daypart" → {evening}); "Monday to Friday" counts as weekday. The word "day" is a
   * part of the day ("day shift" / "night shift") only in a text that names no other: beside "morning" or "evening" it
   * is a date ("Bin day is Tuesday morning.", "On the day, the evening meal is at seven.").
   */
  public static Map<String, Set<String>> contrasts(String text, Lexicon lex) {
    String n = String.join(" ", words(text)).replaceAll("\\bmonday (to|through|till|until) friday\\b", "weekdays");
    Map<String, Set<String>> out = new TreeMap<>();
    String day = null;
    for (String w : n.split(" ")) {
      String cv = lex.categories().get(w);
      if (cv != null) {
        int colon = cv.indexOf(':');
        String category = cv.substring(0, colon);
        if (w.equals("day") && category.equals("daypart")) {
          day = cv.substring(colon + 1);
        } else {
          out.computeIfAbsent(category, k -> new TreeSet<>()).add(cv.substring(colon + 1));
        }
      }
    }
    if (day != null && !out.containsKey("daypart")) {
      out.put("daypart", new TreeSet<>(Set.of(day)));
    }
    return out;
  }

  /**
   * The first content word both texts have after opposite prepositions ("to the shared drive" / "from the shared
   * drive", "before work" / "after work"), described; null when there is none ({@code role_change}).
   */
  public static String roleChange(String a, String b, Lexicon lex) {
    return Roles.roleChange(words(a), words(b), lex);
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
