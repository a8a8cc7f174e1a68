package dev.deja.core.engine;

import dev.deja.core.item.Item;
import dev.deja.core.item.ItemIds;
import java.util.Objects;
import java.util.Optional;

/**
 * A write: check the item and, as the policy says, create it, reject it or merge it.
 *
 * @param tenant the tenant writing
 * @param id the id to give the new item; generated when empty
 * @param item the new item
 * @param force create it even if it is a duplicate (the designs' {@code force} / {@code bypass_duplicate_check})
 */
public record PutRequest(String tenant, Optional<String> id, Item item, boolean force) {
  public PutRequest {
    Objects.requireNonNull(tenant, "tenant");
    Objects.requireNonNull(id, "id");
    id.ifPresent(s -> ItemIds.requireNew("id", s));
    Objects.requireNonNull(item, "item");
  }

  public static PutRequest of(String tenant, Item item) {
    return new PutRequest(tenant, Optional.empty(), item, false);
  }
}
