package dev.deja.lucene;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.index.CandidateQuery;
import dev.deja.core.item.StoredItem;
import dev.deja.testkit.SeedExtension;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.lucene.index.CheckIndex;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Durability: a writer process is killed with SIGKILL in the middle of a load, five times over the same data
 * directory; after each kill the directory opens cleanly (Lucene's CheckIndex finds no problem) and every put the
 * writer acknowledged is present and findable by
 * its index keys and terms.
 */
@ExtendWith(SeedExtension.class)
class KillNineDurabilityIT {
  @TempDir
  Path dir;

  @Test
  void everyAcknowledgedPutSurvivesKillNine(Random random) throws Exception {
    Map<String, String> acked = new ConcurrentHashMap<>();
    for (int run = 0; run < 5; run++) {
      int killAfter = 100 + random.nextInt(200);
      int before = acked.size();
      String label = "r" + run;
      runAndKill(label, killAfter, acked);
      assertThat(acked.size() - before).as("acknowledged in run %d", run).isGreaterThanOrEqualTo(killAfter);
      assertIndexIsClean();
      try (LuceneStoreBackend b = LuceneStoreBackend.open(dir)) {
        LuceneCollectionStore notes = b.open("notes");
        for (Map.Entry<String, String> e : acked.entrySet()) {
          Optional<StoredItem> item = notes.find(e.getValue(), e.getKey());
          assertThat(item).as("acknowledged item %s after run %d", e.getKey(), run).isPresent();
          if (!e.getKey().startsWith(label + "-")) {
            continue; // findable by its keys was checked after the run that wrote it
          }
          CandidateQuery byKeys = CandidateQuery.builder(item.get().keys().scope())
              .keys(item.get().keys().keys().toArray(new String[0]))
              .terms(item.get().keys().terms().toArray(new String[0])).max(1000).build();
          assertThat(item.get().keys().terms()).isNotEmpty();
          assertThat(notes.candidates(byKeys)).as("findable by its keys and terms: %s", e.getKey())
              .anySatisfy(c -> assertThat(c.id()).isEqualTo(e.getKey()));
        }
        assertThat(notes.count(Optional.empty())).isGreaterThanOrEqualTo(acked.size());
      }
    }
  }

  /** Starts the writer, waits for {@code killAfter} acknowledgements, kills it with SIGKILL; collects the acks. */
  private void runAndKill(String run, int killAfter, Map<String, String> acked) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
        DurabilityWriter.class.getName(), dir.toString(), run).redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
    AtomicInteger seen = new AtomicInteger();
    AtomicBoolean ready = new AtomicBoolean();
    // Reads on its own thread: destroying the process closes its streams, ending this reader.
    Thread reader = new Thread(() -> {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        String line;
        while ((line = in.readLine()) != null) {
          if (line.equals("READY")) {
            ready.set(true);
          }
          String[] parts = line.split(" ");
          if (parts.length == 3 && parts[0].equals("ACK")) {
            acked.put(parts[2], parts[1]);
            seen.incrementAndGet();
          }
        }
      } catch (java.io.IOException closedByKill) {
        // The stream was closed by destroyForcibly: every line read before is an acknowledgement.
      }
    }, "ack-reader");
    reader.start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (seen.get() < killAfter && p.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(2);
    }
    assertThat(p.isAlive()).as("the writer is still writing when it is killed").isTrue();
    p.destroyForcibly();
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    reader.join(30_000);
    assertThat(ready).as("the writer started").isTrue();
  }

  private void assertIndexIsClean() throws Exception {
    try (Stream<Path> cols = Files.list(dir.resolve(LuceneStoreBackend.COLLECTIONS))) {
      for (Path c : cols.toList()) {
        try (FSDirectory d = FSDirectory.open(c.resolve(LuceneCollectionStore.INDEX_DIR));
            CheckIndex check = new CheckIndex(d)) {
          check.setChecksumsOnly(true);
          assertThat(check.checkIndex().clean).as("index of %s is clean", c).isTrue();
        }
      }
    }
  }
}
