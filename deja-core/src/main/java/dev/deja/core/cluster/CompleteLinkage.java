package dev.deja.core.cluster;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * Complete-linkage clustering of duplicate links: strongest links first (then by ids); two clusters merge only when
 * every pair across them is linked, so one weak link never chains two groups together. The links that could not merge
 * are related. Deterministic: the result depends on the links only, not on the order they are given in.
 *
 * <p>Thread-safe: stateless.
 */
public final class CompleteLinkage {
  private CompleteLinkage() {}

  /**
   * Clusters and the links left out of them.
   *
   * @param clusters groups of two or more items in which every pair is linked, largest first, then by first id
   * @param related links that join two clusters whose other members are not all linked, strongest first
   */
  public record Clusters<L extends ScoredLink>(List<TreeSet<String>> clusters, List<L> related) {
    public Clusters {
      clusters = List.copyOf(clusters);
      related = List.copyOf(related);
    }
  }

  /** The key of the unordered pair {@code x}, {@code y}: the same for both orders. */
  public static String key(String x, String y) {
    return x.compareTo(y) < 0 ? x + "\u0000" + y : y + "\u0000" + x;
  }

  /** Links in the order complete linkage merges them: strongest first, then by ids. */
  public static <L extends ScoredLink> List<L> strongestFirst(Collection<L> links) {
    List<L> ordered = new ArrayList<>(links);
    ordered.sort(Comparator.comparingDouble((L l) -> l.score()).reversed().thenComparing(l -> l.a())
        .thenComparing(l -> l.b()));
    return ordered;
  }

  /**
   * Complete-linkage clustering of all the links.
   *
   * @param ids the items (an item in no link is in no cluster, so the linked ones suffice)
   * @param links the links by {@link #key}
   */
  public static <L extends ScoredLink> Clusters<L> cluster(Set<String> ids, Map<String, L> links) {
    return cluster(ids, strongestFirst(links.values()), links, l -> true);
  }

  /**
   * Complete-linkage clustering over the links that pass {@code kept} (a threshold sweep clusters the links of one run
   * at each threshold without copying them).
   *
   * @param ordered the links in {@link #strongestFirst} order
   * @param all the same links by {@link #key}
   */
  public static <L extends ScoredLink> Clusters<L> cluster(Set<String> ids, List<L> ordered, Map<String, L> all,
      Predicate<L> kept) {
    Map<String, TreeSet<String>> clusterOf = new HashMap<>();
    for (String id : ids) {
      clusterOf.put(id, new TreeSet<>(List.of(id)));
    }
    List<L> related = new ArrayList<>();
    for (L l : ordered) {
      if (!kept.test(l)) {
        continue;
      }
      TreeSet<String> ca = clusterOf.get(l.a());
      TreeSet<String> cb = clusterOf.get(l.b());
      if (ca == cb) {
        continue;
      }
      boolean complete = true;
      cross:
      for (String x : ca) {
        for (String y : cb) {
          L xy = all.get(key(x, y));
          if (xy == null || !kept.test(xy)) {
            complete = false;
            break cross;
          }
        }
      }
      if (!complete) {
        related.add(l);
        continue;
      }
      ca.addAll(cb);
      for (String y : cb) {
        clusterOf.put(y, ca);
      }
    }
    // Members share their cluster's set: one of each, by identity.
    Set<TreeSet<String>> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
    List<TreeSet<String>> clusters = new ArrayList<>();
    for (TreeSet<String> cl : clusterOf.values()) {
      if (cl.size() > 1 && distinct.add(cl)) {
        clusters.add(cl);
      }
    }
    clusters.sort(Comparator.<TreeSet<String>>comparingInt(TreeSet::size).reversed().thenComparing(TreeSet::first));
    return new Clusters<>(clusters, related);
  }

  /**
   * The links inside each cluster (both ends in it), by cluster identity, in the links' iteration order: one pass over
   * the links, however many clusters.
   */
  public static <L extends ScoredLink> Map<TreeSet<String>, List<L>> within(List<TreeSet<String>> clusters,
      Map<String, L> links) {
    Map<String, TreeSet<String>> clusterOf = new HashMap<>();
    Map<TreeSet<String>, List<L>> out = new IdentityHashMap<>();
    for (TreeSet<String> c : clusters) {
      out.put(c, new ArrayList<>());
      for (String id : c) {
        clusterOf.put(id, c);
      }
    }
    for (L l : links.values()) {
      TreeSet<String> c = clusterOf.get(l.a());
      if (c != null && c == clusterOf.get(l.b())) {
        out.get(c).add(l);
      }
    }
    return out;
  }
}
