package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.deja.format.DejaConfig;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17, item 11: what the server writes is readable by its own user only — the key digests and the idempotency
 * log {@code rw-------}, the data directories it creates {@code rwx------} — and a key file found wider is narrowed.
 */
class Issue17FilePermissionsIT {
  @TempDir
  Path dir;

  private static String mode(Path p) throws Exception {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
  }

  @Test
  void keysIdempotencyRecordsAndTenantDataAreTheServersUsersOnly() throws Exception {
    assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"), "a POSIX file system");
    Path data = dir.resolve("data");
    // No admin key configured: one is generated and its digest stored.
    ServerConfig c = ServerConfig.from(DejaConfig.of(Map.of("server", Map.of("port", 0, "data_dir", data.toString(),
        "warm_up", false)), "test"), Map.of());
    try (DejaServer s = DejaServer.builder(c).build().start()) {
      String admin = s.generatedAdminKey().orElseThrow();
      String key = s.keys().create("perm");
      TestServer.Res created = send(s, "POST", "/v1/collections", key, Map.of("name", "notes", "preset", "text"));
      assertThat(created.status()).isEqualTo(201);
      assertThat(send(s, "POST", "/v1/collections/notes/items", key, Map.of("item", Map.of("text", "private")),
          Map.of("Idempotency-Key", "k1")).status()).isEqualTo(201);
      assertThat(admin).isNotBlank();
    }
    assertThat(mode(data)).isEqualTo("rwx------");
    assertThat(mode(data.resolve("server"))).isEqualTo("rwx------");
    assertThat(mode(data.resolve("tenants"))).isEqualTo("rwx------");
    assertThat(mode(data.resolve("tenants").resolve("perm"))).isEqualTo("rwx------");
    assertThat(mode(data.resolve("server").resolve("admin-key.sha256"))).isEqualTo("rw-------");
    assertThat(mode(data.resolve("server").resolve("keys.json"))).isEqualTo("rw-------");
    assertThat(mode(data.resolve("server").resolve("idempotency.jsonl"))).isEqualTo("rw-------");
  }

  @Test
  void aKeyFileReadableByOthersIsNarrowedAtStart() throws Exception {
    assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"), "a POSIX file system");
    Path data = dir.resolve("old");
    try (TestServer s = TestServer.start(data, Map.of())) {
      s.keyFor("t");
    }
    Path keys = data.resolve("server").resolve("keys.json");
    Files.setPosixFilePermissions(keys, PosixFilePermissions.fromString("rw-r--r--"));
    try (TestServer s = TestServer.start(data, Map.of())) {
      assertThat(mode(keys)).isEqualTo("rw-------");
    }
  }

  private static TestServer.Res send(DejaServer s, String method, String path, String key, Object body) {
    return send(s, method, path, key, body, Map.of());
  }

  private static TestServer.Res send(DejaServer s, String method, String path, String key, Object body,
      Map<String, String> headers) {
    java.net.http.HttpRequest.Builder b = java.net.http.HttpRequest.newBuilder(java.net.URI.create(
        "http://127.0.0.1:" + s.port() + path)).header("Authorization", "Bearer " + key)
        .header("content-type", "application/json")
        .method(method, java.net.http.HttpRequest.BodyPublishers.ofString(dev.deja.format.Json.write(body)));
    headers.forEach(b::header);
    try {
      java.net.http.HttpResponse<String> r = java.net.http.HttpClient.newHttpClient().send(b.build(),
          java.net.http.HttpResponse.BodyHandlers.ofString());
      return new TestServer.Res(r.statusCode(), r.headers().map(), r.body(), null);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
