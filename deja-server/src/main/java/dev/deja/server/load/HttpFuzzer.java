package dev.deja.server.load;

import dev.deja.format.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * Sends seeded malformed requests to a running server and counts the answers: every one must be a 4xx (or a 2xx for
 * junk that happens to be valid), never a 5xx, and {@code /health} must still answer 200 afterwards.
 *
 * <p>Requests are written as raw HTTP/1.1 over a socket (so that bad methods, paths and headers reach the server as
 * sent), one connection each. Kinds: malformed JSON (truncated, random bytes, invalid UTF-8, deep nesting, huge
 * numbers), wrong types, oversize bodies, unknown fields, bad paths and methods, bad keys, bad search parameters
 * (thresholds, limits, dates), and Unicode junk in items (control characters, lone surrogates, zero-width and
 * right-to-left marks, emoji). The same seed sends the same requests. Not thread-safe: one run per instance.
 */
public final class HttpFuzzer {
  /** What to send. */
  public record Settings(String url, String key, int requests, long seed) {}

  /** One request that got a 5xx (for reproduction). */
  public record Failure(int index, String kind, String method, String path, int status, String bodyPrefix,
      String response) {}

  /** The outcome: counts by status and by kind, the 5xx answers, and whether /health was OK afterwards. */
  public record Report(int requests, Map<Integer, Integer> statuses, Map<String, Integer> kinds,
      List<Failure> serverErrors, boolean healthyAfter, long seed) {
    /** As a JSON-ready map. */
    public Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("requests", requests);
      m.put("seed", seed);
      Map<String, Integer> s = new TreeMap<>();
      statuses.forEach((k, v) -> s.put(Integer.toString(k), v));
      m.put("statuses", s);
      m.put("kinds", kinds);
      m.put("server_errors", serverErrors.size());
      m.put("healthy_after", healthyAfter);
      return m;
    }

