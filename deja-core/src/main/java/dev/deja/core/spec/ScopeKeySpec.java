package dev.deja.core.spec;

import java.util.Objects;

/**
 * A field whose value must be equal between a new item and a stored one for them to be compared at all: a hard filter
 * applied inside the candidate query.
 *
 * @param field the field name
 * @param match {@code EQUAL} for a single value, {@code SET} for a list compared as a set (order and repeats ignored)
 * @param caseSensitive whether values are compared with their case; they are always trimmed
 * @param nullEqualsEmpty whether a missing or null value equals an empty one ({@code ""} or {@code []}); when false,
 *     null equals only null
 */
public record ScopeKeySpec(String field, Match match, boolean caseSensitive, boolean nullEqualsEmpty) {
  public ScopeKeySpec {
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(match, "match");
  }

  /** How a scope field's values are compared. */
  public enum Match {
    /** One value; equal after trimming (and case folding unless case-sensitive). */
    EQUAL,
    /** A list of values; equal as sets of trimmed (and case-folded unless case-sensitive) strings. */
    SET
  }
}
