package dev.deja.core.spec;

import java.util.Objects;

/**
 * What a write does with a verdict.
 *
 * @param onDuplicate the action for {@code DUPLICATE}
 * @param onPossibleDuplicate the action for {@code POSSIBLE_DUPLICATE}
 * @param merge how a merge treats the existing item
 */
public record PolicySpec(Mode onDuplicate, Mode onPossibleDuplicate, MergeStrategy merge) {
  public PolicySpec {
    Objects.requireNonNull(onDuplicate, "onDuplicate");
    Objects.requireNonNull(onPossibleDuplicate, "onPossibleDuplicate");
    Objects.requireNonNull(merge, "merge");
  }

  /** The policy of most collections: reject duplicates (overridable with {@code force}), warn on possible ones. */
  public static PolicySpec rejectWithOverride() {
    return new PolicySpec(Mode.REJECT, Mode.WARN, MergeStrategy.REFRESH);
  }

  /** What to do with a (possible) duplicate on a write. */
  public enum Mode {
    /** Refuse the write and return the matches; {@code force} / {@code bypass_duplicate_check} overrides. */
    REJECT,
    /** Merge into the best match: the existing item is refreshed (history kept), nothing new is created. */
    MERGE,
    /** Create the item and return the matches as a warning. */
    WARN,
    /** Create the item; the verdict is still returned. */
    ALLOW
  }

  /** How a merge changes the existing item. */
  public enum MergeStrategy {
    /** Keep the existing fields, refresh its timestamp, record the incoming item in the history. */
    REFRESH,
    /** Take the incoming fields, refresh the timestamp, record the previous fields in the history. */
    REPLACE
  }
}
