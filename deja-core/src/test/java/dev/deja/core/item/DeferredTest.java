package dev.deja.core.item;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@link Deferred} collections decode once, on first use, behave like the value they decode to, cannot be changed,
 * and are kept undecoded by the records that hold them.
 */
class DeferredTest {

  private static final Instant AT = Instant.parse("2026-01-01T00:00:00Z");

  @Test
  void aSetDecodesOnFirstUseOnceAndEqualsItsValue() {
    AtomicInteger decodes = new AtomicInteger();
    Set<String> s = Deferred.set(() -> {
      decodes.incrementAndGet();
      return Set.of("a", "b");
    });
    assertThat(decodes).hasValue(0);
    assertThat(Deferred.isDecoded(s)).isFalse();
    assertThat(s).containsExactlyInAnyOrder("a", "b");
    assertThat(s.contains("a")).isTrue();
    assertThat(s.contains("c")).isFalse();
    assertThat(s).isEqualTo(Set.of("a", "b")).hasSameHashCodeAs(Set.of("a", "b"));
    assertThat(Set.of("a", "b")).isEqualTo(s);
    assertThat(decodes).hasValue(1);
    assertThat(Deferred.isDecoded(s)).isTrue();
  }

  @Test
  void aListAndAMapBehaveLikeTheirValues() {
    List<Integer> l = Deferred.list(() -> List.of(3, 1, 2));
    assertThat(l).containsExactly(3, 1, 2).isEqualTo(List.of(3, 1, 2)).hasSameHashCodeAs(List.of(3, 1, 2));
    Map<String, Integer> m = Deferred.map(() -> Map.of("x", 1, "y", 2));
    assertThat(m).containsEntry("x", 1).containsEntry("y", 2).hasSize(2).isEqualTo(Map.of("x", 1, "y", 2));
    assertThat(m.hashCode()).isEqualTo(Map.of("x", 1, "y", 2).hashCode());
    assertThat(m.get("z")).isNull();
  }

  @Test
  void nothingCanChangeThem() {
    Set<String> s = Deferred.set(() -> Set.of("a"));
    assertThatThrownBy(() -> s.add("b")).isInstanceOf(UnsupportedOperationException.class);
    Iterator<String> it = s.iterator();
    it.next();
    assertThatThrownBy(it::remove).isInstanceOf(UnsupportedOperationException.class);
    List<String> l = Deferred.list(() -> List.of("a"));
    assertThatThrownBy(() -> l.set(0, "b")).isInstanceOf(UnsupportedOperationException.class);
    Map<String, Integer> m = Deferred.map(() -> new LinkedHashMap<>(Map.of("x", 1)));
    assertThatThrownBy(() -> m.put("y", 2)).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> m.entrySet().iterator().next().setValue(5))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> m.keySet().remove("x")).isInstanceOf(UnsupportedOperationException.class);
    assertThat(m).containsEntry("x", 1);
  }

  @Test
  void anItemKeepsDeferredFieldsUndecodedUntilTheyAreRead() {
    AtomicInteger decodes = new AtomicInteger();
    Item item = new Item(Deferred.map(() -> {
      decodes.incrementAndGet();
      return new Item(Map.of("title", "Dentist", "n", 3)).fields();
    }));
    assertThat(decodes).hasValue(0);
    assertThat(item.findString("title")).contains("Dentist");
    assertThat(item.find("n")).contains(3L);
    assertThat(item).isEqualTo(Item.of("title", "Dentist", "n", 3L));
    assertThat(decodes).hasValue(1);
  }

  @Test
  void whatTheDecodeThrowsIsThrownByTheFirstUse() {
    Set<String> s = Deferred.set(() -> {
      throw new IllegalStateException("corrupt");
    });
    assertThatThrownBy(s::size).hasMessage("corrupt");
    assertThatThrownBy(() -> Deferred.list(() -> null).size()).isInstanceOf(NullPointerException.class);
  }

  @Test
  void recordsKeepThemUndecodedAndStillCopyVectorsOut() {
    AtomicInteger decodes = new AtomicInteger();
    float[] owned = {1f, 2f};
    Map<String, float[]> vectors = Deferred.map(() -> {
      decodes.incrementAndGet();
      return Map.of("v", owned);
    });
    Set<String> terms = Deferred.set(() -> Set.of("text/w:a"));
    List<HistoryEntry> history = Deferred.list(() -> List.of(new HistoryEntry(AT, "CREATED", Optional.empty(), "")));
    StoredItem item = new StoredItem("i1", "t", new Item(Map.of("text", "a")),
        new ItemKeys("t", "", Set.of(), terms, Optional.empty()), vectors, 1, AT, AT, history);
    assertThat(decodes).hasValue(0);
    assertThat(Deferred.isDecoded(item.keys().terms())).isFalse();
    assertThat(Deferred.isDecoded(item.history())).isFalse();
    float[] out = item.vectors().get("v");
    assertThat(out).containsExactly(1f, 2f);
    out[0] = 9f;
    assertThat(item.vectors().get("v")).as("copied out: the item's array is unchanged").containsExactly(1f, 2f);
    assertThat(decodes).hasValue(1);
    StoredItem plain = new StoredItem("i1", "t", new Item(Map.of("text", "a")),
        new ItemKeys("t", "", Set.of(), Set.of("text/w:a"), Optional.empty()), Map.of("v", new float[] {1f, 2f}), 1,
        AT, AT, List.of(new HistoryEntry(AT, "CREATED", Optional.empty(), "")));
    assertThat(item).isEqualTo(plain);
    assertThat(plain).isEqualTo(item);
    assertThat(item.touched(AT, new HistoryEntry(AT, "MERGED", Optional.empty(), "")).history()).hasSize(2);
  }
}
