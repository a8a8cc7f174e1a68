package dev.deja.cli;

import dev.deja.cli.Dedupe.Link;
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
final class OneToOne {
  private OneToOne() {}

  /** The links kept, by {@link Dedupe#key}. */
  static Map<String, Link> of(Map<String, Link> links) {
    Set<String> used = new HashSet<>();
    Map<String, Link> kept = new TreeMap<>();
    for (Link l : Dedupe.strongestFirst(links.values())) {
      if (!used.contains(l.a()) && !used.contains(l.b())) {
        used.add(l.a());
        used.add(l.b());
        kept.put(Dedupe.key(l.a(), l.b()), l);
      }
    }
    return kept;
  }
}
