package dev.deja.cli;

import dev.deja.cli.eval.Progress;
import dev.deja.core.cluster.CompleteLinkage;
import dev.deja.core.cluster.ScoredLink;
import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.Match;
import dev.deja.core.engine.Verdict;
import dev.deja.core.item.StoredItem;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * Batch de-duplication of a set of items, as {@code deja dedupe} does it and {@code deja eval} scores it: every item is
 * stored, then checked against all the others with the collection's cascade (itself excluded); each match is a
 * duplicate link (the better of its two directions), and links are grouped into clusters by complete linkage. The checks
 * run on every core; the result does not depend on their timing.
 *
 * <p>Not thread-safe.
 */
final class Dedupe {
  private Dedupe() {}

  /** A duplicate link between two items, {@code a} before {@code b}: the better of the two directions. */
  record Link(String a, String b, double score, String stage, String reason) implements ScoredLink {}

  /** Told about every check of a run: the item, its verdict, and how long the check took. */
  interface Listener {
    void checked(StoredItem item, Verdict verdict, long nanos);
  }

  /**
   * What a run found.
   *
   * @param items the stored items by id, in file order
   * @param links the links by {@link #key}, in key order
   * @param clusters groups of two or more items in which every pair is linked, largest first, then by first id
   * @param related links that join two clusters whose other members are not all linked (left out by complete linkage)
   */
  record Result(Map<String, StoredItem> items, Map<String, Link> links, List<TreeSet<String>> clusters,
      List<Link> related) {}

  /** Clusters and the links left out of them. */
  record Clusters(List<TreeSet<String>> clusters, List<Link> related) {}

  /** The key of the unordered pair {@code x}, {@code y}. */
  static String key(String x, String y) {
    return CompleteLinkage.key(x, y);
  }

  /**
   * Stores the entries in the collection (which should be empty; unchecked, so that duplicates are stored too), then
   * checks each against the others. Items with a status the collection excludes never match, in either direction.
   *
   * @param tenant the tenant of entries that name none
   */
  static Result run(DejaCollection c, List<Items.Entry> entries, String tenant, Progress progress,
      Listener listener) {
    Map<String, StoredItem> items = new LinkedHashMap<>();
    for (Items.Entry e : entries) {
      StoredItem s = c.load(e.tenant().orElse(tenant), e.id(), e.item());
      items.put(s.id(), s);
    }
    return link(c, items, progress, listener);
  }

  /**
   * Checks each stored item against the others (the collection holds them all, and nothing else).
   *
   * @param items the stored items by id, in the order to report them
   */
  static Result link(DejaCollection c, Map<String, StoredItem> items, Progress progress, Listener listener) {
    Set<String> excluded = c.spec().excludedStatuses();
    Map<String, Link> links = new TreeMap<>();
    // Checks only read the store: they run on every core, a bounded window ahead, and their verdicts are taken in
    // file order (so links, progress and the listener see the same sequence whatever the timing).
    InOrder.map(items.values().iterator(), s -> {
      if (excluded.contains(s.keys().status())) {
        return new Timed(null, 0);
      }
      long t0 = System.nanoTime();
      Verdict v = c.check(new CheckRequest(s.tenant(), s.item(), Optional.of(s.id())));
      return new Timed(v, System.nanoTime() - t0);
    }, (s, t) -> {
      if (t.verdict() != null) {
        listener.checked(s, t.verdict(), t.nanos());
        for (Match m : t.verdict().matches()) {
          String a = s.id().compareTo(m.id()) < 0 ? s.id() : m.id();
          String b = a.equals(s.id()) ? m.id() : s.id();
          links.merge(key(a, b), new Link(a, b, m.score(), m.stage(), m.explanation().message()),
              (x, y) -> y.score() > x.score() ? y : x);
        }
      }
      progress.step();
    }, "deja-dedupe");
    Clusters cl = cluster(items.keySet(), links);
    return new Result(items, links, cl.clusters(), cl.related());
  }

  /**
   * The links inside each cluster (both ends in it), by cluster identity, in the links' key order: one pass over the
   * links, however many clusters.
   */
  static Map<TreeSet<String>, List<Link>> within(List<TreeSet<String>> clusters, Map<String, Link> links) {
    return CompleteLinkage.within(clusters, links);
  }

  /** A check's verdict (null for an item left out) and how long it took. */
  private record Timed(Verdict verdict, long nanos) {}

  /**
   * Complete-linkage clustering: strongest links first (then by ids); two clusters merge only when every pair across
   * them is linked, so one weak link never chains two groups together. The links that could not merge are related.
   * One implementation with the Spark job's: {@link CompleteLinkage}.
   */
  static Clusters cluster(Set<String> ids, Map<String, Link> links) {
    return cluster(ids, strongestFirst(links.values()), links, l -> true);
  }

  /** Links in the order complete linkage merges them: strongest first, then by ids. */
  static List<Link> strongestFirst(Collection<Link> links) {
    return CompleteLinkage.strongestFirst(links);
  }

  /**
   * Complete-linkage clustering over the links that pass {@code kept} (a threshold sweep clusters the links of one run
   * at each threshold without copying them).
   *
   * @param ordered the links in {@link #strongestFirst} order
   * @param all the same links by {@link #key}
   */
  static Clusters cluster(Set<String> ids, List<Link> ordered, Map<String, Link> all,
      Predicate<Link> kept) {
    CompleteLinkage.Clusters<Link> c = CompleteLinkage.cluster(ids, ordered, all, kept);
    return new Clusters(c.clusters(), c.related());
  }
}
