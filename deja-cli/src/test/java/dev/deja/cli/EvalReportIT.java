package dev.deja.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.format.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code deja eval --report FILE} (issue 20 item 10): one self-contained HTML page whose figures are the ones
 * {@code --json} prints in the same run, on the repository's dev sets and the linkage test sets.
 */
class EvalReportIT {
  static final Path PEOPLE = EvalRecordsCommandIT.PEOPLE;

  /** Runs {@code args + --report FILE --json}; returns the JSON and the page. */
  static Run evalWithReport(Path report, String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--report", report.toString(), "--json"));
    CliRunner.Result r = CliRunner.run(all.toArray(String[]::new));
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out().strip().lines()).as("stdout is still exactly one JSON object").hasSize(1);
    assertThat(r.err()).contains("report written to " + report);
    return new Run(Json.object(r.out().strip(), "eval output"), Files.readString(report, StandardCharsets.UTF_8));
  }

  record Run(Map<String, Object> json, String html) {}

  /** The text of the table cell marked {@code data-key="KEY"} in the confusion table. */
  static String confusionCell(String html, String key) {
    Matcher m = Pattern.compile("<td class=\"num\" data-key=\"" + key + "\">([^<]*)</td>").matcher(html);
    assertThat(m.find()).as("confusion cell " + key).isTrue();
    return m.group(1);
  }

  static int count(String html, String fragment) {
    int n = 0;
    for (int i = html.indexOf(fragment); i >= 0; i = html.indexOf(fragment, i + 1)) {
      n++;
    }
    return n;
  }

  /** Nothing is fetched and nothing runs: no script, no external stylesheet, image, font or link. */
  static void assertSelfContained(String html) {
    assertThat(html).startsWith("<!DOCTYPE html>").contains("<style>").doesNotContainIgnoringCase("<script")
        .doesNotContainIgnoringCase("<link").doesNotContainIgnoringCase(" src=").doesNotContain("url(")
        .doesNotContain("@import").doesNotContainIgnoringCase("<img");
    // The one URL on the page is the SVG namespace, an identifier that is never fetched.
    assertThat(html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "")).doesNotContain("http://")
        .doesNotContain("https://");
  }

  @Test
  void aPairsReportDrawsTheSweepAndAgreesWithTheJson(@TempDir Path dir) throws Exception {
    Path report = dir.resolve("calendar.html");
    // No --sweep: the report implies it.
    Run run = evalWithReport(report, "eval", "--preset", "calendar", "--data",
        CliRunner.DEV.resolve("calendar/pairs.jsonl").toString());
    Map<String, Object> m = run.json();
    String html = run.html();
    assertSelfContained(html);
    assertThat((List<?>) m.get("sweep")).as("--report implies the sweep").hasSize(101);
    assertThat(count(html, "<svg class=\"sweep-chart\"")).isEqualTo(1);
    for (String series : List.of("precision", "recall", "f1")) {
      Matcher pl = Pattern.compile("<polyline class=\"series [a-z0-9-]+\" data-series=\"" + series
          + "\" points=\"([^\"]*)\"/>").matcher(html);
      assertThat(pl.find()).as(series + " polyline").isTrue();
      assertThat(pl.group(1).split(" ")).as("one point per threshold").hasSize(101);
    }
    String configured = HtmlReport.number(EvalCommandIT.calendarThreshold());
    assertThat(html).contains("<line class=\"threshold-marker\" data-threshold=\"" + configured + "\"")
        .contains("configured " + configured).contains("<circle class=\"best-marker\" data-threshold=\""
            + HtmlReport.number(m.get("best_threshold")) + "\"");
    assertThat(m).containsEntry("threshold", EvalCommandIT.calendarThreshold());
    for (String k : List.of("tp", "fp", "fn", "tn")) {
      assertThat(confusionCell(html, k)).as(k).isEqualTo(String.valueOf(m.get(k)));
    }
    // Per note type: every type of the JSON's by_note is a row.
    @SuppressWarnings("unchecked")
    Map<String, Map<String, Object>> byNote = (Map<String, Map<String, Object>>) m.get("by_note");
    assertThat(byNote).isNotEmpty();
    assertThat(count(html, "<table class=\"by-note\">")).isEqualTo(1);
    for (String note : byNote.keySet()) {
      assertThat(html).contains("<tr><td>" + HtmlReport.esc(note) + "</td>");
    }
    // The wrong decisions, each with its explanation tree as nested lists.
    List<?> worst = (List<?>) m.get("worst_errors");
    assertThat(worst).isNotEmpty();
    assertThat(count(html, "<details class=\"error\" open>")).isEqualTo(worst.size());
    assertThat(count(html, "<ul class=\"explanation\">")).isEqualTo(worst.size());
    assertThat(html).contains("<ul>\n<li><span class=\"kind\">");
    for (Object w : worst) {
      assertThat(html).contains(HtmlReport.esc(String.valueOf(((Map<?, ?>) w).get("id"))) + ": ");
    }
    assertThat(html).doesNotContain("No threshold sweep was run");
  }

  @Test
  void aScenarioReportHasTheCategoriesAndTheExactSetLine(@TempDir Path dir) throws Exception {
    Path report = dir.resolve("definitions.html");
    // The shipped glossary differs from the dataset's rules on three checks: wrong decisions to show.
    Run run = evalWithReport(report, "eval", "--preset", "glossary", "--data",
        CliRunner.DEV.resolve("definitions/scenario.jsonl").toString());
    Map<String, Object> m = run.json();
    String html = run.html();
    assertSelfContained(html);
    assertThat(html).contains("data-series=\"exact_set_accuracy\"").contains("data-series=\"f1\"");
    assertThat(confusionCell(html, "tp")).isEqualTo(String.valueOf(m.get("tp")));
    assertThat(confusionCell(html, "fp")).isEqualTo(String.valueOf(m.get("fp")));
    assertThat(confusionCell(html, "fn")).isEqualTo(String.valueOf(m.get("fn")));
    assertThat(confusionCell(html, "tn")).as("no true negatives over (check, stored id) pairs").isEqualTo("—");
    @SuppressWarnings("unchecked")
    Map<String, Map<String, Object>> cats = (Map<String, Map<String, Object>>) m.get("categories");
    assertThat(cats).containsKeys("synonym", "archived");
    for (Map.Entry<String, Map<String, Object>> c : cats.entrySet()) {
      assertThat(html).contains("<tr><td>" + c.getKey() + "</td><td class=\"num\">" + c.getValue().get("n")
          + "</td><td class=\"num\">" + HtmlReport.number(c.getValue().get("exact_set_accuracy")) + "</td></tr>");
    }
    List<?> worst = (List<?>) m.get("worst_errors");
    assertThat(worst).isNotEmpty();
    assertThat(count(html, "<ul class=\"explanation\">")).isEqualTo(worst.size());
  }

  @Test
  void aRecordsReportListsTheClustersWithTheirLinksAndEscapesTheRecords(@TempDir Path dir) throws Exception {
    // The people set, with markup in a field no stage compares: the links and figures stay those of the set.
    Path set = dir.resolve("people");
    Files.createDirectories(set);
    Files.copy(PEOPLE.resolve("people.yaml"), set.resolve("people.yaml"));
    Files.copy(PEOPLE.resolve("truth.jsonl"), set.resolve("truth.jsonl"));
    Files.writeString(set.resolve("records.jsonl"), Files.readString(PEOPLE.resolve("records.jsonl"))
        .replace("\"Bath\"", "\"<script>alert('x')</script>\""));
    Path report = dir.resolve("people.html");
    Run run = evalWithReport(report, "eval", "--preset", "text", "--config",
        set.resolve("people.yaml").toString(), "--data", set.toString());
    Map<String, Object> m = run.json();
    String html = run.html();
    assertSelfContained(html);
    assertThat(html).contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
    // The figures of EvalRecordsCommandIT: 4 links, 3 right; clusters {p01 p02} {p04 p05} {p08 p09} {p10 p11}.
    assertThat(m).containsEntry("tp", 3).containsEntry("fp", 1).containsEntry("fn", 3).containsEntry("tn", 59);
    for (String k : List.of("tp", "fp", "fn", "tn")) {
      assertThat(confusionCell(html, k)).as(k).isEqualTo(String.valueOf(m.get(k)));
    }
    assertThat(count(html, "<details class=\"cluster\" open>")).isEqualTo(4);
    assertThat(html).contains("<summary>2 records: p10, p11</summary>")
        .contains("<tr><td>p10 ↔ p11</td><td class=\"num\">0.96</td><td>fuzzy</td><td>Fuzzy match: "
            + "&#39;Robert Brown&#39; ≈ &#39;Roberta Brown&#39;</td></tr>")
        .doesNotContain("more clusters");
    assertThat(html).contains("data-series=\"f1\"").contains("data-series=\"cluster_f1\"")
        .contains("data-series=\"bcubed_f1\"").contains("data-threshold=\"0.80\"");
    assertThat(count(html, "<ul class=\"explanation\">")).isEqualTo(((List<?>) m.get("worst_errors")).size());
    assertThat(html).contains("fuzzy score 0.7826 below the threshold 0.8000");
  }

  @Test
  void withoutAStageToSweepThePageSaysSo(@TempDir Path dir) throws Exception {
    Path report = dir.resolve("exact-only.html");
    Run run = evalWithReport(report, "eval", "--preset", "text", "--config",
        PEOPLE.resolve("people.yaml").toString(), "--data", PEOPLE.toString(), "--set",
        "stages.fuzzy.enabled=false");
    assertThat(run.json().get("sweep")).isNull();
    assertThat(run.html()).contains("<p class=\"note no-sweep\">No threshold sweep was run: preset &#39;text&#39; "
        + "has no fuzzy, semantic, combined or record stage switched on").doesNotContain("<svg");
    assertThat(confusionCell(run.html(), "tp")).isEqualTo(String.valueOf(run.json().get("tp")));
  }

  @Test
  void theHumanOutputIsUnchangedByTheReport(@TempDir Path dir) {
    CliRunner.Result r = CliRunner.run("eval", "--preset", "text", "--config",
        PEOPLE.resolve("people.yaml").toString(), "--data", PEOPLE.toString(), "--report",
        dir.resolve("r.html").toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("deja eval — preset text on people/records.jsonl")
        .contains("best threshold 0.49");
    assertThat(Files.isRegularFile(dir.resolve("r.html"))).isTrue();
  }

  @Test
  void aReportThatCannotBeWrittenOrDrawnExitsTwo(@TempDir Path dir) {
    CliRunner.Result missing = CliRunner.run("eval", "--preset", "text", "--config",
        PEOPLE.resolve("people.yaml").toString(), "--data", PEOPLE.toString(), "--report",
        dir.resolve("no-such-dir").resolve("r.html").toString());
    assertThat(missing.exit()).isEqualTo(2);
    assertThat(missing.err()).contains("--report: the directory").contains("no-such-dir").contains("does not exist");

    CliRunner.Result directory = CliRunner.run("eval", "--preset", "text", "--config",
        PEOPLE.resolve("people.yaml").toString(), "--data", PEOPLE.toString(), "--report", dir.toString());
    assertThat(directory.exit()).isEqualTo(2);
    assertThat(directory.err()).contains("is a directory; give a file name");

    CliRunner.Result streams = CliRunner.run("eval", "--data",
        CliRunner.DEV.resolve("streams/streams.jsonl").toString(), "--report", dir.resolve("s.html").toString());
    assertThat(streams.exit()).isEqualTo(2);
    assertThat(streams.err()).contains("--report: streams files have no HTML report");
    assertThat(dir.resolve("s.html")).doesNotExist();
  }
}
