package dev.deja.core.index;

import java.util.List;

/**
 * Finds the stored items a new item should be compared with.
 *
 * <p>Contract (checked by {@code CandidateIndexContract} in deja-testkit): every returned item passes
 * {@link CandidateQuery#admits}; the result is the union of the window scan (when asked: items passing the filter,
 * nearest in time first, then by id, up to the cap), the key lookup (items having any of the keys, by id, up to the
 * cap) and the lexical lookup (items sharing the most terms, then by id, up to the cap), each item once with all the
 * lookups that found it; sorted by id. The same query on the same data always gives the same result. A write
 * acknowledged before the query is visible to it. Implementations are thread-safe.
 */
@FunctionalInterface
public interface CandidateIndex {
  List<Candidate> candidates(CandidateQuery query);
}
