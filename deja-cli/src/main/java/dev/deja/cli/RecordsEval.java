package dev.deja.cli;

import dev.deja.cli.Dedupe.Link;
import dev.deja.cli.eval.EvalResult;
import dev.deja.cli.eval.Evaluator;
import dev.deja.cli.eval.Progress;
import dev.deja.core.InvalidInputException;
import dev.deja.core.cluster.OneToOne;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.Match;
import dev.deja.core.engine.Outcome;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.eval.Confusion;
import dev.deja.core.eval.LatencyStats;
import dev.deja.core.eval.LinkageScore;
import dev.deja.core.explain.Explanation;
import dev.deja.core.item.Item;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.store.CollectionStore;
import dev.deja.format.Datasets;
import dev.deja.format.Json;
import dev.deja.format.Views;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.DoubleFunction;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * {@code deja eval} on a {@code records.jsonl} + {@code truth.jsonl} set: scores batch de-duplication or two-source
 * linkage as {@code deja dedupe} does it ({@link Dedupe}: every record checked against all the others, links grouped
 * by complete linkage), against the truth's duplicate pairs.
 *
 * <p>Links are scored pairwise over all pairs of records; clusters pairwise against the truth's transitive closure,
 * by B-cubed, and by the share of true clusters reproduced exactly ({@link LinkageScore}). With {@code --across
 * FIELD} (two-source linkage, where records of one source are never duplicates) links between two records with the
 * same value of the field are dropped before clustering. The sweep is one more run in which the target stage reports
 * every candidate it compares with its score (threshold 0); each row keeps the target stage's links scoring at or
 * above the row's threshold, and every other stage's links.
 *
 * <p>Not thread-safe.
 */
final class RecordsEval {
  private static final String TENANT = "eval";

  /**
   * What to evaluate and how to report it.
   *
   * @param preset the preset name, for the report
   * @param records the records file
   * @param truth the truth file
   * @param across the field whose equal values are never linked (two-source linkage), if any
   * @param oneToOne whether each record keeps at most one link, the strongest ({@link OneToOne})
   * @param ignoredFields record fields dropped before checking
   * @param stage the target stage, if any
   * @param measure what the target stage measures, for the report
   * @param threshold the target stage's configured threshold, if there is a target stage
   * @param specAt the spec at a threshold of the target stage; NaN for the configured one
   * @param sweep whether to sweep thresholds (needs a target stage)
   * @param stores a fresh, empty store per run
   * @param embedders where embedders come from
   * @param maxErrors how many wrong links to list (human output)
   * @param worst how many of the most confident wrong links to keep with their explanations
   * @param explain whether to print their explanation trees (human output)
   * @param json whether to print one JSON object
   * @param report where to write the HTML report, if anywhere
   * @param noSweep why no sweep runs, when none does (for the report)
   */
  record Run(String preset, Path records, Path truth, Optional<String> across, boolean oneToOne,
      Set<String> ignoredFields,
      Optional<String> stage, String measure, OptionalDouble threshold, DoubleFunction<CollectionSpec> specAt,
      boolean sweep, Supplier<CollectionStore> stores, EmbedderProvider embedders, int maxErrors, int worst,
      boolean explain, boolean json, Optional<Path> report, Optional<String> noSweep) {}

  /**
   * One dedupe run: its links (none within one side) by {@link Dedupe#key}, its clusters, each check's time, how many
   * checks were possible duplicates, and each link's match explanation (when kept).
   */
  private record Pass(Map<String, Link> links, List<TreeSet<String>> clusters, long[] nanos, int possible,
      Map<String, Explanation> why) {}

  /** A sweep row: the link counts at a threshold and the clusters' scores there. */
  private record Row(EvalResult.SweepRow links, LinkageScore score) {}

  /** A wrong link decision. */
  private record Wrong(String a, String b, boolean falseLink, double score, String stage, Explanation why) {}

  private RecordsEval() {}

