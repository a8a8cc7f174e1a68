package dev.deja.core.cascade;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.Match;
import dev.deja.core.engine.Outcome;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.engine.Verdict;
import dev.deja.core.explain.Explanation;
import dev.deja.core.item.Item;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.SpecReader;
import dev.deja.core.store.MemoryCollectionStore;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The glossary cascade (exact → synonym → fuzzy, early termination) and its explanations. */
class StagesTest {

  private static DejaCollection glossary(boolean exactCaseSensitive) {
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("term", Map.of("type", "text"));
    fields.put("synonyms", Map.of("type", "list"));
    fields.put("org", Map.of("type", "keyword"));
    fields.put("status", Map.of("type", "keyword"));
    Map<String, Object> stages = new LinkedHashMap<>();
    stages.put("exact", Map.of("type", "exact", "fields", List.of("term"), "case_sensitive", exactCaseSensitive));
    stages.put("synonym", Map.of("type", "synonym"));
    stages.put("fuzzy", Map.of("type", "fuzzy", "field", "term", "measure", "jaccard", "fuzzy_threshold", 0.7,
        "comparison", "gt"));
    CollectionSpec spec = SpecReader.read(Map.of("name", "glossary", "fields", fields,
        "scope", Map.of("org", Map.of()), "status", Map.of("field", "status", "exclude_statuses", List.of("archived")),
        "stages", stages, "early_termination", true), "glossary");
    AtomicLong ids = new AtomicLong();
    return DejaCollection.builder(spec).store(new MemoryCollectionStore("g"))
        .ids(() -> "d" + ids.incrementAndGet()).build();
  }

  private static void add(DejaCollection c, String id, Item item) {
    c.put(new PutRequest("t", Optional.of(id), item, true));
  }

  @Test
  void exactStageIsCaseSensitiveByDesignAndStopsTheCascade() {
    DejaCollection c = glossary(true);
    add(c, "a", Item.of("term", "machtiging", "synonyms", List.of("volmacht"), "org", "SVB"));
    add(c, "b", Item.of("term", "Machtiging", "org", "SVB"));
    Verdict v = c.check(CheckRequest.of("t", Item.of("term", "machtiging", "org", "SVB")));
    assertThat(v.matches()).extracting(Match::id).containsExactly("a");
    assertThat(v.matches().get(0).stage()).isEqualTo("exact");
    assertThat(v.matches().get(0).explanation().message()).isEqualTo("Exact match: term + context");
    assertThat(v.explanation().details()).extracting(Explanation::name).contains("early_termination");
    // Case-insensitive stage 1 finds both versions.
    DejaCollection ci = glossary(false);
    add(ci, "a", Item.of("term", "machtiging", "org", "SVB"));
    add(ci, "b", Item.of("term", "Machtiging", "org", "SVB"));
    assertThat(ci.check(CheckRequest.of("t", Item.of("term", "MACHTIGING", "org", "SVB"))).matches())
        .extracting(Match::id).containsExactly("a", "b");
  }

  @Test
  void anExactCopyWritesTheSameSigns() {
    Map<String, Object> stages = new LinkedHashMap<>();
    stages.put("exact", Map.of("type", "exact", "fields", List.of("text"), "case_sensitive", false,
        "analyzer", "standard"));
    CollectionSpec spec = SpecReader.read(Map.of("name", "facts", "fields", Map.of("text", Map.of("type", "text")),
        "stages", stages), "facts");
    AtomicLong ids = new AtomicLong();
    DejaCollection c = DejaCollection.builder(spec).store(new MemoryCollectionStore("f"))
        .ids(() -> "f" + ids.incrementAndGet()).build();
    add(c, "pounds", Item.of("text", "Sam owes me £50."));
    // The standard analyzer drops the symbols: one key, but not one text.
    assertThat(c.check(CheckRequest.of("t", Item.of("text", "Sam owes me $50."))).matches()).isEmpty();
    assertThat(c.check(CheckRequest.of("t", Item.of("text", "sam owes me £50!"))).matches())
        .extracting(Match::id).containsExactly("pounds");
    add(c, "plus", Item.of("text", "My blood type is A+."));
    add(c, "cold", Item.of("text", "It was -5 degrees at the summit."));
    assertThat(c.check(CheckRequest.of("t", Item.of("text", "My blood type is A."))).matches()).isEmpty();
    assertThat(c.check(CheckRequest.of("t", Item.of("text", "It was 5 degrees at the summit."))).matches()).isEmpty();
    assertThat(c.check(CheckRequest.of("t", Item.of("text", "my blood type is A+"))).matches())
        .extracting(Match::id).containsExactly("plus");
    // A handle with other punctuation is another handle; a leading "@" and case are notation.
    add(c, "handle", Item.of("text", "My GitHub username is jdoe_dev."));
    assertThat(c.check(CheckRequest.of("t", Item.of("text", "My GitHub username is jdoe-dev."))).matches()).isEmpty();
    assertThat(c.check(CheckRequest.of("t", Item.of("text", "My GitHub username is @JDoe_Dev"))).matches())
        .extracting(Match::id).containsExactly("handle");
  }

