package dev.deja.core.item;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Everything a store must index about an item so that candidate queries can find it, derived once by the engine from
 * the item and the collection spec and stored with the item (so stores never need to know the spec's analyzers).
 *
 * @param scope the canonical scope value: tenant and normalised scope fields; candidates must have an equal scope
 * @param status the normalised status ({@code ""} when the collection has none)
 * @param keys exact lookup keys, each prefixed by the stage that made it ({@code "exact|doctor appointment"})
 * @param terms lexical terms (word tokens and character n-grams) for ranked lexical lookup; a {@link Deferred} set is
 *     kept as it is
 * @param time when the item happens, when the collection has a time window
 */
public record ItemKeys(String scope, String status, Set<String> keys, Set<String> terms, Optional<TimeSpan> time) {
  public ItemKeys {
    Objects.requireNonNull(scope, "scope");
    Objects.requireNonNull(status, "status");
    keys = Set.copyOf(keys);
    terms = Deferred.isDeferred(terms) ? terms : Set.copyOf(terms);
    Objects.requireNonNull(time, "time");
  }

  /** The keys in sorted order, for deterministic storage and display. */
  public Set<String> sortedKeys() {
    return new TreeSet<>(keys);
  }

  /** The source name of a key: the part before the first {@code '|'}. */
  public static String sourceOf(String key) {
    int bar = key.indexOf('|');
    return bar < 0 ? key : key.substring(0, bar);
  }
}
