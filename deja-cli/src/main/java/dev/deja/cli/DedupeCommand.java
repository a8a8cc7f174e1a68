package dev.deja.cli;

import dev.deja.cli.Dedupe.Link;
import dev.deja.cli.eval.Progress;
import dev.deja.core.InvalidInputException;
import dev.deja.core.cluster.KeepRule;
import dev.deja.core.cluster.OneToOne;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.item.StoredItem;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.format.BatchRows;
import dev.deja.format.Json;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code deja dedupe}: group the duplicates already present in a set of items, for batch resolution. */
@Command(name = "dedupe", mixinStandardHelpOptions = true,
    description = "Find the duplicates already present in a file of items (JSON Lines, or CSV by the .csv extension) "
        + "and group them into clusters for batch resolution: every item is checked against all the others with the "
        + "preset's cascade; clusters use complete linkage (every pair in a cluster is a duplicate), so one weak link "
        + "never chains two groups together; links left out are listed as related. Items with an excluded status "
        + "(archived) are left out. The file is read one line at a time; the items are held in an in-memory store "
        + "(the index the checks need), so memory grows with the number of items, not with the size of each line "
        + "read. Exit code 1 when there are duplicates, 0 when there are none; when no two items could be compared "
        + "(an empty file, one item, no two of one tenant) a note on stderr says so.",
    footer = {"", "Examples:",
        "  deja dedupe --preset glossary definitions.jsonl --out duplicates.md",
        "  deja dedupe --config deja.yaml --preset products products.csv --csv > clustered.csv",
        "", "CSV out (--csv, or --out FILE.csv): every input row, in input order, with two columns in front: "
            + "cluster_id (items of one cluster share it; an item in no cluster has its own) and keep (true for the "
            + "member to keep — by --keep: the one linked most strongly to the others by default — and for items in "
            + "no cluster). --out "
            + "FILE.jsonl writes the same as JSON Lines; any other --out name gets the Markdown report."})
final class DedupeCommand implements Callable<Integer> {
  @Mixin
  ConfigOptions config;

  @Parameters(index = "0", paramLabel = "FILE", description = "The items: JSON Lines (flat, or {\"id\", "
      + "\"record\"}) or CSV (a header; columns id, tenant and the preset's fields).")
  Path file;

  @Option(names = "--tenant", defaultValue = "default", paramLabel = "TENANT",
      description = "Tenant of items that name none (default: ${DEFAULT-VALUE}).")
  String tenant;

  @Option(names = "--out", paramLabel = "FILE", description = "Also write the result to this file: FILE.csv the "
      + "rows with their cluster ids (as --csv), FILE.jsonl the same as JSON Lines, any other name the Markdown "
      + "report.")
  Path out;

  @Option(names = "--json", description = "Print one JSON object instead of the report.")
  boolean json;

  @Option(names = "--across", paramLabel = "FIELD",
      description = "Two-source linkage: items with the same value of this field (e.g. source) are never linked; "
          + "only links across the sources are kept and clustered.")
  String across;

  @Option(names = "--keep", paramLabel = "RULE", defaultValue = "linked",
      description = "Which member of a cluster to keep: linked (the one linked most strongly to the others; the "
          + "default), complete (the most fields with a value), first (the first in the file), max:FIELD (the "
          + "highest value of a field, e.g. max:updated_at for the newest), min:FIELD (the lowest). Ties: the "
          + "smallest id.")
  String keep;

  @Option(names = "--one-to-one",
      description = "With --across: each item keeps at most one link, the strongest (greedy, strongest first): for "
          + "two clean sources, where an item has at most one partner in the other.")
  boolean oneToOne;

  @Option(names = "--csv", description = "Print the input rows with cluster_id and keep columns as CSV instead of "
      + "the report.")
  boolean csv;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec cmd;

  /** The rule that picks each cluster's member to keep, from {@code --keep}. */
  private KeepRule rule;

