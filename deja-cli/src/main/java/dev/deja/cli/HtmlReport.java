package dev.deja.cli;

import dev.deja.core.InvalidInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeSet;

/**
 * The HTML report of {@code deja eval --report FILE}: one self-contained page (inline CSS and SVG; no script, no
 * font, nothing fetched) drawn from the same map {@code deja eval --json} prints: the figures, the confusion counts,
 * precision/recall/F1 over the threshold sweep with the configured threshold marked, the errors per note type and per
 * category, the most confident wrong decisions with their explanation trees as nested lists, and for records files
 * the predicted clusters with their links. Every text from the data or the configuration is HTML-escaped.
 *
 * <p>Stateless; thread-safe.
 */
final class HtmlReport {
  /** Predicted clusters of more than one member listed in full by {@code deja eval}; the rest are counted. */
  static final int CLUSTERS_SHOWN = 100;

  /**
   * The predicted clusters of a records evaluation.
   *
   * @param clusters the clusters, largest first (singletons are left out of the page)
   * @param links the links kept, which join the clusters' members
   * @param records the records by id
   * @param shown how many clusters of more than one record to list; the rest are counted
   */
  record Clusters(List<TreeSet<String>> clusters, Collection<Dedupe.Link> links,
      Map<String, Map<String, Object>> records, int shown) {
    Clusters {
      if (shown < 0) {
        throw new IllegalArgumentException("clusters shown must not be negative, got " + shown);
      }
      clusters = List.copyOf(clusters);
      links = List.copyOf(links);
      records = Map.copyOf(records);
    }
  }

  private static final String CSS = """
      body { font: 14px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 62em; color: #222; padding: 0 1em; }
      h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ccc; }
      table { border-collapse: collapse; margin: .5em 0; } th, td { padding: .2em .7em; border: 1px solid #ddd; }
      th { background: #f4f4f4; text-align: left; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
      .muted { color: #666; } .note { background: #fff8e0; padding: .5em 1em; border-left: 3px solid #e0b000; }
      svg text { font: 12px system-ui, sans-serif; fill: #333; }
      .grid { stroke: #eee; } .axis { stroke: #555; } .series { fill: none; stroke-width: 2; }
      .precision { stroke: #1f77b4; } .recall { stroke: #ff7f0e; } .f1 { stroke: #2ca02c; stroke-width: 3; }
      .exact-set { stroke: #9467bd; } .cluster-f1 { stroke: #8c564b; stroke-dasharray: 6 3; }
      .bcubed-f1 { stroke: #e377c2; stroke-dasharray: 2 3; }
      .threshold-marker { stroke: #d62728; stroke-width: 2; stroke-dasharray: 5 4; }
      .best-marker { fill: #2ca02c; stroke: #fff; stroke-width: 2; }
      .marker-label { paint-order: stroke; stroke: #fff; stroke-width: 3px; }
      details.error { margin: .6em 0; padding: .3em .8em; border: 1px solid #e3e3e3; border-radius: 4px; }
      details.error > summary { cursor: pointer; font-weight: 600; }
      ul.explanation { margin: .2em 0; padding-left: 1.3em; } ul.explanation li { margin: .1em 0; }
      .kind { font-size: .8em; color: #fff; background: #777; border-radius: 3px; padding: 0 .35em; }
      .result { font-weight: 600; } dl.record { display: grid; grid-template-columns: max-content auto;
      gap: 0 1em; margin: .3em 0; } dl.record dt { color: #666; } dl.record dd { margin: 0; }
      """;

  private HtmlReport() {}

