package dev.deja.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PostgresSettingsTest {

  @Test
  void aLibpqUrlBecomesAJdbcUrlWithUserAndPassword() {
    PostgresSettings s = PostgresSettings.fromUrl("postgresql://deja:s%40cret@db.example:6543/dedupe");
    assertThat(s.jdbcUrl()).isEqualTo("jdbc:postgresql://db.example:6543/dedupe");
    assertThat(s.user()).contains("deja");
    assertThat(s.password()).contains("s@cret");
    assertThat(s.schema()).isEmpty();
    assertThat(s.poolSize()).isEqualTo(16);
    assertThat(s.vectorSearch()).isEqualTo("exact");
    assertThat(s.exactBelow()).isEqualTo(10_000);
    assertThat(s.efSearch()).isEqualTo(100);
  }

  @Test
  void dejaParametersAreTakenOutAndTheDriversPassThrough() {
    PostgresSettings s = PostgresSettings.fromUrl("postgres://u@localhost/d?sslmode=require&schema=deja_prod"
        + "&pool_size=40&vector_search=hnsw&exact_below=500&ef_search=200&connectTimeout=5");
    assertThat(s.jdbcUrl()).isEqualTo("jdbc:postgresql://localhost/d?sslmode=require&connectTimeout=5");
    assertThat(s.user()).contains("u");
    assertThat(s.password()).isEmpty();
    assertThat(s.schema()).contains("deja_prod");
    assertThat(s.poolSize()).isEqualTo(40);
    assertThat(s.vectorSearch()).isEqualTo("hnsw");
    assertThat(s.exactBelow()).isEqualTo(500);
    assertThat(s.efSearch()).isEqualTo(200);
  }

  @Test
  void aJdbcUrlKeepsItsOwnCredentials() {
    PostgresSettings s = PostgresSettings.fromUrl("jdbc:postgresql://127.0.0.1:5432/deja?user=a&password=b&schema=x");
    assertThat(s.jdbcUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:5432/deja?user=a&password=b");
    assertThat(s.user()).isEmpty();
    assertThat(s.schema()).contains("x");
    assertThat(s.describe()).doesNotContain("password=b").contains("password=***");
  }

  @Test
  void describingNeverShowsThePassword() {
    PostgresSettings s = PostgresSettings.fromUrl("postgresql://deja:topsecret@h/d");
    assertThat(s.describe()).doesNotContain("topsecret");
    assertThat(s.toString()).doesNotContain("topsecret");
    assertThat(PostgresSettings.redact("postgresql://deja:topsecret@h/d")).isEqualTo("postgresql://deja:***@h/d");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "mysql://h/d | not a PostgreSQL URL",
      "postgresql:///d | has no host",
      "postgresql://h | names no database",
      "postgresql://h/d?schema=Bad-Name | schema must be",
      "postgresql://h/d?schema=x;drop | schema must be",
      "postgresql://h/d?pool_size=0 | pool_size must be",
      "postgresql://h/d?pool_size=many | pool_size must be a whole number",
      "postgresql://h/d?vector_search=ivf | vector_search must be",
      "postgresql://h/d?ef_search=5000 | ef_search must be",
      "postgresql://h/d?exact_below=-1 | exact_below must not be negative"})
  void badUrlsAreRefusedWithAReason(String url, String reason) {
    assertThatThrownBy(() -> PostgresSettings.fromUrl(url)).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining(reason);
  }

  @ParameterizedTest
  @ValueSource(strings = {"postgresql://h/d", "postgres://h/d", "jdbc:postgresql://h/d", " POSTGRESQL://h/d"})
  void urlsAreRecognised(String url) {
    assertThat(PostgresSettings.isUrl(url)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"deja-data", "/var/lib/deja", "./postgresql", "file:///x"})
  void directoriesAreNotUrls(String dir) {
    assertThat(PostgresSettings.isUrl(dir)).isFalse();
  }

  @Test
  void collectionNamesAreValidatedNotEscaped() {
    PostgresStoreBackend.validate("events'; DROP TABLE deja_items; --");
    PostgresStoreBackend.validate("Ünïcödé names");
    assertThatThrownBy(() -> PostgresStoreBackend.validate(" ")).hasMessageContaining("blank");
    assertThatThrownBy(() -> PostgresStoreBackend.validate("a\u0000b")).hasMessageContaining("U+0000");
    assertThatThrownBy(() -> PostgresStoreBackend.validate("x".repeat(201))).hasMessageContaining("longer than");
  }
}
