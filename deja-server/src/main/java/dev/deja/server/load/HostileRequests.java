package dev.deja.server.load;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.deja.format.Json;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Seeded malformed and hostile requests for {@link HttpFuzzer}: the same seed gives the same requests.
 *
 * <p>Kinds: malformed JSON (truncated, random bytes, invalid UTF-8, deep nesting, huge numbers), wrong types, oversize
 * bodies, unknown fields, bad paths and methods, bad keys, bad search parameters, Unicode junk and bad calendar items
 * (the first run's kinds), and issue 17's: dates beyond the supported years, text that is not Unicode (unpaired
 * surrogate escapes, invalid UTF-8 byte sequences) in items, ids, memories and merges, the limits (a 40 KB item every
 * store must accept, ids and cursors at and over their limit), recurring series that cannot be stored whole, requests
 * the web server refuses before any route (bad path encodings, NUL, oversized headers and URIs, bad framing), and
 * malformed MCP messages and sessions.
 *
 * <p>Not thread-safe: one generator per run.
 */
final class HostileRequests {
  /** The collections requests aim at; {@link HttpFuzzer} creates them (the memory collection on first use). */
  static final List<String> COLLECTIONS = List.of("fuzz-text", "fuzz-calendar", "fuzz-glossary", "memories");

  static final List<String> KINDS = List.of("malformed_json", "wrong_types", "oversize", "unknown_fields",
      "bad_paths", "bad_keys", "bad_search", "unicode_junk", "bad_items", "bad_dates", "bad_unicode", "limits",
      "series", "web_layer", "mcp");

  /**
   * One request. {@code raw}, when present, is sent as it is (request line and headers included); otherwise the
   * request is built from method, path, headers and body. {@code write} names what a write must leave untouched when
   * it is refused; {@code expected}, when not empty, the only statuses it may get; {@code setup}, requests sent first
   * whose answers are not judged.
   */
  record Req(String kind, String method, String path, Map<String, String> headers, byte[] body,
      Optional<byte[]> raw, Optional<Write> write, Set<Integer> expected, List<Req> setup) {
    Req {
      headers = Map.copyOf(headers);
      body = body.clone();
      expected = Set.copyOf(expected);
      setup = List.copyOf(setup);
    }

    Req(String kind, String method, String path, Map<String, String> headers, byte[] body) {
      this(kind, method, path, headers, body, Optional.empty(), Optional.empty(), Set.of(), List.of());
    }

    Req writing(Write w) {
      return new Req(kind, method, path, headers, body, raw, Optional.of(w), expected, setup);
    }

    Req expecting(Integer... statuses) {
      return new Req(kind, method, path, headers, body, raw, write, Set.of(statuses), setup);
    }

    Req after(Req... first) {
      return new Req(kind, method, path, headers, body, raw, write, expected, List.of(first));
    }
  }

  /** A write: the collection whose item count must not change when it is refused, and the ids it asks for. */
  record Write(String collection, List<String> ids) {
    Write {
      ids = List.copyOf(ids);
    }
  }

  private static final String[] JUNK = {"\u0000", "\u0007", "\u200b", "\u202e", "\ufeff", "\ud83d\ude00",
      "\u00e9\u0301", "\uffff", "\ud800", "\udfff", "\u2028", "\\", "\"", "{", "]", "%00", "../", "\u4e2d\u6587"};
  /** Byte sequences that are not UTF-8: beyond U+10FFFF, overlong '.', an encoded surrogate, 0xFF, a cut-off '€'. */
  private static final byte[][] NOT_UTF8 = {{(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
      {(byte) 0xC0, (byte) 0xAE}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0xFF},
      {(byte) 0xE2, (byte) 0x82}};
  /** JSON escapes of halves of surrogate pairs, alone or in the wrong order. */
  private static final String[] LONE = {"\\udfff\\ud800", "\\ud800", "\\udc00", "\\ud83d x", "a \\udfff"};
  private static final String[] FAR_DATES = {"+999999999-12-31T23:59", "-999999999-01-01T00:00",
      "+10000-01-01T00:00", "0000-12-31T10:00", "+999999999-12-31", "+999999999-12-31T23:59+01:00",
      "+999999999-12-31T23:59+01:00[Europe/Amsterdam]"};
  /** JSON that escapes everything outside ASCII, lone surrogates included (a String's UTF-8 would turn them to '?'). */
  private static final ObjectMapper ASCII = JsonMapper.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build();

  private final SplittableRandom random;
  private final String key;
  private final String host;
  private final String tag;
  private int serial;

  HostileRequests(long seed, String key, String host) {
    this.random = new SplittableRandom(seed);
    this.key = key;
    this.host = host;
    this.tag = Long.toString(seed & 0xffffff, 36);
  }

  /** The next request. */
  Req next() {
    String kind = KINDS.get(random.nextInt(KINDS.size()));
    serial++;
    return switch (kind) {
      case "malformed_json" -> new Req(kind, "POST", pick(itemPath(), "/v1/collections", "/v1/memories",
          "/v1/memories/check-duplicate"), auth(), malformed());
      case "wrong_types" -> new Req(kind, "POST", itemPath(), auth(), utf8(Json.write(wrongTypes())));
      case "oversize" -> new Req(kind, "POST", pick(itemPath(), "/v1/memories"), auth(),
          utf8("{\"item\": {\"text\": \"" + "a".repeat(random.nextInt(3) == 0 ? 1_200_000 : 70_000 + random
              .nextInt(10_000)) + "\"}}"));
      case "unknown_fields" -> {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("item", random.nextBoolean() ? Map.of("text", "hi", junk(5), 1) : Map.of("title", "x", "start",
            "2026-03-02T10:00", "colour", "red"));
        m.put(pick("forse", "tenant", "bypass", "extra", junk(4)), true);
        yield new Req(kind, "POST", itemPath(), auth(), ascii(m));
      }
      case "bad_paths" -> new Req(kind, pick("GET", "PUT", "PATCH", "DELETE", "POST", "OPTIONS", "FOO", "TRACE"),
          pick("/v1/collections/%ZZ", "/v1/" + junk(6).replaceAll("[^a-z]", "x"),
              "/v1/collections/fuzz-text/items/" + junk(8).replaceAll("[^a-z]", "y"),
              "/v1/collections/../../etc/passwd", "/v1/collections//items", "/" + "x".repeat(9000),
              "/v1/collections/fuzz-text/items/%00", "/v1/admin/keys", "/v1/admin/keys/%FF%FE", "/mcp",
              "/v1/collections/fuzz-missing", "/openapi.json", "/v1/collections?limit=" + junk(3)
                  .replaceAll("[^a-z]", "z")),
          auth(), random.nextBoolean() ? new byte[0] : utf8("{}"));
      case "bad_keys" -> {
        Map<String, String> h = switch (random.nextInt(6)) {
          case 0 -> Map.of();
          case 1 -> Map.of("Authorization", "Bearer " + junk(20).replaceAll("[^a-z]", "k"));
          case 2 -> Map.of("Authorization", "Basic dXNlcjpwYXNz");
          case 3 -> Map.of("x-api-key", "k".repeat(5000));
          case 4 -> Map.of("Authorization", "Bearer");
          default -> Map.of("x-api-key", key + "x");
        };
        yield new Req(kind, pick("GET", "POST", "DELETE"), pick("/v1/collections", itemPath(), "/v1/admin/keys",
            "/v1/memories"), h, utf8("{\"item\": {\"text\": \"x\"}}"));
      }
      case "bad_search" -> new Req(kind, "GET", "/v1/collections/" + pick("fuzz-text", "fuzz-calendar") + "/search?"
          + pick("q=", "q=hello&threshold=" + pick("abc", "-1", "2", "NaN", "Infinity", "1e309", "0x1", ""),
          "q=hello&limit=" + pick("0", "-5", "100000", "x", "1.5"), "q=hello&start=" + pick("yesterday",
              "2026-13-45", "2026-03-02T25:00", "1e9") + "&end=2020-01-01", "threshold=0.5",
          "q=hello&unknown=1", "q=a&q=b", "q=%E0%A4%A", "q=" + "z".repeat(3000)), auth(), new byte[0]);
      case "unicode_junk" -> {
        String col = pick("fuzz-text", "fuzz-glossary");
        Map<String, Object> item = col.equals("fuzz-text") ? Map.of("text", junk(1 + random.nextInt(200)))
            : Map.of("term", junk(10), "synonyms", List.of(junk(5)), "legal_basis", List.of(junk(3)));
        String id = id();
        boolean put = random.nextBoolean();
        Req r = new Req(kind, "POST", "/v1/collections/" + col + (put ? "/items" : "/check"), auth(),
            ascii(put ? Map.of("item", item, "id", id, "force", random.nextBoolean()) : Map.of("item", item)));
        yield put ? r.writing(new Write(col, List.of(id))) : r;
      }
      case "bad_items" -> {
        String id = id();
        boolean put = random.nextBoolean();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("item", badCalendarItem());
        if (put) {
          body.put("id", id);
        }
        Req r = new Req(kind, "POST", "/v1/collections/fuzz-calendar" + (put ? "/items" : "/check"), auth(),
            ascii(body));
        yield put ? r.writing(new Write("fuzz-calendar", List.of(id))) : r;
      }
      case "bad_dates" -> badDates();
      case "bad_unicode" -> badUnicode();
      case "limits" -> limits();
      case "series" -> series();
      case "web_layer" -> webLayer();
      default -> mcp();
    };
  }

  // ---------------------------------------------------------------- issue 17's kinds

  private Req badDates() {
    String far = pick(FAR_DATES);
    String id = id();
    return switch (random.nextInt(4)) {
      case 0 -> put("bad_dates", "fuzz-calendar", id, Map.of("title", "Far away", "start", far));
      case 1 -> put("bad_dates", "fuzz-calendar", id, Map.of("title", "Far away", "start", "2026-03-02T14:00",
          "end", far));
      case 2 -> new Req("bad_dates", "POST", "/v1/collections/fuzz-calendar/check", auth(),
          ascii(Map.of("item", Map.of("title", "Far away", "start", far, "all_day", random.nextBoolean()))));
      default -> new Req("bad_dates", "GET", "/v1/collections/fuzz-calendar/search?q=far&" + pick("start", "end")
          + "=" + far.replace("+", "%2B").replace("[", "%5B").replace("]", "%5D"), auth(), new byte[0]);
    };
  }

  private Req badUnicode() {
    String id = id();
    String lone = pick(LONE);
    return switch (random.nextInt(7)) {
      // A lone surrogate escaped in a field value, in an id, in a field name, in a memory, in a merge.
      case 0 -> new Req("bad_unicode", "POST", "/v1/collections/fuzz-text/items", auth(),
          utf8("{\"id\": \"" + id + "\", \"item\": {\"text\": \"a " + lone + " b\"}}"))
          .writing(new Write("fuzz-text", List.of(id)));
      case 1 -> new Req("bad_unicode", "POST", "/v1/collections/fuzz-text/items", auth(),
          utf8("{\"id\": \"" + id + lone + "\", \"item\": {\"text\": \"fine " + id + "\"}}"))
          .writing(new Write("fuzz-text", List.of(id)));
      case 2 -> new Req("bad_unicode", "POST", "/v1/collections/fuzz-glossary/items", auth(),
          utf8("{\"id\": \"" + id + "\", \"item\": {\"term\": \"t" + id + "\", \"synonyms\": [\"" + lone + "\"]}}"))
          .writing(new Write("fuzz-glossary", List.of(id)));
      case 3 -> {
        // The same fact again with a lone surrogate: it would merge into the first.
        String fact = "The user " + id + " likes green tea";
        Req first = new Req("setup", "POST", "/v1/memories", auth(), utf8(Json.write(Map.of("content", fact))));
        yield new Req("bad_unicode", "POST", "/v1/memories", auth(),
            utf8("{\"content\": \"" + fact + " " + lone + "\"}")).writing(new Write("memories", List.of()))
            .after(first);
      }
      case 4 -> {
        // Invalid UTF-8 bytes inside a string value.
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(utf8("{\"id\": \"" + id + "\", \"item\": {\"text\": \"a "));
        b.writeBytes(NOT_UTF8[random.nextInt(NOT_UTF8.length)]);
        b.writeBytes(utf8(" b\"}}"));
        yield new Req("bad_unicode", "POST", pick("/v1/collections/fuzz-text/items", "/v1/collections/fuzz-text/check"),
            auth(), b.toByteArray()).writing(new Write("fuzz-text", List.of(id)));
      }
      case 5 -> {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(utf8("{\"content\": \"x "));
        b.writeBytes(NOT_UTF8[random.nextInt(NOT_UTF8.length)]);
        b.writeBytes(utf8("\"}"));
        yield new Req("bad_unicode", "POST", "/v1/memories", auth(), b.toByteArray())
            .writing(new Write("memories", List.of()));
      }
      default -> new Req("bad_unicode", "POST", "/v1/collections", auth(),
          utf8("{\"name\": \"c" + lone + "\", \"preset\": \"text\"}"));
    };
  }

  private Req limits() {
    String id = id();
    return switch (random.nextInt(8)) {
      // Under max_item_bytes: every store takes it (or finds it a duplicate).
      case 0 -> put("limits", "fuzz-text", id, Map.of("text", words(40_000))).expecting(201, 409);
      case 1 -> put("limits", "fuzz-text", id, Map.of("text", token(60_000))).expecting(201, 409);
      case 2 -> put("limits", "fuzz-text", id, Map.of("text", token(70_000))).expecting(413);
      case 3 -> put("limits", "fuzz-text", "i".repeat(1024 - 4) + id.substring(id.length() - 4),
          Map.of("text", "longest id " + id)).expecting(201, 409);
      case 4 -> put("limits", "fuzz-text", "j".repeat(1025), Map.of("text", "too long an id " + id)).expecting(400);
      case 5 -> new Req("limits", "GET", "/v1/collections/fuzz-text/items?after=" + "L".repeat(pick(5000, 1041)),
          auth(), new byte[0]).expecting(400);
      case 6 -> new Req("limits", "GET", "/v1/collections/fuzz-text/items?limit=3&after=" + "L".repeat(1040),
          auth(), new byte[0]).expecting(200);
      default -> new Req("limits", "POST", "/v1/collections/fuzz-glossary/items", auth(),
          ascii(Map.of("id", id, "item", Map.of("term", words(30_000), "org_context", token(20_000)))))
          .writing(new Write("fuzz-glossary", List.of(id))).expecting(201, 409);
    };
  }

  private Req series() {
    String id = id();
    String title = "Series " + id;
    return switch (random.nextInt(5)) {
      case 0 -> put("series", "fuzz-calendar", id, Map.of("title", title, "start", "2026-05-05T10:00",
          "rrule", pick("FREQ=SECONDLY", "FREQ=SECONDLY;COUNT=5", "FREQ=MINUTELY;INTERVAL=1;BYSECOND=0,30")));
      case 1 -> put("series", "fuzz-calendar", id, Map.of("title", title, "start", "9999-12-29T10:00",
          "rrule", "FREQ=DAILY;COUNT=5"));
      case 2 -> put("series", "fuzz-calendar", id, Map.of("title", title, "start", "2026-05-05T10:00",
          "rrule", pick("FREQ=YEARLY;INTERVAL=-1", "FREQ=WEEKLY;BYDAY=XX", "RRULE:", "FREQ=", junk(12),
              "FREQ=DAILY;UNTIL=20261399")));
      case 3 -> {
        // The id one of its occurrences needs is taken: the series fails half-way through being written.
        String taken = id + "~20260505T1200";
        Req first = new Req("setup", "POST", "/v1/collections/fuzz-calendar/items", auth(), ascii(Map.of(
            "id", taken, "force", true, "item", Map.of("title", "Something else " + id, "start",
                "2027-01-01T08:00"))));
        yield new Req("series", "POST", "/v1/collections/fuzz-calendar/items", auth(), ascii(Map.of("id", id,
            "force", true, "item", Map.of("title", title, "start", "2026-05-05T10:00", "rrule",
                "FREQ=HOURLY;COUNT=4")))).writing(new Write("fuzz-calendar", List.of(id, id + "~20260505T1000",
            id + "~20260505T1100"))).after(first);
      }
      default -> put("series", "fuzz-calendar", id, Map.of("title", title, "start", "2026-05-05T10:00",
          "rrule", "FREQ=HOURLY;COUNT=3", "exdates", List.of(pick(FAR_DATES))));
    };
  }

  private Req webLayer() {
    String k = "Authorization: Bearer " + key + "\r\n";
    String h = "Host: " + host + "\r\n";
    String post = "POST /v1/collections/fuzz-text/check HTTP/1.1\r\n" + h + k;
    // Request line and headers, then the body; "Connection: close" and the blank line go between.
    String[] r = switch (random.nextInt(14)) {
      case 0 -> new String[] {"GET /v1/collections/fuzz-text/items/%C3 HTTP/1.1\r\n" + h + k, ""};
      case 1 -> new String[] {"DELETE /v1/collections/fuzz-text/items/%c0%ae%c0%ae HTTP/1.1\r\n" + h + k, ""};
      case 2 -> new String[] {"GET /v1/coll\u0000ections HTTP/1.1\r\n" + h + k, ""};
      case 3 -> new String[] {"GET /v1/collections HTTP/1.1\r\n" + h + k + "X-Big: " + "a".repeat(9000) + "\r\n",
          ""};
      case 4 -> new String[] {"GET /v1/collections/" + "u".repeat(70_000) + " HTTP/1.1\r\n" + h + k, ""};
      case 5 -> new String[] {post + "Expect: bogus\r\nContent-Type: application/json\r\nContent-Length: 2\r\n",
          "{}"};
      case 6 -> new String[] {post + "Content-Length: 2\r\nContent-Length: 7\r\n", "{}"};
      case 7 -> new String[] {post + "Content-Length: -1\r\n", "{}"};
      case 8 -> new String[] {post + "Transfer-Encoding: chunked\r\n", "zz\r\n{}\r\n0\r\n\r\n"};
      case 9 -> new String[] {"GET /v1/collections/a%2Fb/items HTTP/1.1\r\n" + h + k, ""};
      case 10 -> new String[] {"GET /v1/collections/..;/items HTTP/1.1\r\n" + h + k, ""};
      case 11 -> new String[] {"GET /v1/collections HTTP/1.1\r\n" + k, ""};
      case 12 -> new String[] {"GET /v1/collections HTTP/1.1\r\n" + h + k + "X-Many: x\r\n".repeat(2000), ""};
      default -> new String[] {"DELETE /v1/collections/fuzz-text/items/%E2%82 HTTP/1.1\r\n" + h + k, ""};
    };
    String line = r[0].substring(0, r[0].indexOf("\r\n"));
    String method = line.substring(0, line.indexOf(' '));
    String path = line.substring(line.indexOf(' ') + 1, Math.min(line.lastIndexOf(' '), line.indexOf(' ') + 80));
    byte[] raw = (r[0] + "Connection: close\r\n\r\n" + r[1]).getBytes(StandardCharsets.ISO_8859_1);
    return new Req("web_layer", method, path, Map.of(), new byte[0], Optional.of(raw), Optional.empty(), Set.of(),
        List.of());
  }

  private Req mcp() {
    Map<String, String> json = new LinkedHashMap<>(auth());
    json.put("Accept", "application/json, text/event-stream");
    Map<String, Object> init = Map.of("jsonrpc", "2.0", "id", 1, "method", "initialize", "params",
        Map.of("protocolVersion", "2025-06-18", "capabilities", Map.of(), "clientInfo",
            Map.of("name", "fuzz", "version", "1")));
    return switch (random.nextInt(12)) {
      case 0 -> new Req("mcp", "POST", "/mcp", json, utf8("null"));
      case 1 -> new Req("mcp", "POST", "/mcp", json, utf8("{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"initialize\"}"));
      case 2 -> {
        Map<String, String> h = new LinkedHashMap<>(json);
        h.put("Content-Type", "application/json; charset=" + pick("bogus", "utf-16", "latin1"));
        yield new Req("mcp", "POST", "/mcp", h, ascii(init));
      }
      case 3 -> new Req("mcp", "POST", "/mcp", json, pick(utf8("{"), utf8("[]"), utf8("[" + Json.write(init) + "]"),
          utf8("\"initialize\""), new byte[0]));
      case 4 -> new Req("mcp", "POST", "/mcp", json, ascii(Map.of("jsonrpc", "2.0", "id", 1, "method",
          "initialize", "params", pick(Map.of(), Map.of("protocolVersion", 7), Map.of("protocolVersion",
              "2025-06-18", "capabilities", List.of())))));
      case 5 -> new Req("mcp", "POST", "/mcp", json, ascii(Map.of("jsonrpc", "2.0", "id", Map.of("x", 1),
          "method", "tools/list")));
      case 6 -> {
        Map<String, String> h = new LinkedHashMap<>(json);
        h.put("Mcp-Session-Id", junk(10).replaceAll("[^a-z]", "s"));
        yield new Req("mcp", pick("POST", "GET", "DELETE"), "/mcp", h, ascii(Map.of("jsonrpc", "2.0", "id", 2,
            "method", "tools/list")));
      }
      case 7 -> new Req("mcp", pick("DELETE", "GET"), "/mcp", auth(), new byte[0]);
      case 8 -> new Req("mcp", "POST", "/mcp", auth(), ascii(init));
      case 9 -> new Req("mcp", "POST", "/mcp", json, utf8("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":"
          + "\"tools/call\",\"params\":{\"name\":\"remember\",\"arguments\":{\"fact\":\"" + pick(LONE) + "\"}}}"));
      case 10 -> new Req("mcp", pick("PUT", "PATCH", "OPTIONS"), "/mcp", json, ascii(init));
      default -> new Req("mcp", "POST", "/mcp", json, utf8("{\"jsonrpc\":\"2.0\",\"method\":7}"));
    };
  }

  // ---------------------------------------------------------------- the first run's helpers

  private Map<String, Object> badCalendarItem() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("title", random.nextBoolean() ? junk(8) : "");
    m.put("start", pick("2026-03-02T14:00", "2026-02-30", "tomorrow", "2026-03-02T14:00+25:00", "", "2026-03-02",
        "99999-01-01T00:00"));
    if (random.nextBoolean()) {
      m.put("end", pick("2026-03-01T10:00", "2026-03-02", "never"));
    }
    if (random.nextBoolean()) {
      m.put("all_day", random.nextBoolean() ? "yes" : Boolean.valueOf(random.nextBoolean()));
    }
    if (random.nextBoolean()) {
      m.put("time_zone", pick("Mars/Olympus", "UTC", "Europe/Amsterdam", "+99:00"));
    }
    return m;
  }

  private Map<String, Object> wrongTypes() {
    Map<String, Object> m = new LinkedHashMap<>();
    Object item = switch (random.nextInt(6)) {
      case 0 -> "text";
      case 1 -> List.of(1, 2);
      case 2 -> 42;
      case 3 -> Map.of("text", List.of("a"));
      case 4 -> Map.of("text", Map.of("nested", true));
      default -> Map.of("title", 5, "start", false);
    };
    m.put(random.nextInt(4) == 0 ? "items" : "item", item);
    if (random.nextBoolean()) {
      m.put(pick("force", "bypass_duplicate_check", "exclude_id", "id"), pick("true", "1", "x").equals("x")
          ? List.of() : 12);
    }
    return m;
  }

  private byte[] malformed() {
    return switch (random.nextInt(8)) {
      case 0 -> utf8("{\"item\": {\"text\": \"abc\"");
      case 1 -> {
        byte[] b = new byte[1 + random.nextInt(300)];
        for (int i = 0; i < b.length; i++) {
          b[i] = (byte) random.nextInt(256);
        }
        yield b;
      }
      case 2 -> new byte[] {'{', '"', 'i', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}'};
      case 3 -> utf8("[".repeat(2000) + "]".repeat(2000));
      case 4 -> utf8("{\"item\": {\"text\": " + "9".repeat(5000) + "}}");
      case 5 -> utf8("{\"item\": {\"text\": NaN}}");
      case 6 -> utf8("{\"item\": {\"text\": \"a\"}, \"item\": {\"text\": \"b\"}}");
      default -> new byte[0];
    };
  }

  private Req put(String kind, String collection, String id, Map<String, Object> item) {
    return new Req(kind, "POST", "/v1/collections/" + collection + "/items", auth(),
        ascii(Map.of("id", id, "item", item))).writing(new Write(collection, List.of(id)));
  }

  private String id() {
    return "fz" + tag + "-" + serial;
  }

  private String words(int chars) {
    StringBuilder sb = new StringBuilder(chars + 16);
    while (sb.length() < chars) {
      sb.append(Long.toString(random.nextLong() & 0xffffffL, 36)).append(' ');
    }
    return sb.substring(0, chars).strip();
  }

  private String token(int chars) {
    StringBuilder sb = new StringBuilder(chars);
    for (int i = 0; i < chars; i++) {
      sb.append((char) ('a' + random.nextInt(26)));
    }
    return sb.toString();
  }

  private String collection() {
    return pick("fuzz-text", "fuzz-calendar", "fuzz-glossary", "fuzz-missing", "FUZZ", "a%20b", "x".repeat(70));
  }

  private String itemPath() {
    return "/v1/collections/" + collection() + pick("/check", "/items", "/items/batch", "/check/batch");
  }

  private String junk(int n) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      sb.append(random.nextInt(3) == 0 ? JUNK[random.nextInt(JUNK.length)] : (char) ('a' + random.nextInt(26)));
    }
    return sb.toString();
  }

  private Map<String, String> auth() {
    return Map.of("Authorization", "Bearer " + key);
  }

  @SafeVarargs
  private <T> T pick(T... options) {
    return options[random.nextInt(options.length)];
  }

  private int pick(int a, int b) {
    return random.nextBoolean() ? a : b;
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** JSON with everything outside ASCII escaped: lone surrogates reach the server as the escapes they are. */
  static byte[] ascii(Object value) {
    try {
      return ASCII.writeValueAsBytes(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a map of strings, numbers and lists always serialises", e);
    }
  }
}
