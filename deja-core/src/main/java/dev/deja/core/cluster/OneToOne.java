package dev.deja.core.cluster;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One-to-one linkage between two sources: each record keeps at most one link, the strongest available. Greedy, in the
 * order complete linkage merges (strongest first, then by ids): a link is kept when neither of its records already has
 * one. Deterministic; for clean sources (no duplicates within either), where each record has at most one true partner.
 *
 * <p>Thread-safe: stateless.
 */
public final class OneToOne {
  private OneToOne() {}

  /** The links kept, by {@link CompleteLinkage#key}, in key order. */
  public static <L extends ScoredLink> Map<String, L> of(Map<String, L> links) {
    Set<String> used = new HashSet<>();
    Map<String, L> kept = new TreeMap<>();
    for (L l : CompleteLinkage.strongestFirst(links.values())) {
      if (!used.contains(l.a()) && !used.contains(l.b())) {
        used.add(l.a());
        used.add(l.b());
        kept.put(CompleteLinkage.key(l.a(), l.b()), l);
      }
    }
    return kept;
  }
}