  static int run(Run r, PrintWriter out, PrintWriter err) {
    long t0 = System.nanoTime();
    Datasets.Linkage data = Datasets.linkage(r.records(), r.truth());
    if (data.truth().isEmpty()) {
      throw new InvalidInputException(r.truth() + ": no duplicate pairs: there is nothing to score");
    }
    CollectionSpec configured = r.specAt().apply(Double.NaN);
    Map<String, String> side = sides(r, data, err);
    List<Items.Entry> entries = new ArrayList<>();
    for (Map.Entry<String, Map<String, Object>> e : data.records().entrySet()) {
      Map<String, Object> fields = new LinkedHashMap<>(e.getValue());
      fields.keySet().removeAll(r.ignoredFields());
      r.across().filter(f -> !configured.fields().containsKey(f)).ifPresent(fields::remove);
      entries.add(new Items.Entry(Optional.of(e.getKey()), Optional.empty(),
          Items.toItem(fields, r.records().getFileName() + ": record '" + e.getKey() + "'")));
    }
    Set<LinkageScore.Pair> truth = new HashSet<>();
    for (List<String> p : data.truth()) {
      truth.add(LinkageScore.Pair.of(p.get(0), p.get(1)));
    }
    boolean sweep = r.sweep() && r.stage().isPresent();
    Pass main;
    Pass scored = null;
    try (Progress p = Progress.of(err, "eval", (long) entries.size() * (sweep ? 2 : 1), 200)) {
      main = pass(r, configured, entries, side, p, true);
      if (sweep) {
        scored = pass(r, r.specAt().apply(0.0), entries, side, p, false);
      }
    }
    Set<String> ids = data.records().keySet();
    LinkageScore score = LinkageScore.of(ids, pairs(main.links().values()), main.clusters(), truth);
    List<Row> rows = sweep ? sweep(r, configured, ids, scored, truth) : List.of();
    List<Wrong> wrong = wrong(main, truth);
    double seconds = (System.nanoTime() - t0) / 1e9;
    LatencyStats latency = LatencyStats.ofNanos(main.nanos());
    double possibleShare = main.nanos().length == 0 ? 0 : (double) main.possible() / main.nanos().length;
    Map<String, Map<String, Object>> records = data.records();
    Map<String, Object> summary = r.json() || r.report().isPresent()
        ? json(r, data, score, main, rows, wrong, latency, possibleShare, seconds, records) : Map.of();
    if (r.json()) {
      out.println(Json.write(summary));
    } else {
      print(out, r, data, score, main, rows, wrong, latency, possibleShare, seconds, records);
    }
    out.flush();
    if (r.report().isPresent()) {
      HtmlReport.write(r.report().get(), HtmlReport.render(summary, r.noSweep(),
          Optional.of(new HtmlReport.Clusters(main.clusters(), main.links().values(), records,
              HtmlReport.CLUSTERS_SHOWN))));
      err.println("deja eval: report written to " + r.report().get());
      err.flush();
    }
    return Main.OK;
  }

  /**
   * Each record's value of the {@code --across} field (empty without it). Without it, a note says when the records
   * look like two sources (a {@code source} field with two values), where linkage across them is what is scored.
   */
  private static Map<String, String> sides(Run r, Datasets.Linkage data, PrintWriter err) {
    Map<String, String> side = new HashMap<>();
    if (r.across().isEmpty()) {
      Set<String> sources = new TreeSet<>();
      for (Map<String, Object> rec : data.records().values()) {
        Object v = rec.get("source");
        sources.add(v == null ? "" : v.toString());
      }
      if (sources.size() == 2 && !sources.contains("")) {
        err.println("deja eval: note: the records have a 'source' field with two values " + sources + "; for "
            + "two-source linkage, where records of one source are never duplicates, give --across source");
        err.flush();
      }
      return side;
    }
    String field = r.across().get();
    for (Map.Entry<String, Map<String, Object>> e : data.records().entrySet()) {
      Object v = e.getValue().get(field);
      if (v == null) {
        throw new InvalidInputException(r.records().getFileName() + ": record '" + e.getKey() + "' has no '" + field
            + "' (--across " + field + ")");
      }
      side.put(e.getKey(), v.toString());
    }
    return side;
  }

