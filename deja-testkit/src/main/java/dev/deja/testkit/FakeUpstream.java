package dev.deja.testkit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A local OpenAI-compatible server for tests of the chat completions proxy (the JDK's HttpServer on a free loopback
 * port; no dependency beyond the JDK). The request's {@code model} picks the behaviour:
 *
 * <ul>
 *   <li>{@code repeats}: streams {@link #ANSWER} (which has repeats) as token fragments ({@link #fragments()}), with
 *       a comment, a role delta, a tool call, finish_reason, usage and {@code [DONE]};
 *   <li>{@code seed-N}: the same with the answer cut by a seeded random generator ({@link #fragments(long)});
 *   <li>{@code slow}: as {@code repeats}, 15 ms between chunks;
 *   <li>{@code hang}: two events, then silence; {@code no-headers}: never answers;
 *   <li>{@code cut}: three events, then the end of the response: no finish_reason, no {@code [DONE]};
 *   <li>{@code endless}: streams until the client goes ({@link #awaitClientGone});
 *   <li>{@code malformed}: events whose data is not JSON;
 *   <li>{@code error-429} / {@code error-500}: OpenAI-shaped errors with that status;
 *   <li>anything else with {@code "stream": false} (or no {@code stream}): the whole completion of {@link #ANSWER}.
 * </ul>
 *
 * <p>It is also a fake LLM judge (deja-embed's {@code RemoteJudge}): a model whose name starts with {@code judge-}
 * reads the two texts of the user message ({@code {"existing": …, "new": …}} or {@code {"earlier": …, "later": …}},
 * with an optional {@code "timing"}) and answers {@code {"decision": "SAME"|"DIFFERENT", "reason": …}} as the content
 * of a chat completion — see {@link JudgeBehaviour} for the models. Every judge request's body is kept
 * ({@link #judgeRequests()}).
 *
 * <p>Also serves {@code GET /v1/models} and {@code GET /v1/models/{id}} (the id echoed). Thread-safe. Run on its own
 * ({@link #main}) it serves until killed, for trying {@code deja eval --judge} without a model server.
 */
public final class FakeUpstream implements AutoCloseable {
  /** The assistant's answer: a numbered list, then a paraphrase of the first sentence and a verbatim repeat. */
  public static final String ANSWER = "I found three Vietnamese restaurants in Fishtown that are open late on "
      + "Fridays.\n1. Pho Saigon Corner – open until 11pm, cash only\n2. Banh Mi Brothers – open until 11pm, cards "
      + "accepted\n\nHere are three Vietnamese places in Fishtown with late Friday hours. Little Hanoi has \"outdoor\" "
      + "seating. Little Hanoi has \"outdoor\" seating. Enjoy";
  /** The tool-call event sent after the 21st fragment. */
  public static final String TOOL_EVENT = "data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\","
      + "\"created\":1,\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,"
      + "\"id\":\"call_1\",\"type\":\"function\",\"function\":{\"name\":\"lookup\",\"arguments\":\"{}\"}}]},"
      + "\"finish_reason\":null}]}";
  /** The usage event sent after the finish_reason chunk. */
  public static final String USAGE_EVENT = "data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\","
      + "\"created\":1,\"model\":\"m\",\"choices\":[],\"usage\":{\"prompt_tokens\":12,\"completion_tokens\":80,"
      + "\"total_tokens\":92}}";

  private final HttpServer server;
  private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "fake-upstream");
    t.setDaemon(true);
    return t;
  });
  private final CountDownLatch clientGone = new CountDownLatch(1);
  private final List<Map<String, List<String>>> requestHeaders = new ArrayList<>();
  private final List<String> judgeRequests = new ArrayList<>();
  /** The oracle's labels: the two texts (normalised, in order) → same. */
  private final Map<String, Boolean> labels = new ConcurrentHashMap<>();

  /** Starts the server on a free loopback port. */
  public FakeUpstream() throws IOException {
    this(0);
  }

  /** Starts the server on this loopback port (0: a free one). */
  public FakeUpstream(int port) throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 16);
    server.setExecutor(threads);
    server.createContext("/v1/chat/completions", this::chat);
    server.createContext("/v1/models", ex -> {
      String path = ex.getRequestURI().getRawPath();
      try (ex) {
        send(ex, 200, path.equals("/v1/models") ? "{\"data\":[{\"id\":\"m\"}]}"
            : "{\"id\":" + quote(path.substring("/v1/models/".length())) + ",\"object\":\"model\"}");
      }
    });
    server.start();
  }

  /** The base URL an OpenAI client would use: {@code http://127.0.0.1:PORT/v1}. */
  public String base() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  /** The answer cut into token-like fragments of 1–6 characters (always the same cut). */
  public static List<String> fragments() {
    List<String> out = new ArrayList<>();
    int i = 0;
    int k = 0;
    while (i < ANSWER.length()) {
      int n = Math.min(ANSWER.length() - i, 1 + (k++ * 7) % 6);
      out.add(ANSWER.substring(i, i + n));
      i += n;
    }
    return out;
  }

  /**
   * The answer cut into fragments of 1–8 characters by a generator with this seed, never inside a surrogate pair
   * (a real tokenizer emits whole code points).
   */
  public static List<String> fragments(long seed) {
    Random random = new Random(seed);
    List<String> out = new ArrayList<>();
    int i = 0;
    while (i < ANSWER.length()) {
      int end = Math.min(ANSWER.length(), i + 1 + random.nextInt(8));
      if (end < ANSWER.length() && Character.isLowSurrogate(ANSWER.charAt(end))) {
        end++;
      }
      out.add(ANSWER.substring(i, end));
      i = end;
    }
    return out;
  }

  /** One {@code data:} line of a chunk with this delta (JSON) and finish_reason (JSON: {@code null}, {@code "stop"}). */
  public static String chunk(String deltaJson, String finish) {
    return "data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\","
        + "\"choices\":[{\"index\":0,\"delta\":" + deltaJson + ",\"logprobs\":null,\"finish_reason\":" + finish
        + "}]}";
  }

  /** The body of the whole (non-streamed) completion this server answers with. */
  public static String completion() {
    return "{\"id\":\"chatcmpl-2\",\"object\":\"chat.completion\",\"created\":1,\"model\":\"m\","
        + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":" + quote(ANSWER)
        + "},\"finish_reason\":\"stop\"}],"
        + "\"usage\":{\"prompt_tokens\":12,\"completion_tokens\":80,\"total_tokens\":92}}";
  }

  /** Whether a streaming response failed because its client went away, within this time. */
  public boolean awaitClientGone(long timeout, TimeUnit unit) throws InterruptedException {
    return clientGone.await(timeout, unit);
  }

  /** The headers of each chat completions request received so far, in order (names lower case). */
  public List<Map<String, List<String>>> requestHeaders() {
    synchronized (requestHeaders) {
      return List.copyOf(requestHeaders);
    }
  }

  /** The {@code Authorization} header of each chat completions request so far ({@code "null"} when absent). */
  public List<String> authorizations() {
    return requestHeaders().stream().map(h -> h.getOrDefault("authorization", List.of("null")).get(0)).toList();
  }

  private void chat(HttpExchange ex) throws IOException {
    String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    Map<String, List<String>> headers = new LinkedHashMap<>();
    ex.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), List.copyOf(v)));
    synchronized (requestHeaders) {
      requestHeaders.add(Map.copyOf(headers));
    }
    String model = body.replaceAll("(?s).*\"model\"\\s*:\\s*\"([^\"]*)\".*", "$1");
    boolean stream = body.matches("(?s).*\"stream\"\\s*:\\s*true.*");
    try {
      if (model.startsWith("judge-")) {
        synchronized (judgeRequests) {
          judgeRequests.add(body);
        }
        judge(ex, model, body);
        return;
      }
      switch (model) {
        case "error-429" -> send(ex, 429, "{\"error\":{\"message\":\"Rate limit reached\",\"type\":\"requests\"}}");
        case "error-500" -> send(ex, 500, "{\"error\":{\"message\":\"boom\",\"type\":\"server_error\"}}");
        case "no-headers" -> sleep(10_000);
        default -> {
          if (!stream) {
            send(ex, 200, completion());
          } else {
            sse(ex, model);
          }
        }
      }
    } finally {
      ex.close();
    }
  }

  /**
   * The fake judge's models. Decisions are deterministic functions of the texts (and, for {@code judge-oracle}, of
   * labels given to the server).
   */
  public enum JudgeBehaviour {
    /** {@code judge-same}: always SAME. */
    SAME,
    /** {@code judge-different}: always DIFFERENT. */
    DIFFERENT,
    /**
     * {@code judge-rules}: a deterministic stand-in for a model. DIFFERENT when the texts' digits differ, when one is
     * negated and the other not, when the timing says they start more than 60 minutes apart, or when fewer than half
     * of their content words (three letters or more, lower-cased, without a short stop list) are shared; else SAME.
     */
    RULES,
    /**
     * {@code judge-oracle}: the label of the pair when it was given ({@link #label}, or {@code --labels} on the
     * command line), keyed by the two texts lower-cased with white space collapsed; else as {@code judge-rules}.
     */
    ORACLE,
    /** {@code judge-slow}: answers after 10 s (for timeouts). */
    SLOW,
    /** {@code judge-malformed}: 200 with prose instead of JSON. */
    MALFORMED,
    /** {@code judge-bad-decision}: 200 with {@code {"decision": "MAYBE", …}}. */
    BAD_DECISION,
    /** {@code judge-fenced}: the rules' answer wrapped in a sentence and a markdown code fence. */
    FENCED,
    /** {@code judge-no-schema}: 400 for a {@code json_schema} response format; otherwise as {@code judge-rules}. */
    NO_SCHEMA
  }

  /** Gives the oracle ({@code judge-oracle}) the label of a pair of texts (either order). */
  public FakeUpstream label(String a, String b, boolean same) {
    labels.put(pairKey(a, b), same);
    return this;
  }

  /** The bodies of the judge requests received so far, in order. */
  public List<String> judgeRequests() {
    synchronized (judgeRequests) {
      return List.copyOf(judgeRequests);
    }
  }

  private static String pairKey(String a, String b) {
    String x = a.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    String y = b.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    return x.compareTo(y) <= 0 ? x + "\u0000" + y : y + "\u0000" + x;
  }

  /** The decoded value of the first {@code "key": "…"} in a JSON text, if any. */
  static Optional<String> field(String json, String key) {
    Matcher m = Pattern.compile("\"" + Pattern.quote(key)
        + "\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"").matcher(json);
    return m.find() ? Optional.of(unquote(m.group(1))) : Optional.empty();
  }

  /** Decodes the inside of a JSON string literal. */
  static String unquote(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c != '\\' || i + 1 == s.length()) {
        b.append(c);
        continue;
      }
      char n = s.charAt(++i);
      switch (n) {
        case 'n' -> b.append('\n');
        case 'r' -> b.append('\r');
        case 't' -> b.append('\t');
        case 'b' -> b.append('\b');
        case 'f' -> b.append('\f');
        case 'u' -> {
          b.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
          i += 4;
        }
        default -> b.append(n);
      }
    }
    return b.toString();
  }

  private void judge(HttpExchange ex, String model, String body) throws IOException {
    JudgeBehaviour behaviour;
    try {
      behaviour = JudgeBehaviour.valueOf(model.substring("judge-".length()).replace('-', '_')
          .toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      send(ex, 404, "{\"error\":{\"message\":\"The model '" + model + "' does not exist\",\"type\":"
          + "\"invalid_request_error\"}}");
      return;
    }
    Matcher m = Pattern.compile("\"role\"\\s*:\\s*\"user\"\\s*,\\s*\"content\"\\s*:\\s*"
        + "\"((?:[^\"\\\\]|\\\\.)*)\"").matcher(body);
    String user = m.find() ? unquote(m.group(1)) : "";
    String first = field(user, "existing").or(() -> field(user, "earlier")).orElse("");
    String second = field(user, "new").or(() -> field(user, "later")).orElse("");
    String timing = field(user, "timing").orElse("");
    String content;
    switch (behaviour) {
      case SLOW -> {
        sleep(10_000);
        content = answer(true, "slow but sure");
      }
      case SAME -> content = answer(true, "the fake judge always says SAME");
      case DIFFERENT -> content = answer(false, "the fake judge always says DIFFERENT");
      case MALFORMED -> content = "I think they are the same!";
      case BAD_DECISION -> content = "{\"decision\": \"MAYBE\", \"reason\": \"hard to say\"}";
      case FENCED -> content = "Here is my answer:\n```json\n" + rules(first, second, timing) + "\n```";
      case NO_SCHEMA -> {
        if (body.matches("(?s).*\"response_format\"\\s*:\\s*\\{\\s*\"type\"\\s*:\\s*\"json_schema\".*")) {
          send(ex, 400, "{\"error\":{\"message\":\"response_format of type json_schema is not supported by this "
              + "model\",\"type\":\"invalid_request_error\"}}");
          return;
        }
        content = rules(first, second, timing);
      }
      case ORACLE -> {
        Boolean label = labels.get(pairKey(first, second));
        content = label == null ? rules(first, second, timing)
            : answer(label, "the label of this pair says " + (label ? "SAME" : "DIFFERENT"));
      }
      default -> content = rules(first, second, timing);
    }
    send(ex, 200, "{\"id\":\"chatcmpl-j\",\"object\":\"chat.completion\",\"created\":1,\"model\":"
        + quote(model) + ",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":"
        + quote(content) + "},\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":300,"
        + "\"completion_tokens\":20,\"total_tokens\":320}}");
  }

  private static String answer(boolean same, String reason) {
    return "{\"decision\": \"" + (same ? "SAME" : "DIFFERENT") + "\", \"reason\": " + quote(reason) + "}";
  }

  private static final Set<String> STOP = Set.of("the", "and", "for", "with", "are", "was",
      "has", "have", "had", "that", "this", "our", "your", "his", "her", "its", "their", "from", "into", "about",
      "just", "also", "user", "every", "each");
  private static final Pattern NEGATION = Pattern.compile(
      "(?i)\\b(not|no|never|n't|dont|don't|doesn't|isn't|can't|won't|without)\\b|n't\\b");

  /** The {@code judge-rules} answer (see {@link JudgeBehaviour#RULES}). */
  static String rules(String a, String b, String timing) {
    Matcher minutes = Pattern.compile("start (\\d+) minutes? apart").matcher(timing);
    if (minutes.find() && Integer.parseInt(minutes.group(1)) > 60) {
      return answer(false, "they start more than an hour apart");
    }
    List<String> da = digits(a);
    List<String> db = digits(b);
    if (!da.equals(db)) {
      return answer(false, "the numbers differ: " + da + " vs " + db);
    }
    boolean na = negations(a) % 2 == 1;
    boolean nb = negations(b) % 2 == 1;
    if (na != nb) {
      return answer(false, "one is negated, the other is not");
    }
    Set<String> wa = words(a);
    Set<String> wb = words(b);
    Set<String> shared = new TreeSet<>(wa);
    shared.retainAll(wb);
    int smaller = Math.min(wa.size(), wb.size());
    if (smaller == 0 || shared.size() * 2 < smaller) {
      return answer(false, "they share " + shared.size() + " of " + smaller + " content words");
    }
    return answer(true, "they share " + shared.size() + " of " + smaller + " content words and no number or "
        + "negation differs");
  }

  private static List<String> digits(String s) {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("\\d+").matcher(s);
    while (m.find()) {
      out.add(m.group());
    }
    out.sort(null);
    return out;
  }

  private static int negations(String s) {
    Matcher m = NEGATION.matcher(s);
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }

  private static Set<String> words(String s) {
    Set<String> out = new TreeSet<>();
    for (String w : s.toLowerCase(Locale.ROOT).split("[^\\p{L}]+")) {
      if (w.length() >= 3 && !STOP.contains(w)) {
        out.add(w);
      }
    }
    return out;
  }

  /**
   * Reads labelled pairs for the oracle; returns how many were read. A {@code pairs.jsonl} line ({@code {"left":
   * {"text"|"title"|"term": …}, "right": {…}, "label": 0|1}}) gives its pair; a {@code streams.jsonl} line gives each
   * drop unit and the keep unit it repeats ({@code drop_of}) as SAME (its other pairs are not labelled).
   */
  public int labels(Path pairs) throws IOException {
    int streams = 0;
    for (String line : Files.readAllLines(pairs, StandardCharsets.UTF_8)) {
      if (!line.contains("\"drop_of\"")) {
        continue;
      }
      List<String> keep = strings(line, "keep");
      List<String> drop = strings(line, "drop");
      Matcher of = Pattern.compile("\"drop_of\"\\s*:\\s*\\[([^\\]]*)\\]").matcher(line);
      if (!of.find()) {
        continue;
      }
      String[] idx = of.group(1).split(",");
      for (int i = 0; i < drop.size() && i < idx.length; i++) {
        String k = idx[i].strip();
        if (k.matches("\\d+") && Integer.parseInt(k) < keep.size()) {
          label(keep.get(Integer.parseInt(k)), drop.get(i), true);
          streams++;
        }
      }
    }
    return streams + pairLabels(pairs);
  }

  /** The string elements of the JSON array under this key in a line. */
  private static List<String> strings(String line, String key) {
    List<String> out = new ArrayList<>();
    Matcher start = Pattern.compile("\"" + key + "\"\\s*:\\s*\\[").matcher(line);
    if (!start.find()) {
      return out;
    }
    Matcher item = Pattern.compile("\\s*(?:\"((?:[^\"\\\\]|\\\\.)*)\"|null)\\s*([,\\]])").matcher(line);
    int at = start.end();
    while (item.find(at) && item.start() == at) {
      if (item.group(1) != null) {
        out.add(unquote(item.group(1)));
      }
      if (item.group(2).equals("]")) {
        break;
      }
      at = item.end();
    }
    return out;
  }

  private int pairLabels(Path pairs) throws IOException {
    Pattern left = Pattern.compile("\"left\"\\s*:\\s*\\{\\s*\"(?:text|title|term)\"\\s*:"
        + "\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");
    Pattern right = Pattern.compile("\"right\"\\s*:\\s*\\{\\s*\"(?:text|title|term)\"\\s*:"
        + "\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");
    Pattern label = Pattern.compile("\"label\"\\s*:\\s*([01])");
    int n = 0;
    for (String line : Files.readAllLines(pairs, StandardCharsets.UTF_8)) {
      Matcher l = left.matcher(line);
      Matcher r = right.matcher(line);
      Matcher y = label.matcher(line);
      if (l.find() && r.find() && y.find()) {
        label(unquote(l.group(1)), unquote(r.group(1)), y.group(1).equals("1"));
        n++;
      }
    }
    return n;
  }

  /**
   * Serves until killed: {@code java -cp deja-testkit/target/classes dev.deja.testkit.FakeUpstream [--port N]
   * [--labels pairs.jsonl …]}; prints the base URL.
   */
  public static void main(String[] args) throws Exception {
    int port = 0;
    List<Path> files = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--port" -> port = Integer.parseInt(args[++i]);
        case "--labels" -> files.add(Path.of(args[++i]));
        default -> throw new IllegalArgumentException("usage: FakeUpstream [--port N] [--labels pairs.jsonl …]");
      }
    }
    FakeUpstream f = new FakeUpstream(port);
    int n = 0;
    for (Path p : files) {
      n += f.labels(p);
    }
    System.out.println("fake upstream on " + f.base() + (n > 0 ? " (" + n + " labelled pairs for judge-oracle)" : ""));
    System.out.flush();
    new CountDownLatch(1).await();
  }

  private void sse(HttpExchange ex, String model) throws IOException {
    ex.getResponseHeaders().add("Content-Type", "text/event-stream; charset=utf-8");
    ex.getResponseHeaders().add("X-Request-Id", "req-42");
    ex.sendResponseHeaders(200, 0);
    OutputStream out = ex.getResponseBody();
    try {
      write(out, ": keep-alive comment\n\n");
      write(out, chunk("{\"role\":\"assistant\",\"content\":\"\"}", "null") + "\n\n");
      switch (model) {
        case "hang" -> {
          write(out, chunk("{\"content\":\"Hello there. \"}", "null") + "\n\n");
          sleep(10_000);
          return;
        }
        case "cut" -> {
          write(out, chunk("{\"content\":\"Hello there. \"}", "null") + "\n\n");
          write(out, chunk("{\"content\":\"It is a\"}", "null") + "\n\n");
          return;
        }
        case "malformed" -> {
          write(out, "data: {not json\n\n");
          write(out, "event: ping\ndata: still not json\n\n");
          write(out, chunk("{\"content\":\"Fine sentence here. Fine sentence here.\"}", "\"stop\"") + "\n\n");
          write(out, "data: [DONE]\n\n");
          return;
        }
        case "endless" -> {
          for (int i = 0; i < 500; i++) {
            write(out, chunk("{\"content\":\"Sentence number " + i + " goes here. \"}", "null") + "\n\n");
            sleep(20);
          }
          return;
        }
        default -> {
          List<String> parts = model.startsWith("seed-") ? fragments(Long.parseLong(model.substring(5)))
              : fragments();
          for (int i = 0; i < parts.size(); i++) {
            write(out, chunk("{\"content\":" + quote(parts.get(i)) + "}", "null") + "\n\n");
            if (i == 20) {
              write(out, TOOL_EVENT + "\n\n");
            }
            if (model.equals("slow")) {
              sleep(15);
            }
          }
          write(out, chunk("{}", "\"stop\"") + "\n\n");
          write(out, USAGE_EVENT + "\n\n");
          write(out, "data: [DONE]\n\n");
        }
      }
    } catch (IOException e) {
      clientGone.countDown();
    }
  }

  /** A JSON string literal of this text. */
  public static String quote(String s) {
    StringBuilder b = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20) {
            b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.append('"').toString();
  }

  private static void write(OutputStream out, String s) throws IOException {
    out.write(s.getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  private static void send(HttpExchange ex, int status, String json) throws IOException {
    byte[] b = json.getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().add("Content-Type", "application/json");
    ex.sendResponseHeaders(status, b.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(b);
    }
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Stops the server and its threads (a hanging response is interrupted). */
  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }
}
