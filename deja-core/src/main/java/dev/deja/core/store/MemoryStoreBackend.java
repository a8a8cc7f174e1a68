package dev.deja.core.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * A backend holding collections in memory ({@link MemoryCollectionStore}); nothing is persisted.
 *
 * <p>Thread-safe.
 */
public final class MemoryStoreBackend implements StoreBackend {
  private final ConcurrentSkipListMap<String, MemoryCollectionStore> stores = new ConcurrentSkipListMap<>();
  private final ConcurrentSkipListMap<String, String> definitions = new ConcurrentSkipListMap<>();

  @Override
  public CollectionStore open(String collection) {
    return stores.computeIfAbsent(collection, MemoryCollectionStore::new);
  }

  @Override
  public boolean drop(String collection) {
    definitions.remove(collection);
    MemoryCollectionStore s = stores.remove(collection);
    if (s != null) {
      s.close();
    }
    return s != null;
  }

  @Override
  public List<String> collections() {
    return new ArrayList<>(stores.keySet());
  }

  @Override
  public void define(String collection, String definition) {
    open(collection);
    definitions.put(collection, definition);
  }

  @Override
  public synchronized boolean defineIfAbsent(String collection, String definition) {
    if (definitions.containsKey(collection)) {
      return false;
    }
    define(collection, definition);
    return true;
  }

  @Override
  public Optional<String> definition(String collection) {
    return Optional.ofNullable(definitions.get(collection));
  }

  @Override
  public void close() {
    stores.values().forEach(MemoryCollectionStore::close);
    stores.clear();
  }
}
