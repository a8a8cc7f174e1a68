package dev.deja.server;

import static dev.deja.server.TestServer.obj;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17 item 4: two server instances on one PostgreSQL database agree about collections — the database's
 * definition is the one truth: a name created through both at once is created once (201 and 409, one spec on both), a
 * drop through one is seen by the other (404, not a raw SQL error), and a re-create with another preset, or the same
 * one, is served by the other as re-created.
 */
class Issue17SharedCollectionsIT {
  @TempDir
  Path dirA;
  @TempDir
  Path dirB;
  private String url;

  @AfterEach
  void dropSchema() {
    if (url != null) {
      PgSchemas.drop(url);
    }
  }

  /** Waits until instance B accepts a key created through A (shared keys reach other instances within a second). */
  private static void awaitKey(TestServer b, String key) throws InterruptedException {
    long deadline = System.nanoTime() + 20_000_000_000L;
    while (b.send("GET", "/v1/collections", key, null).status() == 401 && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    assertThat(b.send("GET", "/v1/collections", key, null).status()).isEqualTo(200);
  }

  @Test
  void twoInstancesHaveOneTruthAboutCollections() throws Exception {
    url = PgSchemas.freshUrl();
    try (TestServer a = TestServer.start(dirA, Map.of("store", url));
        TestServer b = TestServer.start(dirB, Map.of("store", url))) {
      String key = a.keyFor("acme");
      awaitKey(b, key);

      ExecutorService pool = Executors.newFixedThreadPool(2);
      try {
        for (int i = 0; i < 20; i++) {
          String name = "race-" + i;
          CountDownLatch go = new CountDownLatch(1);
          Future<TestServer.Res> viaA = pool.submit(() -> {
            go.await();
            return a.send("POST", "/v1/collections", key, Map.of("name", name, "preset", "text"));
          });
          Future<TestServer.Res> viaB = pool.submit(() -> {
            go.await();
            return b.send("POST", "/v1/collections", key, Map.of("name", name, "preset", "glossary"));
          });
          go.countDown();
          List<Integer> statuses = new ArrayList<>(List.of(viaA.get().status(), viaB.get().status()));
          statuses.sort(null);
          assertThat(statuses).as("try %d: %s / %s", i, viaA.get().text(), viaB.get().text())
              .containsExactly(201, 409);
          Object specA = a.send("GET", "/v1/collections/" + name, key, null).map().get("spec");
          Object specB = b.send("GET", "/v1/collections/" + name, key, null).map().get("spec");
          assertThat(specB).as("try %d: both serve the one recorded spec", i).isEqualTo(specA);
        }
      } finally {
        pool.shutdownNow();
      }

      assertThat(a.send("POST", "/v1/collections", key, Map.of("name", "notes", "preset", "text")).status())
          .isEqualTo(201);
      assertThat(put(b, key, "notes", Map.of("text", "Buy milk")).status()).isEqualTo(201);
      assertThat(a.send("DELETE", "/v1/collections/notes", key, null).status()).isEqualTo(204);
      TestServer.Res gone = put(b, key, "notes", Map.of("text", "Call the plumber"));
      assertThat(gone.status()).as(gone.text()).isEqualTo(404);
      assertThat(gone.error().get("code")).isEqualTo("not_found");
      assertThat(b.send("GET", "/v1/collections/notes", key, null).status()).isEqualTo(404);
      assertThat(b.send("GET", "/v1/collections", key, null).text()).doesNotContain("\"notes\"");

      // Re-created through A with another preset: B serves the new spec, and stores into the new collection.
      assertThat(a.send("POST", "/v1/collections", key, Map.of("name", "notes", "preset", "glossary")).status())
          .isEqualTo(201);
      TestServer.Res described = b.send("GET", "/v1/collections/notes", key, null);
      assertThat(described.status()).isEqualTo(200);
      assertThat(described.map().get("spec")).isEqualTo(a.send("GET", "/v1/collections/notes", key, null).map()
          .get("spec"));
      assertThat(obj(obj(described.map().get("spec")).get("fields"))).containsKey("term");
      assertThat(put(b, key, "notes", Map.of("term", "Invoice")).status()).isEqualTo(201);
      assertThat(a.send("GET", "/v1/collections/notes", key, null).map().get("count")).isEqualTo(1);

      // Dropped and re-created with the same preset: B writes into the new collection, not the dropped one.
      assertThat(b.send("DELETE", "/v1/collections/notes", key, null).status()).isEqualTo(204);
      assertThat(a.send("POST", "/v1/collections", key, Map.of("name", "notes", "preset", "glossary")).status())
          .isEqualTo(201);
      TestServer.Res again = put(b, key, "notes", Map.of("term", "Invoice"));
      assertThat(again.status()).as(again.text()).isEqualTo(201);
      assertThat(a.send("GET", "/v1/collections/notes", key, null).map().get("count")).isEqualTo(1);
    }
  }

  private static TestServer.Res put(TestServer s, String key, String collection, Map<String, Object> item) {
    return s.send("POST", "/v1/collections/" + collection + "/items", key, Map.of("item", item));
  }
}
