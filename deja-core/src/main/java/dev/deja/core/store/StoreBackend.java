package dev.deja.core.store;

import java.util.List;
import java.util.Optional;

/**
 * A place that holds many collections: in memory, a Lucene data directory, a PostgreSQL database.
 *
 * <p>Thread-safe. Closing the backend closes every store it opened.
 */
public interface StoreBackend extends AutoCloseable {

  /** Opens (creating if needed) the store of a collection; the same instance for the same name until dropped. */
  CollectionStore open(String collection);

  /** Deletes a collection and all its items; whether it existed. */
  boolean drop(String collection);

  /** The names of the collections that exist, sorted. */
  List<String> collections();

  /**
   * Records a collection's definition (an opaque text, e.g. its spec as JSON) so that it survives a restart; opens
   * the collection if needed. Durable stores persist it before returning.
   */
  void define(String collection, String definition);

  /**
   * Records a new collection's definition unless one is recorded already — by this process or by another sharing the
   * backend (several servers on one PostgreSQL database) — and opens it: whether this call recorded it. Of concurrent
   * calls for one name, exactly one returns true; the others leave the recorded definition unchanged.
   */
  boolean defineIfAbsent(String collection, String definition);

  /**
   * The definition recorded for a collection, if any, as the backend holds it now: read from the shared database for a
   * backend other processes share, so that a collection they created, dropped or re-created is seen at once.
   */
  Optional<String> definition(String collection);

  @Override
  void close();
}
