package dev.deja.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.format.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code deja eval} on streams files, {@code deja bench stream} and {@code deja proxy}'s options. */
class StreamsCommandTest {
  private static final String STREAMS = CliRunner.DEV.resolve("streams/streams.jsonl").toString();

  private static Map<String, Object> json(String... args) {
    CliRunner.Result r = CliRunner.run(args);
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out().strip().lines()).as("exactly one JSON object").hasSize(1);
    return Json.object(r.out().strip(), "output");
  }

  @Test
  void evalDetectsAStreamsFileAndReproducesTheDevFigures() {
    Map<String, Object> m = json("eval", "--data", STREAMS, "--json", "--warmup-ms", "0", "--rounds", "1");
    assertThat(m).containsKeys("kind", "n", "drop_recall", "keep_preserved", "streams_with_keep_lost",
        "micros_per_chunk_mean", "streams_exact");
    assertThat(m).containsEntry("kind", "streams").containsEntry("n", 22);
    // Dev is validation only (the paraphrase model is fitted on the train streams): measured drop recall 0.913 and
    // keep_preserved 1.000 (94 of 94 keep units); floors a little below.
    assertThat(((Number) m.get("keep_preserved")).doubleValue()).isGreaterThanOrEqualTo(0.98);
    assertThat(((Number) m.get("streams_with_keep_lost")).intValue()).isLessThanOrEqualTo(1);
    assertThat(((Number) m.get("drop_recall")).doubleValue()).isGreaterThanOrEqualTo(0.85);
    assertThat((List<?>) m.get("streams")).hasSize(22);
  }

  @Test
  void settingsAndTheConfigFilesStreamSectionChangeTheFilter(@TempDir Path dir) throws Exception {
    Map<String, Object> off = json("eval", "--data", STREAMS, "--json", "--warmup-ms", "0", "--rounds", "1",
        "--set", "paraphrase_threshold=1.0", "--set", "stream.content_similarity_threshold=1.0");
    assertThat(((Number) off.get("drop_recall")).doubleValue()).isLessThan(0.5);
    Path yaml = dir.resolve("deja.yaml");
    Files.writeString(yaml, "stream:\n  paraphrase_threshold: 1.0\n  content_similarity_threshold: 1.0\n");
    Map<String, Object> viaFile = json("eval", "--data", STREAMS, "--json", "--warmup-ms", "0", "--rounds", "1",
        "--config", yaml.toString());
    assertThat(viaFile.get("drop_recall")).isEqualTo(off.get("drop_recall"));
    CliRunner.Result bad = CliRunner.run("eval", "--data", STREAMS, "--set", "sentence_window=3");
    assertThat(bad.exit()).isEqualTo(2);
    assertThat(bad.err()).contains("sentence_window: unknown option");
  }

  @Test
  void humanOutputListsEveryStream() {
    CliRunner.Result r = CliRunner.run("eval", "--data", STREAMS, "--warmup-ms", "0", "--rounds", "1");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("drop units removed (drop_recall)", "str-d-s22", "µs per chunk (CPU)");
    // The filter logs each removal at INFO for the proxy and the server; eval runs it over every labelled answer
    // (30 rounds by default) and logs warnings only.
    assertThat(((ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger("dev.deja.stream"))
        .getEffectiveLevel()).isEqualTo(ch.qos.logback.classic.Level.WARN);
  }

  @Test
  void otherKindsStillNeedAPreset() {
    CliRunner.Result r = CliRunner.run("eval", "--data", CliRunner.DEV.resolve("calendar/pairs.jsonl").toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("--preset");
  }

  @Test
  void benchStreamPrintsOneJsonObject() {
    Map<String, Object> m = json("bench", "stream", "--answers", "5", "--units", "10", "--warmup-ms", "0",
        "--json");
    assertThat(m).containsEntry("bench", "stream").containsEntry("answers", 5).containsKeys("micros_per_chunk_mean",
        "micros_per_chunk_p99", "micros_per_chunk_max", "chunks", "removed_units");
  }

  @Test
  void proxyRefusesABadUpstream() {
    CliRunner.Result r = CliRunner.run("proxy", "--upstream", "ftp://example/v1", "--port", "0");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("--upstream");
    assertThat(CliRunner.run("proxy", "--help").out()).contains("--upstream", "--idle-timeout", "--api-key-env");
  }
}
