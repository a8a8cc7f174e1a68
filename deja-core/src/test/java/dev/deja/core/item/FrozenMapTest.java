package dev.deja.core.item;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** An item's fields behave as the unmodifiable ordered map they replace, and a memo is computed once per key. */
class FrozenMapTest {

  @Test
  void keepsOrderEqualityNullsAndRefusesChanges() {
    Map<String, Object> in = new LinkedHashMap<>();
    in.put("title", "Dentist");
    in.put("note", null);
    in.put("start", 3L);
    Item item = new Item(in);
    assertThat(item.fields()).isInstanceOf(FrozenMap.class);
    assertThat(new ArrayList<>(item.fields().keySet())).containsExactly("title", "note", "start");
    assertThat(item.fields()).isEqualTo(new HashMap<>(in)).hasSameHashCodeAs(new HashMap<>(in));
    assertThat(item.fields().containsKey("note")).isTrue();
    assertThat(item.fields().get("note")).isNull();
    assertThat(item.fields().get("missing")).isNull();
    assertThat(item).isEqualTo(new Item(Map.of("start", 3L, "title", "Dentist", "note", "x")).with("note", null));
    assertThatThrownBy(() -> item.fields().put("x", "y")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> item.fields().entrySet().iterator().next().setValue("z"))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> item.fields().keySet().remove("title")).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void manyFieldsStillWork() {
    Map<String, Object> in = new LinkedHashMap<>();
    for (int i = 0; i < 40; i++) {
      in.put("f" + i, "v" + i);
    }
    Item item = new Item(in);
    assertThat(new ArrayList<>(item.fields().keySet())).isEqualTo(new ArrayList<>(in.keySet()));
    int size = item.memo(this, i -> i.fields().size());
    assertThat(size).isEqualTo(40);
  }

  @Test
  void aMemoIsComputedOncePerKeyAndTheOldestGoesFirst() {
    Item item = Item.of("title", "Dentist");
    AtomicInteger calls = new AtomicInteger();
    Object key = new Object();
    for (int i = 0; i < 3; i++) {
      String memo = item.memo(key, it -> calls.incrementAndGet() + ":" + it.findString("title").orElseThrow());
      assertThat(memo).isEqualTo("1:Dentist");
    }
    List<Object> others = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      Object k = new Object();
      others.add(k);
      item.memo(k, it -> "x");
    }
    item.memo(key, it -> calls.incrementAndGet() + "");
    assertThat(calls.get()).as("the first key was dropped after four newer ones, so computed again").isEqualTo(2);
  }

  @Test
  void itemsOfOneShapeShareTheirNames() {
    Item a = Item.of("given_name", "ann", "surname", "lee");
    Item b = Item.of("given_name", "bob", "surname", "ray");
    assertThat(((FrozenMap) a.fields()).keySet()).containsExactly("given_name", "surname");
    assertThat(FrozenMap.shared(new String[] {"given_name", "surname"}))
        .isSameAs(FrozenMap.shared(new String[] {"given_name", "surname"}));
    assertThat(b.fields().get("surname")).isEqualTo("ray");
  }
}
