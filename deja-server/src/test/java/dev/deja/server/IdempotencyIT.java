package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A retried put with the same Idempotency-Key returns the first result, also after a restart. */
class IdempotencyIT {
  static final String ITEMS = "/v1/collections/notes/items";

  static TestServer.Res put(TestServer s, String key, String idem, String text) {
    return s.send("POST", ITEMS, key, dev.deja.format.Json.write(Map.of("item", Map.of("text", text))),
        Map.of("Idempotency-Key", idem));
  }

  @Test
  void aRetriedPutReturnsTheFirstResultAndWritesOnce(@TempDir Path dir) throws Exception {
    String key;
    String firstId;
    try (TestServer s = TestServer.start(dir, Map.of())) {
      key = s.keyFor("acme");
      s.send("POST", "/v1/collections", key, Map.of("name", "notes", "preset", "text"));
      TestServer.Res first = put(s, key, "req-1", "Order new printer toner");
      assertThat(first.status()).isEqualTo(201);
      assertThat(first.header("Idempotent-Replayed")).isNull();
      firstId = (String) first.map().get("id");
      TestServer.Res retry = put(s, key, "req-1", "Order new printer toner");
      assertThat(retry.status()).isEqualTo(201);
      assertThat(retry.text()).isEqualTo(first.text());
      assertThat(retry.header("Idempotent-Replayed")).isEqualTo("true");
      assertThat(s.send("GET", "/v1/collections/notes", key, null).map()).containsEntry("count", 1);

      TestServer.Res reused = put(s, key, "req-1", "Something else entirely");
      assertThat(reused.status()).isEqualTo(422);
      assertThat(reused.error().get("code")).isEqualTo("idempotency_key_reused");

      TestServer.Res rejected = put(s, key, "req-2", "order new printer toner!");
      assertThat(rejected.status()).isEqualTo(409);
      assertThat(put(s, key, "req-2", "order new printer toner!").text()).isEqualTo(rejected.text());

      TestServer.Res bad = s.send("POST", ITEMS, key, "{\"item\": 1}", Map.of("Idempotency-Key", "req-3"));
      assertThat(bad.status()).isEqualTo(400);
      assertThat(put(s, key, "req-3", "a different note").status()).as("errors are not recorded").isEqualTo(201);

      // The same key of another tenant is another request.
      String other = s.keyFor("other");
      s.send("POST", "/v1/collections", other, Map.of("name", "notes", "preset", "text"));
      TestServer.Res theirs = put(s, other, "req-1", "Order new printer toner");
      assertThat(theirs.status()).isEqualTo(201);
      assertThat(theirs.map().get("id")).isNotEqualTo(firstId);
    }
    try (TestServer s = TestServer.start(dir, Map.of())) {
      TestServer.Res afterRestart = put(s, key, "req-1", "Order new printer toner");
      assertThat(afterRestart.status()).isEqualTo(201);
      assertThat(afterRestart.map().get("id")).isEqualTo(firstId);
      assertThat(afterRestart.header("Idempotent-Replayed")).isEqualTo("true");
      assertThat(s.send("GET", "/v1/collections/notes", key, null).map()).containsEntry("count", 2);
    }
  }

  @Test
  void concurrentRetriesWriteOnce(@TempDir Path dir) throws Exception {
    try (TestServer s = TestServer.start(dir, Map.of("rate_limits", Map.of("enabled", false)))) {
      String key = s.keyFor("acme");
      s.send("POST", "/v1/collections", key, Map.of("name", "notes", "preset", "text"));
      ExecutorService pool = Executors.newFixedThreadPool(8);
      try {
        List<Future<TestServer.Res>> all = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
          all.add(pool.submit(() -> put(s, key, "same", "Pick up dry cleaning on Friday")));
        }
        List<String> ids = new ArrayList<>();
        for (Future<TestServer.Res> f : all) {
          TestServer.Res r = f.get();
          assertThat(r.status()).isEqualTo(201);
          ids.add((String) r.map().get("id"));
        }
        assertThat(ids).containsOnly(ids.get(0));
        assertThat(s.send("GET", "/v1/collections/notes", key, null).map()).containsEntry("count", 1);
      } finally {
        pool.shutdownNow();
      }
    }
  }

  @Test
  void badIdempotencyKeysAreRefused(@TempDir Path dir) {
    try (TestServer s = TestServer.start(dir, Map.of())) {
      String key = s.keyFor("acme");
      s.send("POST", "/v1/collections", key, Map.of("name", "notes", "preset", "text"));
      TestServer.Res r = put(s, key, "k".repeat(300), "x");
      assertThat(r.status()).isEqualTo(400);
      assertThat(r.error().get("code")).isEqualTo("invalid_request");
    }
  }
}
