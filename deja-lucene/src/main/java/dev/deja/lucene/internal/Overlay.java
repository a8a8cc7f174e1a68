package dev.deja.lucene.internal;

import dev.deja.core.item.StoredItem;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The writes that the current Lucene searcher does not show yet: read-your-writes without reopening the searcher after
 * every write (a reopen flushes a segment, which costs milliseconds; the store reopens in the background instead).
 *
 * <p>Readers take a {@link Snapshot} <em>before</em> acquiring a searcher. For a scope, the snapshot says which ids
 * the searcher must not return (every id written since the searcher's version, in the scope it was in before or after
 * the write) and which current items to add in their place; the overlay always wins over the index. After the store
 * reopens the searcher, versions the new searcher includes are pruned; a reader holding an older snapshot still sees
 * each item exactly once because its snapshot shadows the index copies.
 *
 * <p>A snapshot is a folded base (maps by id and by scope) plus a short tail of the latest writes, which snapshots
 * share: a write appends to the tail in constant time, and every {@value #TAIL} writes the tail is folded into a new
 * base. So a write costs O(1) amortised O(size / {@value #TAIL}), not a copy of the whole overlay, and a read of one
 * scope looks at the base's view of that scope and at most {@value #TAIL} tail entries.
 *
 * <p>Thread-safe: writers and the pruner synchronise; snapshots are immutable.
 */
public final class Overlay {

  /** Writes kept in a snapshot's tail before they are folded into its base. */
  static final int TAIL = 64;

  /**
   * One write.
   *
   * @param seq its sequence number
   * @param id the item's id
   * @param item the item after the write, empty for a delete
   * @param oldScope the scope of the version it replaced (in the overlay or the index), null for a new id
   */
  public record Version(long seq, String id, Optional<StoredItem> item, String oldScope) {}

  /** What the overlay holds for one scope. */
  public record ScopeView(Map<String, StoredItem> live, Set<String> shadowed) {
    static final ScopeView EMPTY = new ScopeView(Map.of(), Set.of());
  }

  /** An immutable view of the overlay. */
  public static final class Snapshot {
    /** An empty snapshot with a tail of its own (tails are written by the overlay that owns them). */
    static Snapshot empty() {
      return new Snapshot(Map.of(), Map.of(), new Version[TAIL], 0, 0);
    }

    private final Map<String, List<Version>> byId;
    private final Map<String, ScopeView> byScope;
    /** Shared with later snapshots, which only write past {@link #tailSize}. */
    private final Version[] tail;
    private final int tailSize;
    private final int size;

    Snapshot(Map<String, List<Version>> byId, Map<String, ScopeView> byScope, Version[] tail, int tailSize,
        int size) {
      this.byId = byId;
      this.byScope = byScope;
      this.tail = tail;
      this.tailSize = tailSize;
      this.size = size;
    }

    /** The latest write of an id, if it was written since the searcher's version. */
    public Optional<Version> latest(String id) {
      for (int i = tailSize - 1; i >= 0; i--) {
        if (tail[i].id().equals(id)) {
          return Optional.of(tail[i]);
        }
      }
      List<Version> vs = byId.get(id);
      return vs == null ? Optional.empty() : Optional.of(vs.get(vs.size() - 1));
    }

    /** The overlay of a scope. */
    public ScopeView scope(String scope) {
      ScopeView base = byScope.getOrDefault(scope, ScopeView.EMPTY);
      boolean touched = false;
      for (int i = 0; i < tailSize && !touched; i++) {
        touched = touches(tail[i], scope);
      }
      if (!touched) {
        return base;
      }
      Map<String, StoredItem> live = new HashMap<>(base.live());
      Set<String> shadowed = new HashSet<>(base.shadowed());
      for (int i = 0; i < tailSize; i++) {
        applyTo(tail[i], scope, live, shadowed);
      }
      return new ScopeView(Collections.unmodifiableMap(live), Collections.unmodifiableSet(shadowed));
    }

    /** Every id written since the searcher's version. */
    public Set<String> ids() {
      if (tailSize == 0) {
        return byId.keySet();
      }
      Set<String> out = new HashSet<>(byId.keySet());
      for (int i = 0; i < tailSize; i++) {
        out.add(tail[i].id());
      }
      return Collections.unmodifiableSet(out);
    }

    /** The current items among them (not deleted). */
    public List<StoredItem> liveItems() {
      Map<String, Optional<StoredItem>> latest = new LinkedHashMap<>();
      for (List<Version> vs : byId.values()) {
        Version v = vs.get(vs.size() - 1);
        latest.put(v.id(), v.item());
      }
      for (int i = 0; i < tailSize; i++) {
        latest.put(tail[i].id(), tail[i].item());
      }
      List<StoredItem> out = new ArrayList<>();
      latest.values().forEach(i -> i.ifPresent(out::add));
      return out;
    }

    public boolean isEmpty() {
      return size == 0;
    }

    /** How many ids were written since the searcher's version. */
    public int size() {
      return size;
    }

    /** This snapshot with its tail folded into the base. */
    private Snapshot folded() {
      Map<String, List<Version>> ids = new HashMap<>(byId);
      Map<String, ScopeView> scopes = new HashMap<>(byScope);
      for (int i = 0; i < tailSize; i++) {
        Version v = tail[i];
        List<Version> vs = new ArrayList<>(ids.getOrDefault(v.id(), List.of()));
        vs.add(v);
        ids.put(v.id(), Collections.unmodifiableList(vs));
      }
      Set<String> touchedScopes = new HashSet<>();
      for (int i = 0; i < tailSize; i++) {
        if (tail[i].oldScope() != null) {
          touchedScopes.add(tail[i].oldScope());
        }
        tail[i].item().ifPresent(item -> touchedScopes.add(item.keys().scope()));
      }
      for (String s : touchedScopes) {
        scopes.put(s, scope(s));
      }
      return new Snapshot(ids, scopes, new Version[TAIL], 0, size);
    }
  }

  /** Whether a write changes what the overlay holds for a scope. */
  private static boolean touches(Version v, String scope) {
    return scope.equals(v.oldScope()) || v.item().map(i -> i.keys().scope().equals(scope)).orElse(false);
  }

  /** Applies one write to a scope's live items and shadowed ids. */
  private static void applyTo(Version v, String scope, Map<String, StoredItem> live, Set<String> shadowed) {
    if (scope.equals(v.oldScope())) {
      live.remove(v.id());
      shadowed.add(v.id());
    }
    if (v.item().isPresent() && v.item().get().keys().scope().equals(scope)) {
      live.put(v.id(), v.item().get());
      shadowed.add(v.id());
    }
  }

  private volatile Snapshot current = Snapshot.empty();

  /** The current snapshot. */
  public Snapshot snapshot() {
    return current;
  }

  /** Records a write. */
  public synchronized void add(Version v) {
    Snapshot s = current;
    if (s.tailSize == TAIL) {
      s = s.folded();
    }
    int size = s.latest(v.id()).isPresent() ? s.size : s.size + 1;
    // The slot past the tail of the current snapshot is unused by every published snapshot; the volatile write of
    // `current` publishes it.
    s.tail[s.tailSize] = v;
    current = new Snapshot(s.byId, s.byScope, s.tail, s.tailSize + 1, size);
  }

  /** Drops the writes with sequence numbers up to {@code seq}, which the searcher now shows. */
  public synchronized void pruneUpTo(long seq) {
    Snapshot s = current.folded();
    if (s.isEmpty()) {
      current = Snapshot.empty();
      return;
    }
    Map<String, List<Version>> byId = new HashMap<>();
    for (Map.Entry<String, List<Version>> e : s.byId.entrySet()) {
      List<Version> keep = new ArrayList<>();
      for (Version v : e.getValue()) {
        if (v.seq() > seq) {
          keep.add(v);
        }
      }
      if (!keep.isEmpty()) {
        byId.put(e.getKey(), Collections.unmodifiableList(keep));
      }
    }
    Map<String, Map<String, StoredItem>> live = new HashMap<>();
    Map<String, Set<String>> shadowed = new HashMap<>();
    for (List<Version> vs : byId.values()) {
      for (Version v : vs) {
        if (v.oldScope() != null) {
          shadowed.computeIfAbsent(v.oldScope(), k -> new HashSet<>()).add(v.id());
        }
        v.item().ifPresent(i -> shadowed.computeIfAbsent(i.keys().scope(), k -> new HashSet<>()).add(v.id()));
      }
      vs.get(vs.size() - 1).item().ifPresent(i -> live.computeIfAbsent(i.keys().scope(), k -> new HashMap<>())
          .put(i.id(), i));
    }
    Map<String, ScopeView> byScope = new HashMap<>();
    for (Map.Entry<String, Set<String>> e : shadowed.entrySet()) {
      byScope.put(e.getKey(), new ScopeView(Collections.unmodifiableMap(live.getOrDefault(e.getKey(), Map.of())),
          Collections.unmodifiableSet(e.getValue())));
    }
    current = new Snapshot(byId, byScope, new Version[TAIL], 0, byId.size());
  }
}
