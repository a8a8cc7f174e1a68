package dev.deja.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.engine.Verdict;
import dev.deja.core.item.Item;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.StageSpec;
import dev.deja.core.store.MemoryStoreBackend;
import dev.deja.embed.Embedders;
import dev.deja.format.Catalog;
import dev.deja.format.DejaConfig;
import dev.deja.format.Json;
import dev.deja.format.Presets;
import dev.deja.format.Yaml;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20, point 1: {@code deja train} → {@code deja eval --config} → {@code deja serve --config} is one path. The
 * YAML train writes switches the trained stage on and the stages it replaces off; evaluated on the data it was fitted
 * on, eval prints exactly train's in-sample figures; the server's collections run the same stage and give the same
 * score as {@code deja check}; and the example files' headers are the commands that wrote them.
 */
class TrainEvalServeAgreeIT {
  static final Path CAL = CliRunner.DEV.resolve("calendar");

  @TempDir
  Path dir;

  @SuppressWarnings("unchecked")
  @Test
  void evalReproducesTrainsInSampleFiguresAndTheServerRunsTheTrainedStage() throws Exception {
    Path out = dir.resolve("trained.yaml");
    CliRunner.Result train = CliRunner.run("train", "--preset", "calendar", "--data",
        CAL.resolve("pairs.jsonl").toString(), "--data", CAL.resolve("scenario.jsonl").toString(), "--json", "--out",
        out.toString());
    assertThat(train.exit()).as(train.err()).isZero();
    Map<String, Object> t = Json.object(train.out().strip(), "train");
    Map<String, Object> inSample = (Map<String, Object>) t.get("in_sample");
    double threshold = ((Number) t.get("threshold")).doubleValue();

    Map<String, Object> pairs = eval(out, "pairs.jsonl");
    assertThat(pairs).containsEntry("stage", "combined").containsEntry("threshold", threshold);
    assertThat(round(pairs.get("precision"))).isEqualTo(round(inSample.get("precision")));
    assertThat(round(pairs.get("recall"))).isEqualTo(round(inSample.get("recall")));
    assertThat(round(pairs.get("f1"))).isEqualTo(round(inSample.get("f1")));
    Map<String, Object> scenario = eval(out, "scenario.jsonl");
    assertThat(round(scenario.get("exact_set_accuracy"))).isEqualTo(round(inSample.get("exact_set_accuracy")));
    assertThat(round(scenario.get("recall"))).isEqualTo(round(inSample.get("scenario_recall")));

    // What 'deja serve --config trained.yaml' builds: a tenant's collection made from the preset.
    DejaConfig config = DejaConfig.load(out);
    Catalog catalog = new Catalog(new MemoryStoreBackend(), config, Embedders.provider(config.embedders()),
        Clock.systemUTC());
    DejaCollection served = catalog.create("family", Map.of("preset", "calendar"));
    CollectionSpec spec = served.spec();
    StageSpec combined = spec.stage("combined").orElseThrow();
    assertThat(combined.enabled()).isTrue();
    assertThat(combined.options()).containsEntry("similarity_threshold", threshold).containsEntry("bias", t.get("bias"));
    assertThat(spec.stages().stream().filter(s -> !s.name().equals("combined") && !s.type().equals("exact"))
        .filter(StageSpec::enabled).map(StageSpec::name).toList()).as("the stages it replaces are off").isEmpty();

    // The same pairs checked through the server's collection and through 'deja check' give the same verdicts.
    int compared = 0;
    for (String line : Files.readAllLines(CAL.resolve("pairs.jsonl"))) {
      Map<String, Object> pair = Json.object(line, "pair");
      if (((Number) pair.get("label")).intValue() != 1 || compared == 5) {
        continue;
      }
      compared++;
      String tenant = "t" + compared;
      served.put(PutRequest.of(tenant, new Item((Map<String, Object>) pair.get("left"))));
      Verdict v = served.check(CheckRequest.of(tenant, new Item((Map<String, Object>) pair.get("right"))));
      Path file = dir.resolve("existing-" + compared + ".jsonl");
      Files.writeString(file, Json.write(pair.get("left")) + "\n");
      CliRunner.Result check = CliRunner.run("check", "--preset", "calendar", "--config", out.toString(),
          "--existing", file.toString(), "--json", Json.write(pair.get("right")));
      Map<String, Object> cli = Json.object(check.out().strip(), "check");
      assertThat(cli.get("outcome")).as(line).isEqualTo(v.outcome().name());
      List<Map<String, Object>> matches = (List<Map<String, Object>>) cli.get("matches");
      assertThat(matches.stream().map(m -> m.get("score")).toList()).as(line)
          .isEqualTo(v.matches().stream().map(m -> dev.deja.format.Views.round(m.score())).toList());
    }
    assertThat(compared).isEqualTo(5);
  }

