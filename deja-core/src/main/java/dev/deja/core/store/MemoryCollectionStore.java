package dev.deja.core.store;

import dev.deja.core.InvalidInputException;
import dev.deja.core.StoreException;
import dev.deja.core.index.Candidate;
import dev.deja.core.index.CandidateQuery;
import dev.deja.core.index.VectorIndex;
import dev.deja.core.item.ItemKeys;
import dev.deja.core.item.StoredItem;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;

/**
 * A collection store held in memory: for tests, evaluation and ephemeral use. Nothing survives the process.
 *
 * <p>Items are indexed by scope, and within a scope by exact key and by lexical term, so lookups touch only the scope's
 * items. Nearest-neighbour search is exact (every vector in the scope is scored).
 *
 * <p>Thread-safe: reads share a read lock, writes take a write lock; {@link #inScope} serialises per scope with
 * {@link ScopeLocks} and undoes the writes of work that fails.
 */
public final class MemoryCollectionStore implements CollectionStore, VectorIndex {
  private final String collection;
  private final ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
  private final TreeMap<String, StoredItem> byId = new TreeMap<>();
  private final Map<String, TreeSet<String>> byScope = new HashMap<>();
  /** Per scope: the ids under each exact key, and under each lexical term. */
  private final Map<String, Postings> byKey = new HashMap<>();
  private final Map<String, Postings> byTerm = new HashMap<>();
  private static final Postings EMPTY = new Postings();
  private final ScopeLocks scopeLocks = new ScopeLocks();
  /** Per thread: how deep inside {@link #inScope} it is, and the writes made there (undone if the work fails). */
  private final ThreadLocal<Integer> depth = ThreadLocal.withInitial(() -> 0);
  private final ThreadLocal<List<Undo>> scopeUndo = ThreadLocal.withInitial(ArrayList::new);
  private volatile boolean closed;

  public MemoryCollectionStore(String collection) {
    this.collection = collection;
  }

  /** The collection's name. */
  public String collection() {
    return collection;
  }

  @Override
  public void insert(StoredItem item) {
    write(() -> {
      if (byId.containsKey(item.id())) {
        throw new InvalidInputException("an item with id '" + item.id() + "' already exists in '" + collection + "'");
      }
      index(item);
      remember(item.id(), null);
      return null;
    });
  }

  @Override
  public void replace(StoredItem item) {
    write(() -> {
      StoredItem old = byId.get(item.id());
      if (old == null || !old.tenant().equals(item.tenant())) {
        throw new InvalidInputException("no item with id '" + item.id() + "' in '" + collection + "'");
      }
      unindex(old);
      index(item);
      remember(item.id(), old);
      return null;
    });
  }

  @Override
  public Optional<StoredItem> find(String tenant, String id) {
    return read(() -> Optional.ofNullable(byId.get(id)).filter(i -> i.tenant().equals(tenant)));
  }

  @Override
  public boolean delete(String tenant, String id) {
    return write(() -> {
      StoredItem old = byId.get(id);
      if (old == null || !old.tenant().equals(tenant)) {
        return false;
      }
      unindex(old);
      remember(id, old);
      return true;
    });
  }

  @Override
  public Page list(Optional<String> tenant, Optional<String> afterId, int limit) {
    if (limit < 1) {
      throw new InvalidInputException("limit must be at least 1, got " + limit);
    }
    return read(() -> {
      List<StoredItem> out = new ArrayList<>();
      Map<String, StoredItem> tail = afterId.isPresent() ? byId.tailMap(afterId.get(), false) : byId;
      String last = null;
      boolean more = false;
      for (StoredItem i : tail.values()) {
        if (tenant.isPresent() && !tenant.get().equals(i.tenant())) {
          continue;
        }
        if (out.size() == limit) {
          more = true;
          break;
        }
        out.add(i);
        last = i.id();
      }
      return new Page(out, more ? Optional.of(last) : Optional.empty());
    });
  }

  @Override
  public long count(Optional<String> tenant) {
    return read(() -> tenant.isEmpty()
        ? (long) byId.size()
        : byId.values().stream().filter(i -> i.tenant().equals(tenant.get())).count());
  }

