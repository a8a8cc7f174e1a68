package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.embed.Embedder;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.item.StoredItem;
import dev.deja.core.store.CollectionStore;
import dev.deja.lucene.LuceneStoreBackend;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Graceful shutdown: a request in flight when shutdown starts finishes and its write is kept; requests arriving while
 * draining get 503; the stores are closed (the data directory can be opened again at once). Also through SIGTERM on a
 * real process.
 */
class GracefulShutdownIT {

  /** An embedder that blocks on one text until released: a request held in flight without any timing. */
  static final class GateEmbedder implements Embedder {
    final CountDownLatch entered = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);

    @Override
    public String model() {
      return MetricsHealthIT.MEMORY_MODEL;
    }

    @Override
    public int dimension() {
      return 4;
    }

    @Override
    public float[] embed(String text) {
      if (text.contains("slow")) {
        entered.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return new float[] {1, text.length() % 7, 0.5f, 0.25f};
    }
  }

  @Test
  void inFlightRequestsFinishNewOnesGet503AndStoresClose(@TempDir Path dir) throws Exception {
    GateEmbedder gate = new GateEmbedder();
    TestServer s = TestServer.start(dir, Map.of(), b -> b.embedders(EmbedderProvider.of(Map.of(gate.model(), gate))));
    String key = s.keyFor("acme");
    CompletableFuture<TestServer.Res> inFlight = CompletableFuture.supplyAsync(() -> s.send("POST",
        "/v1/memories", key, Map.of("content", "a slow fact about the user")));
    assertThat(gate.entered.await(60, TimeUnit.SECONDS)).isTrue();

    CompletableFuture<Void> closing = CompletableFuture.runAsync(s::close);
    // Draining begins at once: a new request is refused with a retriable 503, and /health says not ready.
    TestServer.Res refused = null;
    for (int i = 0; i < 200 && (refused == null || refused.status() != 503); i++) {
      refused = s.send("GET", "/health", null, null);
      if (refused.status() != 503) {
        Thread.onSpinWait();
      }
    }
    assertThat(refused.status()).isEqualTo(503);
    assertThat(closing).isNotDone();

    gate.release.countDown();
    TestServer.Res done = inFlight.get(60, TimeUnit.SECONDS);
    assertThat(done.status()).as(done.text()).isEqualTo(201);
    closing.get(60, TimeUnit.SECONDS);

    String id = (String) done.map().get("id");
    try (LuceneStoreBackend reopened = LuceneStoreBackend.open(dir.resolve("tenants").resolve("acme"))) {
      CollectionStore store = reopened.open("memories");
      assertThat(store.find("acme", id)).map(StoredItem::id).contains(id);
    }
  }

  @Test
  void sigtermStopsTheProcessGracefully(@TempDir Path dir) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(java, "-DOPT_OUT_TRACKING=true", "-Dai.djl.offline=true", "-cp",
        System.getProperty("java.class.path"), ServeMain.class.getName(), dir.resolve("data").toString())
        .redirectError(ProcessBuilder.Redirect.DISCARD).redirectOutput(dir.resolve("out.txt").toFile()).start();
    try {
      Path outFile = dir.resolve("out.txt");
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!Files.readString(outFile).contains("\n") && System.nanoTime() < deadline && p.isAlive()) {
        Thread.sleep(20);
      }
      String line = Files.readString(outFile).lines().findFirst().orElse("");
      assertThat(line).startsWith("PORT ");
      int port = Integer.parseInt(line.substring(5).strip());
      TestServer.Res created;
      try (RemoteClient c = new RemoteClient("http://127.0.0.1:" + port)) {
        String key = c.keyFor("acme");
        c.send("POST", "/v1/collections", key, Map.of("name", "notes", "preset", "text"));
        created = c.send("POST", "/v1/collections/notes/items", key, Map.of("item", Map.of("text", "keep me")));
        assertThat(created.status()).isEqualTo(201);
      }
      p.destroy(); // SIGTERM
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(Files.readString(outFile).lines()).contains("STOPPED");
      try (LuceneStoreBackend reopened = LuceneStoreBackend.open(dir.resolve("data").resolve("tenants")
          .resolve("acme"))) {
        assertThat(reopened.open("notes").find("acme", (String) created.map().get("id"))).isPresent();
      }
    } finally {
      p.destroyForcibly();
    }
  }
}
