package dev.deja.server;

import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** Issue 17's hostile inputs on the shared PostgreSQL store ({@code DEJA_PG_URL}), each test in a fresh schema. */
class Issue17HostileInputsPostgresIT extends HostileInputsContract {
  private String url;

  @BeforeEach
  void schema() {
    url = PgSchemas.freshUrl();
  }

  @AfterEach
  void dropSchema() {
    if (url != null) {
      PgSchemas.drop(url);
    }
  }

  @Override
  protected Map<String, Object> storeSettings() {
    return Map.of("store", url);
  }
}
