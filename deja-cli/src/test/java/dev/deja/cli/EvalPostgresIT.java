package dev.deja.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.format.Json;
import dev.deja.postgres.PostgresStoreBackend;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code deja eval --store postgresql://…} and {@code deja bench store --backend postgres}: the PostgreSQL store gives
 * exactly the in-memory store's results. Needs {@code DEJA_PG_URL} (scripts/start-postgres.sh; .ci/run exports it):
 * skipped without it, failing under CI.
 */
class EvalPostgresIT {

  static String url() {
    String url = System.getenv("DEJA_PG_URL");
    if (url == null || url.isBlank()) {
      String message = "DEJA_PG_URL is not set, so the PostgreSQL ITs are skipped: run scripts/start-postgres.sh and "
          + "export DEJA_PG_URL=<the URL it prints> (.ci/run does this)";
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        throw new IllegalStateException(message);
      }
      Assumptions.abort(message);
    }
    String u = url.strip();
    return u + (u.contains("?") ? "&" : "?") + "schema=it_cli_" + Long.toHexString(
        ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
  }

  @ParameterizedTest
  @CsvSource({"calendar, calendar/scenario.jsonl, ''", "memory, memory/scenario.jsonl, ''",
      "glossary, definitions/scenario.jsonl, ../examples/glossary-dataset-rules.yaml",
      "calendar, calendar/pairs.jsonl, ''"})
  void thePostgresStoreGivesTheInMemoryResults(String preset, String data, String config) {
    String url = url();
    List<String> args = new ArrayList<>(List.of("eval", "--preset", preset, "--data",
        CliRunner.DEV.resolve(data).toString(), "--json"));
    if (!config.isEmpty()) {
      args.addAll(List.of("--config", Path.of(config).toString()));
    }
    Map<String, Object> memory = withoutLatency(run(args));
    args.addAll(List.of("--store", url));
    Map<String, Object> postgres = withoutLatency(run(args));
    assertThat(postgres).isEqualTo(memory);
    assertThat(memory).containsKey("f1");
    try (PostgresStoreBackend b = PostgresStoreBackend.connect(url)) {
      assertThat(b.collections()).as("eval drops its collections from a shared database").isEmpty();
    } finally {
      dropSchema(url);
    }
  }

  @Test
  void benchStoreRunsOnPostgres() {
    String url = url();
    try {
      CliRunner.Result r = CliRunner.run("bench", "store", "--backend", "postgres", "--url", url, "--items", "300",
          "--workload", "memory", "--checks", "30", "--puts", "20", "--threads", "4", "--json",
          "--vector-search", "hnsw:0");
      assertThat(r.exit()).as(r.err()).isZero();
      List<Map<String, Object>> rows = r.out().strip().lines().map(l -> Json.object(l, "bench row")).toList();
      assertThat(rows).extracting(m -> m.get("op")).containsExactly("check", "check_vector", "put");
      assertThat(rows).allSatisfy(m -> {
        assertThat(m.get("backend")).isEqualTo("postgres");
        assertThat(((Number) m.get("index_bytes")).longValue()).isPositive();
        assertThat(((Number) m.get("hnsw_bytes")).longValue()).isPositive();
      });
    } finally {
      dropSchema(url);
    }
  }

  static void dropSchema(String url) {
    dev.deja.postgres.PostgresSettings s = dev.deja.postgres.PostgresSettings.fromUrl(url);
    java.util.Properties p = new java.util.Properties();
    s.user().ifPresent(u -> p.setProperty("user", u));
    s.password().ifPresent(pw -> p.setProperty("password", pw));
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(s.jdbcUrl(), p);
        java.sql.Statement st = c.createStatement()) {
      // validated by PostgresSettings: [a-z_][a-z0-9_]*
      st.execute("DROP SCHEMA IF EXISTS \"" + s.schema().orElseThrow() + "\" CASCADE");
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Map<String, Object> run(List<String> args) {
    CliRunner.Result r = CliRunner.run(args.toArray(new String[0]));
    assertThat(r.exit()).as(r.err()).isZero();
    return Json.object(r.out().strip(), "eval output");
  }

  private static Map<String, Object> withoutLatency(Map<String, Object> m) {
    Map<String, Object> out = new java.util.TreeMap<>(m);
    out.keySet().removeIf(k -> k.contains("micros") || k.contains("latency"));
    return out;
  }
}
