package dev.deja.server;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.deja.format.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/** A real HTTP client for a server running in another process (the admin key is TestServer's). */
final class RemoteClient implements AutoCloseable {
  private final HttpClient client = HttpClient.newHttpClient();
  private final String base;

  RemoteClient(String base) {
    this.base = base;
  }

  String keyFor(String tenant) {
    return (String) send("POST", "/v1/admin/keys", TestServer.ADMIN, Map.of("tenant", tenant)).map().get("key");
  }

  TestServer.Res send(String method, String path, String key, Object body) {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60))
        .header("Authorization", "Bearer " + key).header("content-type", "application/json");
    b.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
        : HttpRequest.BodyPublishers.ofString(Json.write(body)));
    try {
      HttpResponse<String> r = client.send(b.build(), HttpResponse.BodyHandlers.ofString());
      Object json = r.body().isEmpty() ? null : Json.MAPPER.readValue(r.body(), new TypeReference<Object>() {});
      return new TestServer.Res(r.statusCode(), r.headers().map(), r.body(), json);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {}
}
