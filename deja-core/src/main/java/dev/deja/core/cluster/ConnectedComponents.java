package dev.deja.core.cluster;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Clustering by connected components: two items are in one cluster when a chain of links joins them. Unlike {@link
 * CompleteLinkage} one weak link does chain two groups together; it never leaves a link out (no related links). For
 * callers that want every linked item grouped, e.g. to review chains by hand. Deterministic.
 *
 * <p>Thread-safe: stateless.
 */
public final class ConnectedComponents {
  private ConnectedComponents() {}

  /**
   * The components of two or more items, largest first, then by first id.
   *
   * @param links the links (any order)
   */
  public static <L extends ScoredLink> CompleteLinkage.Clusters<L> cluster(Iterable<L> links) {
    Map<String, String> parent = new HashMap<>();
    for (L l : links) {
      String ra = root(parent, l.a());
      String rb = root(parent, l.b());
      if (!ra.equals(rb)) {
        // The smaller id is the root: the same components whatever the order of the links.
        if (ra.compareTo(rb) < 0) {
          parent.put(rb, ra);
        } else {
          parent.put(ra, rb);
        }
      }
    }
    Map<String, TreeSet<String>> byRoot = new TreeMap<>();
    for (String id : parent.keySet()) {
      byRoot.computeIfAbsent(root(parent, id), r -> new TreeSet<>()).add(id);
    }
    List<TreeSet<String>> clusters = new ArrayList<>();
    for (TreeSet<String> c : byRoot.values()) {
      if (c.size() > 1) {
        clusters.add(c);
      }
    }
    clusters.sort(Comparator.<TreeSet<String>>comparingInt(Set::size).reversed().thenComparing(TreeSet::first));
    return new CompleteLinkage.Clusters<>(clusters, List.of());
  }

  /** The root of an id's tree (an id seen first is its own root), halving the path on the way. */
  private static String root(Map<String, String> parent, String id) {
    parent.putIfAbsent(id, id);
    String x = id;
    while (!parent.get(x).equals(x)) {
      String up = parent.get(parent.get(x));
      parent.put(x, up);
      x = up;
    }
    return x;
  }
}
