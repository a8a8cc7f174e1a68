package dev.deja.core.engine;

import dev.deja.core.InvalidInputException;
import dev.deja.core.item.Item;
import dev.deja.core.item.UnicodeText;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A search: stored items similar to a text, inside a scope and optionally a time range.
 *
 * @param tenant the tenant searching
 * @param text the text to compare with the scoring stage's field
 * @param scope values of the collection's scope fields (e.g. the memory owner); missing ones count as null
 * @param from the start of the time range, when the collection has a time window
 * @param to the end of the time range (inclusive)
 * @param threshold the lowest score returned (default: the scoring stage's threshold)
 * @param limit the most hits returned
 */
public record SearchRequest(String tenant, String text, Item scope, Optional<Instant> from, Optional<Instant> to,
    OptionalDouble threshold, int limit) {
  public SearchRequest {
    Objects.requireNonNull(tenant, "tenant");
    Objects.requireNonNull(text, "text");
    if (text.isBlank()) {
      throw new InvalidInputException("q: the search text must not be blank");
    }
    UnicodeText.require("q", text);
    Objects.requireNonNull(scope, "scope");
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
    if (from.isPresent() && to.isPresent() && to.get().isBefore(from.get())) {
      throw new InvalidInputException("end: the end of the range " + to.get() + " is before its start " + from.get());
    }
    Objects.requireNonNull(threshold, "threshold");
    threshold.ifPresent(t -> {
      if (Double.isNaN(t) || t < 0 || t > 1) {
        throw new InvalidInputException("threshold: must be a number in [0, 1], got " + t);
      }
    });
    if (limit < 1 || limit > 1000) {
      throw new InvalidInputException("limit: must be in [1, 1000], got " + limit);
    }
  }
}
