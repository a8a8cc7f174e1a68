package dev.deja.core.engine;

/** What a write did. */
public enum Action {
  /** A new item was stored (possibly with a warning, or because the check was bypassed). */
  CREATED,
  /** Nothing was stored: the item duplicates stored ones; retry with {@code force} to store it anyway. */
  REJECTED,
  /** Nothing new was stored: the existing duplicate was refreshed and the incoming item kept in its history. */
  MERGED
}
