package dev.deja.lucene.internal;

import dev.deja.core.item.StoredItem;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
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
 * <p>Thread-safe: writers and the pruner synchronise; snapshots are immutable.
 */
public final class Overlay {

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
    static final Snapshot EMPTY = new Snapshot(Map.of(), Map.of());
    private final Map<String, List<Version>> byId;
    private final Map<String, ScopeView> byScope;

    Snapshot(Map<String, List<Version>> byId, Map<String, ScopeView> byScope) {
      this.byId = byId;
      this.byScope = byScope;
    }

    /** The latest write of an id, if it was written since the searcher's version. */
    public Optional<Version> latest(String id) {
      List<Version> vs = byId.get(id);
      return vs == null ? Optional.empty() : Optional.of(vs.get(vs.size() - 1));
    }

    /** The overlay of a scope. */
    public ScopeView scope(String scope) {
      return byScope.getOrDefault(scope, ScopeView.EMPTY);
    }

    /** Every id written since the searcher's version. */
    public Set<String> ids() {
      return byId.keySet();
    }

    /** The current items among them (not deleted). */
    public List<StoredItem> liveItems() {
      List<StoredItem> out = new ArrayList<>();
      for (List<Version> vs : byId.values()) {
        vs.get(vs.size() - 1).item().ifPresent(out::add);
      }
      return out;
    }

    public boolean isEmpty() {
      return byId.isEmpty();
    }

    public int size() {
      return byId.size();
    }
  }

  private volatile Snapshot current = Snapshot.EMPTY;

  /** The current snapshot. */
  public Snapshot snapshot() {
    return current;
  }

  /** Records a write. */
  public synchronized void add(Version v) {
    Snapshot s = current;
    Map<String, List<Version>> byId = new HashMap<>(s.byId);
    List<Version> vs = new ArrayList<>(byId.getOrDefault(v.id(), List.of()));
    vs.add(v);
    byId.put(v.id(), Collections.unmodifiableList(vs));
    Map<String, ScopeView> byScope = new HashMap<>(s.byScope);
    if (v.oldScope() != null) {
      ScopeView old = byScope.getOrDefault(v.oldScope(), ScopeView.EMPTY);
      Map<String, StoredItem> live = new HashMap<>(old.live());
      live.remove(v.id());
      Set<String> sh = new HashSet<>(old.shadowed());
      sh.add(v.id());
      byScope.put(v.oldScope(), new ScopeView(Collections.unmodifiableMap(live), Collections.unmodifiableSet(sh)));
    }
    if (v.item().isPresent()) {
      String scope = v.item().get().keys().scope();
      ScopeView old = byScope.getOrDefault(scope, ScopeView.EMPTY);
      Map<String, StoredItem> live = new HashMap<>(old.live());
      live.put(v.id(), v.item().get());
      Set<String> sh = new HashSet<>(old.shadowed());
      sh.add(v.id());
      byScope.put(scope, new ScopeView(Collections.unmodifiableMap(live), Collections.unmodifiableSet(sh)));
    }
    current = new Snapshot(byId, byScope);
  }

  /** Drops the writes with sequence numbers up to {@code seq}, which the searcher now shows. */
  public synchronized void pruneUpTo(long seq) {
    Snapshot s = current;
    if (s.isEmpty()) {
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
    current = new Snapshot(byId, byScope);
  }
}
