/**
 * Internals of the Lucene store, not API: the document schema and query building
 * ({@link dev.deja.lucene.internal.Schema}), the JSON form of items ({@link dev.deja.lucene.internal.ItemCodec}), the
 * write-ahead log ({@link dev.deja.lucene.internal.WriteAheadLog}), the read-your-writes overlay
 * ({@link dev.deja.lucene.internal.Overlay}), group commit ({@link dev.deja.lucene.internal.GroupCommit}), collectors,
 * the data-directory marker ({@link dev.deja.lucene.internal.StoreFormat}) and failure messages
 * ({@link dev.deja.lucene.internal.Failures}).
 */
package dev.deja.lucene.internal;
