package dev.deja.lucene;

import dev.deja.core.store.CollectionStore;
import dev.deja.testkit.VectorIndexContract;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

class LuceneVectorIndexIT extends VectorIndexContract {
  @TempDir
  Path dir;
  LuceneStoreBackend backend;

  @Override
  protected CollectionStore newStore(String collection) {
    backend = LuceneStoreBackend.open(dir);
    return backend.open(collection);
  }

  @Override
  protected void publish() {
    ((LuceneCollectionStore) store).publish();
  }

  @AfterEach
  void closeBackend() {
    backend.close();
  }
}
