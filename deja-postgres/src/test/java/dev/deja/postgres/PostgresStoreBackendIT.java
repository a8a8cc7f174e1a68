package dev.deja.postgres;

import dev.deja.core.store.StoreBackend;
import dev.deja.testkit.StoreBackendContract;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;

class PostgresStoreBackendIT extends StoreBackendContract {
  private final List<PostgresSettings> schemas = new ArrayList<>();

  @Override
  protected StoreBackend newBackend() {
    PostgresSettings s = PgTests.freshSchema();
    schemas.add(s);
    return PostgresStoreBackend.connect(s);
  }

  @Override
  protected Optional<StoreBackend> reopen(StoreBackend closed) {
    closed.close();
    return Optional.of(PostgresStoreBackend.connect(((PostgresStoreBackend) closed).settings()));
  }

  @AfterEach
  void dropSchemas() {
    schemas.forEach(PgTests::dropSchema);
  }
}
