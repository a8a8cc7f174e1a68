package dev.deja.core.index;

import java.util.List;
import java.util.Objects;

/**
 * A candidate index that may answer a check's lookup without its backing service — when its configuration allows it
 * (a CalDAV calendar with {@code fail_open: true} whose server is unreachable) — and says so: an optional capability
 * of a store. The engine asks a check's candidates through {@link #lookup} and puts the warnings on the verdict, so an
 * answer made without the store never looks like a real one.
 *
 * <p>Contract: {@link #lookup} returns what {@link #candidates} would (the {@link CandidateIndex} contract) with no
 * warnings while the service answers. When it does not, {@link #candidates} fails (searches and listings are never
 * answered from nothing), while {@link #lookup} either fails too or, as configured, answers with what it has and one
 * warning per missing source saying that the answer was made without it. Thread-safe.
 */
public interface DegradableIndex extends CandidateIndex {
  /** A check's candidates, with warnings when some were not looked up. */
  Lookup lookup(CandidateQuery query);

  /**
   * A lookup's answer.
   *
   * @param candidates the candidates found (none when the whole source was missing)
   * @param warnings one sentence per source the answer was made without; empty when it is complete
   */
  record Lookup(List<Candidate> candidates, List<String> warnings) {
    public Lookup {
      candidates = List.copyOf(candidates);
      warnings = List.copyOf(Objects.requireNonNull(warnings, "warnings"));
    }
  }
}
