package dev.deja.core.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.index.Candidate;
import dev.deja.core.index.CandidateQuery;
import dev.deja.core.item.Item;
import dev.deja.core.item.StoredItem;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.SpecReader;
import dev.deja.core.store.MemoryCollectionStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link DejaCollection#checkAmong} given the candidates the store's lookup returns gives the verdict {@link
 * DejaCollection#check} gives: the contract the Spark job's equality with {@code deja dedupe} rests on.
 */
class CheckAmongTest {
  private static final long SEED = Long.getLong("deja.seed", 21);

  private static CollectionSpec spec() {
    return SpecReader.read(Map.of("name", "notes", "fields", Map.of("text", Map.of("type", "text")),
        "stages", Map.of("exact", Map.of("type", "exact", "fields", List.of("text")),
            "fuzzy", Map.of("type", "fuzzy", "field", "text", "similarity_threshold", 0.6))), "notes");
  }

  @Test
  void theStoresCandidatesGiveTheSameVerdictAsCheck() {
    Random rnd = new Random(SEED);
    List<String> words = List.of("buy", "milk", "call", "plumber", "friday", "water", "plants", "pay", "rent", "book");
    MemoryCollectionStore store = new MemoryCollectionStore("notes");
    DejaCollection c = DejaCollection.builder(spec()).store(store).build();
    List<StoredItem> stored = new ArrayList<>();
    for (int i = 0; i < 80; i++) {
      StringBuilder sb = new StringBuilder();
      for (int w = 0; w < 3 + rnd.nextInt(3); w++) {
        sb.append(words.get(rnd.nextInt(words.size()))).append(' ');
      }
      stored.add(c.put(new PutRequest("t", Optional.of(String.format("n%03d", i)), Item.of("text", sb.toString()),
          true)).item().orElseThrow());
    }
    int matched = 0;
    for (StoredItem s : stored) {
      ItemPreparer.Prepared p = c.prepare(s.tenant(), s.item());
      CandidateQuery q = new CandidateQuery(p.keys().scope(), c.spec().excludedStatuses(), Optional.of(s.id()),
          List.of(), OptionalLong.empty(), false, p.queryKeys(), p.keys().terms(),
          c.spec().candidates().maxPerLookup());
      Verdict among = c.checkAmong(p, Optional.of(s.id()), store.candidates(q));
      Verdict check = c.check(new CheckRequest(s.tenant(), s.item(), Optional.of(s.id())));
      assertThat(among).as("seed %d, item %s", SEED, s.id()).isEqualTo(check);
      matched += check.matches().isEmpty() ? 0 : 1;
    }
    assertThat(matched).as("seed %d: a set with duplicates", SEED).isGreaterThan(10);
  }

  @Test
  void theExcludedItemIsNoCandidate() {
    MemoryCollectionStore store = new MemoryCollectionStore("notes");
    DejaCollection c = DejaCollection.builder(spec()).store(store).build();
    StoredItem s = c.put(new PutRequest("t", Optional.of("a"), Item.of("text", "buy milk"), true)).item()
        .orElseThrow();
    assertThatThrownBy(() -> c.checkAmong(c.prepare("t", s.item()), Optional.of("a"),
        List.of(new Candidate(s, java.util.Set.of("exact"))))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("excluded item itself");
  }
}
