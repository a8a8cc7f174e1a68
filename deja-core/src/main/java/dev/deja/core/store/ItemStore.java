package dev.deja.core.store;

import dev.deja.core.item.StoredItem;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Where a collection's items live.
 *
 * <p>Contract (checked by {@code ItemStoreContract} in deja-testkit): a tenant never sees another tenant's items;
 * {@link #insert} refuses an id that exists; {@link #replace} refuses one that does not; listing is by id; an
 * acknowledged write is visible to every later read. {@link #inScope} runs work exclusively for one scope: two calls
 * for the same scope never overlap (across processes, for shared stores), calls for different scopes may run in
 * parallel, writes made inside are durable when it returns, and when the work throws, the writes it made are undone
 * before the exception reaches the caller (all or nothing: a write answered with an error leaves nothing behind).
 * Implementations are thread-safe.
 */
public interface ItemStore extends AutoCloseable {

  /** Stores a new item. Fails with {@link dev.deja.core.InvalidInputException} when the id exists. */
  void insert(StoredItem item);

  /** Replaces an existing item (same id and tenant). Fails when it does not exist. */
  void replace(StoredItem item);

  /** The item with this id, if it exists and belongs to the tenant. */
  Optional<StoredItem> find(String tenant, String id);

  /** Deletes the item; whether it existed (for this tenant). */
  boolean delete(String tenant, String id);

  /** Items of a tenant (or of all tenants when empty) with ids after {@code afterId}, by id, at most {@code limit}. */
  Page list(Optional<String> tenant, Optional<String> afterId, int limit);

  /** How many items a tenant (or all tenants when empty) has. */
  long count(Optional<String> tenant);

  /**
   * Runs work while holding the exclusive lock of one scope, and returns after the writes it made are durable. When the
   * work throws, its writes are undone before the exception propagates.
   *
   * @param scope the canonical scope value ({@link dev.deja.core.item.ItemKeys#scope()})
   */
  <T> T inScope(String scope, Supplier<T> work);

  @Override
  void close();
}