  @Override
  public Integer call() {
    if (json && csv) {
      throw new InvalidInputException("give --json or --csv, not both");
    }
    CollectionSpec spec = config.spec();
    rule = KeepRule.parse(keep, spec);
    if (oneToOne && across == null) {
      throw new InvalidInputException("--one-to-one: links two sources one to one; give --across FIELD too (e.g. "
          + "--across source)");
    }
    DejaCollection c = config.inMemory(spec, "item-%05d");
    PrintWriter err = cmd.commandLine().getErr();
    Map<String, StoredItem> stored = new LinkedHashMap<>();
    long lines = Batch.lines(file);
    Map<String, String> side = new java.util.HashMap<>();
    try (ItemFile f = ItemFile.open(file, spec); Progress p = Progress.of(err, "reading", lines, 2_000)) {
      if (across != null && !spec.fields().containsKey(across)) {
        f.dropping(java.util.Set.of(across));
      }
      Batch.noteIgnoredColumns(err, "dedupe", f, spec.name());
      Batch.store(c, f, tenant, p, (row, s) -> {
        stored.put(s.id(), s);
        if (across != null) {
          side.put(s.id(), sideOf(row));
        }
      });
    }
    Dedupe.Result r;
    try (Progress p = Progress.of(err, "dedupe", stored.size(), 200)) {
      r = Dedupe.link(c, stored, p, (item, verdict, nanos) -> { });
    }
    noteWhenNothingWasCompared(err, r, spec);
    Map<String, StoredItem> items = r.items();
    Map<String, Link> links = r.links();
    List<TreeSet<String>> clusters = r.clusters();
    List<Link> related = r.related();
    if (across != null) {
      links = new TreeMap<>(links);
      links.values().removeIf(l -> side.get(l.a()).equals(side.get(l.b())));
      if (oneToOne) {
        links = OneToOne.of(links);
      }
      Dedupe.Clusters cl = Dedupe.cluster(items.keySet(), links);
      clusters = cl.clusters();
      related = cl.related();
    }
    String display = spec.fields().keySet().iterator().next();
    Map<TreeSet<String>, List<Link>> within = Dedupe.within(clusters, links);

    PrintWriter stdout = cmd.commandLine().getOut();
    if (json) {
      writeJson(stdout, items.size(), links.size(), clusters, within, related, items);
    } else if (csv) {
      writeRows(stdout, true, r, clusters, within, spec);
    } else {
      report(stdout, items, clusters, within, links.size(), related, display);
    }
    if (out != null) {
      List<TreeSet<String>> finalClusters = clusters;
      List<Link> finalRelated = related;
      int linkCount = links.size();
      Batch.writeFile(out, w -> {
        switch (ItemFile.formatOf(out) == ItemFile.Format.CSV ? "csv"
            : out.toString().endsWith(".jsonl") ? "jsonl" : "md") {
          case "csv" -> writeRows(w, true, r, finalClusters, within, spec);
          case "jsonl" -> writeRows(w, false, r, finalClusters, within, spec);
          default -> {
            PrintWriter pw = new PrintWriter(w);
            report(pw, items, finalClusters, within, linkCount, finalRelated, display);
            pw.flush();
          }
        }
      });
    }
    stdout.flush();
    return clusters.isEmpty() ? Main.OK : Main.DUPLICATE;
  }

  /**
   * Every input row, in input order, with its cluster id and whether to keep it: the file is read a second time (row
   * k was stored as the k-th item), so that the rows are not held in memory. Clusters are numbered in report order;
   * an item in no cluster gets the next free number.
   */
  private void writeRows(java.io.Writer w, boolean asCsv, Dedupe.Result r, List<TreeSet<String>> clusters,
      Map<TreeSet<String>, List<Link>> within, CollectionSpec spec) {
    Map<String, Integer> clusterOf = new java.util.HashMap<>();
    Map<String, Boolean> keep = new java.util.HashMap<>();
    int n = 0;
    for (TreeSet<String> cl : clusters) {
      n++;
      String k = rule.keeper(cl, within.get(cl), r.items());
      for (String id : cl) {
        clusterOf.put(id, n);
        keep.put(id, id.equals(k));
      }
    }
    java.util.Iterator<String> ids = r.items().keySet().iterator();
    try (ItemFile f = ItemFile.open(file, spec)) {
      List<String> columns = new ArrayList<>(List.of("cluster_id", "keep"));
      if (f.format() == ItemFile.Format.CSV) {
        columns.addAll(f.header());
      } else {
        columns.add("id");
        columns.addAll(spec.fields().keySet());
      }
      try (Batch.RowWriter rows = asCsv ? Batch.RowWriter.csv(w, columns) : Batch.RowWriter.jsonLines(w)) {
        while (f.hasNext()) {
          ItemFile.Row row = f.next();
          String id = ids.next();
          Integer cluster = clusterOf.get(id);
          if (cluster == null) {
            cluster = ++n;
          }
          Map<String, Object> m = new LinkedHashMap<>();
          m.put("cluster_id", cluster);
          m.put("keep", keep.getOrDefault(id, true));
          if (f.format() == ItemFile.Format.CSV) {
            m.putAll(row.raw());
          } else {
            m.put("id", id);
            m.putAll(row.item().fields());
          }
          rows.write(m);
        }
      }
    }
  }

