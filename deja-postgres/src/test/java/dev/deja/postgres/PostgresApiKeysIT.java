package dev.deja.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The API key table: what one backend (one server process) stores, another on the same database reads. */
class PostgresApiKeysIT {
  @Test
  void keysStoredThroughOneBackendAreSeenAndRevokedThroughAnother() {
    PostgresSettings s = PgTests.freshSchema();
    try (PostgresStoreBackend one = PostgresStoreBackend.connect(s);
        PostgresStoreBackend two = PostgresStoreBackend.connect(s)) {
      PostgresApiKeys.Row acme = new PostgresApiKeys.Row("aa11", "acme", "dk_Abc1", "2026-03-02T10:00:00Z");
      PostgresApiKeys.Row beta = new PostgresApiKeys.Row("bb22", "beta", "dk_Xyz9", "2026-03-02T10:00:01Z");
      assertThat(one.apiKeys().all()).isEmpty();
      assertThat(one.apiKeys().insert(acme)).isTrue();
      assertThat(one.namespace("tenant-x").apiKeys().insert(beta)).as("namespaces share the table").isTrue();
      assertThat(two.apiKeys().insert(acme)).as("a digest is stored once").isFalse();

      assertThat(two.apiKeys().all()).containsExactly(acme, beta);
      assertThat(two.apiKeys().delete("aa11")).isTrue();
      assertThat(two.apiKeys().delete("aa11")).isFalse();
      assertThat(one.apiKeys().all()).containsExactly(beta);
    } finally {
      PgTests.dropSchema(s);
    }
  }
}
