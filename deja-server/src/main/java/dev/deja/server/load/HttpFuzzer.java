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
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * Sends seeded malformed and hostile requests ({@link HostileRequests}) to a running server and judges every answer:
 *
 * <ul>
 *   <li>never a 5xx, never an unanswered request;</li>
 *   <li>every error (4xx) in the API's one shape: {@code application/json},
 *       {@code {"error": {"code": string, "message": string, "details": object}}};</li>
 *   <li>a refused write leaves nothing behind: the collection's item count is what it was before, and none of the ids
 *       the write asked for (a series' occurrences included) exists;</li>
 *   <li>a request with a documented outcome gets it (a 40 KB item is stored, an id over the limit is refused — the
 *       same on every store);</li>
 *   <li>{@code /health} answers 200 afterwards.</li>
 * </ul>
 *
 * <p>Requests are written as raw HTTP/1.1 over a socket, one connection each (so that bad methods, paths, headers and
 * framing reach the server as sent). The same seed sends the same requests. Not thread-safe: one run per instance.
 */
public final class HttpFuzzer {
  /** What to send. */
  public record Settings(String url, String key, int requests, long seed) {}

  /** One request that broke a rule (for reproduction): which rule, the request, the answer. */
  public record Failure(int index, String kind, String method, String path, int status, String rule,
      String bodyPrefix, String response) {}

  /**
   * The outcome: counts by status and by kind, the requests that broke each rule, and whether /health was OK
   * afterwards.
   */
  public record Report(int requests, Map<Integer, Integer> statuses, Map<String, Integer> kinds,
      List<Failure> serverErrors, List<Failure> shapeViolations, List<Failure> storedAfterError,
      List<Failure> unexpected, int writesRefused, boolean healthyAfter, long seed, List<Answered> answers) {
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
      m.put("error_shape_violations", shapeViolations.size());
      m.put("writes_refused", writesRefused);
      m.put("stored_after_error", storedAfterError.size());
      m.put("unexpected_status", unexpected.size());
      m.put("healthy_after", healthyAfter);
      return m;
    }

    /** Every rule broken, in request order. */
    public List<Failure> failures() {
      List<Failure> all = new ArrayList<>();
      all.addAll(serverErrors);
      all.addAll(shapeViolations);
      all.addAll(storedAfterError);
      all.addAll(unexpected);
      all.sort(java.util.Comparator.comparingInt(Failure::index));
      return all;
    }

    /** Whether the run passed: no rule broken and healthy afterwards. */
    public boolean passed() {
      return serverErrors.isEmpty() && shapeViolations.isEmpty() && storedAfterError.isEmpty() && unexpected.isEmpty()
          && healthyAfter;
    }
  }

  /** What one request got: its index, kind, method, path and status (to compare runs, e.g. on two stores). */
  public record Answered(int index, String kind, String method, String path, int status) {}

  /** An answer: status (0 when there was none), lower-cased headers, body. */
  private record Answer(int status, Map<String, String> headers, byte[] body) {
    String text() {
      return new String(body, 0, Math.min(body.length, 600), StandardCharsets.UTF_8);
    }
  }

  private final Settings settings;
  private final HostileRequests requests;
  private final String host;
  private final int port;

  public HttpFuzzer(Settings settings) {
    this.settings = settings;
    URI u = URI.create(settings.url());
    this.host = u.getHost();
    this.port = u.getPort() < 0 ? 80 : u.getPort();
    this.requests = new HostileRequests(settings.seed(), settings.key(), host + ":" + port);
  }

  /** Creates the collections the requests aim at, sends them, judges the answers, and checks /health. */
  public Report run() {
    setUp();
    Map<Integer, Integer> statuses = new TreeMap<>();
    Map<String, Integer> kinds = new TreeMap<>();
    List<Failure> serverErrors = new ArrayList<>();
    List<Failure> shape = new ArrayList<>();
    List<Failure> stored = new ArrayList<>();
    List<Failure> unexpected = new ArrayList<>();
    int refused = 0;
    List<Answered> answers = new ArrayList<>();
    for (int i = 0; i < settings.requests(); i++) {
      HostileRequests.Req r = requests.next();
      r.setup().forEach(this::send);
      OptionalLong before = r.write().isPresent() ? count(r.write().get().collection()) : OptionalLong.empty();
      Answer a = send(r);
      statuses.merge(a.status(), 1, Integer::sum);
      kinds.merge(r.kind(), 1, Integer::sum);
      answers.add(new Answered(i, r.kind(), r.method(), r.path().length() > 120 ? r.path().substring(0, 120) + "…"
          : r.path(), a.status()));
      if (a.status() >= 500 || a.status() == 0) {
        serverErrors.add(failure(i, r, a, "5xx or no answer"));
      } else if (a.status() >= 400 && !inErrorShape(a)) {
        shape.add(failure(i, r, a, "error not in the API's shape"));
      }
      if (!r.expected().isEmpty() && !r.expected().contains(a.status())) {
        unexpected.add(failure(i, r, a, "expected " + r.expected()));
      }
      if (r.write().isPresent() && (a.status() >= 400 || a.status() == 0)) {
        refused++;
        String left = leftBehind(r.write().get(), before);
        if (left != null) {
          stored.add(failure(i, r, a, "refused write left " + left));
        }
      }
    }
    Answer health = send(new HostileRequests.Req("health", "GET", "/health", Map.of(), new byte[0]));
    return new Report(settings.requests(), statuses, kinds, serverErrors, shape, stored, unexpected, refused,
        health.status() == 200, settings.seed(), List.copyOf(answers));
  }

  private Failure failure(int i, HostileRequests.Req r, Answer a, String rule) {
    byte[] sent = r.raw().orElse(r.body());
    String prefix = new String(sent, 0, Math.min(200, sent.length), StandardCharsets.UTF_8);
    return new Failure(i, r.kind(), r.method(), r.path().length() > 200 ? r.path().substring(0, 200) + "…"
        : r.path(), a.status(), rule, prefix, a.text());
  }

  private void setUp() {
    for (String preset : List.of("text", "calendar", "glossary")) {
      send(new HostileRequests.Req("setup", "POST", "/v1/collections", auth(),
          HostileRequests.utf8(Json.write(Map.of("name", "fuzz-" + preset, "preset", preset)))));
    }
  }

  private Map<String, String> auth() {
    return Map.of("Authorization", "Bearer " + settings.key());
  }

  /**
   * {@code {"error": {"code": string, "message": string, "details": object}}} as {@code application/json}; or a put
   * rejected as a duplicate, whose 409 carries the put's own body ({@code "action": "REJECTED"}, docs/HTTP.md).
   */
  private static boolean inErrorShape(Answer a) {
    if (!a.headers().getOrDefault("content-type", "").toLowerCase(Locale.ROOT).startsWith("application/json")) {
      return false;
    }
    try {
      Map<String, Object> m = Json.object(new String(a.body(), StandardCharsets.UTF_8), "error");
      if (a.status() == 409 && "REJECTED".equals(m.get("action"))) {
        return true;
      }
      return m.size() == 1 && m.get("error") instanceof Map<?, ?> e && e.get("code") instanceof String
          && e.get("message") instanceof String s && !s.isBlank() && e.get("details") instanceof Map;
    } catch (RuntimeException e) {
      return false;
    }
  }

  /** The tenant's item count in a collection (a series counts once), empty when it cannot be read. */
  private OptionalLong count(String collection) {
    Answer a = send(new HostileRequests.Req("count", "GET", "/v1/collections/" + collection, auth(), new byte[0]));
    if (a.status() == 404) {
      return OptionalLong.of(0);
    }
    if (a.status() != 200) {
      return OptionalLong.empty();
    }
    Object n = Json.object(new String(a.body(), StandardCharsets.UTF_8), "collection").get("count");
    return n instanceof Number x ? OptionalLong.of(x.longValue()) : OptionalLong.empty();
  }

  /** What a refused write left behind (a changed count, ids that exist), or null. */
  private String leftBehind(HostileRequests.Write w, OptionalLong before) {
    List<String> left = new ArrayList<>();
    OptionalLong after = count(w.collection());
    if (before.isPresent() && after.isPresent() && after.getAsLong() != before.getAsLong()) {
      left.add("the count of " + w.collection() + " went from " + before.getAsLong() + " to " + after.getAsLong());
    }
    for (String id : w.ids()) {
      String path = "/v1/collections/" + w.collection() + "/items/" + java.net.URLEncoder.encode(id,
          StandardCharsets.UTF_8).replace("+", "%20");
      if (send(new HostileRequests.Req("probe", "GET", path, auth(), new byte[0])).status() == 200) {
        left.add("item " + (id.length() > 60 ? id.substring(0, 60) + "…" : id));
      }
    }
    return left.isEmpty() ? null : String.join(", ", left);
  }

  /** Sends one request over a fresh connection and reads the whole answer (status 0 when there is none). */
  private Answer send(HostileRequests.Req r) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), 10_000);
      s.setSoTimeout(60_000);
      OutputStream out = s.getOutputStream();
      byte[] head;
      if (r.raw().isPresent()) {
        head = r.raw().get();
      } else {
        StringBuilder h = new StringBuilder();
        h.append(r.method()).append(' ').append(r.path()).append(" HTTP/1.1\r\n");
        h.append("Host: ").append(host).append(':').append(port).append("\r\n");
        h.append("Connection: close\r\n");
        r.headers().forEach((k, v) -> h.append(k).append(": ").append(v).append("\r\n"));
        boolean hasType = r.headers().keySet().stream().anyMatch(k -> k.equalsIgnoreCase("Content-Type"));
        if (r.body().length > 0 || r.method().equals("POST")) {
          if (!hasType) {
            h.append("Content-Type: application/json\r\n");
          }
          h.append("Content-Length: ").append(r.body().length).append("\r\n");
        }
        h.append("\r\n");
        head = h.toString().getBytes(StandardCharsets.ISO_8859_1);
      }
      try {
        out.write(head);
        if (r.raw().isEmpty()) {
          out.write(r.body());
        }
        out.flush();
      } catch (IOException e) {
        // The server may answer (413, 431, …) and close before reading everything: read its answer anyway.
      }
      return read(s.getInputStream());
    } catch (IOException | RuntimeException e) {
      return new Answer(0, Map.of(), new byte[0]);
    }
  }

  /** Reads a response: status line, headers, then the body (by length, chunked, or to the end). */
  private static Answer read(InputStream in) throws IOException {
    String status = line(in);
    String[] parts = status.split(" ");
    if (parts.length < 2) {
      return new Answer(0, Map.of(), new byte[0]);
    }
    int code = Integer.parseInt(parts[1].strip());
    Map<String, String> headers = new LinkedHashMap<>();
    for (String l = line(in); !l.isEmpty(); l = line(in)) {
      int colon = l.indexOf(':');
      if (colon > 0) {
        headers.put(l.substring(0, colon).strip().toLowerCase(Locale.ROOT), l.substring(colon + 1).strip());
      }
    }
    byte[] body;
    if (headers.containsKey("content-length")) {
      body = in.readNBytes((int) Math.min(Long.parseLong(headers.get("content-length")), 4 << 20));
    } else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      for (int n = Integer.parseInt(line(in).strip(), 16); n > 0; n = Integer.parseInt(line(in).strip(), 16)) {
        b.writeBytes(in.readNBytes(n));
        line(in);
      }
      body = b.toByteArray();
    } else if (code == 204 || code == 304 || code < 200) {
      body = new byte[0];
    } else {
      body = in.readNBytes(4 << 20);
    }
    return new Answer(code, headers, body);
  }

  private static String line(InputStream in) throws IOException {
    StringBuilder sb = new StringBuilder();
    int c;
    while ((c = in.read()) >= 0 && c != '\n') {
      if (c != '\r') {
        sb.append((char) c);
      }
    }
    return sb.toString();
  }
}
