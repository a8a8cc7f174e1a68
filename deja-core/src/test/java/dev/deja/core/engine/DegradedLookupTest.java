package dev.deja.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.explain.Explanation;
import dev.deja.core.index.Candidate;
import dev.deja.core.index.CandidateQuery;
import dev.deja.core.index.DegradableIndex;
import dev.deja.core.item.Item;
import dev.deja.core.item.StoredItem;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.SpecReader;
import dev.deja.core.store.CollectionStore;
import dev.deja.core.store.MemoryCollectionStore;
import dev.deja.core.store.Page;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Issue 19 item 6: a store's degraded answer reaches the verdict and the write's result as a warning. */
class DegradedLookupTest {
  private static final String WARNING = "answered without the backing service: it is down";

  /** A memory store whose check lookups can be switched to "the service is down, answering from nothing". */
  static final class SwitchableStore implements CollectionStore, DegradableIndex {
    final MemoryCollectionStore items = new MemoryCollectionStore("t");
    volatile boolean down;

    @Override
    public Lookup lookup(CandidateQuery q) {
      return down ? new Lookup(List.of(), List.of(WARNING)) : new Lookup(items.candidates(q), List.of());
    }

    @Override
    public List<Candidate> candidates(CandidateQuery q) {
      if (down) {
        throw new dev.deja.core.StoreException("down", true);
      }
      return items.candidates(q);
    }

    @Override
    public void insert(StoredItem item) {
      items.insert(item);
    }

    @Override
    public void replace(StoredItem item) {
      items.replace(item);
    }

    @Override
    public Optional<StoredItem> find(String tenant, String id) {
      return items.find(tenant, id);
    }

    @Override
    public boolean delete(String tenant, String id) {
      return items.delete(tenant, id);
    }

    @Override
    public Page list(Optional<String> tenant, Optional<String> afterId, int limit) {
      return items.list(tenant, afterId, limit);
    }

    @Override
    public long count(Optional<String> tenant) {
      return items.count(tenant);
    }

    @Override
    public <T> T inScope(String scope, Supplier<T> work) {
      return items.inScope(scope, work);
    }

    @Override
    public void close() {
      items.close();
    }
  }

  private static CollectionSpec spec() {
    return SpecReader.read(Map.of("name", "notes", "fields", Map.of("text", Map.of("type", "text")),
        "stages", Map.of("exact", Map.of("type", "exact", "fields", List.of("text")),
            "fuzzy", Map.of("type", "fuzzy", "field", "text"))), "notes");
  }

  @Test
  void aDegradedLookupIsAWarningOnTheVerdictAndInItsExplanation() {
    SwitchableStore store = new SwitchableStore();
    DejaCollection c = DejaCollection.builder(spec()).store(store).build();
    c.put(PutRequest.of("t", Item.of("text", "Buy milk on Friday")));
    store.down = true;
    Verdict v = c.check(new CheckRequest("t", Item.of("text", "Buy milk on Friday"), Optional.empty()));
    assertThat(v.outcome()).isEqualTo(Outcome.NEW);
    assertThat(v.warnings()).containsExactly(WARNING);
    assertThat(v.explanation().details()).extracting(Explanation::result).contains("degraded");

    store.down = false;
    Verdict healthy = c.check(new CheckRequest("t", Item.of("text", "Buy milk on Friday"), Optional.empty()));
    assertThat(healthy.outcome()).isEqualTo(Outcome.DUPLICATE);
    assertThat(healthy.warnings()).isEmpty();
  }

  @Test
  void aWriteDecidedOnADegradedLookupCarriesTheWarning() {
    SwitchableStore store = new SwitchableStore();
    DejaCollection c = DejaCollection.builder(spec()).store(store).build();
    store.down = true;
    WriteResult r = c.put(PutRequest.of("t", Item.of("text", "Call the plumber")));
    assertThat(r.action()).isEqualTo(Action.CREATED);
    assertThat(r.warnings()).containsExactly(WARNING);
    store.down = false;
    assertThat(c.put(PutRequest.of("t", Item.of("text", "Water the plants"))).warnings()).isEmpty();
  }
}
