package dev.deja.core.engine;

import dev.deja.core.item.StoredItem;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The result of a write.
 *
 * @param action what was done
 * @param item the created item, or the existing item after the merge; empty when rejected
 * @param verdict the check that decided it (also when the check was bypassed: what it would have said)
 * @param bypassed whether {@code force} overrode a duplicate verdict
 * @param warnings human-readable warnings: the verdict's (a store or embedder that failed open, …), then the policy's
 *     (created although a possible duplicate exists)
 * @param message one human-readable sentence saying what happened and, when rejected, how to override
 */
public record WriteResult(
    Action action,
    Optional<StoredItem> item,
    Verdict verdict,
    boolean bypassed,
    List<String> warnings,
    String message) {

  public WriteResult {
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(item, "item");
    Objects.requireNonNull(verdict, "verdict");
    warnings = List.copyOf(warnings);
    Objects.requireNonNull(message, "message");
    if (action == Action.REJECTED && item.isPresent()) {
      throw new IllegalArgumentException("a rejected write stores nothing");
    }
    if (action != Action.REJECTED && item.isEmpty()) {
      throw new IllegalArgumentException(action + " must carry the item");
    }
  }

  /** The id of the created or merged-into item. */
  public Optional<String> id() {
    return item.map(StoredItem::id);
  }
}
