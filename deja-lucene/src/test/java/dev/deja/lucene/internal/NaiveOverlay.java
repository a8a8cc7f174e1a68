package dev.deja.lucene.internal;

import dev.deja.core.item.StoredItem;
import dev.deja.lucene.internal.Overlay.ScopeView;
import dev.deja.lucene.internal.Overlay.Version;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The reference model of {@link OverlayTest}: the overlay as the writes since the last prune, in order, with every
 * answer recomputed from them (what {@link Overlay} answered before its snapshots shared a tail, by copying both maps on
 * every write).
 */
final class NaiveOverlay {
  private final List<Version> versions = new ArrayList<>();

  void add(Version v) {
    versions.add(v);
  }

  void pruneUpTo(long seq) {
    versions.removeIf(v -> v.seq() <= seq);
  }

  /** An immutable copy of what the overlay holds now. */
  List<Version> snapshot() {
    return List.copyOf(versions);
  }

  static Optional<Version> latest(List<Version> vs, String id) {
    Version out = null;
    for (Version v : vs) {
      if (v.id().equals(id)) {
        out = v;
      }
    }
    return Optional.ofNullable(out);
  }

  /**
   * Declaratively: a scope shadows every id that any held write took out of it or put into it, and shows the ids whose
   * latest write put them there.
   */
  static ScopeView scope(List<Version> vs, String scope) {
    Set<String> shadowed = new HashSet<>();
    for (Version v : vs) {
      if (scope.equals(v.oldScope()) || v.item().map(i -> i.keys().scope().equals(scope)).orElse(false)) {
        shadowed.add(v.id());
      }
    }
    Map<String, StoredItem> live = new HashMap<>();
    for (String id : ids(vs)) {
      latest(vs, id).get().item().filter(i -> i.keys().scope().equals(scope)).ifPresent(i -> live.put(id, i));
    }
    return new ScopeView(live, shadowed);
  }

  static Set<String> ids(List<Version> vs) {
    Set<String> out = new HashSet<>();
    vs.forEach(v -> out.add(v.id()));
    return out;
  }

  static Set<StoredItem> liveItems(List<Version> vs) {
    Set<StoredItem> out = new HashSet<>();
    for (String id : ids(vs)) {
      latest(vs, id).get().item().ifPresent(out::add);
    }
    return out;
  }
}
