package dev.deja.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.format.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DedupeCommandTest {

  @Test
  void oneWeakLinkNeverChainsTwoGroups(@TempDir Path dir) throws Exception {
    // a~b (0.857) and b~c (0.825), but a and c are not duplicates (0.677): complete linkage keeps c apart.
    Path f = dir.resolve("notes.jsonl");
    Files.writeString(f, String.join("\n",
        "{\"id\": \"a\", \"text\": \"pick up groceries at the market\"}",
        "{\"id\": \"b\", \"text\": \"pick up groceries at the station\"}",
        "{\"id\": \"c\", \"text\": \"pick up the kids at the station\"}",
        "{\"id\": \"d\", \"text\": \"call the plumber\"}", ""));
    CliRunner.Result r = CliRunner.run("dedupe", "--preset", "text", f.toString(), "--json",
        "--set", "stages.fuzzy.similarity_threshold=0.8", "--set", "stages.fuzzy.possible_threshold=null");
    assertThat(r.exit()).as(r.err()).isEqualTo(Main.DUPLICATE);
    Map<String, Object> m = Json.object(r.out().strip(), "dedupe output");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> clusters = (List<Map<String, Object>>) m.get("clusters");
    assertThat(clusters).hasSize(1);
    assertThat(clusters.get(0)).containsEntry("members", List.of("a", "b")).containsEntry("keep", "a");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> related = (List<Map<String, Object>>) m.get("related_not_merged");
    assertThat(related).singleElement().satisfies(l -> assertThat(l).containsEntry("a", "b").containsEntry("b", "c"));
  }

  @Test
  void theDefinitionsDevSetHasOneClusterAndWritesAMarkdownReport(@TempDir Path dir) throws Exception {
    Path adds = dir.resolve("definitions.jsonl");
    Files.write(adds, Files.readAllLines(CliRunner.DEV.resolve("definitions/scenario.jsonl")).stream()
        .filter(l -> l.contains("\"op\": \"add\"")).toList());
    Path report = dir.resolve("report.md");
    CliRunner.Result r = CliRunner.run("dedupe", "--preset", "glossary", "--config",
        Path.of("..", "examples", "glossary-dataset-rules.yaml").toString(), adds.toString(), "--out",
        report.toString());
    assertThat(r.exit()).isEqualTo(Main.DUPLICATE);
    assertThat(r.out()).contains("1 cluster(s)").contains("[keep] e005").contains("[merge] e030")
        .doesNotContain("e021"); // archived: never a duplicate
    assertThat(Files.readString(report)).isEqualTo(r.out());
  }

  @Test
  void noDuplicatesExitsZero(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("x.jsonl");
    Files.writeString(f, "{\"text\": \"one thing\"}\n{\"text\": \"something else entirely\"}\n");
    CliRunner.Result r = CliRunner.run("dedupe", "--preset", "text", f.toString());
    assertThat(r.exit()).isZero();
    assertThat(r.out()).contains("0 cluster(s)");
  }
}
