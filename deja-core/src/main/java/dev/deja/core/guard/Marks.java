package dev.deja.core.guard;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Signs written onto a word that make it another word: "C++" and "C#" are not "C", "A+" and "B-" are not "A" and "B"
 * (grades, blood types), "Disney+" is not Disney. The punctuation step of the analyzers drops them, so "I code in
 * C++." and "I code in C." have the same words; what tells them apart is this.
 *
 * <p>A mark is one or two "+" or a "#" right after a word that begins with a letter ("C++", "F#", "Notepad++"), or a
 * minus ("-", "−") right after a word of one letter ("B-", "O-"); either with no letter or digit right after it ("x+y"
 * and "T-shirt" carry none). Two texts' marks conflict when a word both write carries other marks in one than in the
 * other ("C++" / "C", "A+" / "A-"), unless the unmarked text may spell the mark out: a word it writes right after the
 * unmarked word that the marked text does not have ("C#" / "C sharp", "Disney+" / "Disney Plus"). They also conflict
 * when a word is joined to the same number by a plus in one text and by a minus in the other ("UTC+2" / "UTC-2"); a
 * minus alone there is no mark ("COVID-19" / "COVID 19").
 *
 * <p>Thread-safe: stateless.
 */
public final class Marks {
  private Marks() {}

  /** One occurrence of a word: the word in lower case, its mark ("" for none) and the word after it ("" at the end). */
  private record Form(String word, String mark, String next) {}

  /** The marks a text writes onto its words ("c++", "b-"), in order. */
  public static List<String> of(String text) {
    List<String> out = new ArrayList<>();
    for (Form f : forms(text)) {
      if (!f.mark().isEmpty()) {
        out.add(f.word() + f.mark());
      }
    }
    return out;
  }

  /**
   * How two texts' marks conflict ("[c++] vs [c]"), or null when they do not: a word both write carries other marks in
   * one than in the other, and neither text may spell the mark out.
   */
  public static String conflict(String a, String b) {
    if (!marked(a) && !marked(b)) {
      return opposite(a, b); // neither text writes a mark: most pairs take this path, without reading the words
    }
    List<Form> fa = forms(a);
    List<Form> fb = forms(b);
    Map<String, Set<String>> ma = marks(fa);
    Map<String, Set<String>> mb = marks(fb);
    Set<String> wordsA = words(fa);
    Set<String> wordsB = words(fb);
    for (Map.Entry<String, Set<String>> e : ma.entrySet()) {
      Set<String> other = mb.get(e.getKey());
      if (other == null || other.equals(e.getValue())) {
        continue;
      }
      String w = e.getKey();
      if (spelledOut(fa, w, wordsB) || spelledOut(fb, w, wordsA)) {
        continue;
      }
      return describe(w, e.getValue()) + " vs " + describe(w, other);
    }
    return opposite(a, b);
  }

  /**
   * A word joined to a number by a plus in one text and by a minus in the other ("UTC+2" / "UTC-2", "GMT+5" / "GMT-5"),
   * described; null when there is none. A minus alone there is no mark: "COVID-19" / "COVID 19" is one name.
   */
  private static String opposite(String a, String b) {
    if (a.indexOf('+') < 0 && b.indexOf('+') < 0) {
      return null;
    }
    Map<String, Set<String>> ja = joints(a);
    Map<String, Set<String>> jb = joints(b);
    for (Map.Entry<String, Set<String>> e : ja.entrySet()) {
      Set<String> other = jb.get(e.getKey());
      if (other != null && e.getValue().size() == 1 && other.size() == 1 && !other.equals(e.getValue())) {
        String[] parts = e.getKey().split(" ");
        return "[" + parts[0] + e.getValue().iterator().next() + parts[1] + "] vs [" + parts[0]
            + other.iterator().next() + parts[1] + "]";
      }
    }
    return null;
  }