  /** One dedupe run of the records with a spec: its links (none within one side) and clusters. */
  private static Pass pass(Run r, CollectionSpec spec, List<Items.Entry> entries, Map<String, String> side,
      Progress progress, boolean explain) {
    CollectionStore store = r.stores().get();
    try {
      AtomicLong seq = new AtomicLong();
      DejaCollection c = DejaCollection.builder(spec).store(store).embedders(r.embedders())
          .clock(Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC))
          .ids(() -> "gen-" + seq.incrementAndGet()).build();
      long[] nanos = new long[entries.size()];
      int[] checks = new int[2];
      Map<String, Explanation> why = new HashMap<>();
      Map<String, Double> whyScore = new HashMap<>();
      Dedupe.Result result = Dedupe.run(c, entries, TENANT, progress, (item, verdict, dt) -> {
        nanos[checks[0]++] = dt;
        if (verdict.outcome() == Outcome.POSSIBLE_DUPLICATE) {
          checks[1]++;
        }
        if (explain) {
          for (Match m : verdict.matches()) {
            String k = Dedupe.key(item.id(), m.id());
            if (m.score() > whyScore.getOrDefault(k, -1.0)) {
              whyScore.put(k, m.score());
              why.put(k, m.explanation());
            }
          }
        }
      });
      Map<String, Link> links = new TreeMap<>(result.links());
      links.values().removeIf(l -> side.containsKey(l.a()) && side.get(l.a()).equals(side.get(l.b())));
      if (r.oneToOne()) {
        links = new TreeMap<>(OneToOne.of(links));
      }
      List<TreeSet<String>> clusters = links.size() == result.links().size() ? result.clusters()
          : Dedupe.cluster(result.items().keySet(), links).clusters();
      return new Pass(links, clusters, Arrays.copyOf(nanos, checks[0]), checks[1], why);
    } finally {
      store.close();
    }
  }

  private static Set<LinkageScore.Pair> pairs(Collection<Link> links) {
    Set<LinkageScore.Pair> out = new HashSet<>();
    for (Link l : links) {
      out.add(LinkageScore.Pair.of(l.a(), l.b()));
    }
    return out;
  }

  /** Thresholds 0.00, 0.01, …, 1.00 over the links of the scored run. */
  private static List<Row> sweep(Run r, CollectionSpec configured, Set<String> ids, Pass scored,
      Set<LinkageScore.Pair> truth) {
    String target = r.stage().orElseThrow();
    // A stage compared with "gt" (the glossary's fuzzy stage) matches strictly above its threshold.
    boolean strict = configured.stage(target).map(s -> "gt".equals(s.options().get("comparison"))).orElse(false);
    List<Link> ordered = Dedupe.strongestFirst(scored.links().values());
    List<Row> rows = new ArrayList<>();
    for (int t = 0; t <= 100; t++) {
      double th = t / 100.0;
      Predicate<Link> kept = l -> !l.stage().equals(target) || (strict ? l.score() > th : l.score() >= th);
      List<Link> at = new ArrayList<>();
      for (Link l : ordered) {
        if (kept.test(l)) {
          at.add(l);
        }
      }
      Dedupe.Clusters clusters = Dedupe.cluster(ids, ordered, scored.links(), kept);
      LinkageScore s = LinkageScore.of(ids, pairs(at), clusters.clusters(), truth);
      rows.add(new Row(new EvalResult.SweepRow(th, s.links(), OptionalDouble.empty()), s));
    }
    return rows;
  }

  /** Wrong link decisions: false links by descending score, then missed pairs by ids. */
  private static List<Wrong> wrong(Pass main, Set<LinkageScore.Pair> truth) {
    List<Wrong> out = new ArrayList<>();
    for (Link l : main.links().values()) {
      if (!truth.contains(LinkageScore.Pair.of(l.a(), l.b()))) {
        out.add(new Wrong(l.a(), l.b(), true, l.score(), l.stage(), main.why().get(Dedupe.key(l.a(), l.b()))));
      }
    }
    out.sort(Comparator.comparingDouble((Wrong w) -> -w.score()).thenComparing(Wrong::a)
        .thenComparing(Wrong::b));
    List<LinkageScore.Pair> missed = new ArrayList<>();
    for (LinkageScore.Pair p : truth) {
      if (!main.links().containsKey(Dedupe.key(p.a(), p.b()))) {
        missed.add(p);
      }
    }
    missed.sort(Comparator.comparing(LinkageScore.Pair::a).thenComparing(LinkageScore.Pair::b));
    for (LinkageScore.Pair p : missed) {
      out.add(new Wrong(p.a(), p.b(), false, 0, "", null));
    }
    return out;
  }

  /**
   * The explanation of a wrong decision: the match's own for a false link; for a missed pair, how each stage that
   * can explain a pair scores it (computed on a store holding the pair's stored side).
   */
  private static Explanation explanation(Run r, Wrong w, Map<String, Map<String, Object>> records) {
    if (w.why() != null) {
      return w.why();
    }
    CollectionStore store = r.stores().get();
    try {
      CollectionSpec spec = r.specAt().apply(Double.NaN);
      DejaCollection c = DejaCollection.builder(spec).store(store).embedders(r.embedders()).build();
      c.put(new PutRequest(TENANT, Optional.of(w.b()), item(r, spec, records.get(w.b())), true));
      return Evaluator.explainPair(r.embedders(), c, TENANT, item(r, spec, records.get(w.a())), w.b());
    } finally {
      store.close();
    }
  }

  private static Item item(Run r, CollectionSpec spec, Map<String, Object> record) {
    Map<String, Object> fields = new LinkedHashMap<>(record);
    fields.keySet().removeAll(r.ignoredFields());
    r.across().filter(f -> !spec.fields().containsKey(f)).ifPresent(fields::remove);
    return new Item(fields);
  }

  private static Map<String, Object> json(Run r, Datasets.Linkage data, LinkageScore s, Pass main, List<Row> rows,
      List<Wrong> wrong, LatencyStats latency, double possibleShare, double seconds,
      Map<String, Map<String, Object>> records) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("kind", "records");
    m.put("preset", r.preset());
    m.put("data", r.records().toString());
    m.put("truth", r.truth().toString());
    m.put("n", data.records().size());
    m.put("stage", r.stage().orElse(null));
    m.put("measure", r.stage().isPresent() ? r.measure() : null);
    metrics(m, s.links());
    // Over every pair of records, as for pairs files; with many records it is mostly the non-duplicates.
    m.put("accuracy", Views.round(s.links().accuracy()));
    m.put("threshold", r.threshold().isPresent() ? r.threshold().getAsDouble() : null);
    if (rows.isEmpty()) {
      m.put("best_threshold", null);
      m.put("best_f1", null);
    } else {
      EvalResult.SweepRow b = best(rows).links();
      m.put("best_threshold", b.threshold());
      m.put("best_f1", Views.round(b.confusion().f1()));
    }
    m.put("micros_mean", Views.round(latency.meanMicros()));
    m.put("micros_p99", Views.round(latency.p99Micros()));
    m.put("possible_share", Views.round(possibleShare));
    m.put("truth_pairs", data.truth().size());
    m.put("links", main.links().size());
    m.put("across", r.across().orElse(null));
    m.put("one_to_one", r.oneToOne());
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("predicted", s.predictedClusters());
    c.put("true", s.trueClusters());
    c.put("exact", s.exactClusters());
    c.put("exact_share", Views.round(s.exactClusterShare()));
    metrics(c, s.clusterPairs());
    c.put("bcubed_precision", Views.round(s.bcubedPrecision()));
    c.put("bcubed_recall", Views.round(s.bcubedRecall()));
    c.put("bcubed_f1", Views.round(s.bcubedF1()));
    m.put("clusters", c);
    m.put("seconds", Views.round(seconds));
    List<Map<String, Object>> worst = new ArrayList<>();
    for (Wrong w : wrong.subList(0, Math.min(r.worst(), wrong.size()))) {
      Map<String, Object> e = new LinkedHashMap<>();
      e.put("id", w.a() + " ↔ " + w.b());
      e.put("note", w.falseLink() ? "false link (stage " + w.stage() + ")" : "missed duplicate");
      e.put("expected", w.falseLink() ? "new" : "duplicate");
      e.put("got", w.falseLink() ? "DUPLICATE" : "NEW");
      e.put("score", Views.round(w.score()));
      e.put("false_positive", w.falseLink());
      e.put("new", records.get(w.a()));
      e.put("existing", String.valueOf(records.get(w.b())));
      e.put("explanation", Views.explanation(explanation(r, w, records)));
      worst.add(e);
    }
    m.put("worst_errors", worst);
    if (!rows.isEmpty()) {
      List<Object> sweep = new ArrayList<>();
      for (Row row : rows) {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("threshold", row.links().threshold());
        metrics(x, row.links().confusion());
        x.put("cluster_f1", Views.round(row.score().clusterPairs().f1()));
        x.put("bcubed_f1", Views.round(row.score().bcubedF1()));
        sweep.add(x);
      }
      m.put("sweep", sweep);
    }
    return m;
  }

  private static Row best(List<Row> rows) {
    EvalResult.SweepRow b = EvalResult.best(rows.stream().map(Row::links).toList());
    return rows.stream().filter(x -> x.links() == b).findFirst().orElseThrow();
  }

  private static void metrics(Map<String, Object> m, Confusion c) {
    m.put("precision", Views.round(c.precision()));
    m.put("recall", Views.round(c.recall()));
    m.put("f1", Views.round(c.f1()));
    m.put("tp", c.tp());
    m.put("fp", c.fp());
    m.put("fn", c.fn());
    m.put("tn", c.tn());
  }

  /** A file as the report names it: with its folder, which names a record-linkage set ("febrl/records.jsonl"). */
  private static String shown(Path file) {
    Path parent = file.toAbsolutePath().getParent();
    return parent == null || parent.getFileName() == null ? file.getFileName().toString()
        : parent.getFileName() + "/" + file.getFileName();
  }

  private static void print(PrintWriter out, Run r, Datasets.Linkage data, LinkageScore s, Pass main, List<Row> rows,
      List<Wrong> wrong, LatencyStats latency, double possibleShare, double seconds,
      Map<String, Map<String, Object>> records) {
    Confusion l = s.links();
    Confusion c = s.clusterPairs();
    out.printf(Locale.ROOT, "deja eval — preset %s on %s (records, %d records, %d duplicate pairs in %s)%n",
        r.preset(), shown(r.records()), data.records().size(), data.truth().size(), shown(r.truth()));
    r.stage().ifPresent(t -> out.printf(Locale.ROOT, "target stage %s: measure %s, threshold %.2f%n", t,
        r.measure(), r.threshold().orElse(Double.NaN)));
    if (r.oneToOne()) {
      out.println("one-to-one: each record keeps at most its strongest link");
    }
    r.across().ifPresent(f -> out.printf(Locale.ROOT, "two-source linkage: records with the same '%s' are never "
        + "linked%n", f));
    out.printf(Locale.ROOT, "links     precision %.4f  recall %.4f  F1 %.4f   (tp %d  fp %d  fn %d; %d links)%n",
        l.precision(), l.recall(), l.f1(), l.tp(), l.fp(), l.fn(), main.links().size());
    out.printf(Locale.ROOT, "clusters  precision %.4f  recall %.4f  F1 %.4f   (pairs inside clusters against the "
        + "truth's transitive closure)%n", c.precision(), c.recall(), c.f1());
    out.printf(Locale.ROOT, "          B-cubed precision %.4f  recall %.4f  F1 %.4f%n", s.bcubedPrecision(),
        s.bcubedRecall(), s.bcubedF1());
    out.printf(Locale.ROOT, "          %d predicted clusters; %d of %d true clusters reproduced exactly (%.4f)%n",
        s.predictedClusters(), s.exactClusters(), s.trueClusters(), s.exactClusterShare());
    out.printf(Locale.ROOT, "possible duplicates: %.1f%% of checks%n", 100 * possibleShare);
    if (!rows.isEmpty()) {
      Row b = best(rows);
      out.printf(Locale.ROOT, "best threshold %.2f → links F1 %.4f (P %.4f, R %.4f), clusters F1 %.4f, B-cubed F1 "
          + "%.4f%n", b.links().threshold(), b.links().confusion().f1(), b.links().confusion().precision(),
          b.links().confusion().recall(), b.score().clusterPairs().f1(), b.score().bcubedF1());
      out.println("threshold  precision  recall   F1       clusters F1  B-cubed F1");
      for (Row row : rows) {
        int pct = (int) Math.round(row.links().threshold() * 100);
        if (pct % 5 == 0 || row == b) {
          Confusion x = row.links().confusion();
          out.printf(Locale.ROOT, "  %.2f     %.4f     %.4f   %.4f   %.4f       %.4f%s%n", row.links().threshold(),
              x.precision(), x.recall(), x.f1(), row.score().clusterPairs().f1(), row.score().bcubedF1(),
              row == b ? "  ← best" : "");
        }
      }
    }
    out.printf(Locale.ROOT, "latency per check: mean %.1f µs, p50 %.1f µs, p99 %.1f µs; %d checks, %.1f s in all%n",
        latency.meanMicros(), latency.p50Micros(), latency.p99Micros(), main.nanos().length, seconds);
    if (!wrong.isEmpty() && r.maxErrors() > 0) {
      out.println("wrong links (first " + Math.min(r.maxErrors(), wrong.size()) + " of " + wrong.size() + "):");
      for (Wrong w : wrong.subList(0, Math.min(r.maxErrors(), wrong.size()))) {
        out.println("  " + (w.falseLink() ? String.format(Locale.ROOT, "false + %s ↔ %s (score %.3f, stage %s)",
            w.a(), w.b(), w.score(), w.stage()) : "missed  " + w.a() + " ↔ " + w.b()) + ": "
            + Render.summary(records.get(w.a())) + " | " + Render.summary(records.get(w.b())));
      }
    }
    if (r.explain() && r.worst() > 0 && !wrong.isEmpty()) {
      List<Wrong> kept = wrong.subList(0, Math.min(r.worst(), wrong.size()));
      out.println("the " + kept.size() + " most confident wrong links, with their explanations:");
      for (Wrong w : kept) {
        out.printf(Locale.ROOT, "%n%s ↔ %s: %s%n", w.a(), w.b(), w.falseLink()
            ? String.format(Locale.ROOT, "linked (score %.3f) but not duplicates", w.score())
            : "duplicates, not linked");
        out.print(Render.indent(explanation(r, w, records).render(), "  "));
      }
    }
  }
}
