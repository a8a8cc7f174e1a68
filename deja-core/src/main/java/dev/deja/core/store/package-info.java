/**
 * Stores: the SPI for where a collection's items live ({@link dev.deja.core.store.ItemStore},
 * {@link dev.deja.core.store.CollectionStore}, {@link dev.deja.core.store.StoreBackend}) and the in-memory
 * implementation. Durable stores (Lucene, PostgreSQL) live in their own modules and pass the same contract tests
 * (deja-testkit).
 */
package dev.deja.core.store;
