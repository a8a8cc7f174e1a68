/**
 * The embedded, durable default store: a collection's items, candidate lookup and nearest-neighbour search in an
 * Apache Lucene index inside a data directory. Nothing to install.
 *
 * <h2>Using it</h2>
 *
 * <pre>{@code
 * try (LuceneStoreBackend data = LuceneStoreBackend.open(Path.of("deja-data"))) {
 *   DejaCollection events = DejaCollection.builder(Presets.spec("calendar")).store(data.open("events")).build();
 *   events.put(PutRequest.of("family", Item.of("title", "Dentist", "start", "2026-03-02T14:00")));
 * }
 * }</pre>
 *
 * <p>{@link dev.deja.lucene.LuceneStoreBackend#open(java.nio.file.Path)} creates the directory when missing and
 * refuses, with a {@link dev.deja.core.StoreException} that says why, a directory that is in use (by another process
 * or another backend in this one), that is not a Deja data directory, that has a newer format, or that cannot be
 * written. A put returns once it is durable; a check issued after it sees it.
 *
 * <h2>Layout, and why one index per collection</h2>
 *
 * <pre>
 * deja-data/
 *   deja-store.json                 format name and version, creating Deja version (checked on open)
 *   deja-store.lock                 OS lock held while open
 *   collections/NAME/index/         the collection's Lucene index
 *   collections/NAME/wal/           its write-ahead log (writes since the index's last commit)
 * </pre>
 *
 * <p>One Lucene index per collection rather than one index with a collection field: dropping a collection deletes a
 * directory (no deleted documents left for merges), each collection chooses how it indexes vectors (an HNSW graph is
 * a per-index cost), a busy collection's merges and commits never touch another's, and no query can reach another
 * collection's documents even by mistake. The cost, one {@code IndexWriter} (RAM buffer, file handles) and one
 * background thread per open collection, is small for the tens of collections a deployment has.
 *
 * <h2>Queries</h2>
 *
 * <p>The hard filter of a {@link dev.deja.core.index.CandidateQuery} (the scope term; excluded statuses and the
 * excluded id as {@code MUST_NOT}; time-window clauses as point range queries, or doc-values ranges when the scope is
 * the cheaper lead, via {@code IndexOrDocValuesQuery}) admits every hit: the window scan and the nearest-neighbour
 * search run it as a query; the key and lexical lookups seek their terms per segment (one sorted pass of a term
 * enumeration, a lexical hit scored by the number of terms it shares) and evaluate the filter only at the documents
 * found. Keys and terms are indexed behind a prefix derived from the scope, so a lookup reads only its scope's
 * postings. Results are the union of the capped lookups,
 * ranked exactly as {@code ReferenceCandidates} in deja-testkit ranks them (ties by id in {@code String} order).
 * Listing pages by id in UTF-8 byte order, which equals {@code String} order for ids without supplementary
 * characters.
 *
 * <h2>Writes, read-your-writes and durability</h2>
 *
 * <p>A write is appended to the write-ahead log, applied to the {@code IndexWriter} and recorded in an in-memory
 * overlay under one short lock; reads merge the overlay with the searcher, so a write is visible at once without
 * reopening the searcher per write (a reopen flushes a segment, 5–20 ms here; a reopen-and-commit-per-write design
 * measured about 80 guarded writes per second). A write is acknowledged after the log is fsynced; concurrent writers
 * share one fsync (group commit, leader/follower). Inside {@code inScope} the fsync happens after the scope lock is
 * released. A background thread reopens the searcher every 200 ms while there are new writes and commits the index
 * every 5 s; on open, logged writes after the last commit are replayed. {@code KillNineDurabilityIT} kills a writer
 * process with SIGKILL five times mid-load and finds every acknowledged item.
 *
 * <h2>Vectors</h2>
 *
 * <p>Vectors are optional per item and stored with it (binary doc values). {@link dev.deja.lucene.VectorSearch} is
 * chosen per collection: {@code exact} (the default) scores every vector inside the filter; {@code hnsw} also builds
 * Lucene's HNSW graph and runs a filtered kNN query when the filtered set is large; {@code hnsw-int8} builds Lucene's
 * scalar-quantized graph instead. Graph hits are re-scored exactly. Measurements are in docs/PERFORMANCE.md.
 *
 * <h2>Formats and upgrades</h2>
 *
 * <p>{@code deja-store.json} carries {@code format_version}. A newer Deja opens the older formats it knows (migrating
 * in place before rewriting the marker, see {@code StoreFormat}); an older Deja refuses a newer format with a message
 * naming both versions. A data directory written by this release is kept in the tests
 * ({@code src/test/resources/fixtures/format-1}) so that later releases prove they still open it.
 */
package dev.deja.lucene;
