package dev.deja.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.store.CollectionStore;
import dev.deja.core.store.StoreBackend;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The contract of a {@link StoreBackend}: collections are created on demand, listed, defined, dropped, and isolated
 * from each other. Durable backends add a reopen test ({@link #reopen} returns a backend over the same data).
 */
public abstract class StoreBackendContract {

  /** A new, empty backend. */
  protected abstract StoreBackend newBackend();

  /** A backend over the same data as the given one (which is closed first); empty for non-durable backends. */
  protected abstract Optional<StoreBackend> reopen(StoreBackend closed);

  @Test
  void collectionsAreCreatedOnDemandListedAndDropped() {
    try (StoreBackend b = newBackend()) {
      assertThat(b.collections()).isEmpty();
      CollectionStore events = b.open("events");
      assertThat(b.open("events")).isSameAs(events);
      b.open("notes");
      assertThat(b.collections()).containsExactly("events", "notes");
      assertThat(b.drop("events")).isTrue();
      assertThat(b.drop("events")).isFalse();
      assertThat(b.collections()).containsExactly("notes");
    }
  }

  @Test
  void collectionsAreIsolated() {
    try (StoreBackend b = newBackend()) {
      b.open("a").insert(TestItems.item("x").keys("exact|k").build());
      assertThat(b.open("b").find("t1", "x")).isEmpty();
      assertThat(b.open("b").candidates(dev.deja.core.index.CandidateQuery.builder("t1#").keys("exact|k").build()))
          .isEmpty();
    }
  }

  @Test
  void definitionsAreKeptAndDroppedWithTheCollection() {
    try (StoreBackend b = newBackend()) {
      b.define("events", "{\"preset\": \"calendar\"}");
      assertThat(b.collections()).contains("events");
      assertThat(b.definition("events")).contains("{\"preset\": \"calendar\"}");
      assertThat(b.definition("other")).isEmpty();
      b.drop("events");
      assertThat(b.definition("events")).isEmpty();
    }
  }

  @Test
  void ofConcurrentDefinitionsOfOneNameExactlyOneIsRecorded() throws Exception {
    try (StoreBackend b = newBackend()) {
      int n = 8;
      java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(n);
      try {
        java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
        java.util.List<java.util.concurrent.Future<Boolean>> tries = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
          String def = "def-" + i;
          tries.add(pool.submit(() -> {
            go.await();
            return b.defineIfAbsent("events", def);
          }));
        }
        go.countDown();
        java.util.List<String> winners = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
          if (tries.get(i).get()) {
            winners.add("def-" + i);
          }
        }
        assertThat(winners).hasSize(1);
        assertThat(b.definition("events")).contains(winners.get(0));
        assertThat(b.defineIfAbsent("events", "later")).isFalse();
        assertThat(b.definition("events")).contains(winners.get(0));
        b.drop("events");
        assertThat(b.defineIfAbsent("events", "again")).isTrue();
        assertThat(b.definition("events")).contains("again");
      } finally {
        pool.shutdownNow();
      }
    }
  }

  @Test
  void aDurableBackendKeepsItemsAndDefinitionsAcrossReopen() {
    StoreBackend b = newBackend();
    b.define("events", "def-1");
    b.open("events").insert(TestItems.item("x").keys("exact|k").build());
    Optional<StoreBackend> again = reopen(b);
    if (again.isEmpty()) {
      b.close();
      return;
    }
    try (StoreBackend r = again.get()) {
      assertThat(r.collections()).containsExactly("events");
      assertThat(r.definition("events")).contains("def-1");
      assertThat(r.open("events").find("t1", "x")).isPresent();
    }
  }
}
