/**
 * The shared store for many Deja processes: a collection's items, candidate lookup and nearest-neighbour search in
 * PostgreSQL (15 or newer) with pgvector. Use it when one process is not enough and several stateless
 * {@code deja serve} instances must agree on what already exists; the embedded Lucene store stays the default.
 *
 * <h2>Using it</h2>
 *
 * <pre>{@code
 * try (PostgresStoreBackend db = PostgresStoreBackend.connect("postgresql://deja:deja@127.0.0.1:5432/deja")) {
 *   DejaCollection events = DejaCollection.builder(Presets.spec("calendar")).store(db.open("events")).build();
 *   events.put(PutRequest.of("family", Item.of("title", "Dentist", "start", "2026-03-02T14:00")));
 * }
 * }</pre>
 *
 * <p>{@code scripts/start-postgres.sh} installs and starts a suitable server and prints that URL. The URL's options
 * ({@code schema}, {@code pool_size}, {@code vector_search}, {@code exact_below}, {@code ef_search}) are described in
 * {@link dev.deja.postgres.PostgresSettings} and docs/CONFIGURATION.md. Connecting migrates the schema with Flyway
 * (versioned scripts in {@code dev/deja/postgres/migration}; several processes starting at once are serialised by
 * Flyway's own lock), so a new release upgrades the tables on its first start.
 *
 * <h2>Tables</h2>
 *
 * <pre>
 * deja_collections  id, name (unique), vector_search, definition
 * deja_items        (collection_id, id) primary key; tenant, scope, status, time span columns; keys text[] and
 *                   key_hashes bigint[] (GIN); terms text[] and term_hashes bigint[] (GIN); vectors bytea; doc (JSON)
 * deja_vectors      (collection_id, id, name) primary key; copies of the filter columns; dims; graph; embedding vector;
 *                   HNSW index (vector_cosine_ops) on embedding::vector(384) WHERE dims = 384 AND graph
 * </pre>
 *
 * <p>Collections share the tables, keyed by a numeric id: creating or dropping a collection is a row, never DDL, and
 * no SQL text is ever built from a caller's string. Every value — collection names, scopes, ids, keys, terms, times,
 * vectors — is a bound parameter; only the statement's shape (which fixed clauses, how many OR-ed time clauses)
 * varies. The item's JSON is {@code text}, not {@code jsonb} (which would reorder fields), and its vectors are kept
 * bit-exact in {@code vectors}, so a store returns exactly what it was given.
 *
 * <h2>Queries: the filter is in the SQL</h2>
 *
 * <p>The hard filter of a {@link dev.deja.core.index.CandidateQuery} — collection, {@code scope = ?},
 * {@code status <> ALL(?)}, {@code id <> ?}, and each time clause ({@code TIMED_START_BETWEEN} as
 * {@code all_day = false AND start_ms BETWEEN ? AND ?}, {@code TIMED_START_ON_DAYS} on {@code start_day},
 * {@code ALL_DAY_SAME_DATES} as equal first and last days, {@code ALL_DAY_OVERLAPPING} as
 * {@code start_day <= to AND end_day >= from}, OR-ed) — is the {@code WHERE} clause of every lookup, never a
 * post-filter. A check's candidates are one statement, the {@code UNION ALL} of three capped lookups:
 *
 * <ul>
 *   <li><b>window scan</b>: {@code ORDER BY abs(start_ms - near), id LIMIT cap} (index on scope and start);
 *   <li><b>exact keys</b>: {@code key_hashes && ?} through a GIN index, confirmed by {@code keys && ?} on the stored
 *       text, {@code ORDER BY id LIMIT cap};
 *   <li><b>lexical</b>: {@code term_hashes && ?} through a GIN index finds the items sharing any term; the number of
 *       shared terms is counted exactly over the stored terms, {@code ORDER BY shared DESC, id LIMIT cap}.
 * </ul>
 *
 * <p>Ranks, caps and ties are exactly those of {@code ReferenceCandidates} (deja-testkit), with ids compared in byte
 * order ({@code COLLATE "C"}), which equals Java's {@code String} order for ids without supplementary characters.
 * Key and term hashes are salted with the scope, so a GIN posting list holds one scope's items: a common trigram
 * never drags in every tenant's rows.
 *
 * <h3>Why not {@code LIKE '%term%'}, and where pg_trgm comes in</h3>
 *
 * <p>The glossary design's bottleneck is a {@code LIKE '%term%'} scan, which reads every row; its cure is an inverted
 * index of character trigrams — what pg_trgm's {@code gin_trgm_ops} builds. Deja's lexical terms already are those
 * trigrams: a fuzzy stage's {@code lexical: trigrams} emits {@code field/g:xyz} for each trigram of pg_trgm's
 * extraction ({@link dev.deja.core.measure.TrigramMeasure}, checked against pg_trgm), computed on the collection's
 * own normalised text, plus word terms. So the store keeps a GIN index over the terms (as 64-bit scope-salted
 * hashes) and asks it with {@code &&}: a trigram index lookup, the pg_trgm technique, instead of a scan. Running
 * pg_trgm's operators on raw text instead would change results: pg_trgm lower-cases and splits words by its own
 * rules, not the collection's analyzer (NFKC, accent folding, abbreviation maps), ranks by its similarity rather than
 * by shared terms, and would need an index per field. The {@code pg_trgm} extension is installed by the start script
 * for ad-hoc SQL over the data, but the store does not depend on it.
 *
 * <h2>Nearest neighbours</h2>
 *
 * <p>Each collection chooses {@code exact} (the default) or {@code hnsw} when it is created. {@code exact} scores the
 * scope's vectors with pgvector's {@code <=>} (index on collection, scope, name, dimension): full recall, cost
 * proportional to the scope — a memory user's hundred facts cost well under a millisecond. {@code hnsw} also puts
 * 384-d vectors into an HNSW graph (m = 16, ef_construction = 64) and, when the query's scope holds more than
 * {@code exact_below} vectors (default 10,000), searches the graph with the whole filter in the same query, using
 * pgvector 0.8's iterative index scan ({@code SET LOCAL hnsw.iterative_scan = relaxed_order}): the scan keeps walking
 * the graph until enough rows pass the filter, so a selective filter does not starve the result as a plain
 * {@code ef_search}-bounded scan would. If it still returns fewer than {@code k} rows (pgvector stops after
 * {@code hnsw.max_scan_tuples}), the exact query answers. Both paths fetch {@code k} plus a margin and re-score in
 * double precision, since pgvector accumulates in float32, so results are ordered as the in-memory store orders
 * them. Measurements are in docs/PERFORMANCE.md.
 *
 * <h2>Atomic check-and-put across processes</h2>
 *
 * <p>{@link dev.deja.postgres.PostgresCollectionStore#inScope} borrows one connection, binds it to the thread, opens
 * a transaction and takes {@code pg_advisory_xact_lock(key)}, where the key is a 64-bit hash of the collection's id
 * and the scope. The engine's check (candidates, nearest, find) and its write (insert, replace) then run on that
 * connection, inside that transaction, under that lock; the transaction commits before {@code inScope} returns. Two
 * processes putting the same item at the same moment therefore serialise in PostgreSQL: the second one's check, in a
 * new statement snapshot taken after the lock was granted, sees the first one's committed item. Different scopes
 * take different locks and never wait for each other (a hash collision would only make two scopes share a lock). A
 * thread inside scope work never borrows a second connection, so a full pool cannot deadlock on its own lock holders.
 *
 * <h2>Durability and read-your-writes</h2>
 *
 * <p>A write outside scope work is its own transaction; inside, it commits with the work. Either way it is
 * acknowledged only after PostgreSQL's commit, which waits for the write-ahead log to be flushed (with the server's
 * default {@code synchronous_commit = on}; a server configured otherwise trades that guarantee away). A committed write
 * is visible to every later statement on every connection of every process. Reads run at {@code READ COMMITTED}.
 *
 * <h2>Failures</h2>
 *
 * <p>SQL failures become {@link dev.deja.core.StoreException}s that say whether retrying may help (a lost connection,
 * a deadlock, a pool with no free connection in time: retriable) or {@link dev.deja.core.InvalidInputException}s
 * (a value PostgreSQL rejects, such as a NaN vector component or U+0000 in an id, scope, key or term). Work that
 * throws inside {@code inScope} is rolled back whole. A collection dropped by another process makes this process's
 * writes to it fail and its reads find nothing.
 */
package dev.deja.postgres;
