package dev.deja.lucene;

import dev.deja.core.InvalidInputException;
import dev.deja.core.StoreException;
import dev.deja.core.index.Candidate;
import dev.deja.core.index.CandidateQuery;
import dev.deja.core.index.VectorIndex;
import dev.deja.core.item.ItemKeys;
import dev.deja.core.item.StoredItem;
import dev.deja.core.store.CollectionStore;
import dev.deja.core.store.Page;
import dev.deja.core.store.ScopeLocks;
import dev.deja.lucene.internal.Failures;
import dev.deja.lucene.internal.GroupCommit;
import dev.deja.lucene.internal.ItemCodec;
import dev.deja.lucene.internal.NearestCollector;
import dev.deja.lucene.internal.Overlay;
import dev.deja.lucene.internal.WalRecords;
import dev.deja.lucene.internal.WriteAheadLog;
import dev.deja.lucene.internal.RankedCollector;
import dev.deja.lucene.internal.Schema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.ConcurrentMergeScheduler;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.TieredMergePolicy;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.LeafCollector;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Scorable;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.SearcherFactory;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Weight;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;

/**
 * The items of one collection in a Lucene index on disk: an {@link dev.deja.core.store.ItemStore}, a
 * {@link dev.deja.core.index.CandidateIndex} and a {@link VectorIndex}. Obtained from {@link LuceneStoreBackend}.
 *
 * <p>Every lookup is one Lucene query whose hard filter (scope, excluded statuses, self-exclusion, time window) is a
 * filter clause of the query itself, so nothing outside it is ever read as a candidate.
 *
 * <p>Writes: a write is appended to the collection's write-ahead log, applied to the Lucene {@code IndexWriter} and
 * recorded in an in-memory {@link Overlay}, all under one short lock, so it is visible to the next read at once
 * (reads merge the overlay with the searcher). It is durable when the log is fsynced: outside {@link #inScope} each
 * write waits for a group fsync; inside, the writes of the work are made durable after the scope lock is released, so
 * that writers of other scopes — and the next writer of the same scope — are not held up by the fsync, while the
 * caller still returns only once its writes are durable. A background thread reopens the searcher every
 * {@value #REFRESH_MILLIS} ms while there are new writes (pruning the overlay) and commits the index every
 * {@value #COMMIT_SECONDS} s, recording the last logged write it contains; older log files are then deleted. On open,
 * logged writes after that record are replayed, so a crash (even {@code kill -9}) loses no acknowledged write. Scope
 * work that fails has its writes undone (logged writes restoring what they replaced) before its lock is released.
 *
 * <p>Thread-safe.
 */
public final class LuceneCollectionStore implements CollectionStore, VectorIndex {
  static final String DATA_COLLECTION = "deja.collection";
  static final String DATA_VECTOR_SEARCH = "deja.vector_search";
  static final String DATA_DEFINITION = "deja.definition";
  static final String DATA_WAL_SEQ = "deja.wal_seq";
  static final String INDEX_DIR = "index";
  static final String WAL_DIR = "wal";

  /** How often the searcher is reopened while there are new writes: bounds the overlay's size. */
  static final long REFRESH_MILLIS = 200;
  /** How often the index is committed (and the log truncated) while there are changes. */
  static final long COMMIT_SECONDS = 5;
  /** The fewest hits a graph search asks for (see {@code approximate}). */
  static final int GRAPH_FAN_OUT = 50;
  /** Overlay size that triggers an early reopen. */
  private static final int OVERLAY_SOFT_LIMIT = 5_000;
  /** The merge policy's segments per tier (Lucene's default: 10). */
  static final double SEGMENTS_PER_TIER = 4;
  /** Segments smaller than this are merged as if this size (Lucene's default: 2 MB). */
  static final double FLOOR_SEGMENT_MB = 8;

  private final String collection;
  private final Path path;
  private final Directory directory;
  private final IndexWriter writer;
  private final SearcherManager searchers;
  private final VectorSearch vectorSearch;
  private final WriteAheadLog wal;
  private final Overlay overlay = new Overlay();
  private final GroupCommit walSyncs;
  private final GroupCommit indexCommits;
  private final ScopeLocks scopeLocks = new ScopeLocks();
  private final ScopeLocks idLocks = new ScopeLocks();
  private final ThreadLocal<ScopeState> scopeState = ThreadLocal.withInitial(ScopeState::new);
  private final Runnable onClose;
  /** Guards the log, the sequence numbers, the order of index changes and the commit data. */
  private final Object applyLock = new Object();
  private long lastSeq;
  private volatile long appliedSeq;
  private Map<String, String> commitData;
  private volatile long lastCommitNanos = System.nanoTime();
  private final Thread maintenance;
  private final Object maintenanceSignal = new Object();
  private volatile Throwable maintenanceFailure;
  private volatile boolean closed;

  /** Per thread: how deep inside {@link #inScope} it is, whether it wrote there, and what to undo if it fails. */
  private static final class ScopeState {
    int depth;
    boolean pending;
    /** What the writes of the outermost scope work replaced, in order: undone if the work fails. */
    final List<Undo> undo = new ArrayList<>();
  }

  /** A write made inside scope work: its id and the version before it (empty: the id did not exist). */
  private record Undo(String id, Optional<StoredItem> before) {}

  private LuceneCollectionStore(String collection, Path path, Directory directory, IndexWriter writer,
      SearcherManager searchers, VectorSearch vectorSearch, WriteAheadLog wal, long seq,
      Map<String, String> commitData, Runnable onClose) {
    this.collection = collection;
    this.path = path;
    this.directory = directory;
    this.writer = writer;
    this.searchers = searchers;
    this.vectorSearch = vectorSearch;
    this.wal = wal;
    this.lastSeq = seq;
    this.appliedSeq = seq;
    this.commitData = new LinkedHashMap<>(commitData);
    this.onClose = onClose;
    this.walSyncs = new GroupCommit(this::syncLog, e -> Failures.of("making a write durable in collection '"
        + collection + "'", path, e));
    this.indexCommits = new GroupCommit(this::checkpoint, e -> Failures.of("committing collection '" + collection
        + "'", path, e));
    this.maintenance = new Thread(this::maintain, "deja-lucene-" + collection);
    this.maintenance.setDaemon(true);
    this.maintenance.start();
    // A directory closed in the middle of merges (a bulk load, a crash) has more segments than the policy wants. On
    // its own thread: with a backlog, Lucene's merge scheduler holds the thread that asks until merges finish, and
    // the maintenance thread must keep reopening and committing. Close aborts the merges, which ends it.
    Thread merges = new Thread(() -> {
      try {
        writer.maybeMerge();
      } catch (IOException | RuntimeException e) {
        // Closed while merging, or a merge failed: a failed merge also marks the writer, and writes report it.
        maintenanceFailure = e;
      }
    }, "deja-lucene-merges-" + collection);
    merges.setDaemon(true);
    merges.start();
  }

