package dev.deja.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.Match;
import dev.deja.core.engine.Outcome;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.engine.Verdict;
import dev.deja.core.item.Item;
import dev.deja.core.store.MemoryCollectionStore;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The terminology-registry design's test cases, good inputs, bad inputs and known edge cases, on the glossary preset. */
class GlossaryDesignTest {
  private DejaCollection glossary;

  @BeforeEach
  void setUp() {
    glossary = DejaCollection.builder(Presets.spec("glossary")).store(new MemoryCollectionStore("g")).build();
  }

  private void add(String id, Item item) {
    glossary.put(new PutRequest("t", Optional.of(id), item, true));
  }

  private static Item def(String term, List<String> synonyms, Object basis) {
    return Item.of("term", term, "synonyms", synonyms, "org_context", "SVB", "legal_context", "AOW",
        "legal_basis", basis, "status", "active");
  }

  private Verdict check(Item item) {
    return glossary.check(CheckRequest.of("t", item));
  }

  @Test
  void anExactTermInTheSameContextIsADuplicateWithTheDesignsReason() {
    add("d1", def("machtiging", List.of("volmacht"), List.of("AOW art. 17a")));
    Verdict v = check(def("machtiging", List.of(), List.of("AOW art. 17a")));
    assertThat(v.outcome()).isEqualTo(Outcome.DUPLICATE);
    assertThat(v.matches().get(0).stage()).isEqualTo("exact");
    assertThat(v.matches().get(0).explanation().message()).isEqualTo("Exact match: term + context");
  }

  @Test
  void stageOneIsCaseSensitiveAndStageTwoIsNot() {
    add("d1", def("machtiging", List.of("volmacht"), List.of()));
    Verdict upper = check(def("VOLMACHT", List.of(), List.of()));
    assertThat(upper.matches()).extracting(Match::stage).containsExactly("synonym");
    assertThat(upper.matches().get(0).explanation().message()).isEqualTo("Exact match: synonym + context");
    Verdict capital = check(def("Machtiging", List.of(), List.of()));
    assertThat(capital.matches()).extracting(Match::stage).as("not exact (case-sensitive), caught by fuzzy")
        .containsExactly("fuzzy");
    assertThat(capital.matches().get(0).explanation().message()).isEqualTo("Fuzzy match: 'Machtiging' ≈ 'machtiging'");
  }

  @Test
  void stageOneReturnsAllVersionsOfATerm() {
    add("v1", def("bewaartermijn", List.of("bewaarperiode"), List.of()).with("version", 1));
    add("v2", def("bewaartermijn", List.of("bewaarperiode"), List.of()).with("version", 2));
    assertThat(check(def("bewaartermijn", List.of(), List.of())).matches()).extracting(Match::id)
        .containsExactly("v1", "v2");
  }

  @Test
  void throughASynonymOnlyTheLatestVersionOfADefinitionIsReturned() {
    add("v1", def("bewaartermijn", List.of("bewaarperiode"), List.of()).with("version", 1));
    add("v2", def("bewaartermijn", List.of("bewaarperiode"), List.of()).with("version", 2));
    assertThat(check(def("bewaarperiode", List.of(), List.of())).matches()).extracting(Match::id)
        .containsExactly("v2");
  }

  @Test
  void oneSynonymSharedByTwoTermsFindsBoth() {
    add("a", def("machtiging", List.of("volmacht"), List.of()));
    add("b", def("procuratie", List.of("volmacht"), List.of()));
    assertThat(check(def("volmacht", List.of(), List.of())).matches()).extracting(Match::id)
        .containsExactly("a", "b");
  }

  @Test
  void anEmptyLegalBasisEqualsNullAndOrderDoesNotMatter() {
    add("null", def("ondertekening", List.of(), null));
    assertThat(check(def("ondertekening", List.of(), List.of())).outcome()).isEqualTo(Outcome.DUPLICATE);
    add("basis", def("beschikking", List.of(), List.of("Awb 1:3", "Awb 4:1")));
    assertThat(check(def("beschikking", List.of(), List.of("Awb 4:1", "Awb 1:3"))).outcome())
        .isEqualTo(Outcome.DUPLICATE);
    assertThat(check(def("beschikking", List.of(), List.of("Awb 4:1"))).outcome()).isEqualTo(Outcome.NEW);
  }

  @Test
  void aFuzzyMatchNeverFindsTheRecordBeingEdited() {
    add("self", def("onderhoud en beheer", List.of(), List.of()));
    Item edited = def("beheer en onderhoud", List.of(), List.of());
    assertThat(check(edited).matches()).extracting(Match::id).containsExactly("self");
    assertThat(glossary.check(new CheckRequest("t", edited, Optional.of("self"))).outcome()).isEqualTo(Outcome.NEW);
  }

  @Test
  void archivedDefinitionsNeverMatchAndTheCascadeStopsAtTheFirstStageThatFinds() {
    add("old", def("zorgindicatie", List.of("indicatiebesluit"), List.of()).with("status", "archived"));
    assertThat(check(def("zorgindicatie", List.of(), List.of())).outcome()).isEqualTo(Outcome.NEW);
    add("x", def("verificatieproces", List.of(), List.of()));
    add("y", def("verificatie proces", List.of(), List.of()));
    Verdict v = check(def("verificatieproces", List.of(), List.of()));
    assertThat(v.matches()).extracting(Match::id).as("exact finds x; the compound stage never runs")
        .containsExactly("x");
  }

  @Test
  void compoundsAndSmallTyposAreFoundButDifferentConceptsAreNot() {
    add("a", def("verificatieproces", List.of(), List.of()));
    add("b", def("authenticatie", List.of(), List.of()));
    add("c", def("identificatie", List.of(), List.of()));
    assertThat(check(def("verificatie-proces", List.of(), List.of())).matches()).extracting(Match::id)
        .containsExactly("a");
    assertThat(check(def("authentificatie", List.of(), List.of())).matches()).extracting(Match::id)
        .containsExactly("b");
    assertThat(check(def("identifikatie", List.of(), List.of())).matches()).extracting(Match::id)
        .containsExactly("c");
    for (String other : Arrays.asList("identificatieplicht", "authenticatiemiddel", "verificatiecode",
        "zwakke authenticatie")) {
      assertThat(check(def(other, List.of(), List.of())).outcome()).as(other).isEqualTo(Outcome.NEW);
    }
  }

  @Test
  void badInputsAreClearErrors() {
    assertThatThrownBy(() -> check(Item.of("synonyms", List.of("x")))).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("field 'term' is required");
    assertThatThrownBy(() -> check(Item.of("term", "x", "legal_basis", "Awb 1:3")))
        .hasMessageContaining("field 'legal_basis': must be a list");
    assertThatThrownBy(() -> check(Item.of("term", "x", "synonym", List.of("y"))))
        .hasMessageContaining("unknown field 'synonym'");
    assertThatThrownBy(() -> check(Item.of("term", "x", "status", 3))).hasMessageContaining("must be a string");
  }
}
