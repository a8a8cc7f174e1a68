package dev.deja.core.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.item.Item;
import dev.deja.core.item.ItemKeys;
import dev.deja.core.item.StoredItem;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** {@link Postings} answers as a map of sorted id sets would, through one, a few and many items per key. */
class PostingsTest {

  private static StoredItem item(String id, int version) {
    return new StoredItem(id, "t", Item.of("title", "v" + version),
        new ItemKeys("s", "active", Set.of(), Set.of(), Optional.empty()), Map.of(), version, Instant.EPOCH,
        Instant.EPOCH, List.of());
  }

  @Test
  void agreesWithSortedSetsUnderSeededAddsRemovesAndReplacements() {
    SplittableRandom rnd = new SplittableRandom(7);
    Postings postings = new Postings();
    Map<String, TreeMap<String, StoredItem>> model = new HashMap<>();
    // Key sizes cross the array/tree boundary both ways: key k draws its ids from a range of size up to 4 × MAX_ARRAY.
    for (int step = 0; step < 200_000; step++) {
      String key = "k" + rnd.nextInt(12);
      int range = 1 + (Integer.parseInt(key.substring(1)) * Postings.MAX_ARRAY / 3);
      String id = String.format("id-%04d", rnd.nextInt(range));
      if (rnd.nextInt(3) == 0) {
        postings.remove(key, item(id, 1));
        TreeMap<String, StoredItem> m = model.get(key);
        if (m != null) {
          m.remove(id);
        }
      } else {
        StoredItem it = item(id, 1 + rnd.nextInt(5));
        postings.add(key, it);
        model.computeIfAbsent(key, k -> new TreeMap<>()).put(id, it);
      }
      if (step % 97 == 0) {
        for (int k = 0; k < 12; k++) {
          String kk = "k" + k;
          List<StoredItem> got = new ArrayList<>();
          postings.get(kk).forEach(got::add);
          List<StoredItem> want = new ArrayList<>(model.getOrDefault(kk, new TreeMap<>()).values());
          assertThat(got).as("key %s at step %d", kk, step).containsExactlyElementsOf(want);
        }
      }
    }
    model.values().removeIf(TreeMap::isEmpty);
    for (Map.Entry<String, TreeMap<String, StoredItem>> e : model.entrySet()) {
      for (String id : new TreeSet<>(e.getValue().keySet())) {
        postings.remove(e.getKey(), item(id, 1));
      }
    }
    assertThat(postings.isEmpty()).isTrue();
  }

  @Test
  void anUnknownKeyHasNoItems() {
    assertThat(new Postings().get("none")).isEmpty();
  }
}
