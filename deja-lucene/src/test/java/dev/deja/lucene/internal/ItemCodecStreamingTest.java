package dev.deja.lucene.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.smile.databind.SmileMapper;
import dev.deja.core.StoreException;
import dev.deja.core.item.Deferred;
import dev.deja.core.item.HistoryEntry;
import dev.deja.core.item.Item;
import dev.deja.core.item.ItemKeys;
import dev.deja.core.item.StoredItem;
import dev.deja.core.item.TimeSpan;
import dev.deja.core.store.StoredItemMaps;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * {@link ItemCodec#decode} reads the stored tree token by token; {@link StoredItemMaps#fromMap} reads the same tree as
 * a map (the PostgreSQL store's path, and the Lucene store's before). On seeded random items both give the item back,
 * and on every mutation of a valid tree (an entry removed, null, or of another type) the streaming decoder accepts
 * exactly what the map reader accepts, with the same result, and reports the rest as a store error. A deferred decode
 * ({@link ItemCodec#decodeDeferred}) gives the same item once its deferred parts are used, and rejects the same trees
 * — at the latest when the corrupt part is first used.
 */
class ItemCodecStreamingTest {

  private static final ObjectMapper SMILE = SmileMapper.builder()
      .disable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
      .disable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS)
      .build();
  private static final TypeReference<LinkedHashMap<String, Object>> MAP = new TypeReference<>() {};

  @Test
  void randomItemsRoundTripAsTheMapReaderReadsThem() throws Exception {
    SplittableRandom r = new SplittableRandom(20261126);
    for (int i = 0; i < 2_000; i++) {
      StoredItem item = randomItem(r, i);
      byte[] smile = ItemCodec.encode(item);
      StoredItem streamed = ItemCodec.decode(smile, 0, smile.length, item.vectors()::get);
      assertThat(streamed).as("item %d", i).isEqualTo(item);
      assertThat(streamed.item().fields()).as("field order of item %d", i)
          .containsExactlyEntriesOf(item.item().fields());
      StoredItem mapped = mapReader(smile, item.vectors());
      assertThat(streamed).isEqualTo(mapped);
    }
  }

  @Test
  void aDeferredDecodeLeavesFieldsTermsHistoryAndVectorsUntilTheyAreUsedAndThenGivesTheSameItem() {
    SplittableRandom r = new SplittableRandom(20261127);
    for (int i = 0; i < 2_000; i++) {
      StoredItem item = randomItem(r, i);
      byte[] smile = ItemCodec.encode(item);
      int[] vectorReads = new int[1];
      ItemCodec.VectorSource source = new ItemCodec.VectorSource() {
        @Override
        public float[] vector(String name) {
          throw new AssertionError("a deferred decode captures its vectors");
        }

        @Override
        public java.util.function.Supplier<float[]> capture(String name) {
          float[] v = item.vectors().get(name);
          return () -> {
            vectorReads[0]++;
            return v.clone();
          };
        }
      };
      StoredItem deferred = ItemCodec.decodeDeferred(smile, source);
      assertThat(deferred.id()).isEqualTo(item.id());
      assertThat(Deferred.isDecoded(deferred.item().fields())).as("fields of item %d", i).isFalse();
      assertThat(deferred.item()).isEqualTo(item.item());
      assertThat(deferred.item().fields()).as("field order of item %d", i)
          .containsExactlyEntriesOf(item.item().fields());
      assertThat(deferred.keys().keys()).isEqualTo(item.keys().keys());
      assertThat(deferred.keys().scope()).isEqualTo(item.keys().scope());
      assertThat(deferred.keys().time()).isEqualTo(item.keys().time());
      assertThat(vectorReads[0]).isZero();
      if (!item.vectors().isEmpty()) {
        assertThat(Deferred.isDecoded(deferred.keys().terms())).as("terms of item %d", i).isFalse();
      }
      assertThat(deferred).as("item %d", i).isEqualTo(item);
      assertThat(deferred.keys().terms()).isEqualTo(item.keys().terms());
      assertThat(deferred.history()).isEqualTo(item.history());
      assertThat(vectorReads[0]).as("each vector is decoded once").isEqualTo(item.vectors().size());
    }
  }

  @Test
  void aDeferredDecodeRejectsWhatTheFullDecodeRejectsAtTheLatestWhenThePartIsUsed() throws Exception {
    SplittableRandom r = new SplittableRandom(11);
    int checked = 0;
    for (int i = 0; i < 40; i++) {
      StoredItem item = randomItem(r, i);
      Map<String, Object> tree = StoredItemMaps.toMap(item, true);
      for (List<Object> path : paths(tree)) {
        for (Object replacement : new Object[] {REMOVE, null, "x", 7L, List.of(), Map.of(), List.of(7L),
            List.of("b", "a", "b"), List.of(Map.of("at", 1L))}) {
          Map<String, Object> mutated = SMILE.readValue(SMILE.writeValueAsBytes(tree), MAP);
          set(mutated, path, replacement);
          byte[] smile = SMILE.writeValueAsBytes(mutated);
          String what = path + " := " + (replacement == REMOVE ? "(removed)" : replacement);
          StoredItem full;
          try {
            full = ItemCodec.decode(smile, 0, smile.length, item.vectors()::get);
          } catch (StoreException e) {
            full = null;
          }
          checked++;
          if (full == null) {
            assertThatThrownBy(() -> {
              StoredItem d = ItemCodec.decodeDeferred(smile, item.vectors()::get);
              d.equals(item);
              d.item().fields().size();
              d.keys().terms().size();
              d.history().size();
              d.vectors();
            }).as(what).isInstanceOf(StoreException.class).hasMessageContaining("not a valid item");
          } else {
            assertThat(ItemCodec.decodeDeferred(smile, item.vectors()::get)).as(what).isEqualTo(full);
          }
        }
      }
    }
    assertThat(checked).isGreaterThan(2_000);
  }

  @Test
  void acceptsExactlyWhatTheMapReaderAccepts() throws Exception {
    SplittableRandom r = new SplittableRandom(7);
    int rejected = 0;
    int accepted = 0;
    for (int i = 0; i < 40; i++) {
      StoredItem item = randomItem(r, i);
      Map<String, Object> tree = StoredItemMaps.toMap(item, true);
      for (List<Object> path : paths(tree)) {
        for (Object replacement : new Object[] {REMOVE, null, "x", 7L, List.of(), Map.of(), List.of(7L),
            List.of("b", "a", "b"), List.of("a", "a"), List.of("a", "b")}) {
          Map<String, Object> mutated = SMILE.readValue(SMILE.writeValueAsBytes(tree), MAP);
          set(mutated, path, replacement);
          byte[] smile = SMILE.writeValueAsBytes(mutated);
          StoredItem expected;
          try {
            expected = mapReader(smile, item.vectors());
          } catch (RuntimeException e) {
            expected = null;
          }
          if (expected != null && !wellTyped(expected)) {
            // The map reader's unchecked casts let a number into the key or term set; the decoder refuses it.
            expected = null;
          }
          String what = path + " := " + (replacement == REMOVE ? "(removed)" : replacement);
          if (expected == null) {
            rejected++;
            assertThatThrownBy(() -> ItemCodec.decode(smile, 0, smile.length, item.vectors()::get)).as(what)
                .isInstanceOf(StoreException.class).hasMessageContaining("not a valid item");
          } else {
            accepted++;
            assertThat(ItemCodec.decode(smile, 0, smile.length, item.vectors()::get)).as(what).isEqualTo(expected);
          }
        }
      }
    }
    assertThat(rejected).isGreaterThan(1_000);
    assertThat(accepted).isGreaterThan(500);
  }

  /** How the Lucene store decoded items before: the whole tree as a map, its listed vectors, then fromMap. */
  private static StoredItem mapReader(byte[] smile, Map<String, float[]> stored) throws java.io.IOException {
    Map<String, Object> m = SMILE.readValue(smile, MAP);
    Map<String, float[]> vectors = new LinkedHashMap<>();
    for (String name : StoredItemMaps.vectorNames(m)) {
      float[] v = stored.get(name);
      if (v == null) {
        throw new IllegalStateException("no vector " + name);
      }
      vectors.put(name, v);
    }
    return StoredItemMaps.fromMap(m, vectors);
  }

  private static final Object REMOVE = new Object();

  private static boolean wellTyped(StoredItem item) {
    List<Object> all = new ArrayList<>(item.keys().keys());
    all.addAll(item.keys().terms());
    return all.stream().allMatch(String.class::isInstance);
  }

  /** The paths of the tree's entries: top level, inside {@code time}, and inside each history entry. */
  private static List<List<Object>> paths(Map<String, Object> tree) {
    List<List<Object>> out = new ArrayList<>();
    out.add(List.of("unknown_entry"));
    for (String k : tree.keySet()) {
      out.add(List.of(k));
    }
    if (tree.get("time") instanceof Map<?, ?> t) {
      for (Object k : t.keySet()) {
        out.add(List.of("time", k));
      }
    }
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> history = (List<Map<String, Object>>) tree.get("history");
    for (int i = 0; i < history.size(); i++) {
      for (String k : history.get(i).keySet()) {
        out.add(List.of("history", i, k));
      }
      out.add(List.of("history", i, "incoming"));
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static void set(Map<String, Object> tree, List<Object> path, Object value) {
    Object at = tree;
    for (Object step : path.subList(0, path.size() - 1)) {
      at = step instanceof Integer i ? ((List<Object>) at).get(i) : ((Map<String, Object>) at).get(step);
    }
    Map<String, Object> m = (Map<String, Object>) at;
    Object last = path.get(path.size() - 1);
    if (value == REMOVE) {
      m.remove(last);
    } else {
      m.put((String) last, value);
    }
  }

  private static StoredItem randomItem(SplittableRandom r, int n) {
    Map<String, Object> fields = new LinkedHashMap<>();
    for (int i = r.nextInt(6); i > 0; i--) {
      fields.put(text(r, 1 + r.nextInt(8)), value(r, 2));
    }
    Set<String> keys = new TreeSet<>();
    for (int i = r.nextInt(4); i > 0; i--) {
      keys.add("exact|" + text(r, 1 + r.nextInt(20)));
    }
    Set<String> terms = new TreeSet<>();
    for (int i = r.nextInt(30); i > 0; i--) {
      terms.add((r.nextBoolean() ? "text/w:" : "text/g:") + text(r, 1 + r.nextInt(6)));
    }
    Optional<TimeSpan> time = switch (r.nextInt(3)) {
      case 0 -> Optional.empty();
      case 1 -> {
        long start = r.nextLong(-4_000_000_000_000L, 4_000_000_000_000L);
        long end = start + r.nextLong(0, 86_400_000L * 3);
        yield Optional.of(new TimeSpan(false, start, end, Math.floorDiv(start, 86_400_000L),
            Math.floorDiv(end, 86_400_000L)));
      }
      default -> {
        long day = r.nextLong(-100_000, 100_000);
        long last = day + r.nextInt(0, 30);
        yield Optional.of(new TimeSpan(true, day * 86_400_000L, (last + 1) * 86_400_000L, day, last));
      }
    };
    Map<String, float[]> vectors = new LinkedHashMap<>();
    for (int i = r.nextInt(3); i > 0; i--) {
      float[] v = new float[1 + r.nextInt(8)];
      for (int j = 0; j < v.length; j++) {
        v[j] = (float) r.nextGaussian();
      }
      vectors.put("v" + i, v);
    }
    Instant created = instant(r);
    List<HistoryEntry> history = new ArrayList<>();
    history.add(new HistoryEntry(created, "CREATED", Optional.empty(), ""));
    for (int i = r.nextInt(3); i > 0; i--) {
      Map<String, Object> fromMerge = new LinkedHashMap<>();
      fromMerge.put("title", value(r, 1));
      Optional<Item> incoming = r.nextBoolean() ? Optional.of(new Item(fromMerge)) : Optional.empty();
      history.add(new HistoryEntry(instant(r), r.nextBoolean() ? "MERGED" : "UPDATED", incoming, text(r, 12)));
    }
    String scope = text(r, 6) + "#" + text(r, 4);
    return new StoredItem("id" + n, text(r, 5), new Item(fields),
        new ItemKeys(scope, r.nextBoolean() ? "" : "active", keys, terms, time), vectors, 1 + r.nextInt(5), created,
        instant(r), history);
  }

  private static Instant instant(SplittableRandom r) {
    long seconds = r.nextLong(-2_000_000_000L, 4_000_000_000L);
    return Instant.ofEpochSecond(seconds, r.nextBoolean() ? 0 : r.nextInt(1_000_000_000));
  }

  private static Object value(SplittableRandom r, int depth) {
    return switch (r.nextInt(depth > 0 ? 9 : 6)) {
      case 0, 1 -> text(r, r.nextInt(30));
      case 2 -> r.nextLong();
      case 3 -> r.nextInt(1000) / 8.0;
      case 4 -> r.nextBoolean();
      case 5 -> null;
      case 6, 7 -> {
        List<Object> l = new ArrayList<>();
        for (int i = r.nextInt(4); i > 0; i--) {
          l.add(value(r, depth - 1));
        }
        yield l;
      }
      default -> {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = r.nextInt(4); i > 0; i--) {
          m.put(text(r, 1 + r.nextInt(5)), value(r, depth - 1));
        }
        yield m;
      }
    };
  }

  /** Text from ASCII, accents, CJK and an emoji, so Smile's short/long and ASCII/Unicode string forms all occur. */
  private static String text(SplittableRandom r, int length) {
    String alphabet = "abcdefghij KLM-_.:éøß漢字";
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < length; i++) {
      if (r.nextInt(40) == 0) {
        sb.append("\uD83D\uDE00");
      } else {
        sb.append(alphabet.charAt(r.nextInt(alphabet.length())));
      }
    }
    if (r.nextInt(20) == 0) {
      sb.append("x".repeat(70));
    }
    return sb.toString();
  }
}
