package dev.deja.postgres;

import dev.deja.core.engine.Action;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.engine.WriteResult;
import dev.deja.core.item.Item;
import dev.deja.testkit.TestSpecs;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * A child process of {@link TwoProcessesIT}: connects to the database, waits for a start file, then puts every one of
 * a few real-world events (as reworded variants) from many threads at once, and prints how many it created.
 *
 * <p>Arguments: JDBC URL with schema (as {@code postgresql://…?schema=…}), threads, events, start-file.
 */
public final class PutterProcess {
  private PutterProcess() {}

  public static void main(String[] args) throws Exception {
    String url = args[0];
    int threads = Integer.parseInt(args[1]);
    int events = Integer.parseInt(args[2]);
    java.nio.file.Path start = java.nio.file.Path.of(args[3]);
    try (PostgresStoreBackend backend = PostgresStoreBackend.connect(url)) {
      DejaCollection c = DejaCollection.builder(TestSpecs.events("reject")).store(backend.open("events")).build();
      System.out.println("ready");
      System.out.flush();
      while (!java.nio.file.Files.exists(start)) {
        Thread.onSpinWait();
      }
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      CountDownLatch go = new CountDownLatch(1);
      List<Future<Integer>> fs = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int n = t;
        fs.add(pool.submit(() -> {
          go.await();
          int created = 0;
          for (int e = 0; e < events; e++) {
            int ev = (e + n) % events;
            Item item = Item.of("title", (n % 2 == 0 ? "Parent-teacher conference " : "parent teacher conference! ")
                + "room " + (100 + ev), "start", "2026-03-" + String.format("%02d", 10 + ev) + "T18:"
                + String.format("%02d", n % 30));
            WriteResult r = c.put(PutRequest.of("fam", item));
            if (r.action() == Action.CREATED) {
              created++;
            }
          }
          return created;
        }));
      }
      go.countDown();
      int created = 0;
      for (Future<Integer> f : fs) {
        created += f.get(5, TimeUnit.MINUTES);
      }
      pool.shutdown();
      System.out.println("created " + created);
    }
  }
}
