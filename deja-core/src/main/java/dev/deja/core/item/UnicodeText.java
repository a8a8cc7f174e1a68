package dev.deja.core.item;

import dev.deja.core.InvalidInputException;
import java.util.List;
import java.util.Map;

/**
 * Checks that strings are text every store keeps as it is: no unpaired UTF-16 surrogate (U+D800 to U+DFFF without its
 * partner, which is what a JSON escape like {@code "\udfff"} or undecodable UTF-8 turns into), and no U+0000.
 *
 * <p>A string with an unpaired surrogate has no UTF-8 form: PostgreSQL's driver would store it with {@code ?} in place
 * of each surrogate (silently altered data), Lucene's term encoder with U+FFFD, Deja's item codec refuses it. U+0000
 * cannot be held by PostgreSQL text at all, so a store that kept it and one that refused it would disagree about the
 * same item. So every value that is stored or indexed — item fields and field names, ids, search text — is checked
 * where it enters the engine, and refused as invalid input naming where it was found, by every store alike.
 *
 * <p>Thread-safe: stateless.
 */
public final class UnicodeText {
  private UnicodeText() {}

  /** The index of the first unpaired surrogate, or -1 when the string is well-formed UTF-16. */
  public static int firstUnpairedSurrogate(CharSequence s) {
    int n = s.length();
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c)) {
        if (i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
          i++;
        } else {
          return i;
        }
      } else if (Character.isLowSurrogate(c)) {
        return i;
      }
    }
    return -1;
  }

  /** Whether the string is well-formed UTF-16 (has a UTF-8 form). */
  public static boolean isWellFormed(CharSequence s) {
    return firstUnpairedSurrogate(s) < 0;
  }

  /**
   * The string, when it is well-formed and holds no U+0000.
   *
   * @param where what it is, for the message (e.g. {@code "field 'text'"}, {@code "id"})
   * @throws InvalidInputException naming {@code where}, the position and the character
   */
  public static String require(String where, String s) {
    int nul = s.indexOf('\u0000');
    if (nul >= 0) {
      throw new InvalidInputException(where + ": contains U+0000 (NUL) at character " + nul + ", which no store keeps");
    }
    int at = firstUnpairedSurrogate(s);
    if (at >= 0) {
      throw new InvalidInputException(where + ": not Unicode text: an unpaired surrogate U+"
          + Integer.toHexString(s.charAt(at)).toUpperCase(java.util.Locale.ROOT) + " at character " + at
          + " (invalid UTF-8, or a JSON \\u escape of half a surrogate pair)");
    }
    return s;
  }

  /**
   * Checks every string in a JSON-like value (map keys included), naming the path of the first bad one
   * ({@code where.key[2].key}).
   */
  public static void requireAll(String where, Object value) {
    if (value instanceof String s) {
      require(where, s);
    } else if (value instanceof Map<?, ?> m) {
      for (Map.Entry<?, ?> e : m.entrySet()) {
        String key = String.valueOf(e.getKey());
        require(where + ": field name", key);
        requireAll(where + "." + key, e.getValue());
      }
    } else if (value instanceof List<?> l) {
      for (int i = 0; i < l.size(); i++) {
        requireAll(where + "[" + i + "]", l.get(i));
      }
    }
  }
}