  /**
   * The result as one JSON object, written as it is made (a million-record run has hundreds of thousands of clusters:
   * the text is never held whole).
   */
  private void writeJson(PrintWriter stdout, int itemCount, int linkCount, List<TreeSet<String>> clusters,
      Map<TreeSet<String>, List<Link>> within, List<Link> related, Map<String, StoredItem> items) {
    try {
      com.fasterxml.jackson.core.JsonGenerator g = Json.MAPPER.getFactory().createGenerator(stdout);
      g.disable(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET);
      g.writeStartObject();
      g.writeStringField("preset", config.preset);
      g.writeNumberField("items", itemCount);
      g.writeNumberField("links", linkCount);
      if (across != null) {
        g.writeStringField("across", across);
        g.writeBooleanField("one_to_one", oneToOne);
      }
      g.writeArrayFieldStart("clusters");
      for (TreeSet<String> cl : clusters) {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("keep", rule.keeper(cl, within.get(cl), items));
        x.put("members", new ArrayList<>(cl));
        x.put("links", within.get(cl).stream().map(DedupeCommand::linkJson).toList());
        g.writeObject(x);
      }
      g.writeEndArray();
      g.writeArrayFieldStart("related_not_merged");
      for (Link l : related) {
        g.writeObject(linkJson(l));
      }
      g.writeEndArray();
      g.writeEndObject();
      g.flush();
      stdout.println();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** A row's value of the {@code --across} field, which every item must have. */
  private String sideOf(ItemFile.Row row) {
    Object v = row.raw().get(across);
    if (v == null && row.raw().get("record") instanceof Map<?, ?> rec) {
      v = rec.get(across);
    }
    if (!(v instanceof String s) || s.isBlank()) {
      throw new InvalidInputException(row.where() + ": no '" + across + "' value (--across " + across + ")");
    }
    return s;
  }

  /**
   * Says on stderr when no two items could be compared, so that "0 duplicates" is never read as "the data is clean":
   * an empty file, one item, or no two items of one tenant outside the excluded statuses.
   */
  private void noteWhenNothingWasCompared(PrintWriter err, Dedupe.Result r, CollectionSpec spec) {
    Map<String, Integer> comparable = new TreeMap<>();
    for (StoredItem s : r.items().values()) {
      if (!spec.excludedStatuses().contains(s.keys().status())) {
        comparable.merge(s.tenant(), 1, Integer::sum);
      }
    }
    if (comparable.values().stream().anyMatch(n -> n > 1)) {
      return;
    }
    int n = r.items().size();
    err.println("deja dedupe: note: " + (n == 0 ? file + " has no items: nothing was compared"
        : n == 1 ? file + " has one item: there is nothing to compare it with"
        : "no two of the " + n + " items of " + file + " could be compared (items of different tenants, and items "
            + "with an excluded status " + spec.excludedStatuses() + ", are never compared)"));
    err.flush();
  }

  private static Map<String, Object> linkJson(Link l) {
    return BatchRows.linkJson(l.a(), l.b(), l.score(), l.stage(), l.reason());
  }

  /** The Markdown report, written as it is made (never held whole: a large run has many clusters). */
  private void report(PrintWriter sb, Map<String, StoredItem> items, List<TreeSet<String>> clusters,
      Map<TreeSet<String>, List<Link>> within, int links, List<Link> related, String display) {
    sb.append("# Duplicates in ").append(String.valueOf(file.getFileName())).append(" (preset ").append(config.preset).append(")\n\n");
    sb.append(String.format(Locale.ROOT, "%d items, %d duplicate links, %d cluster(s), %d related link(s) not merged.%n%n",
        items.size(), links, clusters.size(), related.size()));
    int n = 0;
    for (TreeSet<String> cl : clusters) {
      n++;
      String keep = rule.keeper(cl, within.get(cl), items);
      sb.append("## Cluster ").append(String.valueOf(n)).append(" (").append(String.valueOf(cl.size())).append(" items) — keep ").append(keep)
          .append("\n\n");
      for (String id : cl) {
        sb.append("- [").append(id.equals(keep) ? "keep" : "merge").append("] ").append(id).append(": ")
            .append(Render.summary(items.get(id).item().fields())).append('\n');
      }
      sb.append("\nEvidence:\n\n");
      for (Link l : within.get(cl)) {
        sb.append(String.format(Locale.ROOT, "- %s ↔ %s: %s, score %.4f — %s%n", l.a(), l.b(), l.stage(), l.score(),
            l.reason()));
      }
      sb.append('\n');
    }
    if (!related.isEmpty()) {
      sb.append("## Related, not merged\n\nThese links join items of different clusters whose other members are not "
          + "duplicates of each other (a chain through one link); review them one by one.\n\n");
      for (Link l : related) {
        sb.append(String.format(Locale.ROOT, "- %s ↔ %s: %s, score %.4f — %s (%s / %s)%n", l.a(), l.b(), l.stage(),
            l.score(), l.reason(), items.get(l.a()).item().findString(display).orElse(""),
            items.get(l.b()).item().findString(display).orElse("")));
      }
    }
  }
}
