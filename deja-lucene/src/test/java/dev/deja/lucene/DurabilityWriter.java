package dev.deja.lucene;

import dev.deja.core.engine.Action;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.engine.WriteResult;
import dev.deja.core.item.Item;
import dev.deja.testkit.TestSpecs;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The child process of {@link KillNineDurabilityIT}: puts notes through the engine from several threads, forever,
 * and prints {@code ACK <tenant> <id>} for every put acknowledged as created (so durable). Killed with SIGKILL.
 *
 * <p>Arguments: data directory, run label (makes ids unique across runs).
 */
public final class DurabilityWriter {
  private DurabilityWriter() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    String run = args[1];
    PrintStream out = new PrintStream(System.out, false, "UTF-8");
    LuceneStoreBackend backend = LuceneStoreBackend.open(dir);
    AtomicLong seq = new AtomicLong();
    DejaCollection notes = DejaCollection.builder(TestSpecs.notes("reject")).store(backend.open("notes"))
        .ids(() -> run + "-" + seq.incrementAndGet()).build();
    out.println("READY");
    out.flush();
    int threads = 4;
    Thread[] ts = new Thread[threads];
    for (int t = 0; t < threads; t++) {
      int me = t;
      ts[t] = new Thread(() -> {
        for (long i = 0; ; i++) {
          String tenant = "tenant" + (i % 7);
          Item item = Item.of("text", "fact " + run + " " + me + " " + i + " about the number " + (i * 7919 % 104729),
              "owner", "o" + me);
          WriteResult r = notes.put(new PutRequest(tenant, java.util.Optional.empty(), item, true));
          if (r.action() == Action.CREATED) {
            synchronized (out) {
              out.println("ACK " + tenant + " " + r.id().orElseThrow());
              out.flush();
            }
          }
        }
      }, "writer-" + t);
      ts[t].start();
    }
    for (Thread t : ts) {
      t.join();
    }
  }
}
