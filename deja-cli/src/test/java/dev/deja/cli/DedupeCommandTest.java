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
  void aCombinedStageWithTheFuzzyStageOffStillFindsTheDuplicates(@TempDir Path dir) throws Exception {
    // Issue 23's report: combined on, fuzzy off gave "0 duplicates" on a file full of them.
    Path f = dir.resolve("notes.jsonl");
    Files.writeString(f, String.join("\n",
        "{\"id\": \"a1\", \"text\": \"The quarterly report is due on Friday\"}",
        "{\"id\": \"a2\", \"text\": \"Quarterly report due Friday\"}",
        "{\"id\": \"b1\", \"text\": \"Remember to buy milk and eggs\"}",
        "{\"id\": \"b2\", \"text\": \"Remember to buy eggs and milk\"}",
        "{\"id\": \"c1\", \"text\": \"Team offsite planned in Lisbon next spring\"}", ""));
    CliRunner.Result r = CliRunner.run("dedupe", "--preset", "text", f.toString(), "--json",
        "--set", "stages.exact.enabled=false", "--set", "stages.fuzzy.enabled=false",
        "--set", "stages.combined.type=combined", "--set", "stages.combined.features.trigram=10",
        "--set", "stages.combined.bias=-5");
    assertThat(r.exit()).as(r.err()).isEqualTo(Main.DUPLICATE);
    Map<String, Object> m = Json.object(r.out().strip(), "dedupe output");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> clusters = (List<Map<String, Object>>) m.get("clusters");
    assertThat(clusters).extracting(c -> c.get("members"))
        .containsExactlyInAnyOrder(List.of("a1", "a2"), List.of("b1", "b2"));
  }

  @Test
  void aConfigurationNoCandidateReachesIsRefusedInsteadOfReportingNoDuplicates(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("notes.jsonl");
    Files.writeString(f, "{\"text\": \"one thing\"}\n{\"text\": \"one thing!\"}\n");
    CliRunner.Result r = CliRunner.run("dedupe", "--preset", "text", f.toString(), "--set",
        "stages.exact.enabled=false", "--set", "stages.fuzzy.lexical=none");
    assertThat(r.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).startsWith("deja: error: preset 'text': stages.fuzzy: this fuzzy stage can never match");
  }

  @Test
  void aFileWithNothingToCompareSaysSo(@TempDir Path dir) throws Exception {
    Path empty = dir.resolve("empty.jsonl");
    Files.writeString(empty, "");
    CliRunner.Result r = CliRunner.run("dedupe", "--preset", "text", empty.toString());
    assertThat(r.exit()).isEqualTo(Main.OK);
    assertThat(r.out()).contains("0 items");
    assertThat(r.err()).isEqualTo("deja dedupe: note: " + empty + " has no items: nothing was compared\n");
    Path one = dir.resolve("one.jsonl");
    Files.writeString(one, "{\"text\": \"one thing\"}\n");
    assertThat(CliRunner.run("dedupe", "--preset", "text", one.toString()).err())
        .isEqualTo("deja dedupe: note: " + one + " has one item: there is nothing to compare it with\n");
    Path apart = dir.resolve("apart.jsonl");
    Files.writeString(apart, "{\"tenant\": \"a\", \"text\": \"one thing\"}\n"
        + "{\"tenant\": \"b\", \"text\": \"one thing\"}\n");
    CliRunner.Result r2 = CliRunner.run("dedupe", "--preset", "text", apart.toString());
    assertThat(r2.exit()).isEqualTo(Main.OK);
    assertThat(r2.err()).startsWith("deja dedupe: note: no two of the 2 items of " + apart + " could be compared");
  }

  @Test
  void noDuplicatesExitsZero(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("x.jsonl");
    Files.writeString(f, "{\"text\": \"one thing\"}\n{\"text\": \"something else entirely\"}\n");
    CliRunner.Result r = CliRunner.run("dedupe", "--preset", "text", f.toString());
    assertThat(r.exit()).isZero();
    assertThat(r.out()).contains("0 cluster(s)");
    assertThat(r.err()).as("two items were compared: no note").isEmpty();
  }

  /** Two small catalogues of the same papers, with a recurring column title in each. */
  private static Path catalogues(Path dir) throws Exception {
    Path f = dir.resolve("papers.jsonl");
    Files.writeString(f, String.join("\n",
        "{\"id\": \"d1\", \"source\": \"DBLP\", \"title\": \"Semantic Integration of Environmental Models\", "
            + "\"authors\": \"D. Scott Mackay\", \"year\": \"1999\"}",
        "{\"id\": \"d2\", \"source\": \"DBLP\", \"title\": \"Book Review Column\", \"authors\": \"Karl Aberer\", "
            + "\"year\": \"2002\"}",
        "{\"id\": \"d3\", \"source\": \"DBLP\", \"title\": \"Book Review Column\", \"authors\": \"Karl Aberer\", "
            + "\"year\": \"2002\"}",
        "{\"id\": \"a1\", \"source\": \"ACM\", \"title\": \"Semantic integration of environmental models for "
            + "application\", \"authors\": \"D. Scott Mackay\", \"year\": \"1999\"}",
        "{\"id\": \"a2\", \"source\": \"ACM\", \"title\": \"Book review column\", \"authors\": \"Karl Aberer\", "
            + "\"year\": \"2002\"}", ""));
    return f;
  }

  @Test
  void linksTwoSourcesOneToOneWithTheRecordStage(@TempDir Path dir) throws Exception {
    Path f = catalogues(dir);
    String config = Path.of("..", "examples", "papers-record.yaml").toString();
    // Across the sources: d1–a1, and the column a2 with both DBLP copies d2 and d3 (d2–d3, one source, is dropped).
    CliRunner.Result across = CliRunner.run("dedupe", "--preset", "text", "--config", config, f.toString(), "--json",
        "--across", "source");
    assertThat(across.exit()).as(across.err()).isEqualTo(Main.DUPLICATE);
    Map<String, Object> m = Json.object(across.out().strip(), "dedupe output");
    assertThat(m).containsEntry("links", 3).containsEntry("across", "source").containsEntry("one_to_one", false);
    CliRunner.Result one = CliRunner.run("dedupe", "--preset", "text", "--config", config, f.toString(), "--json",
        "--across", "source", "--one-to-one");
    assertThat(one.exit()).as(one.err()).isEqualTo(Main.DUPLICATE);
    Map<String, Object> o = Json.object(one.out().strip(), "dedupe output");
    assertThat(o).containsEntry("links", 2).containsEntry("one_to_one", true);
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> clusters = (List<Map<String, Object>>) o.get("clusters");
    assertThat(clusters).extracting(c -> c.get("members"))
        .containsExactlyInAnyOrder(List.of("a1", "d1"), List.of("a2", "d2"));
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> links = (List<Map<String, Object>>) clusters.get(0).get("links");
    assertThat(links.get(0)).containsEntry("stage", "record");
    assertThat((String) links.get(0).get("reason")).startsWith("Record match on title, authors, year");
  }

  @Test
  void oneToOneWithoutTwoSourcesIsAUsageError(@TempDir Path dir) throws Exception {
    Path f = catalogues(dir);
    CliRunner.Result r = CliRunner.run("dedupe", "--preset", "text", "--config",
        Path.of("..", "examples", "papers-record.yaml").toString(), f.toString(), "--one-to-one");
    assertThat(r.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(r.err()).contains("--one-to-one").contains("--across");
    Path noSource = dir.resolve("mixed.jsonl");
    Files.writeString(noSource, "{\"id\": \"x\", \"title\": \"Book Review Column\"}\n"
        + "{\"id\": \"y\", \"source\": \"ACM\", \"title\": \"Book review column\"}\n");
    CliRunner.Result missing = CliRunner.run("dedupe", "--preset", "text", "--config",
        Path.of("..", "examples", "papers-record.yaml").toString(), noSource.toString(), "--across", "source");
    assertThat(missing.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(missing.err()).contains("mixed.jsonl:1: no 'source' value (--across source)");
  }

  @Test
  void keepPicksEachClustersRepresentativeByTheDocumentedRule(@TempDir Path dir) throws Exception {
    // One cluster of three copies: b is the most complete, c the newest, a the first in the file.
    Path f = dir.resolve("notes.jsonl");
    Files.writeString(f, String.join("\n",
        "{\"id\": \"b\", \"text\": \"Quarterly report due on Friday\", \"owner\": \"ann\", \"updated\": \"2026-01-02\"}",
        "{\"id\": \"a\", \"text\": \"Quarterly report due on Friday!\", \"updated\": \"2026-01-01\"}",
        "{\"id\": \"c\", \"text\": \"Quarterly report due on friday\", \"updated\": \"2026-03-01\"}",
        "{\"id\": \"d\", \"text\": \"Call the plumber\"}", ""));
    String[] base = {"dedupe", "--preset", "text", f.toString(), "--json", "--set", "fields.owner.type=keyword",
        "--set", "fields.updated.type=keyword"};
    java.util.function.Function<String, Object> keep = rule -> {
      List<String> args = new java.util.ArrayList<>(List.of(base));
      if (rule != null) {
        args.add("--keep");
        args.add(rule);
      }
      CliRunner.Result r = CliRunner.run(args.toArray(String[]::new));
      assertThat(r.exit()).as(r.err()).isEqualTo(Main.DUPLICATE);
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> clusters = (List<Map<String, Object>>) Json.object(r.out().strip(), "dedupe")
          .get("clusters");
      assertThat(clusters).singleElement().satisfies(c -> assertThat(c.get("members")).isEqualTo(
          List.of("a", "b", "c")));
      return clusters.get(0).get("keep");
    };
    assertThat(keep.apply("complete")).isEqualTo("b");
    assertThat(keep.apply("max:updated")).isEqualTo("c");
    assertThat(keep.apply("min:updated")).isEqualTo("a");
    assertThat(keep.apply("first")).isEqualTo("b");
    assertThat(keep.apply("min:owner")).isEqualTo("b"); // the only one with a value: missing is never preferred
    assertThat(keep.apply(null)).isEqualTo(keep.apply("linked"));
    CliRunner.Result bad = CliRunner.run("dedupe", "--preset", "text", f.toString(), "--keep", "max:colour",
        "--set", "fields.owner.type=keyword", "--set", "fields.updated.type=keyword");
    assertThat(bad.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(bad.err()).contains("--keep max:colour: 'colour' is not a field of 'text'");
    CliRunner.Result unknown = CliRunner.run("dedupe", "--preset", "text", f.toString(), "--keep", "newest",
        "--set", "fields.owner.type=keyword", "--set", "fields.updated.type=keyword");
    assertThat(unknown.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(unknown.err()).contains("give linked, complete, first, max:FIELD or min:FIELD");
  }

  @Test
  void theFirstBadLineIsTheOneReportedThoughItemsAreReadAhead(@TempDir Path dir) throws Exception {
    // Items are analysed on every core, a window ahead of the one being stored: an item refused on line 3 must still be
    // the error reported, not a malformed line further on that the reader reached first.
    StringBuilder sb = new StringBuilder();
    for (int i = 1; i <= 400; i++) {
      sb.append(i == 3 ? "{\"id\": \"x3\", \"text\": {\"nested\": true}}"
          : i == 200 ? "{not json" : "{\"id\": \"x" + i + "\", \"text\": \"note number " + i + "\"}").append('\n');
    }
    Path f = dir.resolve("notes.jsonl");
    Files.writeString(f, sb.toString());
    CliRunner.Result r = CliRunner.run("dedupe", "--preset", "text", f.toString(), "--json");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("notes.jsonl:3:").doesNotContain("notes.jsonl:200");
    assertThat(r.out()).isEmpty();
  }

  @Test
  void aMalformedLineIsReportedWithItsNumber(@TempDir Path dir) throws Exception {
    StringBuilder sb = new StringBuilder();
    for (int i = 1; i <= 300; i++) {
      sb.append(i == 250 ? "{not json" : "{\"id\": \"x" + i + "\", \"text\": \"note number " + i + "\"}").append('\n');
    }
    Path f = dir.resolve("notes.jsonl");
    Files.writeString(f, sb.toString());
    CliRunner.Result r = CliRunner.run("dedupe", "--preset", "text", f.toString(), "--json");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("notes.jsonl:250, column 2: malformed JSON");
  }
}