  @Override
  public <T> T inScope(String scope, Supplier<T> work) {
    ensureOpen();
    List<Undo> undo = scopeUndo.get();
    int mark = undo.size();
    depth.set(depth.get() + 1);
    try {
      return scopeLocks.withLock(scope, () -> {
        try {
          return work.get();
        } catch (RuntimeException | Error e) {
          undo(undo, mark);
          throw e;
        }
      });
    } finally {
      depth.set(depth.get() - 1);
      if (depth.get() == 0) {
        undo.clear();
      }
    }
  }

  /** A write made inside scope work: the id and the version it replaced (null: none). */
  private record Undo(String id, StoredItem before) {}

  /** Records, inside scope work, what a write replaced. Called under the write lock. */
  private void remember(String id, StoredItem before) {
    if (depth.get() > 0) {
      scopeUndo.get().add(new Undo(id, before));
    }
  }

  /** Takes back the writes recorded after {@code mark}, last first, so that failed scope work leaves nothing. */
  private void undo(List<Undo> undo, int mark) {
    List<Undo> writes = new ArrayList<>(undo.subList(mark, undo.size()));
    undo.subList(mark, undo.size()).clear();
    write(() -> {
      for (int i = writes.size() - 1; i >= 0; i--) {
        Undo u = writes.get(i);
        StoredItem now = byId.get(u.id());
        if (now != null) {
          unindex(now);
        }
        if (u.before() != null) {
          index(u.before());
        }
      }
      return null;
    });
  }

  @Override
  public List<Candidate> candidates(CandidateQuery q) {
    return read(() -> {
      Map<String, Set<String>> sources = new TreeMap<>();
      Map<String, StoredItem> itemOf = new HashMap<>();
      TreeSet<String> scopeIds = byScope.get(q.scope());
      if (scopeIds == null) {
        return List.of();
      }
      if (q.windowScan()) {
        List<StoredItem> admitted = new ArrayList<>();
        for (String id : scopeIds) {
          StoredItem i = byId.get(id);
          if (q.admits(i)) {
            admitted.add(i);
          }
        }
        admitted.sort(Comparator.comparingLong(q::timeDistance).thenComparing(StoredItem::id));
        for (StoredItem i : admitted.subList(0, Math.min(q.maxPerLookup(), admitted.size()))) {
          sources.computeIfAbsent(i.id(), k -> new TreeSet<>()).add("window");
          itemOf.put(i.id(), i);
        }
      }
      if (!q.keys().isEmpty()) {
        Map<String, Set<String>> found = new TreeMap<>();
        Postings keys = byKey.getOrDefault(q.scope(), EMPTY);
        for (String key : q.keys()) {
          String source = ItemKeys.sourceOf(key);
          for (StoredItem i : keys.get(key)) {
            if (q.admits(i)) {
              found.computeIfAbsent(i.id(), k -> new TreeSet<>()).add(source);
              itemOf.put(i.id(), i);
            }
          }
        }
        int n = 0;
        for (Map.Entry<String, Set<String>> e : found.entrySet()) {
          if (n++ == q.maxPerLookup()) {
            break;
          }
          sources.computeIfAbsent(e.getKey(), k -> new TreeSet<>()).addAll(e.getValue());
        }
      }
      if (!q.terms().isEmpty()) {
        Map<StoredItem, int[]> shared = new IdentityHashMap<>();
        Postings terms = byTerm.getOrDefault(q.scope(), EMPTY);
        for (String term : q.terms()) {
          for (StoredItem i : terms.get(term)) {
            shared.computeIfAbsent(i, k -> new int[1])[0]++;
          }
        }
        // Most shared terms first, then by id, the first maxPerLookup admitted: by count buckets, from the highest,
        // so that only the buckets that fill the cap are sorted and filtered (a common word brings thousands).
        Map<Integer, List<StoredItem>> byCount = new HashMap<>();
        for (Map.Entry<StoredItem, int[]> e : shared.entrySet()) {
          byCount.computeIfAbsent(e.getValue()[0], k -> new ArrayList<>()).add(e.getKey());
        }
        List<Integer> counts = new ArrayList<>(byCount.keySet());
        counts.sort(Comparator.reverseOrder());
        int taken = 0;
        buckets:
        for (int count : counts) {
          List<StoredItem> items = byCount.get(count);
          items.sort(Comparator.comparing(StoredItem::id));
          for (StoredItem i : items) {
            if (taken == q.maxPerLookup()) {
              break buckets;
            }
            if (q.admits(i)) {
              sources.computeIfAbsent(i.id(), k -> new TreeSet<>()).add("lexical");
              itemOf.put(i.id(), i);
              taken++;
            }
          }
        }
      }
      List<Candidate> out = new ArrayList<>(sources.size());
      sources.forEach((id, src) -> out.add(new Candidate(itemOf.get(id), src)));
      return out;
    });
  }