    /** Whether the run passed: no 5xx and healthy afterwards. */
    public boolean passed() {
      return serverErrors.isEmpty() && healthyAfter;
    }
  }

  private record Req(String kind, String method, String path, Map<String, String> headers, byte[] body) {}

  private static final String[] KINDS = {"malformed_json", "wrong_types", "oversize", "unknown_fields", "bad_paths",
      "bad_keys", "bad_search", "unicode_junk", "bad_items"};
  private static final String[] JUNK = {"\u0000", "\u0007", "\u200b", "\u202e", "\ufeff", "\ud83d\ude00",
      "\u00e9\u0301", "\uffff", "\ud800", "\udfff", "\u2028", "\\", "\"", "{", "]", "%00", "../", "\u4e2d\u6587"};

  private final Settings settings;
  private final SplittableRandom random;
  private final String host;
  private final int port;

  public HttpFuzzer(Settings settings) {
    this.settings = settings;
    this.random = new SplittableRandom(settings.seed());
    URI u = URI.create(settings.url());
    this.host = u.getHost();
    this.port = u.getPort() < 0 ? 80 : u.getPort();
  }

  /** Creates the collections the requests aim at, sends them, and checks /health. */
  public Report run() {
    setUp();
    Map<Integer, Integer> statuses = new TreeMap<>();
    Map<String, Integer> kinds = new TreeMap<>();
    List<Failure> failures = new ArrayList<>();
    for (int i = 0; i < settings.requests(); i++) {
      Req r = next();
      String[] answer = new String[1];
      int status = send(r, answer);
      statuses.merge(status, 1, Integer::sum);
      kinds.merge(r.kind(), 1, Integer::sum);
      if (status >= 500 || status == 0) {
        String prefix = new String(r.body(), 0, Math.min(200, r.body().length), StandardCharsets.UTF_8);
        failures.add(new Failure(i, r.kind(), r.method(), r.path(), status, prefix, answer[0]));
      }
    }
    int health = send(new Req("health", "GET", "/health", Map.of(), new byte[0]), new String[1]);
    return new Report(settings.requests(), statuses, kinds, failures, health == 200, settings.seed());
  }

  private void setUp() {
    for (String preset : List.of("text", "calendar", "glossary")) {
      send(new Req("setup", "POST", "/v1/collections", Map.of("Authorization", "Bearer " + settings.key()),
          Json.write(Map.of("name", "fuzz-" + preset, "preset", preset)).getBytes(StandardCharsets.UTF_8)),
          new String[1]);
    }
  }

  private String pick(String... options) {
    return options[random.nextInt(options.length)];
  }

  private String collection() {
    return pick("fuzz-text", "fuzz-calendar", "fuzz-glossary", "fuzz-missing", "FUZZ", "a%20b", "x".repeat(70));
  }

  private String junk(int n) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      sb.append(random.nextInt(3) == 0 ? JUNK[random.nextInt(JUNK.length)] : (char) ('a' + random.nextInt(26)));
    }
    return sb.toString();
  }

  private Map<String, String> auth() {
    return Map.of("Authorization", "Bearer " + settings.key());
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private String itemPath() {
    return "/v1/collections/" + collection() + pick("/check", "/items", "/items/batch", "/check/batch");
  }

  private Req next() {
    String kind = KINDS[random.nextInt(KINDS.length)];
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
        yield new Req(kind, "POST", itemPath(), auth(), utf8(Json.write(m)));
      }
      case "bad_paths" -> new Req(kind, pick("GET", "PUT", "PATCH", "DELETE", "POST", "OPTIONS", "FOO", "TRACE"),
          pick("/v1/collections/%ZZ", "/v1/" + junk(6), "/v1/collections/fuzz-text/items/" + junk(8),
              "/v1/collections/../../etc/passwd", "/v1/collections//items", "/" + "x".repeat(9000),
              "/v1/collections/fuzz-text/items/%00", "/v1/admin/keys", "/v1/admin/keys/%FF%FE", "/mcp",
              "/v1/collections/fuzz-missing", "/openapi.json", "/v1/collections?limit=" + junk(3)),
          auth(), random.nextBoolean() ? new byte[0] : utf8("{}"));
      case "bad_keys" -> {
        Map<String, String> h = switch (random.nextInt(6)) {
          case 0 -> Map.of();
          case 1 -> Map.of("Authorization", "Bearer " + junk(20));
          case 2 -> Map.of("Authorization", "Basic dXNlcjpwYXNz");
          case 3 -> Map.of("x-api-key", "k".repeat(5000));
          case 4 -> Map.of("Authorization", "Bearer");
          default -> Map.of("x-api-key", settings.key() + "x");
        };
        yield new Req(kind, pick("GET", "POST", "DELETE"), pick("/v1/collections", itemPath(), "/v1/admin/keys",
            "/v1/memories"), h, utf8("{\"item\": {\"text\": \"x\"}}"));
      }
      case "bad_search" -> new Req(kind, "GET", "/v1/collections/" + pick("fuzz-text", "fuzz-calendar") + "/search?"
          + pick("q=", "q=hello&threshold=" + pick("abc", "-1", "2", "NaN", "Infinity", "1e309", "0x1", ""),
          "q=hello&limit=" + pick("0", "-5", "100000", "x", "1.5"), "q=hello&start=" + pick("yesterday",
              "2026-13-45", "2026-03-02T25:00", "1e9") + "&end=2020-01-01", "threshold=0.5",
          "q=hello&unknown=1", "q=a&q=b", "q=%E0%A4%A", "q=" + "z".repeat(3000)), auth(), new byte[0]);
      case "unicode_junk" -> new Req(kind, "POST", "/v1/collections/" + pick("fuzz-text", "fuzz-glossary")
          + pick("/check", "/items"), auth(), utf8(Json.write(Map.of("item", random.nextBoolean()
          ? Map.of("text", junk(1 + random.nextInt(200))) : Map.of("term", junk(10), "synonyms", List.of(junk(5)),
          "legal_basis", List.of(junk(3))), "force", random.nextBoolean()))));
      default -> new Req(kind, "POST", "/v1/collections/fuzz-calendar" + pick("/check", "/items"), auth(),
          utf8(Json.write(Map.of("item", badCalendarItem()))));
    };
  }

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

  /**
   * Sends one request over a fresh socket and returns the status (0 when the connection failed); the start of the
   * response goes to {@code answer[0]}.
   */
  private int send(Req r, String[] answer) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), 10_000);
      s.setSoTimeout(60_000);
      ByteArrayOutputStream head = new ByteArrayOutputStream();
      StringBuilder h = new StringBuilder();
      h.append(r.method()).append(' ').append(r.path()).append(" HTTP/1.1\r\n");
      h.append("Host: ").append(host).append(':').append(port).append("\r\n");
      h.append("Connection: close\r\n");
      r.headers().forEach((k, v) -> h.append(k).append(": ").append(v).append("\r\n"));
      if (r.body().length > 0 || r.method().equals("POST")) {
        h.append("Content-Type: application/json\r\n");
        h.append("Content-Length: ").append(r.body().length).append("\r\n");
      }
      h.append("\r\n");
      head.write(h.toString().getBytes(StandardCharsets.ISO_8859_1));
      OutputStream out = s.getOutputStream();
      out.write(head.toByteArray());
      try {
        out.write(r.body());
        out.flush();
      } catch (IOException e) {
        // The server may answer 413 and close before reading an oversize body: read its answer anyway.
      }
      InputStream in = s.getInputStream();
      StringBuilder line = new StringBuilder();
      int c;
      while ((c = in.read()) >= 0 && c != '\n') {
        line.append((char) c);
      }
      byte[] rest = in.readNBytes(600);
      answer[0] = line + "\n" + new String(rest, StandardCharsets.UTF_8);
      String[] parts = line.toString().split(" ");
      if (parts.length < 2) {
        return 0;
      }
      return Integer.parseInt(parts[1].strip());
    } catch (IOException | NumberFormatException e) {
      return 0;
    }
  }
}
