package dev.deja.cli;

import dev.deja.cli.Dedupe.Link;
import dev.deja.cli.eval.Progress;
import dev.deja.core.InvalidInputException;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.item.StoredItem;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.store.MemoryCollectionStore;
import dev.deja.format.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code deja dedupe}: group the duplicates already present in a set of items, for batch resolution. */
@Command(name = "dedupe", mixinStandardHelpOptions = true,
    description = "Find the duplicates already present in a JSON Lines file of items and group them into clusters "
        + "for batch resolution: every item is checked against all the others with the preset's cascade; clusters "
        + "use complete linkage (every pair in a cluster is a duplicate), so one weak link never chains two groups "
        + "together; links left out are listed as related. Items with an excluded status (archived) are left out. "
        + "Exit code 1 when there are duplicates, 0 when there are none; when no two items could be compared (an "
        + "empty file, one item, no two of one tenant) a note on stderr says so.",
    footer = {"", "Example:",
        "  deja dedupe --preset glossary definitions.jsonl --out duplicates.md"})
final class DedupeCommand implements Callable<Integer> {
  @Mixin
  ConfigOptions config;

  @Parameters(index = "0", paramLabel = "FILE", description = "JSON Lines of items (flat, or {\"id\", \"record\"}).")
  Path file;

  @Option(names = "--tenant", defaultValue = "default", paramLabel = "TENANT",
      description = "Tenant of items that name none (default: ${DEFAULT-VALUE}).")
  String tenant;

  @Option(names = "--out", paramLabel = "FILE", description = "Also write the report as Markdown to this file.")
  Path out;

  @Option(names = "--json", description = "Print one JSON object instead of the report.")
  boolean json;

  @Option(names = "--across", paramLabel = "FIELD",
      description = "Two-source linkage: items with the same value of this field (e.g. source) are never linked; "
          + "only links across the sources are kept and clustered.")
  String across;

  @Option(names = "--one-to-one",
      description = "With --across: each item keeps at most one link, the strongest (greedy, strongest first): for "
          + "two clean sources, where an item has at most one partner in the other.")
  boolean oneToOne;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec cmd;

  @Override
  public Integer call() {
    CollectionSpec spec = config.spec();
    if (oneToOne && across == null) {
      throw new InvalidInputException("--one-to-one: links two sources one to one; give --across FIELD too (e.g. "
          + "--across source)");
    }
    AtomicLong seq = new AtomicLong();
    DejaCollection c = DejaCollection.builder(spec).store(new MemoryCollectionStore(spec.name()))
        .embedders(config.embedders()).judges(config.judges())
        .ids(() -> String.format("item-%05d", seq.incrementAndGet())).build();
    List<Items.Entry> entries = Items.fromFile(file);
    Map<String, String> side = across == null ? Map.of() : sides(entries, spec);
    PrintWriter err = cmd.commandLine().getErr();
    Dedupe.Result r;
    try (Progress p = Progress.of(err, "dedupe", entries.size(), 200)) {
      r = Dedupe.run(c, entries, tenant, p, (item, verdict, nanos) -> { });
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

    if (json) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("preset", config.preset);
      m.put("items", items.size());
      m.put("links", links.size());
      if (across != null) {
        m.put("across", across);
        m.put("one_to_one", oneToOne);
      }
      List<Object> cs = new ArrayList<>();
      for (TreeSet<String> cl : clusters) {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("keep", keeper(cl, within.get(cl)));
        x.put("members", new ArrayList<>(cl));
        x.put("links", within.get(cl).stream().map(DedupeCommand::linkJson).toList());
        cs.add(x);
      }
      m.put("clusters", cs);
      m.put("related_not_merged", related.stream().map(DedupeCommand::linkJson).toList());
      cmd.commandLine().getOut().println(Json.write(m));
    } else {
      cmd.commandLine().getOut().print(report(items, clusters, within, links.size(), related, display));
    }
    if (out != null) {
      try {
        Files.writeString(out, report(items, clusters, within, links.size(), related, display));
      } catch (IOException e) {
        throw new InvalidInputException(out + ": cannot write: " + e.getMessage(), e);
      }
    }
    cmd.commandLine().getOut().flush();
    return clusters.isEmpty() ? Main.OK : Main.DUPLICATE;
  }

  /**
   * Each item's value of the {@code --across} field, which every item must have; the field is dropped from the items
   * unless the collection declares it (so that a preset without it accepts them).
   */
  private Map<String, String> sides(List<Items.Entry> entries, CollectionSpec spec) {
    Map<String, String> side = new java.util.HashMap<>();
    for (int i = 0; i < entries.size(); i++) {
      Items.Entry e = entries.get(i);
      Object v = e.item().fields().get(across);
      if (!(v instanceof String s) || s.isBlank()) {
        throw new InvalidInputException(file + ": item " + e.id().orElse("#" + (i + 1)) + " has no '" + across
            + "' value (--across " + across + ")");
      }
      side.put(e.id().orElseThrow(() -> new InvalidInputException(file + ": item #" + side.size()
          + " has no id; --across needs an id on every item")), s);
      if (!spec.fields().containsKey(across)) {
        Map<String, Object> fields = new java.util.LinkedHashMap<>(e.item().fields());
        fields.remove(across);
        entries.set(i, new Items.Entry(e.id(), e.tenant(), new dev.deja.core.item.Item(fields)));
      }
    }
    return side;
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
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("a", l.a());
    m.put("b", l.b());
    m.put("score", Math.round(l.score() * 10_000) / 10_000.0);
    m.put("stage", l.stage());
    m.put("reason", l.reason());
    return m;
  }

  /** The member to keep: the one linked most strongly to the others, then the smallest id. */
  private static String keeper(TreeSet<String> cluster, List<Link> within) {
    Map<String, Double> strength = new TreeMap<>();
    for (Link l : within) {
      strength.merge(l.a(), l.score(), Double::sum);
      strength.merge(l.b(), l.score(), Double::sum);
    }
    String best = cluster.first();
    double bestStrength = -1;
    for (Map.Entry<String, Double> e : strength.entrySet()) { // ids ascending: ties keep the smallest id
      if (e.getValue() > bestStrength) {
        best = e.getKey();
        bestStrength = e.getValue();
      }
    }
    return best;
  }

  private String report(Map<String, StoredItem> items, List<TreeSet<String>> clusters,
      Map<TreeSet<String>, List<Link>> within, int links, List<Link> related, String display) {
    StringBuilder sb = new StringBuilder();
    sb.append("# Duplicates in ").append(file.getFileName()).append(" (preset ").append(config.preset).append(")\n\n");
    sb.append(String.format(Locale.ROOT, "%d items, %d duplicate links, %d cluster(s), %d related link(s) not merged.%n%n",
        items.size(), links, clusters.size(), related.size()));
    int n = 0;
    for (TreeSet<String> cl : clusters) {
      n++;
      String keep = keeper(cl, within.get(cl));
      sb.append("## Cluster ").append(n).append(" (").append(cl.size()).append(" items) — keep ").append(keep)
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
    return sb.toString();
  }
}
