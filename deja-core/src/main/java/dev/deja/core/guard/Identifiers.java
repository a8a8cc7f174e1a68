package dev.deja.core.guard;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Handles, e-mail addresses and other identifiers whose punctuation is part of the name: "@sam_lee" is not "@samlee",
 * "sam.lee@gmail.com" is not "samlee@gmail.com", "jdoe_dev" is not "jdoe-dev". The words of a text split at that
 * punctuation or drop it, so two such texts read as one; what tells them apart is this.
 *
 * <p>An identifier is a word (a run of characters between spaces, without the punctuation that opens or closes it)
 * that holds an "@" or an "_" between two letters or digits, or starts with "@" ("@samlee"). Two texts' identifiers
 * conflict when a word of one text is an identifier and the other text writes a word with the same letters and digits
 * in the same order but other punctuation between them ("@sam_lee" / "@samlee", "jdoe_dev" / "jdoe-dev"). A leading
 * "@" is notation, not a part of the name ("@samlee" / "samlee" agree); case is not compared (handles and addresses
 * ignore it).
 *
 * <p>Thread-safe: stateless.
 */
public final class Identifiers {
  private Identifiers() {}

  /** The identifiers of a text, in lower case, in order ("@sam_lee", "sam.lee@gmail.com"). */
  public static List<String> of(String text) {
    List<String> out = new ArrayList<>();
    if (!candidate(text)) {
      return out;
    }
    for (String w : words(text)) {
      if (identifier(w)) {
        out.add(w);
      }
    }
    return out;
  }

  /**
   * How two texts' identifiers conflict ("[@sam_lee] vs [@samlee]"), or null when they do not: an identifier of one
   * text and a word of the other with the same letters and digits, written with other punctuation.
   */
  public static String conflict(String a, String b) {
    if (!candidate(a) && !candidate(b)) {
      return null; // neither text writes an "@" or an "_": most pairs take this path, without reading the words
    }
    String c = oneWay(words(a), words(b));
    return c != null ? c : reversed(oneWay(words(b), words(a)));
  }

  private static String reversed(String c) {
    if (c == null) {
      return null;
    }
    int vs = c.indexOf(" vs ");
    return c.substring(vs + 4) + " vs " + c.substring(0, vs);
  }

  private static String oneWay(List<String> wa, List<String> wb) {
    for (String x : wa) {
      if (!identifier(x)) {
        continue;
      }
      String sx = skeleton(x);
      String nx = withoutAt(x);
      boolean same = false;
      String other = null;
      for (String y : wb) {
        if (skeleton(y).equals(sx)) {
          if (withoutAt(y).equals(nx)) {
            same = true;
          } else if (other == null) {
            other = y;
          }
        }
      }
      if (!same && other != null) {
        return "[" + x + "] vs [" + other + "]";
      }
    }
    return null;
  }

  /** Whether a text holds an "@" or an "_" at all (a scan of its characters; no words are made). */
  private static boolean candidate(String s) {
    return s.indexOf('@') >= 0 || s.indexOf('_') >= 0;
  }

  private static boolean identifier(String w) {
    if (w.length() > 1 && w.charAt(0) == '@' && Character.isLetterOrDigit(w.codePointAt(1))) {
      return true;
    }
    for (int i = 1; i < w.length() - 1; i++) {
      char c = w.charAt(i);
      if ((c == '@' || c == '_') && Character.isLetterOrDigit(w.codePointBefore(i))
          && Character.isLetterOrDigit(w.codePointAt(i + 1))) {
        return true;
      }
    }
    return false;
  }

  /** The letters and digits of a word, in lower case. */
  private static String skeleton(String w) {
    StringBuilder out = new StringBuilder(w.length());
    w.codePoints().filter(Character::isLetterOrDigit).forEach(out::appendCodePoint);
    return out.toString();
  }

  private static String withoutAt(String w) {
    return w.startsWith("@") ? w.substring(1) : w;
  }

  /**
   * The text's words: runs of characters between spaces, in lower case, without the punctuation that opens or closes
   * them ("(sofia@brightline.io)." → "sofia@brightline.io"); a leading "@" stays. Words with no letter or digit are
   * left out.
   */
  private static List<String> words(String text) {
    List<String> out = new ArrayList<>();
    for (String raw : text.toLowerCase(Locale.ROOT).split("\\s+")) {
      int start = 0;
      int end = raw.length();
      while (start < end && !Character.isLetterOrDigit(raw.codePointAt(start)) && raw.charAt(start) != '@') {
        start += Character.charCount(raw.codePointAt(start));
      }
      while (end > start && !Character.isLetterOrDigit(raw.codePointBefore(end))) {
        end -= Character.charCount(raw.codePointBefore(end));
      }
      String w = raw.substring(start, end);
      if (!skeleton(w).isEmpty()) {
        out.add(w);
      }
    }
    return out;
  }
}
