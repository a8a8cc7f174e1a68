package dev.deja.testkit;

import dev.deja.core.store.MemoryStoreBackend;
import dev.deja.core.store.StoreBackend;
import java.util.Optional;

class MemoryStoreBackendTest extends StoreBackendContract {
  @Override
  protected StoreBackend newBackend() {
    return new MemoryStoreBackend();
  }

  @Override
  protected Optional<StoreBackend> reopen(StoreBackend closed) {
    return Optional.empty();
  }
}
