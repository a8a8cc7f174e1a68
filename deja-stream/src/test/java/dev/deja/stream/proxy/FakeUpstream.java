package dev.deja.stream.proxy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A local OpenAI-compatible server for tests (JDK HttpServer on a free loopback port). The request's {@code model}
 * picks the behaviour: {@code repeats} streams an answer with repeats as token fragments, plus a role delta, a tool
 * call, finish_reason, usage and [DONE]; {@code slow} does the same with pauses; {@code hang} sends two events and then
 * nothing; {@code no-headers} never answers; {@code endless} streams until the client goes ({@link #clientGone});
 * {@code malformed} sends events that are not JSON; {@code error-429} / {@code error-500} fail; anything else with
 * {@code "stream": false} gets a whole completion.
 */
final class FakeUpstream implements AutoCloseable {
  static final String ANSWER = "I found three Vietnamese restaurants in Fishtown that are open late on Fridays.\n"
      + "1. Pho Saigon Corner – open until 11pm, cash only\n2. Banh Mi Brothers – open until 11pm, cards accepted\n\n"
      + "Here are three Vietnamese places in Fishtown with late Friday hours. Little Hanoi has \"outdoor\" seating. "
      + "Little Hanoi has \"outdoor\" seating. Enjoy";
  static final String TOOL_EVENT = "data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,"
      + "\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_1\","
      + "\"type\":\"function\",\"function\":{\"name\":\"lookup\",\"arguments\":\"{}\"}}]},\"finish_reason\":null}]}";
  static final String USAGE_EVENT = "data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,"
      + "\"model\":\"m\",\"choices\":[],\"usage\":{\"prompt_tokens\":12,\"completion_tokens\":80,\"total_tokens\":92}}";

  private final HttpServer server;
  private final ExecutorService threads = Executors.newCachedThreadPool();
  final CountDownLatch clientGone = new CountDownLatch(1);
  final List<String> authorizations = new ArrayList<>();

  FakeUpstream() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
    server.setExecutor(threads);
    server.createContext("/v1/chat/completions", this::chat);
    server.createContext("/v1/models", ex -> send(ex, 200, "{\"data\":[{\"id\":\"m\"}]}"));
    server.start();
  }

  String base() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  /** The answer cut into token-like fragments of 1–6 characters (deterministic). */
  static List<String> fragments() {
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

  static String chunk(String deltaJson, String finish) {
    return "data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\","
        + "\"choices\":[{\"index\":0,\"delta\":" + deltaJson + ",\"logprobs\":null,\"finish_reason\":" + finish
        + "}]}";
  }

  private void chat(HttpExchange ex) throws IOException {
    String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    synchronized (authorizations) {
      authorizations.add(String.valueOf(ex.getRequestHeaders().getFirst("Authorization")));
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
            send(ex, 200, "{\"id\":\"chatcmpl-2\",\"object\":\"chat.completion\",\"created\":1,\"model\":\"m\","
                + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":"
                + JsonTree.quote(ANSWER) + "},\"finish_reason\":\"stop\"}],"
                + "\"usage\":{\"prompt_tokens\":12,\"completion_tokens\":80,\"total_tokens\":92}}");
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
          List<String> parts = fragments();
          for (int i = 0; i < parts.size(); i++) {
            write(out, chunk("{\"content\":" + JsonTree.quote(parts.get(i)) + "}", "null") + "\n\n");
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

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }
}
