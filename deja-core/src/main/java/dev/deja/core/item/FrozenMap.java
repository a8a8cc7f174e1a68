package dev.deja.core.item;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * An immutable map of an item's fields in their original order, held as two arrays: about a quarter of the memory of
 * an unmodifiable {@link java.util.LinkedHashMap}, which matters when a batch holds a million records. Lookups scan the
 * names, which is as fast as hashing for the handful of fields an item has; {@link Item} uses it up to
 * {@link #MAX_FIELDS} fields. Null values are allowed, as in the map it replaces.
 *
 * <p>Thread-safe: immutable.
 */
final class FrozenMap extends AbstractMap<String, Object> {
  /** Above this many fields a hash map is faster than a scan. */
  static final int MAX_FIELDS = 16;

  /** Arrays of names seen, so that the items of one file share theirs; bounded (a few shapes are the usual case). */
  private static final java.util.concurrent.ConcurrentHashMap<java.util.List<String>, String[]> SHAPES =
      new java.util.concurrent.ConcurrentHashMap<>();
  private static final int MAX_SHAPES = 4096;

  private final String[] names;
  private final Object[] values;

  /** A map of the names to the values, index by index; the caller gives distinct names and keeps no reference. */
  FrozenMap(String[] names, Object[] values) {
    this.names = names;
    this.values = values;
  }

  /**
   * Values computed from these fields, by key, as {@code [key, value, key, value, …]} (at most {@link #MAX_MEMOS}
   * pairs, the oldest dropped): see {@link Item#memo}. Unsynchronised on purpose: each value is a pure function of
   * the fields, so a race computes one twice and keeps either.
   */
  private volatile Object[] memos;
  private static final int MAX_MEMOS = 4;

  @SuppressWarnings("unchecked")
  <T> T memo(Object key, java.util.function.Supplier<T> compute) {
    Object[] m = memos;
    if (m != null) {
      for (int i = 0; i < m.length; i += 2) {
        if (m[i] == key) {
          return (T) m[i + 1];
        }
      }
    }
    T v = compute.get();
    Object[] next;
    if (m == null) {
      next = new Object[] {key, v};
    } else if (m.length < 2 * MAX_MEMOS) {
      next = java.util.Arrays.copyOf(m, m.length + 2);
      next[m.length] = key;
      next[m.length + 1] = v;
    } else {
      next = new Object[m.length];
      System.arraycopy(m, 2, next, 0, m.length - 2);
      next[m.length - 2] = key;
      next[m.length - 1] = v;
    }
    memos = next;
    return v;
  }

  /** An equal array of names seen before (never changed, so it can be shared), or this one. */
  static String[] shared(String[] names) {
    java.util.List<String> key = java.util.Arrays.asList(names);
    String[] seen = SHAPES.get(key);
    if (seen != null) {
      return seen;
    }
    if (SHAPES.size() < MAX_SHAPES) {
      seen = SHAPES.putIfAbsent(key, names);
    }
    return seen != null ? seen : names;
  }

  private int indexOf(Object name) {
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(name)) {
        return i;
      }
    }
    return -1;
  }

  @Override
  public int size() {
    return names.length;
  }

  @Override
  public boolean containsKey(Object name) {
    return indexOf(name) >= 0;
  }

  @Override
  public Object get(Object name) {
    int i = indexOf(name);
    return i < 0 ? null : values[i];
  }

  @Override
  public Set<Entry<String, Object>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public int size() {
        return names.length;
      }

      @Override
      public Iterator<Entry<String, Object>> iterator() {
        return new Iterator<>() {
          private int next;

          @Override
          public boolean hasNext() {
            return next < names.length;
          }

          @Override
          public Entry<String, Object> next() {
            if (next >= names.length) {
              throw new NoSuchElementException();
            }
            int i = next++;
            return new SimpleImmutableEntry<>(names[i], values[i]);
          }
        };
      }
    };
  }
}