  /**
   * The page.
   *
   * @param summary what {@code deja eval --json} prints
   * @param noSweep why no sweep was run, when none was
   * @param clusters records files: the predicted clusters
   */
  static String render(Map<String, Object> summary, Optional<String> noSweep, Optional<Clusters> clusters) {
    StringBuilder b = new StringBuilder();
    String title = "deja eval — preset " + summary.get("preset") + " on " + fileName(summary.get("data"));
    b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
        .append(esc(title)).append("</title>\n<style>\n").append(CSS).append("</style>\n</head>\n<body>\n");
    b.append("<h1>").append(esc(title)).append("</h1>\n");
    b.append("<p class=\"muted\">").append(esc(String.valueOf(summary.get("kind")))).append(" file ")
        .append(esc(String.valueOf(summary.get("data")))).append(", ").append(summary.get("n"))
        .append(summary.get("kind").equals("records") ? " records" : summary.get("kind").equals("pairs") ? " pairs"
            : " checks");
    if (summary.get("stage") != null) {
      b.append("; target stage <b>").append(esc(String.valueOf(summary.get("stage")))).append("</b>: ")
          .append(esc(String.valueOf(summary.get("measure")))).append(", threshold ")
          .append(number(summary.get("threshold")));
    }
    b.append("</p>\n");
    figures(b, summary);
    confusion(b, summary);
    sweep(b, summary, noSweep);
    perNote(b, summary);
    clusters.ifPresent(c -> clusters(b, c));
    errors(b, summary);
    return b.append("</body>\n</html>\n").toString();
  }

