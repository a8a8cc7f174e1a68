package dev.deja.core.item;

import java.util.AbstractList;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Immutable collections whose contents are computed on first use. A store that decodes the parts of an item a check
 * may never read (a candidate's lexical terms, its history, its vectors) hands them over undecoded this way, and the
 * records that hold them ({@link ItemKeys#terms}, {@link StoredItem#history}, {@link StoredItem#vectors}) keep them as
 * they are instead of copying them — copying would decode them.
 *
 * <p>The supplier must return an immutable value and the same value every time; it runs at most once per thread that
 * races to use the collection first, and whatever it throws (a store's error for a corrupt document) is thrown by that
 * first use. A deferred map of vectors must own its arrays: {@link StoredItem} copies them out, never in.
 *
 * <p>Thread-safe when the supplier is.
 */
public final class Deferred {
  private Deferred() {}

  /** A set decoded on first use. */
  public static <E> Set<E> set(Supplier<Set<E>> decode) {
    return new DeferredSet<>(decode);
  }

  /** A list decoded on first use. */
  public static <E> List<E> list(Supplier<List<E>> decode) {
    return new DeferredList<>(decode);
  }

  /** A map decoded on first use. */
  public static <K, V> Map<K, V> map(Supplier<Map<K, V>> decode) {
    return new DeferredMap<>(decode);
  }

  /** Whether a collection was made here (and is therefore immutable and kept as it is). */
  static boolean isDeferred(Object collection) {
    return collection instanceof DeferredSet || collection instanceof DeferredList
        || collection instanceof DeferredMap;
  }

  /** Whether a deferred collection has been decoded (for tests); false for any other object. */
  public static boolean isDecoded(Object collection) {
    if (collection instanceof DeferredSet<?> s) {
      return s.cell.value != null;
    }
    if (collection instanceof DeferredList<?> l) {
      return l.cell.value != null;
    }
    return collection instanceof DeferredMap<?, ?> m && m.cell.value != null;
  }

  /** The value and how to make it; a racing first use may make it twice (the same value). */
  private static final class Cell<T> {
    private final Supplier<T> decode;
    private volatile T value;

    Cell(Supplier<T> decode) {
      this.decode = Objects.requireNonNull(decode, "decode");
    }

    T get() {
      T v = value;
      if (v == null) {
        v = Objects.requireNonNull(decode.get(), "a deferred collection decoded to null");
        value = v;
      }
      return v;
    }
  }

  private static final class DeferredSet<E> extends AbstractSet<E> {
    private final Cell<Set<E>> cell;

    DeferredSet(Supplier<Set<E>> decode) {
      this.cell = new Cell<>(decode);
    }

    @Override
    public Iterator<E> iterator() {
      return java.util.Collections.unmodifiableSet(cell.get()).iterator();
    }

    @Override
    public int size() {
      return cell.get().size();
    }

    @Override
    public boolean contains(Object o) {
      return cell.get().contains(o);
    }

    @Override
    public boolean containsAll(Collection<?> c) {
      return cell.get().containsAll(c);
    }

    @Override
    public void forEach(Consumer<? super E> action) {
      cell.get().forEach(action);
    }

    @Override
    public boolean equals(Object o) {
      return o == this || cell.get().equals(o);
    }

    @Override
    public int hashCode() {
      return cell.get().hashCode();
    }
  }

  private static final class DeferredList<E> extends AbstractList<E> {
    private final Cell<List<E>> cell;

    DeferredList(Supplier<List<E>> decode) {
      this.cell = new Cell<>(decode);
    }

    @Override
    public E get(int index) {
      return cell.get().get(index);
    }

    @Override
    public int size() {
      return cell.get().size();
    }

    @Override
    public boolean equals(Object o) {
      return o == this || cell.get().equals(o);
    }

    @Override
    public int hashCode() {
      return cell.get().hashCode();
    }
  }

  private static final class DeferredMap<K, V> extends AbstractMap<K, V> {
    private final Cell<Map<K, V>> cell;

    DeferredMap(Supplier<Map<K, V>> decode) {
      this.cell = new Cell<>(decode);
    }

    @Override
    public Set<Map.Entry<K, V>> entrySet() {
      return java.util.Collections.unmodifiableMap(cell.get()).entrySet();
    }

    @Override
    public V get(Object key) {
      return cell.get().get(key);
    }

    @Override
    public boolean containsKey(Object key) {
      return cell.get().containsKey(key);
    }

    @Override
    public Set<K> keySet() {
      return java.util.Collections.unmodifiableSet(cell.get().keySet());
    }

    @Override
    public int size() {
      return cell.get().size();
    }

    @Override
    public boolean equals(Object o) {
      return o == this || cell.get().equals(o);
    }

    @Override
    public int hashCode() {
      return cell.get().hashCode();
    }
  }
}
