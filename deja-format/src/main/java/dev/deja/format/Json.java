package dev.deja.format;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.deja.core.InvalidInputException;
import java.util.Map;

/**
 * The project's JSON settings and parsing helpers: duplicate keys are an error, numbers keep their type, and every
 * parse failure becomes an {@link InvalidInputException} with a one-line message saying where.
 *
 * <p>Thread-safe: the mapper is configured once and never changed.
 */
public final class Json {
  private Json() {}

  /** The shared mapper. */
  public static final ObjectMapper MAPPER = JsonMapper.builder()
      .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
      .build();

  static {
    MAPPER.getFactory().setStreamReadConstraints(
        StreamReadConstraints.builder().maxNestingDepth(64).maxStringLength(10_000_000).build());
  }

  /** Parses a JSON object into an ordered map; {@code what} names the input in errors ("item", "line 3"). */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> object(String text, String what) {
    Object v = value(text, what);
    if (!(v instanceof Map)) {
      throw new InvalidInputException(what + ": expected a JSON object, got " + kind(v));
    }
    return (Map<String, Object>) v;
  }

  /**
   * Parses one line of a JSON Lines file into an ordered map; {@code where} names the file and line
   * ({@code items.jsonl:2}), so that a parse error adds only the column ({@code items.jsonl:2, column 35: malformed
   * JSON: …}) and not the parser's own "line 1".
   */
  public static Map<String, Object> objectOnLine(String text, String where) {
    Object v;
    try {
      v = MAPPER.readValue(text, Object.class);
    } catch (JsonProcessingException e) {
      String col = e.getLocation() == null ? "" : ", column " + e.getLocation().getColumnNr();
      throw new InvalidInputException(where + col + ": malformed JSON: " + e.getOriginalMessage(), e);
    }
    if (!(v instanceof Map)) {
      throw new InvalidInputException(where + ": expected a JSON object, got " + kind(v));
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> m = (Map<String, Object>) v;
    return m;
  }

  /** Parses any JSON value. */
  public static Object value(String text, String what) {
    if (text == null || text.isBlank()) {
      throw new InvalidInputException(what + ": empty input, expected JSON");
    }
    try {
      return MAPPER.readValue(text, Object.class);
    } catch (JsonProcessingException e) {
      String loc = e.getLocation() == null ? ""
          : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
      throw new InvalidInputException(what + ": malformed JSON" + loc + ": " + problem(e), e);
    }
  }

  /**
   * What a JSON parser said, for a caller to read: the parser's message without its internals — the names of its
   * settings ({@code from `StreamReadConstraints.getMaxNestingDepth()`}), the redacted-source note and location
   * ({@code Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled)}); the location is given
   * separately as line and column.
   */
  public static String problem(JsonProcessingException e) {
    return clean(e.getOriginalMessage());
  }

  /** A parser's message without the names of the parser's settings and without its source/location appendix. */
  public static String clean(String message) {
    if (message == null) {
      return "malformed JSON";
    }
    String m = message;
    int at = m.indexOf("\n at [Source");
    if (at >= 0) {
      m = m.substring(0, at);
    }
    m = m.replaceAll(",? from `[^`]*`", "").replaceAll("\\s*\\(`[^`]*` (disabled|enabled)\\)", "")
        .replaceAll("Source: REDACTED;?\\s*", "").replaceAll("`[A-Z][A-Za-z]+\\.[A-Za-z_]+(\\(\\))?`", "a limit");
    return m.strip();
  }

  /** Compact JSON text of a value. */
  public static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise " + value.getClass(), e);
    }
  }

  /** Indented JSON text of a value. */
  public static String writePretty(Object value) {
    try {
      return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise " + value.getClass(), e);
    }
  }

  /** What kind of JSON value a parsed value is, for error messages: "an object", "an array", "a string", ... */
  public static String kind(Object v) {
    if (v == null) {
      return "null";
    }
    if (v instanceof java.util.List) {
      return "an array";
    }
    if (v instanceof Map) {
      return "an object";
    }
    if (v instanceof String) {
      return "a string";
    }
    if (v instanceof Number) {
      return "a number";
    }
    if (v instanceof Boolean) {
      return "a boolean";
    }
    return v.getClass().getSimpleName();
  }
}