  @Override
  public List<ScoredCandidate> nearest(CandidateQuery filter, String vectorName, float[] vector, int k) {
    if (k < 1) {
      throw new IllegalArgumentException("k must be at least 1, got " + k);
    }
    return read(() -> {
      TreeSet<String> scopeIds = byScope.get(filter.scope());
      if (scopeIds == null) {
        return List.of();
      }
      List<ScoredCandidate> hits = new ArrayList<>();
      for (String id : scopeIds) {
        StoredItem i = byId.get(id);
        if (!filter.admits(i)) {
          continue;
        }
        float[] v = i.vectors().get(vectorName);
        if (v == null || v.length != vector.length) {
          continue;
        }
        hits.add(new ScoredCandidate(new Candidate(i, Set.of("vector")), cosine(vector, v)));
      }
      hits.sort(Comparator.comparingDouble(ScoredCandidate::similarity).reversed()
          .thenComparing(h -> h.candidate().id()));
      return List.copyOf(hits.subList(0, Math.min(k, hits.size())));
    });
  }

  /** Cosine similarity of two vectors of equal length; 0 when either is all zeros. */
  public static double cosine(float[] a, float[] b) {
    double dot = 0;
    double na = 0;
    double nb = 0;
    for (int i = 0; i < a.length; i++) {
      dot += (double) a[i] * b[i];
      na += (double) a[i] * a[i];
      nb += (double) b[i] * b[i];
    }
    if (na == 0 || nb == 0) {
      return 0;
    }
    return dot / (Math.sqrt(na) * Math.sqrt(nb));
  }

  @Override
  public void close() {
    closed = true;
  }

  private void index(StoredItem item) {
    byId.put(item.id(), item);
    String scope = item.keys().scope();
    byScope.computeIfAbsent(scope, k -> new TreeSet<>()).add(item.id());
    Postings keys = byKey.computeIfAbsent(scope, k -> new Postings());
    for (String key : item.keys().keys()) {
      keys.add(key, item);
    }
    Postings terms = byTerm.computeIfAbsent(scope, k -> new Postings());
    for (String term : item.keys().terms()) {
      terms.add(term, item);
    }
  }

  private void unindex(StoredItem item) {
    byId.remove(item.id());
    String scope = item.keys().scope();
    removeFrom(byScope, scope, item.id());
    removeFrom(byKey, scope, item.keys().keys(), item);
    removeFrom(byTerm, scope, item.keys().terms(), item);
  }

  private static void removeFrom(Map<String, TreeSet<String>> map, String key, String id) {
    TreeSet<String> ids = map.get(key);
    if (ids != null) {
      ids.remove(id);
      if (ids.isEmpty()) {
        map.remove(key);
      }
    }
  }

  private static void removeFrom(Map<String, Postings> byScope, String scope, Set<String> keys, StoredItem item) {
    Postings p = byScope.get(scope);
    if (p == null) {
      return;
    }
    for (String key : keys) {
      p.remove(key, item);
    }
    if (p.isEmpty()) {
      byScope.remove(scope);
    }
  }

  private <T> T read(Supplier<T> work) {
    ensureOpen();
    rw.readLock().lock();
    try {
      return work.get();
    } finally {
      rw.readLock().unlock();
    }
  }

  private <T> T write(Supplier<T> work) {
    ensureOpen();
    rw.writeLock().lock();
    try {
      return work.get();
    } finally {
      rw.writeLock().unlock();
    }
  }

  private void ensureOpen() {
    if (closed) {
      throw new StoreException("the store of collection '" + collection + "' is closed", false);
    }
  }

  /** A snapshot of the scopes held and their sizes, for diagnostics. */
  Map<String, Integer> scopeSizes() {
    return read(() -> {
      Map<String, Integer> out = new LinkedHashMap<>();
      byScope.forEach((k, v) -> out.put(k, v.size()));
      return out;
    });
  }
}
