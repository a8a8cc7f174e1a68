package dev.deja.core.testing;

/** Reads one JSON string literal, as written by Python's {@code json.dumps}: test tables use it for exact strings. */
public final class JsonString {
  private JsonString() {}

  /** The string that a JSON string literal (with its double quotes) denotes. */
  public static String parse(String literal) {
    if (literal.length() < 2 || literal.charAt(0) != '"' || literal.charAt(literal.length() - 1) != '"') {
      throw new IllegalArgumentException("not a JSON string literal: " + literal);
    }
    StringBuilder out = new StringBuilder(literal.length());
    for (int i = 1; i < literal.length() - 1; i++) {
      char c = literal.charAt(i);
      if (c == '"') {
        throw new IllegalArgumentException("unescaped quote at " + i + " in " + literal);
      }
      if (c != '\\') {
        out.append(c);
        continue;
      }
      if (i + 1 >= literal.length() - 1) {
        throw new IllegalArgumentException("dangling backslash in " + literal);
      }
      char e = literal.charAt(++i);
      switch (e) {
        case '"', '\\', '/' -> out.append(e);
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'n' -> out.append('\n');
        case 'r' -> out.append('\r');
        case 't' -> out.append('\t');
        case 'u' -> {
          if (i + 5 > literal.length() - 1) {
            throw new IllegalArgumentException("short \\u escape in " + literal);
          }
          // A surrogate pair arrives as two escapes and becomes two chars, i.e. one code point, as in Python.
          out.append((char) Integer.parseInt(literal.substring(i + 1, i + 5), 16));
          i += 4;
        }
        default -> throw new IllegalArgumentException("unknown escape \\" + e + " in " + literal);
      }
    }
    return out.toString();
  }
}
