package dev.deja.core.item;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One event in a stored item's life: its creation, a merge of an incoming duplicate into it, an update.
 *
 * <p>A merge never destroys data: the incoming item that was merged is kept here verbatim.
 *
 * @param at when it happened
 * @param action {@code CREATED}, {@code MERGED}, {@code UPDATED}
 * @param incoming the item that came in (the merged duplicate or the replaced fields), empty for creation
 * @param note a human-readable remark, e.g. the similarity of a merged duplicate
 */
public record HistoryEntry(Instant at, String action, Optional<Item> incoming, String note) {
  public HistoryEntry {
    Objects.requireNonNull(at, "at");
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(incoming, "incoming");
    note = note == null ? "" : note;
  }
}
