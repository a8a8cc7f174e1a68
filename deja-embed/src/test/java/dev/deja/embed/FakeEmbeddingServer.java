package dev.deja.embed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.deja.testkit.HashingEmbedder;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A local OpenAI-compatible embeddings server for tests (the JDK's {@link HttpServer} on a free loopback port).
 *
 * <p>By default it answers {@code POST /v1/embeddings} with the vectors of a {@link HashingEmbedder} of its
 * dimension (deterministic, from a hash of each input), listed in <em>reverse</em> order with their {@code index}, so
 * clients must order by index. Scripted replies ({@link #next}) are used first, one per request; {@link #always} makes
 * every request get the same reply. Every request is recorded. Thread-safe.
 */
final class FakeEmbeddingServer implements AutoCloseable {
  /**
   * A scripted reply: a status and body, after a delay; a null body means "the normal vectors". With
   * {@code stallBody}, the headers and half the body are sent at once and the rest after the delay.
   */
  record Reply(int status, String body, long delayMillis, Map<String, String> headers, boolean stallBody) {
    static Reply status(int status, String body) {
      return new Reply(status, body, 0, Map.of(), false);
    }

    static Reply body(String body) {
      return new Reply(200, body, 0, Map.of(), false);
    }

    static Reply slow(long delayMillis) {
      return new Reply(200, null, delayMillis, Map.of(), false);
    }

    static Reply stalledBody(long delayMillis) {
      return new Reply(200, null, delayMillis, Map.of(), true);
    }

    static Reply normal() {
      return new Reply(200, null, 0, Map.of(), false);
    }

    Reply header(String name, String value) {
      Map<String, String> h = new LinkedHashMap<>(headers);
      h.put(name, value);
      return new Reply(status, body, delayMillis, h, stallBody);
    }
  }

  /** What a request carried. */
  record Request(String method, String path, Optional<String> authorization, String contentType, String model,
      List<String> inputs) {}

  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpServer server;
  private final ExecutorService pool;
  private final HashingEmbedder vectors;
  private final ConcurrentLinkedDeque<Reply> script = new ConcurrentLinkedDeque<>();
  private volatile Reply always;
  private final List<Request> requests = new CopyOnWriteArrayList<>();

  FakeEmbeddingServer(int dimension) throws IOException {
    this.vectors = new HashingEmbedder(dimension);
    this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    AtomicInteger n = new AtomicInteger();
    this.pool = Executors.newFixedThreadPool(8, r -> {
      Thread t = new Thread(r, "fake-embeddings-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
    server.setExecutor(pool);
    server.createContext("/", this::handle);
    server.start();
  }

  /** The base URL to configure ({@code http://127.0.0.1:PORT/v1}). */
  URI baseUrl() {
    return URI.create("http://" + server.getAddress().getHostString() + ":" + server.getAddress().getPort() + "/v1");
  }

  /** The vector the server returns for a text. */
  float[] vectorOf(String text) {
    return vectors.embed(text);
  }

  /** Queues replies for the next requests, in order. */
  FakeEmbeddingServer next(Reply... replies) {
    script.addAll(List.of(replies));
    return this;
  }

  /** Gives every request this reply (null: back to normal). */
  FakeEmbeddingServer always(Reply reply) {
    this.always = reply;
    return this;
  }

  /** The requests received so far. */
  List<Request> requests() {
    return List.copyOf(requests);
  }

  void reset() {
    script.clear();
    always = null;
    requests.clear();
  }

  private void handle(HttpExchange ex) throws IOException {
    try (ex) {
      byte[] in = ex.getRequestBody().readAllBytes();
      String model = "";
      List<String> inputs = new ArrayList<>();
      try {
        JsonNode req = JSON.readTree(in);
        model = req.path("model").asText("");
        req.path("input").forEach(i -> inputs.add(i.asText()));
      } catch (IOException e) {
        // recorded with no inputs
      }
      requests.add(new Request(ex.getRequestMethod(), ex.getRequestURI().getPath(),
          Optional.ofNullable(ex.getRequestHeaders().getFirst("Authorization")),
          String.valueOf(ex.getRequestHeaders().getFirst("Content-Type")), model, List.copyOf(inputs)));
      Reply r = always != null ? always : Optional.ofNullable(script.poll()).orElse(Reply.normal());
      if (r.delayMillis() > 0 && !r.stallBody()) {
        try {
          Thread.sleep(r.delayMillis());
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
      String body;
      int status = r.status();
      if (r.body() != null) {
        body = r.body();
      } else if (!ex.getRequestMethod().equals("POST") || !ex.getRequestURI().getPath().equals("/v1/embeddings")) {
        status = 404;
        body = "{\"error\": {\"message\": \"no such route\"}}";
      } else {
        body = normalBody(model, inputs);
      }
      r.headers().forEach((k, v) -> ex.getResponseHeaders().add(k, v));
      ex.getResponseHeaders().add("Content-Type", "application/json");
      byte[] out = body.getBytes(StandardCharsets.UTF_8);
      ex.sendResponseHeaders(status, out.length == 0 ? -1 : out.length);
      if (out.length > 0) {
        try (OutputStream os = ex.getResponseBody()) {
          if (r.stallBody()) {
            os.write(out, 0, out.length / 2);
            os.flush();
            try {
              Thread.sleep(r.delayMillis());
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
              return;
            }
            os.write(out, out.length / 2, out.length - out.length / 2);
          } else {
            os.write(out);
          }
        }
      }
    }
  }

  private String normalBody(String model, List<String> inputs) throws IOException {
    List<Map<String, Object>> data = new ArrayList<>();
    for (int i = inputs.size() - 1; i >= 0; i--) {
      float[] v = vectors.embed(inputs.get(i));
      List<Float> values = new ArrayList<>(v.length);
      for (float x : v) {
        values.add(x);
      }
      data.add(Map.of("object", "embedding", "index", i, "embedding", values));
    }
    Map<String, Object> resp = new LinkedHashMap<>();
    resp.put("object", "list");
    resp.put("data", data);
    resp.put("model", model);
    resp.put("usage", Map.of("prompt_tokens", 1, "total_tokens", 1));
    return JSON.writeValueAsString(resp);
  }

  @Override
  public void close() {
    server.stop(0);
    pool.shutdownNow();
  }
}
