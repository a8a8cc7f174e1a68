package dev.deja.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** {@link HtmlReport} on hand-made summaries: escaping, the count of clusters left out, figures as shown. */
class HtmlReportTest {
  private static Map<String, Object> summary() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("kind", "records");
    m.put("preset", "p<1>");
    m.put("data", "/d/records.jsonl");
    m.put("n", 30);
    m.put("stage", null);
    m.put("precision", 0.5);
    m.put("recall", 1.0);
    m.put("f1", 0.666667);
    m.put("tp", 2);
    m.put("fp", 2);
    m.put("fn", 0);
    m.put("tn", 431);
    m.put("by_note", Map.of("a \"quoted\" <note>", Map.of("n", 3, "wrong", 1)));
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("kind", "stage");
    tree.put("name", "fuzzy");
    tree.put("result", "match");
    tree.put("message", "Fuzzy match: '<b>x</b>' ≈ 'x'");
    tree.put("score", 0.9);
    tree.put("details", List.of(Map.of("kind", "measure", "name", "sequence", "result", "info")));
    m.put("worst_errors", List.of(Map.of("id", "r1 ↔ r2", "note", "false link", "expected", "new", "got",
        "DUPLICATE", "score", 0.9, "false_positive", true, "new", Map.of("title", "<img src=x>"), "existing",
        "{title=x}", "explanation", tree)));
    return m;
  }

  @Test
  void everyTextIsEscapedAndTheTreeIsNested() {
    String html = HtmlReport.render(summary(), Optional.of("no stage <to> sweep."), Optional.empty());
    assertThat(html).doesNotContain("<b>x</b>").doesNotContain("<img").doesNotContain("<note>")
        .contains("preset p&lt;1&gt;").contains("a &quot;quoted&quot; &lt;note&gt;")
        .contains("Fuzzy match: &#39;&lt;b&gt;x&lt;/b&gt;&#39; ≈ &#39;x&#39;")
        .contains("<dd>&lt;img src=x&gt;</dd>")
        .contains("No threshold sweep was run: no stage &lt;to&gt; sweep.")
        .contains("<ul>\n<li><span class=\"kind\">measure</span> <b>sequence</b>");
  }

  @Test
  void clustersBeyondTheLimitAreCounted() {
    List<TreeSet<String>> clusters = new ArrayList<>();
    List<Dedupe.Link> links = new ArrayList<>();
    Map<String, Map<String, Object>> records = new LinkedHashMap<>();
    for (int i = 0; i < 14; i++) {
      String a = "a" + i;
      String b = "b" + i;
      clusters.add(new TreeSet<>(List.of(a, b)));
      links.add(new Dedupe.Link(a, b, 0.91, "fuzzy", "Fuzzy match"));
      records.put(a, Map.of("name", "x" + i));
      records.put(b, Map.of("name", "y" + i));
    }
    clusters.add(new TreeSet<>(List.of("single"))); // a singleton: not a predicted duplicate cluster
    String html = HtmlReport.render(summary(), Optional.empty(),
        Optional.of(new HtmlReport.Clusters(clusters, links, records, 12)));
    assertThat(html).contains("14 clusters of more than one record, largest first; the first 12 are listed.")
        .contains("… and 2 more clusters").doesNotContain("single");
    assertThat(EvalReportIT.count(html, "<details class=\"cluster\">")).isEqualTo(12);
    assertThat(html).contains("<summary>2 records: a11, b11</summary>").doesNotContain("a12, b12");
  }

  @Test
  void figuresShowFourPlacesAtMostAndIntegersAsTheyAre() {
    assertThat(HtmlReport.number(0.8)).isEqualTo("0.80");
    assertThat(HtmlReport.number(0.78263)).isEqualTo("0.7826");
    assertThat(HtmlReport.number(431)).isEqualTo("431");
    assertThat(HtmlReport.number(null)).isEqualTo("—");
    assertThatThrownBy(() -> new HtmlReport.Clusters(List.of(), List.of(), Map.of(), -1))
        .hasMessageContaining("must not be negative");
  }
}
