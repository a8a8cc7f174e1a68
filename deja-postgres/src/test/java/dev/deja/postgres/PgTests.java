package dev.deja.postgres;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Assumptions;

/**
 * Where the PostgreSQL ITs find their server: the URL in {@code DEJA_PG_URL} (printed by scripts/start-postgres.sh;
 * .ci/run exports it). Without it the ITs are skipped with a message saying so, except under CI ({@code CI=true}),
 * where a missing server is a failure. Each test class works in a schema of its own ({@code it_…}), dropped at its end.
 */
final class PgTests {
  static final String ENV = "DEJA_PG_URL";

  private PgTests() {}

  /** The URL of the test server; skips the calling test (fails under CI) when none is configured. */
  static String url() {
    String url = System.getenv(ENV);
    if (url == null || url.isBlank()) {
      String message = ENV + " is not set, so the PostgreSQL ITs are skipped: run scripts/start-postgres.sh and "
          + "export " + ENV + "=<the URL it prints> (.ci/run does this)";
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        throw new IllegalStateException(message.replace("are skipped", "cannot run under CI"));
      }
      Assumptions.abort(message);
    }
    return url.strip();
  }

  /** Settings for a new, empty schema of the test database. */
  static PostgresSettings freshSchema() {
    return PostgresSettings.fromUrl(url()).withSchema(
        "it_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE));
  }

  /** Drops a test schema with everything in it. */
  static void dropSchema(PostgresSettings s) {
    if (s == null || s.schema().isEmpty()) {
      return;
    }
    Properties p = new Properties();
    s.user().ifPresent(u -> p.setProperty("user", u));
    s.password().ifPresent(pw -> p.setProperty("password", pw));
    try (Connection c = DriverManager.getConnection(s.jdbcUrl(), p); Statement st = c.createStatement()) {
      // The name was validated by PostgresSettings ([a-z_][a-z0-9_]*), so quoting it is safe.
      st.execute("DROP SCHEMA IF EXISTS \"" + s.schema().get() + "\" CASCADE");
    } catch (SQLException e) {
      throw new IllegalStateException("dropping test schema " + s.schema().get(), e);
    }
  }

  /** One backend per test class over a fresh schema; {@link #close} drops the schema. */
  static final class ClassBackend {
    private PostgresSettings settings;
    private PostgresStoreBackend backend;

    synchronized PostgresStoreBackend get() {
      if (backend == null) {
        settings = freshSchema();
        backend = PostgresStoreBackend.connect(settings);
      }
      return backend;
    }

    /** A new, empty collection (dropped first if a previous test left it). */
    PostgresCollectionStore fresh(String collection) {
      PostgresStoreBackend b = get();
      b.drop(collection);
      return b.open(collection);
    }

    synchronized void close() {
      if (backend != null) {
        backend.close();
        dropSchema(settings);
        backend = null;
      }
    }
  }
}
