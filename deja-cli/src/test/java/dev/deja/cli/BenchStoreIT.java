package dev.deja.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.format.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code deja bench store} on the embedded stores: the JSON rows other tools parse, and its errors. */
class BenchStoreIT {
  @TempDir
  Path dir;

  @Test
  void luceneRowsHaveTheStableKeys() throws Exception {
    Path data = dir.resolve("bench");
    CliRunner.Result r = CliRunner.run("bench", "store", "--backend", "lucene", "--dir", data.toString(), "--items",
        "400", "--workload", "memory", "--checks", "30", "--puts", "40", "--warmup-seconds", "1", "--threads", "4",
        "--json");
    assertThat(r.exit()).as(r.err()).isZero();
    List<Map<String, Object>> rows = r.out().strip().lines().map(l -> Json.object(l, "bench row")).toList();
    assertThat(rows).extracting(m -> m.get("op")).containsExactly("check", "check_vector", "put");
    assertThat(rows).allSatisfy(m -> {
      assertThat(m).containsEntry("backend", "lucene").containsEntry("workload", "memory").containsEntry("items", 400)
          .containsKeys("p50_ms", "p99_ms", "ops_per_s", "index_bytes", "open_ms", "heap_mb", "ingest_per_s",
              "threads", "vector_search", "seed", "merge_ms");
      assertThat(((Number) m.get("p99_ms")).doubleValue()).isGreaterThanOrEqualTo(
          ((Number) m.get("p50_ms")).doubleValue());
      assertThat(((Number) m.get("ops_per_s")).doubleValue()).isPositive();
    });
    assertThat(rows.get(0)).containsEntry("n", 30);
    // The measured puts only: the warm-up puts before them are not counted.
    assertThat(rows.get(2)).containsEntry("n", 40).containsEntry("threads", 4);
    assertThat(((Number) rows.get(2).get("warmup_puts")).intValue()).as("a second of warm-up").isPositive();
    assertThat(((Number) rows.get(2).get("jit_ms")).doubleValue()).isNotNegative();
    assertThat(((Number) rows.get(2).get("cpu_ms_per_op")).doubleValue()).isPositive();
    assertThat(Files.isDirectory(data)).as("--dir keeps the data directory").isTrue();
  }

  @Test
  void calendarOnTheMemoryStoreHasNoVectorRow() {
    CliRunner.Result r = CliRunner.run("bench", "store", "--backend", "memory", "--items", "200", "--workload",
        "calendar", "--checks", "20", "--puts", "10", "--warmup-seconds", "0", "--threads", "2", "--json");
    assertThat(r.exit()).as(r.err()).isZero();
    List<Map<String, Object>> rows = r.out().strip().lines().map(l -> Json.object(l, "bench row")).toList();
    assertThat(rows).extracting(m -> m.get("op")).containsExactly("check", "put");
  }

  @Test
  void badArgumentsAreRefusedWithAMessage() {
    CliRunner.Result r = CliRunner.run("bench", "store", "--workload", "calendar", "--items", "0");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("--items");
    assertThat(CliRunner.run("bench", "store", "--workload", "ledger").exit()).isEqualTo(2);
    CliRunner.Result warm = CliRunner.run("bench", "store", "--workload", "memory", "--items", "10",
        "--warmup-seconds", "-1");
    assertThat(warm.exit()).isEqualTo(2);
    assertThat(warm.err()).contains("--warmup-seconds");
  }
}
