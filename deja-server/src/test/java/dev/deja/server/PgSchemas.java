package dev.deja.server;

import dev.deja.postgres.PostgresSettings;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Assumptions;

/**
 * Where the server's PostgreSQL ITs find their database: {@code DEJA_PG_URL} (scripts/start-postgres.sh prints it; .ci/run
 * exports it), each test in a fresh schema dropped afterwards. Without the variable the ITs are skipped saying so,
 * except under CI ({@code CI=true}), where that is a failure.
 */
final class PgSchemas {
  private PgSchemas() {}

  /** A {@code postgresql://} URL of the test database with a new, empty schema. */
  static String freshUrl() {
    String url = System.getenv("DEJA_PG_URL");
    if (url == null || url.isBlank()) {
      String message = "DEJA_PG_URL is not set, so the server's PostgreSQL ITs are skipped: run "
          + "scripts/start-postgres.sh and export DEJA_PG_URL=<the URL it prints> (.ci/run does this)";
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        throw new IllegalStateException(message);
      }
      Assumptions.abort(message);
    }
    String u = url.strip();
    return u + (u.contains("?") ? "&" : "?") + "schema=it_srv_"
        + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
  }

  /** Drops the schema of a URL made by {@link #freshUrl}, with everything in it. */
  static void drop(String url) {
    PostgresSettings s = PostgresSettings.fromUrl(url);
    Properties p = new Properties();
    s.user().ifPresent(u -> p.setProperty("user", u));
    s.password().ifPresent(pw -> p.setProperty("password", pw));
    try (Connection c = DriverManager.getConnection(s.jdbcUrl(), p); Statement st = c.createStatement()) {
      // The name was validated by PostgresSettings ([a-z_][a-z0-9_]*), so quoting it is safe.
      st.execute("DROP SCHEMA IF EXISTS \"" + s.schema().orElseThrow() + "\" CASCADE");
    } catch (SQLException e) {
      throw new IllegalStateException("dropping test schema " + s.schema().orElse("?"), e);
    }
  }
}
