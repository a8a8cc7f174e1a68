package dev.deja.stream.proxy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A small JSON reader that remembers where every value stands in the source text, so that one value can be replaced
 * and everything else left byte for byte as the upstream wrote it (field order, number formats, spacing).
 *
 * <p>Thread-safe: stateless; the nodes are immutable.
 */
final class JsonTree {
  private JsonTree() {}

  /** A parsed value and its span {@code [start, end)} in the source. */
  sealed interface Node permits Obj, Arr, Str, Lit {
    int start();

    int end();
  }

  record Obj(int start, int end, Map<String, Node> fields) implements Node {
    Optional<Node> get(String key) {
      return Optional.ofNullable(fields.get(key));
    }

    Optional<Obj> object(String key) {
      return get(key).filter(Obj.class::isInstance).map(Obj.class::cast);
    }

    Optional<Arr> array(String key) {
      return get(key).filter(Arr.class::isInstance).map(Arr.class::cast);
    }

    Optional<Str> string(String key) {
      return get(key).filter(Str.class::isInstance).map(Str.class::cast);
    }
  }

  record Arr(int start, int end, List<Node> items) implements Node {}

  record Str(int start, int end, String value) implements Node {}

  /** A number, {@code true}, {@code false} or {@code null}, as written. */
  record Lit(int start, int end, String raw) implements Node {
    boolean isNull() {
      return raw.equals("null");
    }
  }

  /** Parses a JSON text (one value, white space around it allowed). */
  static Node parse(String s) {
    Parser p = new Parser(s);
    p.space();
    Node n = p.value(0);
    p.space();
    if (p.i != s.length()) {
      throw p.error("trailing characters");
    }
    return n;
  }

  /** The object a text holds, if it is a JSON object. */
  static Optional<Obj> object(String s) {
    try {
      return parse(s) instanceof Obj o ? Optional.of(o) : Optional.empty();
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /** A JSON string literal. */
  static String quote(String s) {
    StringBuilder b = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        case '\b' -> b.append("\\b");
        case '\f' -> b.append("\\f");
        default -> {
          if (c < 0x20 || c == '\u2028' || c == '\u2029') {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.append('"').toString();
  }

  /** A text with spans replaced (non-overlapping; any order). */
  static String splice(String source, List<int[]> spans, List<String> replacements) {
    Integer[] order = new Integer[spans.size()];
    for (int k = 0; k < order.length; k++) {
      order[k] = k;
    }
    java.util.Arrays.sort(order, (a, b) -> Integer.compare(spans.get(a)[0], spans.get(b)[0]));
    StringBuilder out = new StringBuilder(source.length() + 64);
    int at = 0;
    for (int k : order) {
      int[] span = spans.get(k);
      out.append(source, at, span[0]).append(replacements.get(k));
      at = span[1];
    }
    return out.append(source, at, source.length()).toString();
  }

  private static final class Parser {
    private static final int MAX_DEPTH = 256;
    private final String s;
    private int i;

    Parser(String s) {
      this.s = s;
    }

    IllegalArgumentException error(String what) {
      return new IllegalArgumentException("malformed JSON at " + i + ": " + what);
    }

    void space() {
      while (i < s.length()) {
        char c = s.charAt(i);
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
          i++;
        } else {
          break;
        }
      }
    }

    Node value(int depth) {
      if (depth > MAX_DEPTH) {
        throw error("nested too deeply");
      }
      if (i >= s.length()) {
        throw error("unexpected end");
      }
      char c = s.charAt(i);
      return switch (c) {
        case '{' -> object(depth);
        case '[' -> array(depth);
        case '"' -> string();
        default -> literal();
      };
    }

    Obj object(int depth) {
      int start = i++;
      Map<String, Node> fields = new LinkedHashMap<>();
      space();
      if (i < s.length() && s.charAt(i) == '}') {
        i++;
        return new Obj(start, i, fields);
      }
      while (true) {
        space();
        if (i >= s.length() || s.charAt(i) != '"') {
          throw error("expected a key");
        }
        String key = string().value();
        space();
        if (i >= s.length() || s.charAt(i) != ':') {
          throw error("expected ':'");
        }
        i++;
        space();
        fields.put(key, value(depth + 1));
        space();
        if (i >= s.length()) {
          throw error("unexpected end");
        }
        char c = s.charAt(i++);
        if (c == '}') {
          return new Obj(start, i, fields);
        }
        if (c != ',') {
          throw error("expected ',' or '}'");
        }
      }
    }

    Arr array(int depth) {
      int start = i++;
      List<Node> items = new ArrayList<>();
      space();
      if (i < s.length() && s.charAt(i) == ']') {
        i++;
        return new Arr(start, i, items);
      }
      while (true) {
        space();
        items.add(value(depth + 1));
        space();
        if (i >= s.length()) {
          throw error("unexpected end");
        }
        char c = s.charAt(i++);
        if (c == ']') {
          return new Arr(start, i, items);
        }
        if (c != ',') {
          throw error("expected ',' or ']'");
        }
      }
    }

    Str string() {
      int start = i++;
      StringBuilder b = new StringBuilder();
      while (true) {
        if (i >= s.length()) {
          throw error("unterminated string");
        }
        char c = s.charAt(i++);
        if (c == '"') {
          return new Str(start, i, b.toString());
        }
        if (c == '\\') {
          if (i >= s.length()) {
            throw error("unterminated escape");
          }
          char e = s.charAt(i++);
          switch (e) {
            case '"', '\\', '/' -> b.append(e);
            case 'n' -> b.append('\n');
            case 'r' -> b.append('\r');
            case 't' -> b.append('\t');
            case 'b' -> b.append('\b');
            case 'f' -> b.append('\f');
            case 'u' -> {
              if (i + 4 > s.length()) {
                throw error("short \\u escape");
              }
              try {
                b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
              } catch (NumberFormatException x) {
                throw error("bad \\u escape");
              }
              i += 4;
            }
            default -> throw error("bad escape");
          }
        } else if (c < 0x20) {
          throw error("control character in string");
        } else {
          b.append(c);
        }
      }
    }

    Lit literal() {
      int start = i;
      while (i < s.length() && "{}[],: \t\r\n\"".indexOf(s.charAt(i)) < 0) {
        i++;
      }
      String raw = s.substring(start, i);
      if (!(raw.equals("true") || raw.equals("false") || raw.equals("null")
          || raw.matches("-?(0|[1-9]\\d*)(\\.\\d+)?([eE][+-]?\\d+)?"))) {
        throw error("bad literal '" + raw + "'");
      }
      return new Lit(start, i, raw);
    }
  }
}