  /** Writes the page, or says plainly why it cannot. */
  static void write(Path file, String html) {
    try {
      Files.writeString(file, html, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new InvalidInputException("--report: cannot write " + file + ": " + e.getMessage());
    }
  }

  /** Checks before the evaluation runs that the report can be written where asked. */
  static void checkWritable(Path file) {
    Path parent = file.toAbsolutePath().getParent();
    if (Files.isDirectory(file)) {
      throw new InvalidInputException("--report: " + file + " is a directory; give a file name such as "
          + file.resolve("report.html"));
    }
    if (parent == null || !Files.isDirectory(parent)) {
      throw new InvalidInputException("--report: the directory " + parent + " does not exist");
    }
  }

  private static void figures(StringBuilder b, Map<String, Object> s) {
    b.append("<h2>Figures</h2>\n<table class=\"figures\">\n");
    row(b, "precision", s.get("precision"));
    row(b, "recall", s.get("recall"));
    row(b, "F1", s.get("f1"));
    row(b, "accuracy", s.get("accuracy"));
    if (s.containsKey("exact_set_accuracy")) {
      row(b, "exact-set accuracy", s.get("exact_set_accuracy"));
    }
    if (s.get("best_threshold") != null) {
      row(b, "best threshold (sweep)", s.get("best_threshold"));
      row(b, "F1 at the best threshold", s.get("best_f1"));
    }
    row(b, "possible duplicates (share of checks)", s.get("possible_share"));
    row(b, "µs per check, mean", s.get("micros_mean"));
    row(b, "µs per check, p99", s.get("micros_p99"));
    if (s.get("judge") instanceof Map<?, ?> j) {
      row(b, "judge calls per 1,000 checks", j.get("calls_per_1000_checks"));
    }
    b.append("</table>\n");
    if (s.get("clusters") instanceof Map<?, ?> c) {
      b.append("<h3>Clusters</h3>\n<table class=\"cluster-figures\">\n");
      row(b, "predicted clusters", c.get("predicted"));
      row(b, "true clusters", c.get("true"));
      row(b, "true clusters reproduced exactly", c.get("exact"));
      row(b, "pairwise precision (against the truth's transitive closure)", c.get("precision"));
      row(b, "pairwise recall", c.get("recall"));
      row(b, "pairwise F1", c.get("f1"));
      row(b, "B-cubed precision", c.get("bcubed_precision"));
      row(b, "B-cubed recall", c.get("bcubed_recall"));
      row(b, "B-cubed F1", c.get("bcubed_f1"));
      b.append("</table>\n");
    }
  }

  private static void row(StringBuilder b, String label, Object value) {
    b.append("<tr><th>").append(esc(label)).append("</th><td class=\"num\">").append(number(value))
        .append("</td></tr>\n");
  }

  private static void confusion(StringBuilder b, Map<String, Object> s) {
    boolean pairs = !"scenario".equals(s.get("kind"));
    b.append("<h2>Confusion counts</h2>\n<p class=\"muted\">").append(switch (String.valueOf(s.get("kind"))) {
      case "scenario" -> "Over (check, stored id) pairs.";
      case "records" -> "Over all pairs of records: a link is a predicted duplicate.";
      default -> "Per labelled pair.";
    }).append(" At the configured threshold.</p>\n");
    b.append("<table class=\"confusion\">\n<tr><th></th><th>predicted duplicate</th><th>predicted new</th></tr>\n");
    b.append("<tr><th>duplicate</th><td class=\"num\" data-key=\"tp\">").append(s.get("tp"))
        .append("</td><td class=\"num\" data-key=\"fn\">").append(s.get("fn")).append("</td></tr>\n");
    b.append("<tr><th>not duplicate</th><td class=\"num\" data-key=\"fp\">").append(s.get("fp"))
        .append("</td><td class=\"num\" data-key=\"tn\">").append(pairs ? String.valueOf(s.get("tn")) : "—")
        .append("</td></tr>\n</table>\n");
  }

  @SuppressWarnings("unchecked")
  private static void sweep(StringBuilder b, Map<String, Object> s, Optional<String> noSweep) {
    b.append("<h2>Threshold sweep</h2>\n");
    if (!(s.get("sweep") instanceof List<?> list) || list.isEmpty()) {
      b.append("<p class=\"note no-sweep\">No threshold sweep was run: ")
          .append(esc(noSweep.orElse("this evaluation has none."))).append("</p>\n");
      return;
    }
    List<Map<String, Object>> rows = new ArrayList<>();
    list.forEach(r -> rows.add((Map<String, Object>) r));
    OptionalDouble configured = s.get("threshold") instanceof Number n ? OptionalDouble.of(n.doubleValue())
        : OptionalDouble.empty();
    OptionalDouble best = s.get("best_threshold") instanceof Number n ? OptionalDouble.of(n.doubleValue())
        : OptionalDouble.empty();
    b.append("<p class=\"muted\">The target stage's threshold moved from 0 to 1; the dashed red line is the "
        + "configured threshold, the dot the best F1.</p>\n");
    b.append(SweepChart.svg(rows, configured, best));
    b.append("<details><summary>The sweep as a table</summary>\n<table class=\"sweep\">\n<tr><th>threshold</th>");
    List<SweepChart.Series> shown = SweepChart.SERIES.stream().filter(x -> rows.get(0).containsKey(x.key()))
        .toList();
    for (SweepChart.Series x : shown) {
      b.append("<th>").append(esc(x.label())).append("</th>");
    }
    b.append("<th>tp</th><th>fp</th><th>fn</th></tr>\n");
    for (Map<String, Object> r : rows) {
      b.append("<tr><td class=\"num\">").append(number(r.get("threshold"))).append("</td>");
      for (SweepChart.Series x : shown) {
        b.append("<td class=\"num\">").append(number(r.get(x.key()))).append("</td>");
      }
      b.append("<td class=\"num\">").append(r.get("tp")).append("</td><td class=\"num\">").append(r.get("fp"))
          .append("</td><td class=\"num\">").append(r.get("fn")).append("</td></tr>\n");
    }
    b.append("</table>\n</details>\n");
  }

  private static void perNote(StringBuilder b, Map<String, Object> s) {
    if (s.get("by_note") instanceof Map<?, ?> notes && !notes.isEmpty()) {
      b.append("<h2>Errors per type of note</h2>\n<p class=\"muted\">The data's notes, by their first clause.</p>\n")
          .append("<table class=\"by-note\">\n<tr><th>note type</th><th>n</th><th>wrong</th><th>share wrong</th>"
              + "</tr>\n");
      // The types with errors first (most errors first), then by name.
      List<Map.Entry<?, ?>> sorted = new ArrayList<>(notes.entrySet());
      sorted.sort(java.util.Comparator.comparingInt((Map.Entry<?, ?> e) -> -count(e.getValue(), "wrong"))
          .thenComparing(e -> String.valueOf(e.getKey())));
      sorted.forEach(e -> {
        Object k = e.getKey();
        int n = count(e.getValue(), "n");
        int wrong = count(e.getValue(), "wrong");
        b.append("<tr><td>").append(esc(String.valueOf(k))).append("</td><td class=\"num\">").append(n)
            .append("</td><td class=\"num\">").append(wrong).append("</td><td class=\"num\">")
            .append(number(n == 0 ? 0.0 : (double) wrong / n)).append("</td></tr>\n");
      });
      b.append("</table>\n");
    }
    if (s.get("categories") instanceof Map<?, ?> cats && !cats.isEmpty()) {
      b.append("<h2>Per category</h2>\n<table class=\"categories\">\n<tr><th>category</th><th>checks</th>"
          + "<th>exact-set accuracy</th></tr>\n");
      cats.forEach((k, v) -> {
        Map<?, ?> x = (Map<?, ?>) v;
        b.append("<tr><td>").append(esc(String.valueOf(k))).append("</td><td class=\"num\">").append(x.get("n"))
            .append("</td><td class=\"num\">").append(number(x.get("exact_set_accuracy"))).append("</td></tr>\n");
      });
      b.append("</table>\n");
    }
  }

  private static int count(Object map, String key) {
    return ((Number) ((Map<?, ?>) map).get(key)).intValue();
  }

  private static void clusters(StringBuilder b, Clusters c) {
    List<TreeSet<String>> shown = c.clusters().stream().filter(x -> x.size() > 1).toList();
    int listed = Math.min(c.shown(), shown.size());
    b.append("<h2>Predicted clusters</h2>\n<p class=\"muted\">").append(shown.size())
        .append(" clusters of more than one record, largest first");
    if (shown.size() > listed) {
      b.append("; the first ").append(listed).append(" are listed");
    }
    b.append(".</p>\n");
    for (TreeSet<String> cluster : shown.subList(0, listed)) {
      // A short list opens; a long one is a list of summaries to open one by one.
      b.append(listed <= 10 ? "<details class=\"cluster\" open>" : "<details class=\"cluster\">").append("<summary>")
          .append(cluster.size()).append(" records: ")
          .append(esc(String.join(", ", cluster))).append("</summary>\n<table>\n<tr><th>id</th><th>record</th></tr>\n");
      for (String id : cluster) {
        b.append("<tr><td>").append(esc(id)).append("</td><td>");
        record(b, c.records().get(id));
        b.append("</td></tr>\n");
      }
      b.append("</table>\n<table class=\"links\">\n<tr><th>link</th><th>score</th><th>stage</th><th>reason</th>"
          + "</tr>\n");
      for (Dedupe.Link l : c.links()) {
        if (cluster.contains(l.a()) && cluster.contains(l.b())) {
          b.append("<tr><td>").append(esc(l.a() + " ↔ " + l.b())).append("</td><td class=\"num\">")
              .append(number(l.score())).append("</td><td>").append(esc(l.stage())).append("</td><td>")
              .append(esc(l.reason())).append("</td></tr>\n");
        }
      }
      b.append("</table>\n</details>\n");
    }
    if (shown.size() > listed) {
      b.append("<p class=\"more-clusters\">… and ").append(shown.size() - listed)
          .append(" more clusters (the --json output and 'deja dedupe' give them all).</p>\n");
    }
  }

  private static void errors(StringBuilder b, Map<String, Object> s) {
    List<?> worst = s.get("worst_errors") instanceof List<?> l ? l : List.of();
    b.append("<h2>Wrong decisions</h2>\n");
    if (worst.isEmpty()) {
      b.append("<p>None among the decisions kept (--worst).</p>\n");
      return;
    }
    b.append("<p class=\"muted\">The ").append(worst.size()).append(" most confident: false duplicates with the "
        + "highest score first, then missed duplicates; each with its explanation tree.</p>\n");
    for (Object o : worst) {
      Map<?, ?> w = (Map<?, ?>) o;
      b.append("<details class=\"error\" open><summary>").append(esc(String.valueOf(w.get("id")))).append(": ")
          .append(Boolean.TRUE.equals(w.get("false_positive")) ? "false duplicate" : "missed duplicate")
          .append(" — expected ").append(esc(String.valueOf(w.get("expected")))).append(", got ")
          .append(esc(String.valueOf(w.get("got")))).append(", score ").append(number(w.get("score")))
          .append("</summary>\n<p class=\"muted\">").append(esc(String.valueOf(w.get("note")))).append("</p>\n");
      b.append("<p>checked:</p>");
      record(b, w.get("new"));
      b.append("<p>against:</p>");
      record(b, w.get("existing"));
      if (w.get("explanation") instanceof Map<?, ?> tree) {
        b.append("<ul class=\"explanation\">\n");
        node(b, tree);
        b.append("</ul>\n");
      }
      b.append("</details>\n");
    }
  }

  private static void record(StringBuilder b, Object fields) {
    if (fields instanceof Map<?, ?> m) {
      b.append("<dl class=\"record\">");
      m.forEach((k, v) -> b.append("<dt>").append(esc(String.valueOf(k))).append("</dt><dd>")
          .append(esc(String.valueOf(v))).append("</dd>"));
      b.append("</dl>\n");
    } else {
      b.append("<p class=\"record\">").append(esc(String.valueOf(fields))).append("</p>\n");
    }
  }

  /** An explanation node as {@code Views.explanation} writes it, and its details as a nested list. */
  private static void node(StringBuilder b, Map<?, ?> e) {
    b.append("<li><span class=\"kind\">").append(esc(String.valueOf(e.get("kind")))).append("</span> <b>")
        .append(esc(String.valueOf(e.get("name")))).append("</b> → <span class=\"result\">")
        .append(esc(String.valueOf(e.get("result")))).append("</span>");
    if (e.get("message") != null) {
      b.append(": ").append(esc(String.valueOf(e.get("message"))));
    }
    List<String> facts = new ArrayList<>();
    if (e.get("score") != null) {
      facts.add("score " + number(e.get("score")));
    }
    if (e.get("threshold") != null) {
      facts.add("threshold " + number(e.get("threshold")));
    }
    for (String key : List.of("values", "evidence")) {
      if (e.get(key) instanceof Map<?, ?> m) {
        m.forEach((k, v) -> facts.add(esc(k + " = " + v)));
      }
    }
    if (!facts.isEmpty()) {
      b.append(" <span class=\"muted\">(").append(String.join("; ", facts)).append(")</span>");
    }
    if (e.get("details") instanceof List<?> details && !details.isEmpty()) {
      b.append("\n<ul>\n");
      for (Object d : details) {
        node(b, (Map<?, ?>) d);
      }
      b.append("</ul>");
    }
    b.append("</li>\n");
  }

  /** A figure as the page shows it: integers as they are, fractions to four places, none as a dash. */
  static String number(Object v) {
    if (v instanceof Double d) {
      return String.format(Locale.ROOT, "%.4f", d).replaceFirst("(\\.\\d\\d)0+$", "$1");
    }
    return v == null ? "—" : esc(String.valueOf(v));
  }

  private static String fileName(Object path) {
    String p = String.valueOf(path);
    return Path.of(p).getFileName() == null ? p : Path.of(p).getFileName().toString();
  }

  /** HTML-escaped text, for element content and quoted attribute values alike. */
  static String esc(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append("&#39;");
        default -> b.append(c);
      }
    }
    return b.toString();
  }
}