  /**
   * Opens (creating if needed) the index of a collection and replays its log.
   *
   * @param requested the vector search of a new collection; an existing one keeps what it was created with
   * @param wrap wraps the file-system directory of the index (tests inject failures this way)
   */
  static LuceneCollectionStore open(String collection, Path path, VectorSearch requested,
      Function<Directory, Directory> wrap, Runnable onClose) {
    Directory dir = null;
    IndexWriter w = null;
    WriteAheadLog log = null;
    try {
      dir = wrap.apply(FSDirectory.open(path.resolve(INDEX_DIR)));
      IndexWriterConfig c = new IndexWriterConfig();
      c.setCodec(Schema.CODEC);
      c.setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND);
      // 64 MB: fewer, larger flushed segments during bulk loads; background reopens flush earlier anyway.
      c.setRAMBufferSizeMB(64);
      c.setCommitOnClose(false);
      ConcurrentMergeScheduler cms = new ConcurrentMergeScheduler();
      // One merge thread: the machine this is sized for has 2 cores shared with queries and writers.
      cms.setMaxMergesAndThreads(2, 1);
      c.setMergeScheduler(cms);
      // Fewer, larger segments than Lucene's defaults (10 per tier, 2 MB floor): every lookup of a check visits every
      // segment, and every background reopen flushes a new one. Guarded writes, calendar 100k (docs/PERFORMANCE.md):
      // 15 segments on average → 7, and 1,040–1,100 → 1,390–1,500 puts/s.
      TieredMergePolicy mp = new TieredMergePolicy();
      mp.setSegmentsPerTier(SEGMENTS_PER_TIER);
      mp.setFloorSegmentMB(FLOOR_SEGMENT_MB);
      c.setMergePolicy(mp);
      w = new IndexWriter(dir, c);
      Map<String, String> data = new LinkedHashMap<>();
      Iterable<Map.Entry<String, String>> live = w.getLiveCommitData();
      if (live != null) {
        live.forEach(e -> data.put(e.getKey(), e.getValue()));
      }
      boolean created = !data.containsKey(DATA_COLLECTION);
      if (created) {
        data.put(DATA_COLLECTION, collection);
        data.put(DATA_VECTOR_SEARCH, requested.text());
        data.put(DATA_WAL_SEQ, "0");
      }
      VectorSearch vs = VectorSearch.parse(data.getOrDefault(DATA_VECTOR_SEARCH, "exact"));
      long checkpoint = Long.parseLong(data.getOrDefault(DATA_WAL_SEQ, "0"));
      log = WriteAheadLog.open(path.resolve(WAL_DIR));
      long seq = checkpoint;
      for (WriteAheadLog.Entry e : log.readAfter(checkpoint)) {
        if (e.op() == WalRecords.PUT) {
          StoredItem item = WalRecords.item(e.payload());
          w.updateDocument(new Term(Schema.ID, item.id()), Schema.document(item, knnPrefix(vs)));
        } else {
          w.deleteDocuments(new Term(Schema.ID, WalRecords.deletedId(e.payload())));
        }
        seq = e.seq();
      }
      if (created || seq > checkpoint) {
        data.put(DATA_WAL_SEQ, Long.toString(seq));
        w.setLiveCommitData(data.entrySet());
        w.commit();
      }
      log.startFile(seq + 1);
      log.deleteUpTo(seq);
      SearcherManager sm = new SearcherManager(w, true, false, new SearcherFactory() {
        @Override
        public IndexSearcher newSearcher(IndexReader reader, IndexReader previous) {
          IndexSearcher searcher = new IndexSearcher(reader);
          // No query cache: the searcher is reopened every few hundred milliseconds under writes, and every filter
          // is specific to one scope, so cached bitsets would rarely be reused.
          searcher.setQueryCache(null);
          return searcher;
        }
      });
      return new LuceneCollectionStore(collection, path, dir, w, sm, vs, log, seq, data, onClose);
    } catch (IOException | RuntimeException e) {
      try {
        if (w != null) {
          w.rollback();
        }
        if (log != null) {
          log.close();
        }
        if (dir != null) {
          dir.close();
        }
      } catch (IOException | RuntimeException suppressed) {
        e.addSuppressed(suppressed);
      }
      if (e instanceof InvalidInputException ie) {
        throw ie;
      }
      throw Failures.of("opening collection '" + collection + "'", path, e);
    }
  }

  /** The collection's name. */
  public String collection() {
    return collection;
  }

  /** How this collection finds nearest neighbours (fixed when it was created). */
  public VectorSearch vectorSearch() {
    return vectorSearch;
  }

  /** How many group fsyncs of the log ran since the store was opened (fewer than writes when writers overlap). */
  public long syncCount() {
    return walSyncs.commits();
  }

  // ---------------------------------------------------------------- writes

  @Override
  public void insert(StoredItem item) {
    byte[] encoded = ItemCodec.encode(item);
    Document doc = Schema.document(item, knnPrefix(vectorSearch), encoded);
    byte[] payload = WalRecords.put(item, encoded);
    write(item.id(), "inserting " + item.id(), () -> {
      if (current(item.id()).isPresent()) {
        throw new InvalidInputException("an item with id '" + item.id() + "' already exists in '" + collection + "'");
      }
      apply(item.id(), Optional.of(item), doc, payload, null);
      remember(item.id(), Optional.empty());
      return null;
    });
  }

  /**
   * Inserts many items with one reopen and one index commit, without the log: the bulk-load path (imports,
   * benchmarks). Fails, inserting nothing, when an id repeats or exists. Not meant to race with single writes of the
   * same ids. Durable when it returns, also inside {@link #inScope}; not undone when scope work around it fails.
   */
  public void insertAll(Collection<StoredItem> items) {
    ensureOpen();
    if (items.isEmpty()) {
      return;
    }
    Set<String> ids = new HashSet<>();
    List<BytesRef> terms = new ArrayList<>(items.size());
    List<Document> docs = new ArrayList<>(items.size());
    for (StoredItem i : items) {
      if (!ids.add(i.id())) {
        throw new InvalidInputException("id '" + i.id() + "' appears twice in one bulk insert");
      }
      terms.add(new BytesRef(i.id()));
      docs.add(Schema.document(i, knnPrefix(vectorSearch)));
    }
    Optional<String> existing = read((snap, s) -> {
      for (String id : ids) {
        Optional<Overlay.Version> v = snap.latest(id);
        if (v.isPresent() && v.get().item().isPresent()) {
          return Optional.of(id);
        }
      }
      RankedCollector c = new RankedCollector(RankedCollector.By.ID, 0, 1);
      s.search(new TermInSetQuery(Schema.ID, terms), c);
      return c.hits().stream().map(RankedCollector.Hit::id).filter(id -> snap.latest(id).isEmpty()).findFirst();
    });
    if (existing.isPresent()) {
      throw new InvalidInputException("an item with id '" + existing.get() + "' already exists in '" + collection
          + "'");
    }
    try {
      synchronized (applyLock) {
        for (Document d : docs) {
          writer.addDocument(d);
        }
      }
      refresh();
    } catch (IOException | RuntimeException e) {
      throw failure("bulk inserting " + items.size() + " items", e);
    }
    indexCommits.awaitDurable();
  }

  /**
   * Waits until the index has the shape its merge policy wants, starting the merges it asks for. A bulk load leaves
   * many freshly flushed segments, and every lookup visits every segment; a reopened store merges them in the
   * background too, but a benchmark (or a loader that hands over a store) should not measure that transition.
   */
  public void awaitMerges() {
    ensureOpen();
    try {
      writer.maybeMerge();
      while (writer.hasPendingMerges() || !writer.getMergingSegments().isEmpty()) {
        Thread.sleep(50);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StoreException("interrupted while waiting for merges in collection '" + collection + "'", true, e);
    } catch (IOException | RuntimeException e) {
      throw failure("merging", e);
    }
    publish();
  }

  @Override
  public void replace(StoredItem item) {
    byte[] encoded = ItemCodec.encode(item);
    Document doc = Schema.document(item, knnPrefix(vectorSearch), encoded);
    byte[] payload = WalRecords.put(item, encoded);
    write(item.id(), "replacing " + item.id(), () -> {
      Optional<StoredItem> old = current(item.id()).filter(o -> o.tenant().equals(item.tenant()));
      if (old.isEmpty()) {
        throw new InvalidInputException("no item with id '" + item.id() + "' in '" + collection + "'");
      }
      apply(item.id(), Optional.of(item), doc, payload, old.get().keys().scope());
      remember(item.id(), old);
      return null;
    });
  }

  @Override
  public boolean delete(String tenant, String id) {
    return write(id, "deleting " + id, () -> {
      Optional<StoredItem> old = current(id).filter(o -> o.tenant().equals(tenant));
      if (old.isEmpty()) {
        return false;
      }
      apply(id, Optional.empty(), null, WalRecords.delete(id), old.get().keys().scope());
      remember(id, old);
      return true;
    });
  }

  /** The current version of an item (any tenant): the overlay's, else the index's. */
  private Optional<StoredItem> current(String id) {
    return read((snap, s) -> {
      Optional<Overlay.Version> v = snap.latest(id);
      if (v.isPresent()) {
        return v.get().item();
      }
      int doc = locate(s, id);
      return doc < 0 ? Optional.empty() : Optional.of(load(s, doc));
    });
  }

  /**
   * Logs, applies and publishes one write, in sequence order.
   *
   * @param oldScope the scope of the version it replaces; null for an insert, whose id is known not to exist
   */
  private void apply(String id, Optional<StoredItem> item, Document doc, byte[] payload, String oldScope)
      throws IOException {
    boolean wake;
    synchronized (applyLock) {
      long seq = lastSeq + 1;
      wal.append(seq, item.isPresent() ? WalRecords.PUT : WalRecords.DELETE, payload);
      lastSeq = seq;
      if (item.isPresent() && oldScope == null) {
        // An insert: the id's absence was checked under its lock, so there is no older document to delete (and no
        // delete term for the next flush to resolve against every segment).
        writer.addDocument(doc);
      } else if (item.isPresent()) {
        writer.updateDocument(new Term(Schema.ID, id), doc);
      } else {
        writer.deleteDocuments(new Term(Schema.ID, id));
      }
      overlay.add(new Overlay.Version(seq, id, item, oldScope));
      appliedSeq = seq;
      wake = overlay.snapshot().size() > OVERLAY_SOFT_LIMIT;
    }
    if (wake) {
      synchronized (maintenanceSignal) {
        maintenanceSignal.notifyAll();
      }
    }
  }

  @Override
  public <T> T inScope(String scope, Supplier<T> work) {
    ensureOpen();
    ScopeState st = scopeState.get();
    st.depth++;
    int mark = st.undo.size();
    T result;
    try {
      result = scopeLocks.withLock(scope, () -> {
        try {
          return work.get();
        } catch (RuntimeException | Error e) {
          // Still under the scope's lock: nobody sees the work's writes being taken back.
          undo(st, mark, e);
          throw e;
        }
      });
    } catch (RuntimeException | Error e) {
      if (--st.depth == 0 && st.pending) {
        st.pending = false;
        try {
          walSyncs.awaitDurable();
        } catch (RuntimeException suppressed) {
          e.addSuppressed(suppressed);
        }
      }
      throw e;
    }
    if (--st.depth == 0) {
      st.undo.clear();
      if (st.pending) {
        st.pending = false;
        // Outside the scope lock: the next writer of this scope proceeds while this one waits for the fsync.
        walSyncs.awaitDurable();
      }
    }
    return result;
  }

  /** Records, inside scope work, what a write replaced. */
  private void remember(String id, Optional<StoredItem> before) {
    ScopeState st = scopeState.get();
    if (st.depth > 0) {
      st.undo.add(new Undo(id, before));
    }
  }

  /**
   * Takes back the writes of failed scope work (those recorded after {@code mark}), last first: a write that answers an
   * error leaves nothing behind (a series whose tenth occurrence cannot be stored leaves neither its master nor the
   * nine before). The undoing writes are logged like any other, so a restart replays the same end state. A failure
   * while undoing is added to the work's exception.
   */
  private void undo(ScopeState st, int mark, Throwable cause) {
    List<Undo> writes = new ArrayList<>(st.undo.subList(mark, st.undo.size()));
    st.undo.subList(mark, st.undo.size()).clear();
    for (int i = writes.size() - 1; i >= 0; i--) {
      Undo u = writes.get(i);
      try {
        write(u.id(), "undoing a write to " + u.id(), () -> {
          Optional<StoredItem> now = current(u.id());
          String scopeNow = now.map(x -> x.keys().scope()).orElse(null);
          if (u.before().isPresent()) {
            StoredItem b = u.before().get();
            byte[] encoded = ItemCodec.encode(b);
            Document doc = Schema.document(b, knnPrefix(vectorSearch), encoded);
            apply(u.id(), u.before(), doc, WalRecords.put(b, encoded), scopeNow == null ? b.keys().scope() : scopeNow);
          } else if (now.isPresent()) {
            apply(u.id(), Optional.empty(), null, WalRecords.delete(u.id()), scopeNow);
          }
          return null;
        });
      } catch (RuntimeException e) {
        cause.addSuppressed(e);
      }
    }
  }

  /** Writes under the id's lock, then makes the write durable (now, or when the outermost scope work ends). */
  private <T> T write(String id, String what, IoSupplier<T> op) {
    ensureOpen();
    T result;
    try {
      result = idLocks.withLock(id, () -> {
        try {
          return op.get();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    } catch (InvalidInputException e) {
      throw e;
    } catch (UncheckedIOException e) {
      throw failure(what, e.getCause());
    } catch (RuntimeException e) {
      throw failure(what, e);
    }
    ScopeState st = scopeState.get();
    if (st.depth > 0) {
      st.pending = true;
    } else {
      walSyncs.awaitDurable();
    }
    return result;
  }

  /** Fsyncs the log file that receives appends now (a file rolled away was fsynced when it was rolled). */
  private void syncLog() throws IOException {
    FileChannel ch;
    synchronized (applyLock) {
      ch = wal.current();
    }
    try {
      ch.force(false);
    } catch (ClosedChannelException rolled) {
      // Rolled (and so fsynced) by a checkpoint after this sync began.
    }
  }

  /** Commits the index with the sequence number of the last write it holds, then drops the log before it. */
  private void checkpoint() throws IOException {
    long seq;
    synchronized (applyLock) {
      seq = lastSeq;
      wal.startFile(seq + 1);
      commitData.put(DATA_WAL_SEQ, Long.toString(seq));
      writer.setLiveCommitData(new LinkedHashMap<>(commitData).entrySet());
    }
    writer.commit();
    lastCommitNanos = System.nanoTime();
    synchronized (applyLock) {
      wal.deleteUpTo(seq);
    }
  }

  /**
   * Reopens the searcher now so that it shows every applied write (the background thread does this every
   * {@value #REFRESH_MILLIS} ms); tests use it to leave older copies in the index under the overlay.
   */
  void publish() {
    ensureOpen();
    try {
      refresh();
    } catch (IOException | RuntimeException e) {
      throw failure("reopening", e);
    }
  }

  /** Reopens the searcher so it shows every applied write, then prunes the overlay. */
  private void refresh() throws IOException {
    long upTo = appliedSeq;
    searchers.maybeRefreshBlocking();
    overlay.pruneUpTo(upTo);
  }

  private void maintain() {
    while (!closed) {
      synchronized (maintenanceSignal) {
        try {
          maintenanceSignal.wait(REFRESH_MILLIS);
        } catch (InterruptedException e) {
          return;
        }
      }
      if (closed) {
        return;
      }
      try {
        if (!overlay.snapshot().isEmpty()) {
          refresh();
        }
        if (System.nanoTime() - lastCommitNanos > COMMIT_SECONDS * 1_000_000_000L && writer.hasUncommittedChanges()) {
          indexCommits.awaitDurable();
        }
        maintenanceFailure = null;
      } catch (Throwable t) {
        // Reads keep working from the overlay; the failure surfaces to writers through the tragic writer state.
        maintenanceFailure = t;
        if (writer.getTragicException() != null || closed) {
          return;
        }
      }
    }
  }

  /** Records the collection's definition in the index's commit data, durably. */
  void define(String definition) {
    ensureOpen();
    synchronized (applyLock) {
      commitData.put(DATA_DEFINITION, definition);
    }
    indexCommits.awaitDurable();
  }

  /** The recorded definition, if any. */
  Optional<String> definition() {
    synchronized (applyLock) {
      return Optional.ofNullable(commitData.get(DATA_DEFINITION));
    }
  }

  // ---------------------------------------------------------------- reads

  @Override
  public Optional<StoredItem> find(String tenant, String id) {
    return current(id).filter(i -> i.tenant().equals(tenant));
  }

  @Override
  public Page list(Optional<String> tenant, Optional<String> afterId, int limit) {
    if (limit < 1) {
      throw new InvalidInputException("limit must be at least 1, got " + limit);
    }
    return read((snap, s) -> {
      BooleanQuery.Builder b = new BooleanQuery.Builder();
      b.add(tenant.<Query>map(t -> new TermQuery(new Term(Schema.TENANT, t))).orElseGet(MatchAllDocsQuery::new),
          Occur.FILTER);
      // On the ids' sorted doc values, not a TermRangeQuery: that compiles the bound into an automaton, which Lucene
      // refuses for bounds over 1,000 characters ("input automaton is too large").
      afterId.ifPresent(a -> b.add(SortedDocValuesField.newSlowRangeQuery(Schema.ID, new BytesRef(a), null, false,
          false), Occur.FILTER));
      if (!snap.isEmpty()) {
        b.add(Schema.ids(snap.ids()), Occur.MUST_NOT);
      }
      int n = (int) Math.min((long) limit + 1, (long) s.getIndexReader().maxDoc() + 1);
      TopDocs td = s.search(b.build(), n, new Sort(new SortField(Schema.ID, SortField.Type.STRING)));
      TreeMap<String, Object> merged = new TreeMap<>();
      for (ScoreDoc sd : td.scoreDocs) {
        merged.put(idOf(s, sd.doc), sd.doc);
      }
      for (StoredItem i : snap.liveItems()) {
        if (tenant.map(t -> t.equals(i.tenant())).orElse(true) && afterId.map(a -> i.id().compareTo(a) > 0)
            .orElse(true)) {
          merged.put(i.id(), i);
        }
      }
      List<Ranked> page = new ArrayList<>();
      for (Map.Entry<String, Object> e : merged.entrySet()) {
        if (page.size() == limit) {
          break;
        }
        page.add(e.getValue() instanceof StoredItem i ? new Ranked(0, i.id(), -1, i)
            : new Ranked(0, e.getKey(), (Integer) e.getValue(), null));
      }
      List<StoredItem> items = List.of(loadAll(s, page, false));
      boolean more = merged.size() > limit;
      return new Page(items, more ? Optional.of(items.get(items.size() - 1).id()) : Optional.empty());
    });
  }

  @Override
  public long count(Optional<String> tenant) {
    return read((snap, s) -> {
      Query q = tenant.<Query>map(t -> new TermQuery(new Term(Schema.TENANT, t))).orElseGet(MatchAllDocsQuery::new);
      if (snap.isEmpty()) {
        return (long) s.count(q);
      }
      q = new BooleanQuery.Builder().add(q, Occur.FILTER).add(Schema.ids(snap.ids()), Occur.MUST_NOT).build();
      long n = s.count(q);
      for (StoredItem i : snap.liveItems()) {
        if (tenant.map(t -> t.equals(i.tenant())).orElse(true)) {
          n++;
        }
      }
      return n;
    });
  }

  /** A lookup hit from the index ({@code doc} set) or the overlay ({@code item} set). */
  private record Ranked(long rank, String id, int doc, StoredItem item) {}

  private static final java.util.Comparator<Ranked> RANKED = java.util.Comparator.comparingLong(Ranked::rank)
      .thenComparing(Ranked::id);

  /** The best {@code cap} of the index's hits and the overlay's, by rank then id. */
  private static List<Ranked> merge(List<RankedCollector.Hit> index, List<Ranked> fromOverlay, int cap) {
    List<Ranked> all = new ArrayList<>(index.size() + fromOverlay.size());
    for (RankedCollector.Hit h : index) {
      all.add(new Ranked(h.rank(), h.id(), h.doc(), null));
    }
    all.addAll(fromOverlay);
    all.sort(RANKED);
    return all.subList(0, Math.min(cap, all.size()));
  }

  @Override
  public List<Candidate> candidates(CandidateQuery q) {
    return read((snap, s) -> {
      // The key and term lookups seek terms that carry the scope's tag (96 bits of its SHA-256), so they stay inside
      // the scope unless two scopes' tags collide. A query that asks for nothing but the scope therefore skips the
      // filter there (its scorer in every segment with a hit was a twentieth of a memory put) and checks the scope of
      // what it decoded instead; should a collision ever bring in another scope's item, it runs again filtered.
      boolean scopeOnly = q.excludedStatuses().isEmpty() && q.excludeId().isEmpty() && q.time().isEmpty();
      if (scopeOnly) {
        List<Candidate> unfiltered = candidates(snap, s, q, false);
        if (unfiltered.stream().allMatch(c -> c.item().keys().scope().equals(q.scope()))) {
          return unfiltered;
        }
      }
      return candidates(snap, s, q, true);
    });
  }

  /** The candidates of a query; {@code filterLookups}: whether the key and term lookups apply the query's filter. */
  private List<Candidate> candidates(Overlay.Snapshot snap, IndexSearcher s, CandidateQuery q, boolean filterLookups)
      throws IOException {
    Overlay.ScopeView view = snap.scope(q.scope());
    // The ids the overlay shadows are skipped by the collectors rather than excluded by the query (see
    // RankedCollector): the same hits, without an ids clause looked up in every segment.
    Set<String> shadowed = view.shadowed();
    Query filter = Schema.filter(q, Set.of());
    List<StoredItem> mine = new ArrayList<>();
    for (StoredItem i : view.live().values()) {
      if (q.admits(i)) {
        mine.add(i);
      }
    }
    Map<String, Set<String>> sources = new TreeMap<>();
    Map<String, Ranked> found = new HashMap<>();
    int cap = q.maxPerLookup();
    if (q.windowScan()) {
      boolean near = q.nearMillis().isPresent();
      RankedCollector c = near
          ? new RankedCollector(RankedCollector.By.TIME_DISTANCE, q.nearMillis().getAsLong(), cap, shadowed)
          : new RankedCollector(RankedCollector.By.ID, 0, cap, shadowed);
      s.search(filter, c);
      List<Ranked> extra = new ArrayList<>();
      for (StoredItem i : mine) {
        extra.add(new Ranked(q.timeDistance(i), i.id(), -1, i));
      }
      List<Ranked> window = merge(c.hits(), extra, cap);
      for (Ranked r : window) {
        found.putIfAbsent(r.id(), r);
        sources.computeIfAbsent(r.id(), d -> new TreeSet<>()).add("window");
      }
      if (window.size() < cap) {
        // The scan returned every item that passes the filter, and the key and lexical lookups run inside the same
        // filter: they could only find some of these again, uncapped. Their sources are read from the items
        // themselves instead of from two more index searches (most of a calendar check's cost).
        return List.copyOf(completeWindow(s, q, window));
      }
    }
    Set<String> byKey = new HashSet<>();
    String scopeTag = Schema.scopeTag(q.scope());
    if (!q.keys().isEmpty()) {
      RankedCollector c = new RankedCollector(RankedCollector.By.ID, 0, cap, shadowed);
      byTerms(s, Schema.KEY, Schema.scopedTerms(scopeTag, q.keys()), filterLookups ? filter : null, c);
      List<Ranked> extra = new ArrayList<>();
      for (StoredItem i : mine) {
        if (i.keys().keys().stream().anyMatch(q.keys()::contains)) {
          extra.add(new Ranked(0, i.id(), -1, i));
        }
      }
      for (Ranked r : merge(c.hits(), extra, cap)) {
        found.putIfAbsent(r.id(), r);
        sources.computeIfAbsent(r.id(), d -> new TreeSet<>());
        byKey.add(r.id());
      }
    }
    if (!q.terms().isEmpty()) {
      List<Ranked> extra = new ArrayList<>();
      for (StoredItem i : mine) {
        long n = i.keys().terms().stream().filter(q.terms()::contains).count();
        if (n > 0) {
          extra.add(new Ranked(-n, i.id(), -1, i));
        }
      }
      RankedCollector c = new RankedCollector(RankedCollector.By.SCORE, 0, cap, shadowed);
      byTerms(s, Schema.TERM, Schema.scopedTerms(scopeTag, q.terms()), filterLookups ? filter : null, c);
      for (Ranked r : merge(c.hits(), extra, cap)) {
        found.putIfAbsent(r.id(), r);
        sources.computeIfAbsent(r.id(), d -> new TreeSet<>()).add("lexical");
      }
    }
    List<Ranked> ranked = new ArrayList<>(sources.size());
    for (String id : sources.keySet()) {
      ranked.add(found.get(id));
    }
    StoredItem[] items = loadAll(s, ranked, true);
    List<Candidate> out = new ArrayList<>(sources.size());
    int at = 0;
    for (Map.Entry<String, Set<String>> e : sources.entrySet()) {
      StoredItem item = items[at++];
      Set<String> src = e.getValue();
      if (byKey.contains(e.getKey())) {
        addKeySources(src, item, q);
      }
      out.add(new Candidate(item, src));
    }
    return List.copyOf(out);
  }

  /**
   * The candidates of a query whose window scan found fewer items than the cap: every one of them, with the sources
   * the key and lexical lookups would have added (an exact-key source per shared key, {@code lexical} when a term is
   * shared), in id order.
   */
  private List<Candidate> completeWindow(IndexSearcher s, CandidateQuery q, List<Ranked> window) throws IOException {
    List<Ranked> byId = new ArrayList<>(window);
    byId.sort(java.util.Comparator.comparing(Ranked::id));
    StoredItem[] items = loadAll(s, byId, false);
    List<Candidate> out = new ArrayList<>(byId.size());
    int at = 0;
    for (Ranked r : byId) {
      StoredItem item = items[at++];
      Set<String> src = new TreeSet<>();
      src.add("window");
      addKeySources(src, item, q);
      if (!q.terms().isEmpty() && item.keys().terms().stream().anyMatch(q.terms()::contains)) {
        src.add("lexical");
      }
      out.add(new Candidate(item, src));
    }
    return out;
  }

  /** Adds the source of each of the query's exact lookup keys the item has (e.g. {@code exact}, {@code synonym}). */
  private static void addKeySources(Set<String> src, StoredItem item, CandidateQuery q) {
    for (String key : item.keys().keys()) {
      if (q.keys().contains(key)) {
        src.add(ItemKeys.sourceOf(key));
      }
    }
  }

  /**
   * A lookup of terms in the index: every document inside {@code filter} (null: no filter beyond the terms' scope
   * tag) with at least one of {@code terms} (sorted, as
   * {@link Schema#scopedTerms} gives them) goes to {@code c}, scored by how many of them it has — the exact-key lookup
   * ranks by id, the lexical one by that count.
   *
   * <p>Not a query with a clause per term (or a {@code TermInSetQuery}): that seeks every term from the root of every
   * segment's term dictionary with a fresh enumeration, and evaluates the filter in every segment (a fifth of a memory
   * check at 1M). Instead, per segment, one enumeration seeks the terms in sorted order — they share the scope tag, so
   * each seek starts from frames the last one loaded — and counts per document how many it has; the filter is
   * evaluated only in segments with a hit, and only at those documents.
   */
  private static void byTerms(IndexSearcher s, String field, List<BytesRef> terms, Query filter, RankedCollector c)
      throws IOException {
    Weight inFilter = null;
    SharedTerms shared = new SharedTerms();
    for (LeafReaderContext leaf : s.getIndexReader().leaves()) {
      Terms indexed = leaf.reader().terms(field);
      if (indexed == null) {
        continue;
      }
      Bits live = leaf.reader().getLiveDocs();
      TermsEnum te = indexed.iterator();
      PostingsEnum postings = null;
      int n = 0;
      int[] docs = new int[16];
      for (BytesRef term : terms) {
        if (!te.seekExact(term)) {
          continue;
        }
        postings = te.postings(postings, PostingsEnum.NONE);
        for (int d = postings.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = postings.nextDoc()) {
          if (live == null || live.get(d)) {
            if (n == docs.length) {
              docs = java.util.Arrays.copyOf(docs, n * 2);
            }
            docs[n++] = d;
          }
        }
      }
      if (n == 0) {
        continue;
      }
      DocIdSetIterator it;
      if (filter == null) {
        it = DocIdSetIterator.all(leaf.reader().maxDoc());
      } else {
        if (inFilter == null) {
          inFilter = s.createWeight(s.rewrite(filter), ScoreMode.COMPLETE_NO_SCORES, 1f);
        }
        Scorer admitted = inFilter.scorer(leaf);
        if (admitted == null) {
          continue;
        }
        it = admitted.iterator();
      }
      java.util.Arrays.sort(docs, 0, n);
      LeafCollector lc = c.getLeafCollector(leaf);
      lc.setScorer(shared);
      for (int i = 0; i < n; ) {
        int doc = docs[i];
        int count = 0;
        while (i < n && docs[i] == doc) {
          count++;
          i++;
        }
        int at = it.docID() < doc ? it.advance(doc) : it.docID();
        if (at == DocIdSetIterator.NO_MORE_DOCS) {
          break;
        }
        if (at == doc) {
          shared.doc = doc;
          shared.count = count;
          lc.collect(doc);
        }
      }
    }
  }

  /** The score a lexical hit is collected with: the number of the query's terms it has. */
  private static final class SharedTerms extends Scorable {
    int doc = -1;
    int count;

    @Override
    public float score() {
      return count;
    }

    @Override
    public int docID() {
      return doc;
    }
  }

  @Override
  public List<ScoredCandidate> nearest(CandidateQuery filter, String vectorName, float[] vector, int k) {
    return nearest(filter, vectorName, vector, k, vectorSearch.graph());
  }

  /**
   * {@link #nearest} scoring every vector inside the filter whatever the collection's vector search: the exact answer
   * a graph search is measured against ({@code deja bench store}'s {@code recall_at_10}).
   */
  public List<ScoredCandidate> nearestExact(CandidateQuery filter, String vectorName, float[] vector, int k) {
    return nearest(filter, vectorName, vector, k, false);
  }

  private List<ScoredCandidate> nearest(CandidateQuery filter, String vectorName, float[] vector, int k,
      boolean useGraph) {
    if (k < 1) {
      throw new IllegalArgumentException("k must be at least 1, got " + k);
    }
    float[] query = vector.clone();
    return read((snap, s) -> {
      Overlay.ScopeView view = snap.scope(filter.scope());
      List<NearestCollector.Hit> hits;
      float[] unit = Schema.unit(query);
      // The graph search must not spend its k on shadowed documents: its query excludes them.
      Query graphFilter = useGraph && unit != null && query.length <= Schema.MAX_KNN_DIMENSION
          ? Schema.filter(filter, view.shadowed()) : null;
      if (graphFilter != null && s.count(graphFilter) > vectorSearch.exactBelow()) {
        hits = approximate(s, graphFilter, vectorName, query, unit, k);
      } else {
        NearestCollector c = new NearestCollector(vectorName, query, k, view.shadowed());
        s.search(Schema.filter(filter, Set.of()), c);
        hits = c.hits();
      }
      Map<String, StoredItem> fromOverlay = new HashMap<>();
      List<NearestCollector.Hit> all = new ArrayList<>(hits);
      for (StoredItem i : view.live().values()) {
        float[] v = i.vectors().get(vectorName);
        if (filter.admits(i) && v != null && v.length == query.length) {
          all.add(new NearestCollector.Hit(-1, Schema.cosine(query, new BytesRef(Schema.toBytes(v))), i.id()));
          fromOverlay.put(i.id(), i);
        }
      }
      all.sort(NearestCollector.ORDER);
      List<NearestCollector.Hit> top = all.subList(0, Math.min(k, all.size()));
      List<Ranked> ranked = new ArrayList<>(top.size());
      for (NearestCollector.Hit h : top) {
        ranked.add(new Ranked(0, h.id(), h.doc(), h.doc() < 0 ? fromOverlay.get(h.id()) : null));
      }
      StoredItem[] items = loadAll(s, ranked, true);
      List<ScoredCandidate> out = new ArrayList<>(top.size());
      for (int i = 0; i < top.size(); i++) {
        out.add(new ScoredCandidate(new Candidate(items[i], Set.of("vector")), top.get(i).similarity()));
      }
      return List.copyOf(out);
    });
  }

  /** The prefix of the HNSW fields a collection's vectors are indexed in, or null without a graph. */
  private static String knnPrefix(VectorSearch vs) {
    return !vs.graph() ? null : vs.quantized() ? Schema.KNN_INT8_PREFIX : Schema.KNN_PREFIX;
  }

  /** Filtered HNSW search (the filter is applied inside the graph search), re-scored exactly. */
  private List<NearestCollector.Hit> approximate(IndexSearcher s, Query filter, String name, float[] query,
      float[] unit, int k) throws IOException {
    // The graph is asked for at least GRAPH_FAN_OUT hits (its search beam is the number asked for; at k = 10 it
    // missed half of the true ten on the bench's vectors), an int8 graph for twice k; all are re-scored exactly.
    int n = Math.max(GRAPH_FAN_OUT, vectorSearch.quantized() ? 2 * k : k);
    TopDocs td = s.search(new KnnFloatVectorQuery(Schema.knnField(knnPrefix(vectorSearch), name, query.length), unit,
        n, filter), n);
    List<NearestCollector.Hit> hits = new ArrayList<>();
    List<LeafReaderContext> leaves = s.getIndexReader().leaves();
    for (ScoreDoc sd : td.scoreDocs) {
      LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(sd.doc, leaves));
      BinaryDocValues v = DocValues.getBinary(leaf.reader(), Schema.vectorField(name));
      if (v.advanceExact(sd.doc - leaf.docBase)) {
        hits.add(new NearestCollector.Hit(sd.doc, Schema.cosine(query, v.binaryValue()), idOf(s, sd.doc)));
      }
    }
    hits.sort(NearestCollector.ORDER);
    return hits;
  }

  // ---------------------------------------------------------------- plumbing

  /**
   * The global doc id of the live document of an id, or -1: a seek in each segment's id terms (no query, no scoring —
   * every insert asks this once, mostly for ids that do not exist).
   */
  private static int locate(IndexSearcher s, String id) throws IOException {
    BytesRef term = new BytesRef(id);
    for (LeafReaderContext leaf : s.getIndexReader().leaves()) {
      Terms terms = leaf.reader().terms(Schema.ID);
      if (terms == null) {
        continue;
      }
      TermsEnum te = terms.iterator();
      if (!te.seekExact(term)) {
        continue;
      }
      PostingsEnum docs = te.postings(null, PostingsEnum.NONE);
      Bits live = leaf.reader().getLiveDocs();
      for (int d = docs.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = docs.nextDoc()) {
        if (live == null || live.get(d)) {
          return leaf.docBase + d;
        }
      }
    }
    return -1;
  }

  private static String idOf(IndexSearcher s, int doc) throws IOException {
    List<LeafReaderContext> leaves = s.getIndexReader().leaves();
    LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
    return Schema.ids(leaf.reader()).of(doc - leaf.docBase);
  }

  /**
   * The items of ranked hits, in their order: those from the overlay as they are, those from the index decoded in doc
   * order, so that each segment's doc values are opened once per call instead of once per item (opening them slices
   * the index files: a tenth of a memory check's candidate loading).
   */
  private StoredItem[] loadAll(IndexSearcher s, List<Ranked> ranked, boolean defer) throws IOException {
    StoredItem[] items = new StoredItem[ranked.size()];
    List<Integer> fromIndex = new ArrayList<>(ranked.size());
    for (int i = 0; i < items.length; i++) {
      Ranked r = ranked.get(i);
      if (r.item() != null) {
        items[i] = r.item();
      } else {
        fromIndex.add(i);
      }
    }
    fromIndex.sort(java.util.Comparator.comparingInt(i -> ranked.get(i).doc()));
    List<LeafReaderContext> leaves = s.getIndexReader().leaves();
    LeafDocs leafDocs = null;
    for (int i : fromIndex) {
      int doc = ranked.get(i).doc();
      if (leafDocs == null || doc >= leafDocs.leaf.docBase + leafDocs.leaf.reader().maxDoc()) {
        leafDocs = new LeafDocs(leaves.get(ReaderUtil.subIndex(doc, leaves)));
      }
      items[i] = leafDocs.load(s, doc, defer);
    }
    return items;
  }

  /** The doc values of one segment, opened once and read in increasing doc order. */
  private final class LeafDocs {
    final LeafReaderContext leaf;
    private BinaryDocValues source;
    private final Map<String, BinaryDocValues> vectors = new HashMap<>();

    LeafDocs(LeafReaderContext leaf) throws IOException {
      this.leaf = leaf;
      this.source = leaf.reader().getBinaryDocValues(Schema.SOURCE_DV);
    }

    /**
     * The item of a global doc id of this segment; calls must come in increasing doc order. With {@code defer}, its
     * terms, history and vectors are decoded on first use ({@link ItemCodec#decodeDeferred}).
     */
    StoredItem load(IndexSearcher s, int doc, boolean defer) throws IOException {
      int local = doc - leaf.docBase;
      if (source != null && source.docID() > local) {
        source = leaf.reader().getBinaryDocValues(Schema.SOURCE_DV);
      }
      boolean smile = source != null && source.advanceExact(local);
      // Written by format 1 when the document has no item doc values: JSON text in a stored field.
      BytesRef src = smile ? source.binaryValue() : s.storedFields().document(doc).getBinaryValue(Schema.SOURCE);
      if (src == null) {
        throw new StoreException("document " + doc + " of collection '" + collection + "' has no item", false);
      }
      ItemCodec.VectorSource vs = new ItemCodec.VectorSource() {
        @Override
        public float[] vector(String name) {
          return Schema.toFloats(bytes(name));
        }

        @Override
        public java.util.function.Supplier<float[]> capture(String name) {
          BytesRef copy = BytesRef.deepCopyOf(bytes(name));
          return () -> Schema.toFloats(copy);
        }

        /** The vector's bytes as the doc values hold them (valid until the next read). */
        private BytesRef bytes(String name) {
          try {
            BinaryDocValues v = vectors.get(name);
            if (v == null || v.docID() > local) {
              v = leaf.reader().getBinaryDocValues(Schema.vectorField(name));
              vectors.put(name, v);
            }
            if (v == null || !v.advanceExact(local)) {
              throw new StoreException("item in document " + doc + " of collection '" + collection
                  + "' lost its vector '" + name + "'", false);
            }
            return v.binaryValue();
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }
      };
      // The doc values' bytes are only valid until the next read: a deferred decode keeps a copy.
      return defer ? ItemCodec.decodeDeferred(java.util.Arrays.copyOfRange(src.bytes, src.offset,
          src.offset + src.length), vs) : ItemCodec.decode(src.bytes, src.offset, src.length, vs);
    }
  }

  private StoredItem load(IndexSearcher s, int doc) throws IOException {
    List<LeafReaderContext> leaves = s.getIndexReader().leaves();
    return new LeafDocs(leaves.get(ReaderUtil.subIndex(doc, leaves))).load(s, doc, false);
  }

  @FunctionalInterface
  private interface IoFunction<T> {
    T apply(Overlay.Snapshot snapshot, IndexSearcher s) throws IOException;
  }

  @FunctionalInterface
  private interface IoSupplier<T> {
    T get() throws IOException;
  }

  /** Runs a read on an overlay snapshot and a searcher acquired after it (see {@link Overlay}). */
  private <T> T read(IoFunction<T> fn) {
    ensureOpen();
    Overlay.Snapshot snap = overlay.snapshot();
    IndexSearcher s;
    try {
      s = searchers.acquire();
    } catch (IOException | RuntimeException e) {
      throw failure("reading", e);
    }
    try {
      return fn.apply(snap, s);
    } catch (IOException e) {
      throw failure("reading", e);
    } catch (UncheckedIOException e) {
      throw failure("reading", e.getCause());
    } catch (org.apache.lucene.store.AlreadyClosedException e) {
      throw failure("reading", e);
    } finally {
      try {
        searchers.release(s);
      } catch (IOException | RuntimeException e) {
        // Releasing a reader only decrements a reference count; a failure here leaves nothing to undo.
      }
    }
  }

  private StoreException failure(String what, Throwable e) {
    Throwable tragic = writer.getTragicException();
    if (tragic != null && tragic != e) {
      return Failures.of(what + " in collection '" + collection + "'", path,
          new org.apache.lucene.store.AlreadyClosedException("index writer closed", tragic));
    }
    return Failures.of(what + " in collection '" + collection + "'", path, e);
  }

  private void ensureOpen() {
    if (closed) {
      throw new StoreException("the store of collection '" + collection + "' is closed", false);
    }
  }

  /** The directory holding this collection's index. */
  public Path path() {
    return path;
  }

  /** Closes the index after committing it (the log is then empty); idempotent. */
  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    try {
      // Never interrupt the maintenance thread: an interrupt during a read or write closes Lucene's file channels
      // (ClosedByInterruptException) under the index. Wake it instead; it sees `closed` and returns.
      synchronized (maintenanceSignal) {
        maintenanceSignal.notifyAll();
      }
      maintenance.join();
      searchers.close();
      if (writer.getTragicException() != null) {
        writer.rollback();
      } else {
        checkpoint();
        writer.close();
      }
      wal.close();
      directory.close();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StoreException("interrupted while closing collection '" + collection + "'", true, e);
    } catch (IOException | RuntimeException e) {
      throw Failures.of("closing collection '" + collection + "'", path, e);
    } finally {
      onClose.run();
    }
  }
}
