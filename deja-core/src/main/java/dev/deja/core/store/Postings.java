package dev.deja.core.store;

import dev.deja.core.item.StoredItem;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * The items under each key of an in-memory index (exact keys or lexical terms of one scope), in id order.
 *
 * <p>Most keys of a large collection name one item (an identity number, a rare name), so a key with one item holds the
 * item itself, a key with a few a sorted array, and only a key with many a tree: at a million records that is the
 * difference between about 1.3 GB and 0.3 GB of index. Items are held, not ids, so that a lookup needs no second one by id.
 *
 * <p>Not thread-safe: {@link MemoryCollectionStore} guards it with its lock.
 */
final class Postings {
  private static final Comparator<StoredItem> BY_ID = Comparator.comparing(StoredItem::id);
  /** Up to this many items a key holds a sorted array (a twelfth of a tree's memory); above, a tree. */
  static final int MAX_ARRAY = 128;

  /**
   * Each key's one item (a {@link StoredItem}), its few items (a {@code StoredItem[]} sorted by id, replaced, never
   * changed in place) or its many (a {@link TreeSet} by id).
   */
  private final Map<String, Object> byKey = new HashMap<>();

  /** Adds the item under the key (an item of the same id is replaced). */
  void add(String key, StoredItem item) {
    Object old = byKey.putIfAbsent(key, item);
    if (old == null) {
      return;
    }
    if (old instanceof StoredItem one) {
      if (one.id().equals(item.id())) {
        byKey.put(key, item);
      } else {
        byKey.put(key, one.id().compareTo(item.id()) < 0
            ? new StoredItem[] {one, item} : new StoredItem[] {item, one});
      }
    } else if (old instanceof StoredItem[] few) {
      int at = Arrays.binarySearch(few, item, BY_ID);
      if (at >= 0) {
        StoredItem[] copy = few.clone();
        copy[at] = item;
        byKey.put(key, copy);
      } else if (few.length < MAX_ARRAY) {
        int ins = -at - 1;
        StoredItem[] more = new StoredItem[few.length + 1];
        System.arraycopy(few, 0, more, 0, ins);
        more[ins] = item;
        System.arraycopy(few, ins, more, ins + 1, few.length - ins);
        byKey.put(key, more);
      } else {
        TreeSet<StoredItem> many = new TreeSet<>(BY_ID);
        many.addAll(Arrays.asList(few));
        many.add(item);
        byKey.put(key, many);
      }
    } else {
      TreeSet<StoredItem> many = set(old);
      many.remove(item);
      many.add(item);
    }
  }

  /** Removes the item of this id from the key (the key goes when it names no item). */
  void remove(String key, StoredItem item) {
    Object old = byKey.get(key);
    if (old == null) {
      return;
    }
    if (old instanceof StoredItem one) {
      if (one.id().equals(item.id())) {
        byKey.remove(key);
      }
    } else if (old instanceof StoredItem[] few) {
      int at = Arrays.binarySearch(few, item, BY_ID);
      if (at < 0) {
        return;
      }
      if (few.length == 2) {
        byKey.put(key, few[1 - at]);
      } else {
        StoredItem[] less = new StoredItem[few.length - 1];
        System.arraycopy(few, 0, less, 0, at);
        System.arraycopy(few, at + 1, less, at, few.length - at - 1);
        byKey.put(key, less);
      }
    } else {
      TreeSet<StoredItem> many = set(old);
      many.remove(item);
      if (many.size() == 1) {
        byKey.put(key, many.first());
      }
    }
  }

  /** The items under the key, in id order; empty when none. */
  Iterable<StoredItem> get(String key) {
    Object v = byKey.get(key);
    if (v == null) {
      return Collections.emptyList();
    }
    if (v instanceof StoredItem one) {
      return Collections.singletonList(one);
    }
    return v instanceof StoredItem[] few ? Arrays.asList(few) : set(v);
  }

  /** Whether no key names an id. */
  boolean isEmpty() {
    return byKey.isEmpty();
  }

  @SuppressWarnings("unchecked")
  private static TreeSet<StoredItem> set(Object v) {
    return (TreeSet<StoredItem>) v;
  }
}
