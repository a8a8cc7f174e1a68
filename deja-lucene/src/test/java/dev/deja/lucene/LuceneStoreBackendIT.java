package dev.deja.lucene;

import dev.deja.core.store.StoreBackend;
import dev.deja.testkit.StoreBackendContract;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.io.TempDir;

class LuceneStoreBackendIT extends StoreBackendContract {
  @TempDir
  Path dir;

  @Override
  protected StoreBackend newBackend() {
    return LuceneStoreBackend.open(dir);
  }

  @Override
  protected Optional<StoreBackend> reopen(StoreBackend closed) {
    closed.close();
    return Optional.of(LuceneStoreBackend.open(dir));
  }
}