  /** Each "word number" a text joins by a plus or a minus ("utc 2" → {+}), the word beginning with a letter. */
  private static Map<String, Set<String>> joints(String text) {
    Map<String, Set<String>> out = new TreeMap<>();
    String t = text.toLowerCase(Locale.ROOT);
    for (int i = 1; i + 1 < t.length(); i++) {
      char c = t.charAt(i);
      if ((c == '+' || c == '-' || c == '\u2212') && Character.isLetterOrDigit(t.codePointBefore(i))
          && Character.isDigit(t.charAt(i + 1))) {
        int start = i;
        while (start > 0 && Character.isLetterOrDigit(t.codePointBefore(start))) {
          start -= Character.charCount(t.codePointBefore(start));
        }
        int end = i + 1;
        while (end < t.length() && Character.isDigit(t.charAt(end))) {
          end++;
        }
        if (Character.isLetter(t.codePointAt(start))) {
          out.computeIfAbsent(t.substring(start, i) + " " + t.substring(i + 1, end), k -> new TreeSet<>())
              .add(c == '+' ? "+" : "-");
        }
      }
    }
    return out;
  }

  /** Whether a text writes a mark onto some word (a scan of its signs; no words are made). */
  static boolean marked(String s) {
    for (int i = 1; i < s.length(); i++) {
      char c = s.charAt(i);
      if ((c == '+' || c == '#' || c == '-' || c == '\u2212') && Character.isLetterOrDigit(s.codePointBefore(i))) {
        int start = i;
        while (start > 0 && Character.isLetterOrDigit(s.codePointBefore(start))) {
          start -= Character.charCount(s.codePointBefore(start));
        }
        if (!mark(s, start, i).isEmpty()) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether an unmarked occurrence of {@code word} is followed by a word the other text lacks ("C sharp"). */
  private static boolean spelledOut(List<Form> forms, String word, Set<String> otherWords) {
    for (Form f : forms) {
      if (f.word().equals(word) && f.mark().isEmpty() && !f.next().isEmpty() && !otherWords.contains(f.next())) {
        return true;
      }
    }
    return false;
  }

  private static String describe(String word, Set<String> marks) {
    List<String> out = new ArrayList<>();
    for (String m : marks) {
      out.add(word + m);
    }
    return out.toString();
  }

  /** Each word's marks, for the words that carry one somewhere in the text or none ("" stands for none). */
  private static Map<String, Set<String>> marks(List<Form> forms) {
    Map<String, Set<String>> out = new TreeMap<>();
    for (Form f : forms) {
      out.computeIfAbsent(f.word(), k -> new TreeSet<>()).add(f.mark());
    }
    return out;
  }

  private static Set<String> words(List<Form> forms) {
    Set<String> out = new java.util.HashSet<>();
    for (Form f : forms) {
      out.add(f.word());
    }
    return out;
  }

  private static List<Form> forms(String text) {
    List<int[]> spans = new ArrayList<>();
    int i = 0;
    int n = text.length();
    while (i < n) {
      int cp = text.codePointAt(i);
      if (!Character.isLetterOrDigit(cp)) {
        i += Character.charCount(cp);
        continue;
      }
      int start = i;
      while (i < n && Character.isLetterOrDigit(text.codePointAt(i))) {
        i += Character.charCount(text.codePointAt(i));
      }
      spans.add(new int[] {start, i});
    }
    List<Form> out = new ArrayList<>(spans.size());
    for (int k = 0; k < spans.size(); k++) {
      int start = spans.get(k)[0];
      int end = spans.get(k)[1];
      String word = text.substring(start, end).toLowerCase(Locale.ROOT);
      String next = k + 1 < spans.size()
          ? text.substring(spans.get(k + 1)[0], spans.get(k + 1)[1]).toLowerCase(Locale.ROOT) : "";
      out.add(new Form(word, mark(text, start, end), next));
    }
    return out;
  }

  /** The mark written right after the word at {@code [start, end)}, or "". */
  private static String mark(String text, int start, int end) {
    if (end >= text.length() || !Character.isLetter(text.codePointAt(start))) {
      return "";
    }
    char c = text.charAt(end);
    int len;
    if (c == '+') {
      len = end + 1 < text.length() && text.charAt(end + 1) == '+' ? 2 : 1;
    } else if (c == '#') {
      len = 1;
    } else if ((c == '-' || c == '\u2212') && text.codePointCount(start, end) == 1) {
      len = 1;
    } else {
      return "";
    }
    int after = end + len;
    if (after < text.length()) {
      int cp = text.codePointAt(after);
      if (Character.isLetterOrDigit(cp) || cp == '+' || cp == '#' || cp == '-' || cp == '\u2212') {
        return "";
      }
    }
    return c == '\u2212' ? "-" : text.substring(end, after);
  }
}
