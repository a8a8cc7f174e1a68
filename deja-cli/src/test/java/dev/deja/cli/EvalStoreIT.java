package dev.deja.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.format.Json;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code deja eval --store DIR}: the durable Lucene store gives exactly the in-memory store's results. */
class EvalStoreIT {
  @TempDir
  Path dir;

  @ParameterizedTest
  @CsvSource({"calendar, calendar/scenario.jsonl, ''", "memory, memory/scenario.jsonl, ''",
      "glossary, definitions/scenario.jsonl, ../examples/glossary-dataset-rules.yaml",
      "calendar, calendar/pairs.jsonl, ''"})
  void theLuceneStoreGivesTheInMemoryResults(String preset, String data, String config) {
    List<String> args = new ArrayList<>(List.of("eval", "--preset", preset, "--data",
        CliRunner.DEV.resolve(data).toString(), "--json"));
    if (!config.isEmpty()) {
      args.addAll(List.of("--config", Path.of(config).toString()));
    }
    Map<String, Object> memory = withoutLatency(run(args));
    args.addAll(List.of("--store", dir.toString()));
    Map<String, Object> lucene = withoutLatency(run(args));
    assertThat(lucene).isEqualTo(memory);
    assertThat(memory).containsKey("f1");
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
