import dev.deja.core.embed.Embedder;
import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.item.Item;
import dev.deja.core.store.MemoryCollectionStore;
import dev.deja.embed.InProcessEmbedderProvider;
import dev.deja.format.Presets;
import dev.deja.server.load.HttpBench;
import java.util.Arrays;

/**
 * The latency of a memory check in process (docs/PERFORMANCE.md, "Memory checks with the pair classifier"): the
 * memory preset over the in-memory store, 1,000 items over 20 owners, then four rounds of 1,000 checks of new texts,
 * each round's p50 and p90 — and, with the argument {@code embed}, the model alone on the same texts. The items are
 * those of {@code deja bench http}'s memory workload ({@code HttpBench.Items}: 6–13 words of its vocabulary and a
 * number). Run with {@code -Ddeja.embed.cache=1} so that every text is embedded.
 */
public final class CheckLatency {
  private CheckLatency() {}

  public static void main(String[] args) {
    HttpBench.Items items = new HttpBench.Items("memory", 7);
    boolean embedOnly = args.length > 0 && args[0].equals("embed");
    Embedder model = new InProcessEmbedderProvider().find("bge-small-en-v1.5-q").orElseThrow();
    DejaCollection c = DejaCollection.builder(Presets.spec("memory")).store(new MemoryCollectionStore("m")).build();
    if (!embedOnly) {
      for (int i = 0; i < 1000; i++) {
        c.put(PutRequest.of("t", new Item(items.next())));
      }
    }
    for (int round = 0; round < 4; round++) {
      long[] t = new long[1000];
      for (int i = 0; i < t.length; i++) {
        Item item = new Item(items.next());
        String text = item.findString("text").orElseThrow();
        long t0 = System.nanoTime();
        if (embedOnly) {
          model.embed(text);
        } else {
          c.check(CheckRequest.of("t", item));
        }
        t[i] = System.nanoTime() - t0;
      }
      Arrays.sort(t);
      System.out.printf("%s round %d: p50 %.2f ms, p90 %.2f ms%n", embedOnly ? "embed" : "check", round,
          t[t.length / 2] / 1e6, t[t.length * 9 / 10] / 1e6);
    }
    System.exit(0);
  }
}
