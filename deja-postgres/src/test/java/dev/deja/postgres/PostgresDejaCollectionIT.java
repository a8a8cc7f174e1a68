package dev.deja.postgres;

import dev.deja.core.store.CollectionStore;
import dev.deja.testkit.DejaCollectionContract;
import org.junit.jupiter.api.AfterAll;

class PostgresDejaCollectionIT extends DejaCollectionContract {
  private static final PgTests.ClassBackend DB = new PgTests.ClassBackend();

  @Override
  protected CollectionStore newStore(String collection) {
    return DB.fresh(collection);
  }

  @AfterAll
  static void dropSchema() {
    DB.close();
  }
}