  @Test
  void trainingADeclaredPresetWritesAFileThatWorksWithoutTheDeclaringOne() throws Exception {
    Path declaring = dir.resolve("deja.yaml");
    Files.writeString(declaring, "presets:\n  family: {preset: calendar, time_window: {time_window_hours: 3}}\n");
    Path out = dir.resolve("trained.yaml");
    CliRunner.Result train = CliRunner.run("train", "--config", declaring.toString(), "--preset", "family", "--data",
        CAL.resolve("pairs.jsonl").toString(), "--out", out.toString());
    assertThat(train.exit()).as(train.err()).isZero();
    assertThat(Files.readString(out)).contains("time_window_hours: 3").contains("fields:");
    CliRunner.Result eval = CliRunner.run("eval", "--config", out.toString(), "--preset", "family", "--data",
        CAL.resolve("pairs.jsonl").toString(), "--json");
    assertThat(eval.exit()).as(eval.err()).isZero();
    assertThat(Json.object(eval.out().strip(), "eval")).containsEntry("preset", "family")
        .containsEntry("stage", "combined");
  }

  @SuppressWarnings("unchecked")
  @Test
  void theExampleFilesAreWhatTheirHeaderCommandWrites() throws Exception {
    // The header's command fits on the train sets, as the shipped presets are fitted (DejaTrainReproducesPresetsIT
    // runs it): the example's weights are the preset's.
    for (String preset : List.of("calendar", "memory")) {
      Path example = Path.of("..", "examples", preset + "-combined.yaml");
      String text = Files.readString(example);
      assertThat(text).startsWith("# deja train --preset " + preset + " --data datasets/train/" + preset
          + "/pairs.jsonl --data datasets/train/" + preset + "/scenario.jsonl (");
      Map<String, Object> stage = (Map<String, Object>) ((Map<String, Object>) ((Map<String, Object>)
          ((Map<String, Object>) Yaml.object(text, "example").get("presets")).get(preset)).get("stages"))
          .get("combined");
      Map<String, Object> shipped = Presets.spec(preset).stage("combined").orElseThrow().options();
      assertThat(stage.get("features")).isEqualTo(shipped.get("features"));
      assertThat(stage.get("bias")).isEqualTo(shipped.get("bias"));
      assertThat(stage.get("similarity_threshold")).isEqualTo(shipped.get("similarity_threshold"));
      CliRunner.Result eval = CliRunner.run("presets", preset, "--config", example.toString(), "--json");
      assertThat(eval.exit()).as(eval.err()).isZero();
    }
  }

  private Map<String, Object> eval(Path config, String data) {
    CliRunner.Result r = CliRunner.run("eval", "--preset", "calendar", "--config", config.toString(), "--data",
        CAL.resolve(data).toString(), "--json");
    assertThat(r.exit()).as(r.err()).isZero();
    return Json.object(r.out().strip(), "eval");
  }

  private static double round(Object v) {
    return Math.round(((Number) v).doubleValue() * 10_000) / 10_000.0;
  }
}
