package dev.deja.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import dev.deja.core.InvalidInputException;
import dev.deja.core.item.Item;
import dev.deja.core.item.UnicodeText;
import dev.deja.format.Json;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A request's JSON object, read strictly: malformed JSON is {@code malformed_json}; a field of the wrong type, a missing
 * required field and a field nobody asked for are {@code invalid_request} naming the field.
 *
 * <p>Not thread-safe: one per request. Public for {@link #object} only.
 */
public final class Body {
  private final Map<String, Object> fields;
  private final Set<String> read = new LinkedHashSet<>();

  private Body(Map<String, Object> fields) {
    this.fields = fields;
  }

  /** A body from a map already parsed (a batch entry). */
  static Body of(Map<String, Object> fields, String where) {
    return new Body(fields);
  }

  /** Reads at most {@code max} bytes of a request body (413 beyond). */
  static byte[] read(InputStream in, long contentLength, long max) {
    return read(in, contentLength, max, "server.max_body_bytes");
  }

  /** Reads at most {@code max} bytes of a request body (413 beyond, naming the {@code setting} of the limit). */
  static byte[] read(InputStream in, long contentLength, long max, String setting) {
    if (contentLength > max) {
      drain(in);
      throw ApiException.tooLarge("request body: " + contentLength + " bytes; the limit is " + max
          + " (" + setting + ")", max);
    }
    try {
      byte[] b = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, max + 1));
      if (b.length > max) {
        drain(in);
        throw ApiException.tooLarge("request body: more than " + max + " bytes (" + setting + ")", max);
      }
      return b;
    } catch (IOException e) {
      throw ApiException.invalid("request body: cannot be read: " + e.getMessage());
    }
  }

  /** How much of a refused body is read and discarded before the 413 is sent. */
  static final long DRAIN_BYTES = 4L << 20;

  /**
   * Reads and discards up to {@link #DRAIN_BYTES} of a refused body. Unread bytes left in the socket when the server
   * closes the connection make TCP reset it, and the client may then lose the 413 itself ("no bytes received") instead
   * of reading it; a larger body is cut off (that client gets the reset).
   */
  private static void drain(InputStream in) {
    try {
      long left = DRAIN_BYTES;
      byte[] buf = new byte[8192];
      int n;
      while (left > 0 && (n = in.read(buf, 0, (int) Math.min(buf.length, left))) > 0) {
        left -= n;
      }
    } catch (IOException e) {
      // The client went away; the 413 is still the answer.
    }
  }

  /**
   * Parses a JSON object. The bytes must be UTF-8 (RFC 8259): an invalid sequence — overlong, a surrogate's encoding,
   * beyond U+10FFFF — is {@code malformed_json} naming its offset (Jackson would decode some of them into unpaired
   * surrogates). A string holding an unpaired surrogate (a JSON escape of half a surrogate pair) or U+0000 is
   * {@code invalid_request} naming where it is: no store could keep it as sent.
   */
  static Body parse(byte[] bytes) {
    Body b = parseForwarded(bytes);
    for (Map.Entry<String, Object> e : b.fields.entrySet()) {
      try {
        UnicodeText.require("request body: field name", e.getKey());
        UnicodeText.requireAll(e.getKey(), e.getValue());
      } catch (InvalidInputException x) {
        throw ApiException.invalid(x.getMessage());
      }
    }
    return b;
  }

  /**
   * Parses a JSON object that Deja forwards rather than stores (a chat request for the proxy's upstream): UTF-8 and
   * well-formed JSON, its strings as sent.
   */
  @SuppressWarnings("unchecked")
  static Body parseForwarded(byte[] bytes) {
    if (bytes.length == 0) {
      throw new ApiException(400, "malformed_json", "request body: empty; expected a JSON object", Map.of());
    }
    int bad = invalidUtf8(bytes);
    if (bad >= 0) {
      throw new ApiException(400, "malformed_json", "request body: invalid UTF-8 at byte " + bad
          + " (JSON text is UTF-8)", Map.of("byte", bad));
    }
    Object v;
    try {
      v = Json.MAPPER.readValue(bytes, Object.class);
    } catch (StreamConstraintsException e) {
      throw new ApiException(400, "malformed_json", "request body: " + Json.problem(e), Map.of());
    } catch (JsonProcessingException e) {
      Map<String, Object> d = new LinkedHashMap<>();
      if (e.getLocation() != null) {
        d.put("line", e.getLocation().getLineNr());
        d.put("column", e.getLocation().getColumnNr());
      }
      throw new ApiException(400, "malformed_json", "request body: malformed JSON"
          + (e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column "
          + e.getLocation().getColumnNr()) + ": " + Json.problem(e), d);
    } catch (IOException e) {
      throw new ApiException(400, "malformed_json", "request body: cannot be parsed: " + Json.clean(e.getMessage()),
          Map.of());
    }
    if (!(v instanceof Map)) {
      throw ApiException.invalid("request body: expected a JSON object, got " + Json.kind(v));
    }
    return new Body((Map<String, Object>) v);
  }

  /** The offset of the first byte that is not part of valid UTF-8, or -1. */
  static int invalidUtf8(byte[] bytes) {
    CharsetDecoder d = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CharBuffer out = CharBuffer.allocate(8192);
    while (true) {
      CoderResult r = d.decode(in, out, true);
      if (r.isError()) {
        return in.position();
      }
      if (!r.isOverflow()) {
        // Underflow with the end of input: everything decoded (a sequence cut off at the end is an error above).
        return -1;
      }
      out.clear();
    }
  }

  /**
   * A request body parsed as {@link #parse} does (UTF-8, a JSON object, Unicode text throughout), as a map: for
   * request bodies other handlers read, such as the MCP endpoint's.
   *
   * @throws ApiException 400 {@code malformed_json} or {@code invalid_request}
   */
  public static Map<String, Object> object(byte[] bytes) {
    return parse(bytes).fields;
  }

  /** Every field, without marking them read (for definitions passed on whole). */
  Map<String, Object> all() {
    read.addAll(fields.keySet());
    return fields;
  }

  boolean has(String name) {
    return fields.containsKey(name) && fields.get(name) != null;
  }

  /** A string field, absent or null → empty. */
  Optional<String> string(String name) {
    read.add(name);
    Object v = fields.get(name);
    if (v == null) {
      return Optional.empty();
    }
    if (!(v instanceof String s)) {
      throw ApiException.invalid(name, "must be a string, got " + Json.kind(v));
    }
    return Optional.of(s);
  }

  /** A required non-blank string field. */
  String requiredString(String name) {
    String s = string(name).orElseThrow(() -> ApiException.invalid(name, "is required"));
    if (s.isBlank()) {
      throw ApiException.invalid(name, "must not be blank");
    }
    return s;
  }

  /** A boolean field with a default. */
  boolean bool(String name, boolean def) {
    read.add(name);
    Object v = fields.get(name);
    if (v == null) {
      return def;
    }
    if (!(v instanceof Boolean b)) {
      throw ApiException.invalid(name, "must be true or false, got " + Json.kind(v));
    }
    return b;
  }

  /** A required object field, as an item. */
  @SuppressWarnings("unchecked")
  Item item(String name) {
    read.add(name);
    Object v = fields.get(name);
    if (v == null) {
      throw ApiException.invalid(name, "is required (an object of the collection's fields)");
    }
    if (!(v instanceof Map)) {
      throw ApiException.invalid(name, "must be an object, got " + Json.kind(v));
    }
    try {
      return new Item((Map<String, Object>) v);
    } catch (IllegalArgumentException e) {
      throw ApiException.invalid(name, e.getMessage());
    }
  }

  /** A required array of objects, at most {@code max} long (413 beyond). */
  @SuppressWarnings("unchecked")
  List<Body> objects(String name, int max) {
    read.add(name);
    Object v = fields.get(name);
    if (v == null) {
      throw ApiException.invalid(name, "is required (an array of objects)");
    }
    if (!(v instanceof List<?> list)) {
      throw ApiException.invalid(name, "must be an array, got " + Json.kind(v));
    }
    if (list.isEmpty()) {
      throw ApiException.invalid(name, "must not be empty");
    }
    if (list.size() > max) {
      throw ApiException.tooLarge(name + ": " + list.size() + " entries; the limit is " + max
          + " (server.max_batch_items)", max);
    }
    List<Body> out = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      if (!(list.get(i) instanceof Map)) {
        throw ApiException.invalid(name + "[" + i + "]", "must be an object, got " + Json.kind(list.get(i)));
      }
      out.add(new Body((Map<String, Object>) list.get(i)));
    }
    return out;
  }

  /** Refuses fields that were not read: a typo must not be silently ignored. */
  void noOthers(String where) {
    List<String> unknown = new ArrayList<>();
    for (String k : fields.keySet()) {
      if (!read.contains(k)) {
        unknown.add(k);
      }
    }
    if (!unknown.isEmpty()) {
      throw new ApiException(400, "invalid_request", where + ": unknown field(s) " + unknown + "; known: " + read,
          Map.of("unknown_fields", unknown));
    }
  }
}
