package dev.deja.core.cascade;

import dev.deja.core.index.Candidate;
import dev.deja.core.item.Item;
import java.util.List;
import java.util.Set;

/**
 * One step of the cascade: compares the new item with candidates and says which are duplicates, with a score and an
 * explanation for each.
 *
 * <p>A stage also says how it finds candidates: the exact keys it indexes items under and looks up
 * ({@code "exact|doctor appointment"}), and the lexical terms it indexes and searches. Keys must start with the
 * stage's name and a {@code '|'} so that explanations can say which lookup found a candidate. A blank value is no
 * evidence: a stage never matches on it. Implementations are thread-safe and deterministic.
 */
public interface Stage {

  /** The configured name. */
  String name();

  /** The stage type ({@code exact}, {@code synonym}, {@code fuzzy}, …). */
  String type();

  /** Keys a stored item is indexed under so that this stage can find it. */
  default Set<String> indexKeys(Item item) {
    return Set.of();
  }

  /** Keys to look up for a new item; a stored item having any of them is a candidate. */
  default Set<String> queryKeys(Item item) {
    return Set.of();
  }

  /** Lexical terms (indexed for stored items and searched for new ones). */
  default Set<String> lexicalTerms(Item item) {
    return Set.of();
  }

  /**
   * The whole normalised values this stage puts among an item's {@link #indexKeys}: for each field and analyzer, the
   * key prefix under which an item whose normalised value is not blank has exactly one key, {@code prefix + value}
   * (and none otherwise). Other stages of the collection read stored values there (see
   * {@link StageContext#storedValue}) when this stage runs.
   */
  default java.util.Map<StageContext.StoredValue, String> storedValues() {
    return java.util.Map.of();
  }

  /** Compares the new item with the candidates. */
  StageResult evaluate(Probe probe, List<Candidate> candidates);
}
