-- Deja's PostgreSQL store, format 1. Applied by Flyway (history table deja_schema_history); never edit a released
-- migration: add V2__….sql instead.

-- pgvector; scripts/start-postgres.sh creates it as a superuser, so this is a no-op there. Where the application's
-- role may not create extensions, a superuser runs "CREATE EXTENSION vector" once before the first start.
CREATE EXTENSION IF NOT EXISTS vector;

-- One row per collection. Collections share the item tables (no per-collection DDL, so no SQL is ever built from a
-- collection name): every query names its collection by this numeric id. The namespace separates independent sets
-- of collections in one schema ('' by default; the server uses one per tenant, whose collection names are its own).
CREATE TABLE deja_collections (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  namespace     text NOT NULL DEFAULT '',
  name          text NOT NULL,
  -- 'exact' or 'hnsw': whether this collection's 384-d vectors go into the HNSW graph (fixed at creation).
  vector_search text NOT NULL DEFAULT 'exact',
  definition    text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (namespace, name)
);

-- One row per item. doc is the item as JSON (fields in order, keys, history) without vector components; vectors holds
-- the exact float32 components of its named vectors (returned as stored). The other columns are what queries filter,
-- order and look up by.
CREATE TABLE deja_items (
  collection_id integer NOT NULL REFERENCES deja_collections (id) ON DELETE CASCADE,
  id            text COLLATE "C" NOT NULL,
  tenant        text COLLATE "C" NOT NULL,
  scope         text COLLATE "C" NOT NULL,
  status        text COLLATE "C" NOT NULL,
  -- the time span (all NULL for an item without time)
  all_day       boolean,
  start_ms      bigint,
  end_ms        bigint,
  start_day     bigint,
  end_day       bigint,
  -- exact lookup keys and lexical terms, and their 64-bit hashes salted with the scope (GIN-indexed below)
  keys          text[] COLLATE "C" NOT NULL,
  key_hashes    bigint[] NOT NULL,
  terms         text[] COLLATE "C" NOT NULL,
  term_hashes   bigint[] NOT NULL,
  vectors       bytea,
  doc           text NOT NULL,
  PRIMARY KEY (collection_id, id)
);

-- Listing and counting per tenant, by id.
CREATE INDEX deja_items_tenant ON deja_items (collection_id, tenant, id);
-- The window scan: a scope's items by start time.
CREATE INDEX deja_items_scope_time ON deja_items (collection_id, scope, start_ms);
-- Key and lexical lookups. The hashes include the scope, so a posting list holds one scope's items only (a common
-- trigram does not drag in every tenant's rows). fastupdate off: no pending list that every query would scan.
CREATE INDEX deja_items_key_hashes ON deja_items USING gin (key_hashes) WITH (fastupdate = off);
CREATE INDEX deja_items_term_hashes ON deja_items USING gin (term_hashes) WITH (fastupdate = off);

-- One row per named vector of an item, with copies of the item's filter columns so that a nearest-neighbour query
-- applies the whole filter (scope, status, window, self-exclusion) to this table alone, inside the index scan.
CREATE TABLE deja_vectors (
  collection_id integer NOT NULL,
  id            text COLLATE "C" NOT NULL,
  name          text COLLATE "C" NOT NULL,
  scope         text COLLATE "C" NOT NULL,
  status        text COLLATE "C" NOT NULL,
  all_day       boolean,
  start_ms      bigint,
  start_day     bigint,
  end_day       bigint,
  dims          integer NOT NULL,
  -- whether the row is in the HNSW graph (the collection's vector_search is 'hnsw')
  graph         boolean NOT NULL,
  embedding     vector NOT NULL,
  PRIMARY KEY (collection_id, id, name),
  FOREIGN KEY (collection_id, id) REFERENCES deja_items (collection_id, id) ON DELETE CASCADE
);

-- Exact search: a scope's vectors of one name and dimension.
CREATE INDEX deja_vectors_scope ON deja_vectors (collection_id, scope, name, dims);
-- Approximate search: HNSW over cosine distance for 384-d vectors (the dimension of every embedder Deja ships;
-- vectors of other dimensions are always searched exactly). A partial expression index, because the column holds
-- vectors of any dimension and an HNSW index needs a fixed one. m and ef_construction: pgvector's defaults.
CREATE INDEX deja_vectors_hnsw_384 ON deja_vectors USING hnsw ((embedding::vector(384)) vector_cosine_ops)
  WITH (m = 16, ef_construction = 64) WHERE dims = 384 AND graph;
