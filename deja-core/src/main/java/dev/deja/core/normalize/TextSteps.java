package dev.deja.core.normalize;

import java.text.Normalizer.Form;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The built-in normalisation steps that analyzers are made of. Each is idempotent on its own; see {@link Analyzer} for
 * chains.
 *
 * <p>Thread-safe: stateless.
 */
public final class TextSteps {
  private TextSteps() {}

  private static final Pattern MARKS = Pattern.compile("\\p{M}+");
  private static final Pattern SPACES = Pattern.compile("[\\s\\p{Z}\\u200B\\uFEFF]+");

  /** Letters that do not decompose into base + mark but have an obvious ASCII fold. */
  private static final Map<Integer, String> SPECIAL_FOLDS = Map.ofEntries(
      Map.entry((int) 'ø', "o"), Map.entry((int) 'Ø', "o"),
      Map.entry((int) 'ł', "l"), Map.entry((int) 'Ł', "l"),
      Map.entry((int) 'đ', "d"), Map.entry((int) 'Đ', "d"),
      Map.entry((int) 'æ', "ae"), Map.entry((int) 'Æ', "ae"),
      Map.entry((int) 'œ', "oe"), Map.entry((int) 'Œ', "oe"),
      Map.entry((int) 'ß', "ss"), Map.entry((int) 'ẞ', "ss"),
      Map.entry((int) 'ı', "i"), Map.entry((int) 'þ', "th"), Map.entry((int) 'Þ', "th"),
      Map.entry((int) 'ð', "d"), Map.entry((int) 'Ð', "d"));

  /** Unicode NFKC: compatibility characters (ligatures, full-width forms, ①) become their plain equivalents. */
  public static String nfkc(String s) {
    return java.text.Normalizer.normalize(s, Form.NFKC);
  }

  /** Lower case, locale-independent (never the Turkish dotless i surprise). */
  public static String lowercase(String s) {
    // Lower-casing can produce a string that NFKC would change (e.g. U+0130 → i + U+0307); re-compose it.
    String lower = s.toLowerCase(Locale.ROOT);
    return lower.equals(s) ? s : java.text.Normalizer.normalize(lower, Form.NFKC);
  }

  /** Removes accents and folds letters such as ø, ß, æ to their ASCII look-alikes: "Crème Brûlée" → "Creme Brulee". */
  public static String foldAccents(String s) {
    String decomposed = java.text.Normalizer.normalize(s, Form.NFKD);
    String stripped = MARKS.matcher(decomposed).replaceAll("");
    StringBuilder out = new StringBuilder(stripped.length());
    stripped.codePoints().forEach(cp -> {
      String fold = SPECIAL_FOLDS.get(cp);
      if (fold != null) {
        out.append(fold);
      } else {
        out.appendCodePoint(cp);
      }
    });
    return java.text.Normalizer.normalize(out, Form.NFKC);
  }

  /**
   * Punctuation and symbols (including emoji) become spaces, except apostrophes, which are removed so that
   * "Maya's" becomes "Mayas" and "don't" becomes "dont".
   */
  public static String punctuation(String s) {
    StringBuilder out = new StringBuilder(s.length());
    s.codePoints().forEach(cp -> {
      if (cp == '\'' || cp == '\u2019' || cp == '\u2018' || cp == '\u02BC' || cp == '`' || cp == '\u00B4') {
        return;
      }
      int type = Character.getType(cp);
      boolean punct = switch (type) {
        case Character.CONNECTOR_PUNCTUATION, Character.DASH_PUNCTUATION, Character.START_PUNCTUATION,
            Character.END_PUNCTUATION, Character.INITIAL_QUOTE_PUNCTUATION, Character.FINAL_QUOTE_PUNCTUATION,
            Character.OTHER_PUNCTUATION, Character.MATH_SYMBOL, Character.CURRENCY_SYMBOL,
            Character.MODIFIER_SYMBOL, Character.OTHER_SYMBOL, Character.SURROGATE, Character.PRIVATE_USE,
            Character.FORMAT, Character.CONTROL, Character.UNASSIGNED -> true;
        default -> false;
      };
      if (punct) {
        out.append(' ');
      } else {
        out.appendCodePoint(cp);
      }
    });
    return out.toString();
  }

  /** Runs of white space (including non-breaking and zero-width spaces) become one space; trimmed. */
  public static String whitespace(String s) {
    return SPACES.matcher(s).replaceAll(" ").strip();
  }

  /** Hyphens, slashes and spaces between word parts are removed: "verificatie-proces" → "verificatieproces". */
  public static String joinCompounds(String s) {
    StringBuilder out = new StringBuilder(s.length());
    s.codePoints().forEach(cp -> {
      if (Character.isLetterOrDigit(cp)) {
        out.appendCodePoint(cp);
      }
    });
    return out.toString();
  }
}
