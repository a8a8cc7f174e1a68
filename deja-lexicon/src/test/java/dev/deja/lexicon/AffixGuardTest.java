package dev.deja.lexicon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.cascade.Probe;
import dev.deja.core.cascade.StageMatch;
import dev.deja.core.engine.Outcome;
import dev.deja.core.explain.Explanation;
import dev.deja.core.guard.Guard;
import dev.deja.core.guard.GuardDecision;
import dev.deja.core.guard.Guards;
import dev.deja.core.item.HistoryEntry;
import dev.deja.core.item.Item;
import dev.deja.core.item.ItemKeys;
import dev.deja.core.item.StoredItem;
import dev.deja.core.spec.SpecReader;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The affix guard with ICU's number words (the service this module registers): number words inside compounds. */
class AffixGuardTest {
  private static final Guard GUARD = Guards.registry().build(SpecReader.read(Map.of("name", "terms",
      "fields", Map.of("term", Map.of("type", "text")),
      "stages", Map.of("fuzzy", Map.of("type", "fuzzy", "field", "term")),
      "guards", Map.of("affixes", Map.of("type", "affix", "field", "term", "language", "nl"))), "terms")).get(0);

  private static boolean vetoes(String a, String b) {
    Instant t = Instant.parse("2026-01-01T00:00:00Z");
    StoredItem stored = new StoredItem("s", "t", new Item(Map.of("term", b)),
        new ItemKeys("t", "", Set.of(), Set.of(), Optional.empty()), Map.of(), 1, t, t,
        List.of(new HistoryEntry(t, "CREATED", Optional.empty(), "")));
    StageMatch m = new StageMatch("s", 0.9, Outcome.DUPLICATE, Explanation.of("stage", "fuzzy").build());
    return GUARD.inspect(new Probe("t", new Item(Map.of("term", a)), Optional.empty()), stored, m).effect()
        == GuardDecision.Effect.VETO;
  }

  @ParameterizedTest(name = "{0} | {1} → {2}")
  @CsvSource(delimiter = '|', value = {
      "eenfactorauthenticatie|tweefactorauthenticatie|true",
      "tweefactorauthenticatie|driefactorauthenticatie|true",
      "factorauthenticatie|tweefactorauthenticatie|true",
      "zevenjarig|negenjarig|true",
      "tweefactorauthenticatie|twee-factor authenticatie|false",
      "tweefactorauthenticatie|Tweefactorauthenticatie|false",
      "identificatie|identifikatie|false"})
  void numberWordsInsideCompoundsMakeOtherConcepts(String a, String b, boolean veto) {
    assertThat(vetoes(a, b)).isEqualTo(veto);
  }
}
