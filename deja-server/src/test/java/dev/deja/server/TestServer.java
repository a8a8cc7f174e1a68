package dev.deja.server;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.deja.format.DejaConfig;
import dev.deja.format.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** A real server on a random loopback port over a temporary data directory, and a real HTTP client for it. */
final class TestServer implements AutoCloseable {
  static final String ADMIN = "test-admin-key-0123456789";

  final DejaServer server;
  final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  final String base;

  /** A response: status, headers and the body parsed as JSON (null when empty or not JSON). */
  record Res(int status, Map<String, List<String>> headers, String text, Object json) {
    @SuppressWarnings("unchecked")
    Map<String, Object> map() {
      return (Map<String, Object>) json;
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> error() {
      return (Map<String, Object>) map().get("error");
    }

    String header(String name) {
      return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name)).findFirst()
          .map(e -> e.getValue().get(0)).orElse(null);
    }
  }

  @SuppressWarnings("unchecked")
  static List<Object> list(Object o) {
    return (List<Object>) o;
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> obj(Object o) {
    return (Map<String, Object>) o;
  }

  private TestServer(DejaServer server) {
    this.server = server;
    this.base = "http://127.0.0.1:" + server.port();
  }

  static TestServer start(Path data, Map<String, Object> settings) {
    return start(data, settings, b -> {});
  }

  static TestServer start(Path data, Map<String, Object> settings, Consumer<DejaServer.Builder> custom) {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("port", 0);
    s.put("data_dir", data.toString());
    s.put("admin_key", ADMIN);
    s.put("warm_up", false);
    s.putAll(settings);
    ServerConfig c = ServerConfig.from(DejaConfig.of(Map.of("server", s), "test"), Map.of());
    DejaServer.Builder b = DejaServer.builder(c).clock(Clock.systemUTC());
    custom.accept(b);
    return new TestServer(b.build().start());
  }

  /** Creates a tenant key through the admin API. */
  String keyFor(String tenant) {
    Res r = send("POST", "/v1/admin/keys", ADMIN, Map.of("tenant", tenant));
    if (r.status() != 201) {
      throw new IllegalStateException("creating a key failed: " + r.text());
    }
    return (String) r.map().get("key");
  }

  Res send(String method, String path, String key, Object body) {
    return send(method, path, key, body == null ? null : Json.write(body), Map.of());
  }

  Res send(String method, String path, String key, String body, Map<String, String> headers) {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60));
    if (key != null) {
      b.header("Authorization", "Bearer " + key);
    }
    headers.forEach(b::header);
    if (body != null) {
      b.header("content-type", "application/json");
    }
    b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    try {
      HttpResponse<String> r = client.send(b.build(), HttpResponse.BodyHandlers.ofString());
      Object json = null;
      if (!r.body().isEmpty() && r.headers().firstValue("content-type").orElse("").contains("json")) {
        json = Json.MAPPER.readValue(r.body(), new TypeReference<Object>() {});
      }
      return new Res(r.statusCode(), r.headers().map(), r.body(), json);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    server.close();
  }
}
