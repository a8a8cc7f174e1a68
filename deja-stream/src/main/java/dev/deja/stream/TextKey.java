package dev.deja.stream;

import java.text.Normalizer;
import java.util.Locale;

/**
 * The normalised form of a unit that the layers compare: lower case, accents folded, punctuation and symbols made
 * spaces (apostrophes removed: "Maya's" → "mayas"), white space collapsed. The same rules as the {@code standard}
 * analyzer of deja-core, with a fast path for ASCII text (most of an answer), because every unit of a stream is
 * normalised once while the user waits.
 *
 * <p>Thread-safe: stateless.
 */
final class TextKey {
  private TextKey() {}

  static String normalize(String text) {
    StringBuilder out = new StringBuilder(text.length());
    boolean space = true;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 128) {
        if (c >= 'A' && c <= 'Z') {
          out.append((char) (c + 32));
          space = false;
        } else if (c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
          out.append(c);
          space = false;
        } else if (c == '\'' || c == '`') {
          continue;
        } else if (!space) {
          out.append(' ');
          space = true;
        }
        continue;
      }
      if (c == '’' || c == '‘' || c == 'ʼ' || c == '´') {
        continue;
      }
      int cp = text.codePointAt(i);
      if (Character.isSupplementaryCodePoint(cp)) {
        i++;
      }
      if (Character.isLetterOrDigit(cp)) {
        String folded = fold(cp);
        if (!folded.isEmpty()) {
          out.append(folded);
          space = false;
        }
      } else if (Character.getType(cp) == Character.NON_SPACING_MARK) {
        continue;
      } else if (!space) {
        out.append(' ');
        space = true;
      }
    }
    int n = out.length();
    if (n > 0 && out.charAt(n - 1) == ' ') {
      out.setLength(n - 1);
    }
    return out.toString();
  }

  /** One letter or digit: compatibility-decomposed, marks removed, special letters folded, lower case. */
  private static String fold(int cp) {
    switch (cp) {
      case 'ø', 'Ø' -> {
        return "o";
      }
      case 'ł', 'Ł' -> {
        return "l";
      }
      case 'đ', 'Đ', 'ð', 'Ð' -> {
        return "d";
      }
      case 'æ', 'Æ' -> {
        return "ae";
      }
      case 'œ', 'Œ' -> {
        return "oe";
      }
      case 'ß', 'ẞ' -> {
        return "ss";
      }
      case 'ı' -> {
        return "i";
      }
      case 'þ', 'Þ' -> {
        return "th";
      }
      default -> {
        String d = Normalizer.normalize(new String(Character.toChars(cp)), Normalizer.Form.NFKD);
        StringBuilder b = new StringBuilder(d.length());
        for (int k = 0; k < d.length(); k++) {
          char x = d.charAt(k);
          int type = Character.getType(x);
          if (type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK
              || type == Character.COMBINING_SPACING_MARK) {
            continue;
          }
          if (Character.isLetterOrDigit(x) || Character.isSurrogate(x)) {
            b.append(x);
          }
        }
        return b.toString().toLowerCase(Locale.ROOT);
      }
    }
  }
}
