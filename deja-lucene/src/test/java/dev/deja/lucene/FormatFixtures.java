package dev.deja.lucene;

import dev.deja.core.item.HistoryEntry;
import dev.deja.core.item.Item;
import dev.deja.core.item.StoredItem;
import dev.deja.testkit.TestItems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The items of the data-directory fixtures in {@code src/test/resources/fixtures/format-N}, and the program that
 * wrote them. When a new data format is introduced, run {@code main} with the old code to keep a directory of the old
 * format, so that {@link DataDirectoryIT} proves every release still opens it.
 */
public final class FormatFixtures {
  private FormatFixtures() {}

  /** The items written into collection {@code events} of every fixture. */
  public static List<StoredItem> items() {
    Instant at = Instant.parse("2026-02-01T10:00:00Z");
    StoredItem merged = TestItems.item("e1").tenant("fam").scope("fam#").keys("exact|dentist")
        .terms("title/w:dentist", "title/g:den").timedAt(29_520_000L).field("title", "Dentist")
        .field("start", "2026-03-02T14:00").field("n", 3L).field("ratio", 0.5).field("none", null)
        .field("tags", List.of("a", "b")).at(at).build()
        .touched(at.plusSeconds(60), new HistoryEntry(at.plusSeconds(60), "MERGED",
            Optional.of(Item.of("title", "dentist!", "start", "2026-03-02T14:15")), "merged a duplicate"));
    StoredItem trip = TestItems.item("e2").tenant("fam").scope("fam#").keys("exact|trip to lisbon")
        .allDay(20_547, 20_554).field("title", "Trip to Lisbon").field("all_day", true).at(at).build();
    StoredItem memo = TestItems.item("m1").tenant("nina").scope("nina#nina").status("active")
        .keys("exact|i like tea").vector("mini", 0.6f, 0.8f, 0f).field("text", "I like tea").at(at).build();
    return List.of(merged, trip, memo);
  }

  /** The definition recorded for collection {@code events}. */
  static final String DEFINITION = "{\"preset\": \"calendar\"}";

  /** Writes a fixture directory: {@code FormatFixtures DIR}. */
  public static void main(String[] args) {
    Path dir = Path.of(args[0]);
    try (LuceneStoreBackend b = LuceneStoreBackend.open(dir)) {
      b.define("events", DEFINITION);
      LuceneCollectionStore events = b.open("events");
      items().forEach(events::insert);
      events.delete("fam", "e2");
      events.insert(items().get(1));
    }
    try {
      Files.deleteIfExists(dir.resolve(LuceneStoreBackend.LOCK));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    System.out.println("wrote " + dir + " " + Map.of("items", items().size()));
  }
}
