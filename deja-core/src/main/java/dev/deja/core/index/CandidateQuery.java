package dev.deja.core.index;

import dev.deja.core.item.StoredItem;
import dev.deja.core.item.TimeSpan;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * What a check asks a {@link CandidateIndex} for: the hard filter (scope, statuses, self-exclusion, time window) and
 * the lookups whose union, each capped, are the candidates.
 *
 * <p>The filter is part of every lookup, never applied afterwards: nothing outside it can be returned.
 *
 * @param scope the canonical scope value a candidate must have exactly
 * @param excludedStatuses normalised statuses a candidate must not have
 * @param excludeId an id a candidate must not have (the item being edited)
 * @param time time window clauses, OR-ed; empty means no time constraint
 * @param nearMillis the new item's start, to order a window scan by time proximity
 * @param windowScan whether every item passing the filter is a candidate (only with a time window)
 * @param keys exact lookup keys: a candidate has at least one of them
 * @param terms lexical terms: candidates sharing the most terms
 * @param maxPerLookup the cap on each lookup
 */
public record CandidateQuery(
    String scope,
    Set<String> excludedStatuses,
    Optional<String> excludeId,
    List<TimeFilter> time,
    OptionalLong nearMillis,
    boolean windowScan,
    Set<String> keys,
    Set<String> terms,
    int maxPerLookup) {

  public CandidateQuery {
    Objects.requireNonNull(scope, "scope");
    excludedStatuses = Set.copyOf(excludedStatuses);
    Objects.requireNonNull(excludeId, "excludeId");
    time = List.copyOf(time);
    Objects.requireNonNull(nearMillis, "nearMillis");
    keys = Set.copyOf(keys);
    terms = Set.copyOf(terms);
    if (maxPerLookup < 1) {
      throw new IllegalArgumentException("maxPerLookup must be at least 1, got " + maxPerLookup);
    }
    if (windowScan && time.isEmpty()) {
      throw new IllegalArgumentException("a window scan needs a time window");
    }
  }

  /** Whether a stored item passes the hard filter (scope, status, self-exclusion, time window). */
  public boolean admits(StoredItem item) {
    if (!item.keys().scope().equals(scope)) {
      return false;
    }
    if (excludedStatuses.contains(item.keys().status())) {
      return false;
    }
    if (excludeId.isPresent() && excludeId.get().equals(item.id())) {
      return false;
    }
    if (time.isEmpty()) {
      return true;
    }
    Optional<TimeSpan> span = item.keys().time();
    if (span.isEmpty()) {
      return false;
    }
    for (TimeFilter f : time) {
      if (f.test(span.get())) {
        return true;
      }
    }
    return false;
  }

  /** Distance in time from the new item, for ordering a window scan; 0 without a reference time. */
  public long timeDistance(StoredItem item) {
    if (nearMillis.isEmpty() || item.keys().time().isEmpty()) {
      return 0;
    }
    return Math.abs(item.keys().time().get().startMillis() - nearMillis.getAsLong());
  }

  /** A builder for a query in a scope; by default no filter but the scope, no lookups, 100 per lookup. */
  public static Builder builder(String scope) {
    return new Builder(scope);
  }

  /** Builds a {@link CandidateQuery}; not thread-safe. */
  public static final class Builder {
    private final String scope;
    private Set<String> excludedStatuses = Set.of();
    private Optional<String> excludeId = Optional.empty();
    private List<TimeFilter> time = List.of();
    private OptionalLong near = OptionalLong.empty();
    private boolean windowScan;
    private Set<String> keys = Set.of();
    private Set<String> terms = Set.of();
    private int max = 100;

    private Builder(String scope) {
      this.scope = scope;
    }

    public Builder excludedStatuses(Set<String> s) {
      this.excludedStatuses = s;
      return this;
    }

    public Builder excludeId(String id) {
      this.excludeId = Optional.of(id);
      return this;
    }

    public Builder time(TimeFilter... filters) {
      this.time = List.of(filters);
      return this;
    }

    public Builder near(long millis) {
      this.near = OptionalLong.of(millis);
      return this;
    }

    public Builder windowScan(boolean scan) {
      this.windowScan = scan;
      return this;
    }

    public Builder keys(String... k) {
      this.keys = Set.of(k);
      return this;
    }

    public Builder terms(String... t) {
      this.terms = Set.of(t);
      return this;
    }

    public Builder max(int m) {
      this.max = m;
      return this;
    }

    public CandidateQuery build() {
      return new CandidateQuery(scope, excludedStatuses, excludeId, time, near, windowScan, keys, terms, max);
    }
  }
}
