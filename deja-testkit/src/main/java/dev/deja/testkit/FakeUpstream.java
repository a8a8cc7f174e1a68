package dev.deja.testkit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

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
 *   <li>{@code endless}: streams until the client goes ({@link #awaitClientGone});
 *   <li>{@code malformed}: events whose data is not JSON;
 *   <li>{@code error-429} / {@code error-500}: OpenAI-shaped errors with that status;
 *   <li>anything else with {@code "stream": false} (or no {@code stream}): the whole completion of {@link #ANSWER}.
 * </ul>
 *
 * <p>Also serves {@code GET /v1/models} and {@code GET /v1/models/{id}} (the id echoed). Thread-safe.
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

  /** Starts the server on a free loopback port. */
  public FakeUpstream() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
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
