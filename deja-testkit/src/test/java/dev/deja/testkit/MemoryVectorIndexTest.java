package dev.deja.testkit;

import dev.deja.core.store.CollectionStore;
import dev.deja.core.store.MemoryCollectionStore;

class MemoryVectorIndexTest extends VectorIndexContract {
  @Override
  protected CollectionStore newStore(String collection) {
    return new MemoryCollectionStore(collection);
  }
}