  @Test
  void synonymStageMatchesBothDirectionsCaseInsensitivelyAndSaysWhichSynonym() {
    DejaCollection c = glossary(true);
    add(c, "a", Item.of("term", "elektronische handtekening", "synonyms", List.of("e-handtekening"), "org", "KvK"));
    Verdict forward = c.check(CheckRequest.of("t", Item.of("term", "E-Handtekening", "org", "KvK")));
    assertThat(forward.matches()).extracting(Match::stage).containsExactly("synonym");
    assertThat(forward.matches().get(0).explanation().details().get(1).evidence())
        .containsEntry("synonym", "e-handtekening");
    Verdict reverse = c.check(CheckRequest.of("t", Item.of("term", "digitale ondertekening",
        "synonyms", List.of("Elektronische Handtekening"), "org", "KvK")));
    assertThat(reverse.matches()).extracting(Match::id).containsExactly("a");
    assertThat(reverse.matches().get(0).explanation().details().get(1).evidence().get("direction"))
        .contains("listed as a synonym of the new term");
  }

  @Test
  void onlyActiveSynonymsCount() {
    DejaCollection c = glossary(true);
    add(c, "a", Item.of("term", "vestiging", "synonyms",
        List.of(Map.of("value", "filiaal", "status", "retired"), "bedrijfsvestiging"), "org", "KvK"));
    assertThat(c.check(CheckRequest.of("t", Item.of("term", "filiaal", "org", "KvK"))).outcome())
        .isEqualTo(Outcome.NEW);
    assertThat(c.check(CheckRequest.of("t", Item.of("term", "bedrijfsvestiging", "org", "KvK"))).outcome())
        .isEqualTo(Outcome.DUPLICATE);
  }

  @Test
  void fuzzyIsStrictlyAboveItsThresholdAndShowsTheValues() {
    DejaCollection c = glossary(true);
    add(c, "a", Item.of("term", "onderhoud en beheer", "org", "NA"));
    add(c, "b", Item.of("term", "zwakke authenticatie", "org", "NA"));
    Verdict v = c.check(CheckRequest.of("t", Item.of("term", "beheer en onderhoud", "org", "NA")));
    assertThat(v.matches()).extracting(Match::id).containsExactly("a");
    Explanation stage = v.matches().get(0).explanation().details().get(1);
    assertThat(stage.message()).isEqualTo("Fuzzy match: 'beheer en onderhoud' ≈ 'onderhoud en beheer'");
    assertThat(stage.values()).containsEntry("new", "beheer en onderhoud");
    assertThat(stage.threshold()).hasValue(0.7);
    assertThat(c.check(CheckRequest.of("t", Item.of("term", "sterke authenticatie", "org", "NA"))).outcome())
        .isEqualTo(Outcome.NEW);
  }

  @Test
  void archivedAndOtherContextsNeverMatch() {
    DejaCollection c = glossary(true);
    add(c, "a", Item.of("term", "zorgindicatie", "org", "CAK", "status", "archived"));
    add(c, "b", Item.of("term", "beschikking", "org", "Eindhoven"));
    assertThat(c.check(CheckRequest.of("t", Item.of("term", "zorgindicatie", "org", "CAK"))).outcome())
        .isEqualTo(Outcome.NEW);
    assertThat(c.check(CheckRequest.of("t", Item.of("term", "beschikking", "org", "Groningen"))).outcome())
        .isEqualTo(Outcome.NEW);
  }

  @Test
  void aBlankValueIsNoEvidence() {
    DejaCollection c = glossary(true);
    add(c, "a", Item.of("term", "", "org", "x"));
    Verdict v = c.check(CheckRequest.of("t", Item.of("term", " ", "org", "x")));
    assertThat(v.outcome()).isEqualTo(Outcome.NEW);
    assertThat(v.explanation().details()).filteredOn(e -> e.kind().equals("stage"))
        .extracting(Explanation::result).containsOnly("skipped");
  }
}
