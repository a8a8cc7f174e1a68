package dev.deja.lucene;

import dev.deja.core.store.CollectionStore;
import dev.deja.testkit.DejaCollectionContract;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

class LuceneDejaCollectionIT extends DejaCollectionContract {
  @TempDir
  Path dir;
  private final List<LuceneStoreBackend> backends = new ArrayList<>();

  @Override
  protected CollectionStore newStore(String collection) {
    LuceneStoreBackend b = LuceneStoreBackend.open(dir.resolve("b" + backends.size()));
    backends.add(b);
    return b.open(collection);
  }

  @AfterEach
  void closeBackends() {
    backends.forEach(LuceneStoreBackend::close);
  }
}
