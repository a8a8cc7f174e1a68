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
  /** Letters that do not decompose into base + mark but have an obvious ASCII fold; capitals fold to capitals. */
  private static final Map<Integer, String> SPECIAL_FOLDS = Map.ofEntries(
      Map.entry((int) 'ø', "o"), Map.entry((int) 'Ø', "O"),
      Map.entry((int) 'ł', "l"), Map.entry((int) 'Ł', "L"),
      Map.entry((int) 'đ', "d"), Map.entry((int) 'Đ', "D"),
      Map.entry((int) 'æ', "ae"), Map.entry((int) 'Æ', "AE"),
      Map.entry((int) 'œ', "oe"), Map.entry((int) 'Œ', "OE"),
      Map.entry((int) 'ß', "ss"), Map.entry((int) 'ẞ', "SS"),
      Map.entry((int) 'ı', "i"), Map.entry((int) 'þ', "th"), Map.entry((int) 'Þ', "TH"),
      Map.entry((int) 'ð', "d"), Map.entry((int) 'Ð', "D"));

  /** Unicode NFKC: compatibility characters (ligatures, full-width forms, ①) become their plain equivalents. */
  public static String nfkc(String s) {
    if (ascii(s)) {
      return s; // every ASCII character is its own NFKC form
    }
    return java.text.Normalizer.normalize(s, Form.NFKC);
  }

  /** Lower case, locale-independent (never the Turkish dotless i surprise). */
  public static String lowercase(String s) {
    // Lower-casing can leave a string that is not canonically composed (U+0130 İ becomes i + U+0307, which a
    // following ogonek must then be ordered before and composed with); re-compose it. NFC, not NFKC: NFKC would also
    // expand compatibility characters, some into capitals ("㎁" → "nA"), and the step would not be idempotent.
    String lower = s.toLowerCase(Locale.ROOT);
    // ASCII lower-cases to ASCII, which is composed already.
    return lower.equals(s) || ascii(s) ? lower : java.text.Normalizer.normalize(lower, Form.NFC);
  }

  /**
   * Removes accents and folds letters such as ø, ß, æ to their ASCII look-alikes, keeping their case: "Crème Brûlée"
   * → "Creme Brulee", "Øresund" → "Oresund".
   *
   * <p>Uses the canonical decomposition (NFD), so the result is in NFC: compatibility characters ("ﬁ", "①") are
   * the {@link #nfkc} step's job. Expanding them here would let this step bring capitals back after
   * {@link #lowercase} ("ℌ" → "H") and a chain would not be idempotent.
   */
  public static String foldAccents(String s) {
    if (ascii(s)) {
      return s; // no marks, nothing to decompose or fold; most text takes this path
    }
    String decomposed = java.text.Normalizer.normalize(s, Form.NFD);
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
    return java.text.Normalizer.normalize(out, Form.NFC);
  }

  /**
   * The currency symbols of a text, in order ("£", "$"; Unicode's currency-symbol category), which {@link #punctuation}
   * drops: "Sam owes me £50." and "Sam owes me $50." normalise alike, and what tells them apart is this.
   */
  public static String currencySymbols(String s) {
    StringBuilder b = new StringBuilder();
    s.codePoints().filter(cp -> Character.getType(cp) == Character.CURRENCY_SYMBOL).forEach(b::appendCodePoint);
    return b.toString();
  }

  /**
   * The signs of a text that change what it says and that {@link #punctuation} drops, in order: currency symbols ("£",
   * "$") and mathematical symbols ("+", "<", "±"; Unicode's two categories), "#" and "%", a minus before a number that
   * follows no letter or digit ("-5", not "3-5" or "COVID-19") and a minus after a word of one letter ("B-", "O-").
   * "My blood type is A+." and "My blood type is A.", "It is -5 degrees." and "It is 5 degrees." normalise alike, and
   * what tells them apart is this.
   */
  public static String signs(String s) {
    StringBuilder b = null;
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      int type = Character.getType(cp);
      boolean sign = type == Character.CURRENCY_SYMBOL || type == Character.MATH_SYMBOL || cp == '#' || cp == '%'
          || cp == '-' && minus(s, i);
      if (sign) {
        if (b == null) {
          b = new StringBuilder();
        }
        b.appendCodePoint(cp);
      }
      i += Character.charCount(cp);
    }
    return b == null ? "" : b.toString();
  }

  /** Whether the hyphen at {@code i} is a minus: before a digit after no letter or digit, or after a lone letter. */
  private static boolean minus(String s, int i) {
    boolean afterWord = i > 0 && Character.isLetterOrDigit(s.charAt(i - 1));
    boolean beforeWord = i + 1 < s.length() && Character.isLetterOrDigit(s.charAt(i + 1));
    if (!afterWord) {
      return i + 1 < s.length() && Character.isDigit(s.charAt(i + 1));
    }
    return !beforeWord && Character.isLetter(s.charAt(i - 1)) && (i < 2 || !Character.isLetterOrDigit(s.charAt(i - 2)));
  }

  /**
   * Punctuation and symbols (including emoji) become spaces, except apostrophes, which are removed so that
   * "Maya's" becomes "Mayas" and "don't" becomes "dont".
   */
  public static String punctuation(String s) {
    if (ascii(s)) {
      return asciiPunctuation(s);
    }
    return punctuationByType(s);
  }

  /** What {@link #punctuationByType} does to each ASCII character: 0 keep, 1 space, 2 remove. */
  private static final byte[] ASCII_PUNCTUATION = new byte[0x80];

  static {
    for (int c = 0; c < 0x80; c++) {
      String out = punctuationByType(String.valueOf((char) c));
      ASCII_PUNCTUATION[c] = (byte) (out.isEmpty() ? 2 : out.equals(" ") && c != ' ' ? 1 : 0);
    }
  }

  /** {@link #punctuationByType} for ASCII text, by table; the text itself when nothing changes. */
  private static String asciiPunctuation(String s) {
    int i = 0;
    while (i < s.length() && ASCII_PUNCTUATION[s.charAt(i)] == 0) {
      i++;
    }
    if (i == s.length()) {
      return s;
    }
    StringBuilder out = new StringBuilder(s.length()).append(s, 0, i);
    for (; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (ASCII_PUNCTUATION[c]) {
        case 0 -> out.append(c);
        case 1 -> out.append(' ');
        default -> { }
      }
    }
    return out.toString();
  }

  /** The punctuation step by Unicode general category, for any text. */
  static String punctuationByType(String s) {
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
    if (singleSpaced(s)) {
      return s;
    }
    // What replacing each run of spaces (see space) by one and stripping gives, in one pass; TextStepsTest checks it
    // against the regular expression [\s\p{Z}\u001C-\u001F\u0085\u200B\uFEFF]+.
    StringBuilder out = new StringBuilder(s.length());
    boolean pending = false;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (space(c)) {
        pending = out.length() > 0;
      } else {
        if (pending) {
          out.append(' ');
          pending = false;
        }
        out.append(c);
      }
    }
    return out.toString();
  }

  /**
   * White space: ASCII white space, every Unicode space separator (including no-break spaces), line and paragraph
   * separators, the information separators U+001C..U+001F and NEL (which {@link String#strip()} or Unicode count as
   * white space), and the zero-width space and BOM. Everything {@code strip()} would remove is in here, so that a
   * character stripped at the ends is never left alone in the middle, where a later pass could expose it.
   */
  private static boolean space(char c) {
    if (c < 0x80) {
      return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1C && c <= 0x1F);
    }
    if (c == 0x85 || c == 0x200B || c == 0xFEFF) {
      return true;
    }
    int type = Character.getType(c);
    return type == Character.SPACE_SEPARATOR || type == Character.LINE_SEPARATOR
        || type == Character.PARAGRAPH_SEPARATOR;
  }

  static boolean ascii(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) >= 0x80) {
        return false;
      }
    }
    return true;
  }

  /** Printable ASCII with single spaces between words and none at the ends: {@link #whitespace} leaves it as it is. */
  private static boolean singleSpaced(String s) {
    int n = s.length();
    if (n > 0 && (s.charAt(0) == ' ' || s.charAt(n - 1) == ' ')) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c == ' ' ? s.charAt(i - 1) == ' ' : c < 0x21 || c > 0x7E) {
        return false;
      }
    }
    return true;
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
