package dev.deja.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.format.Json;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/** {@code deja bench embed} prints one JSON object per model with the documented keys (a tiny run). */
class BenchEmbedIT {

  @Test
  void jsonHasOneLinePerModelWithEveryKey() {
    CliRunner.Result r = CliRunner.run("bench", "embed", "--model", "all-minilm-l6-v2-q", "--samples", "20",
        "--warmup", "2", "--batches", "1", "--json");
    assertThat(r.exit()).as(r.err()).isEqualTo(Main.OK);
    String[] lines = r.out().strip().split("\n");
    assertThat(lines).hasSize(1);
    Map<String, Object> row = Json.object(lines[0], "bench output");
    assertThat(row).containsKeys("model", "load_ms", "single_p50_ms", "single_p99_ms", "batch64_per_s", "heap_mb",
        "rss_mb", "model_bytes", "jar_bytes");
    assertThat(row.get("model")).isEqualTo("all-minilm-l6-v2-q");
    for (String k : new String[] {"load_ms", "single_p50_ms", "batch64_per_s", "heap_mb", "rss_mb"}) {
      assertThat(((Number) row.get(k)).doubleValue()).as(k).isPositive();
    }
    assertThat(((Number) row.get("single_p99_ms")).doubleValue())
        .isGreaterThanOrEqualTo(((Number) row.get("single_p50_ms")).doubleValue());
    assertThat(((Number) row.get("model_bytes")).longValue()).isEqualTo(22_972_370L);
    assertThat(((Number) row.get("jar_bytes")).longValue()).isPositive();
    assertThat(r.err()).as("no progress bar without a terminal").isEmpty();
  }

  @Test
  void anUnknownModelIsAUsageError() {
    CliRunner.Result r = CliRunner.run("bench", "embed", "--model", "gpt-9");
    assertThat(r.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(r.err()).contains("unknown model 'gpt-9'").contains("all-minilm-l6-v2");
  }

  @Test
  void slf4jFindsAProviderSoItPrintsNoWarning() {
    // SLF4J prints "No SLF4J providers were found" exactly when this lookup is empty.
    assertThat(ServiceLoader.load(org.slf4j.spi.SLF4JServiceProvider.class)).isNotEmpty();
  }
}
