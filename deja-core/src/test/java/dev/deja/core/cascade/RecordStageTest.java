package dev.deja.core.cascade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.deja.core.InvalidInputException;
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
import org.junit.jupiter.api.Test;

/** The {@code record} stage: per-field measures and probabilities combined by Bayes' rule, as Duke does. */
class RecordStageTest {

  private static Map<String, Object> paperFields() {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("title", Map.of("measure", "levenshtein", "low", 0.2, "high", 0.95));
    f.put("authors", Map.of("measure", "jaro_winkler", "low", 0.2, "high", 0.8, "lookup", "none"));
    f.put("year", Map.of("measure", "exact", "low", 0.3, "high", 0.55));
    return f;
  }

  private static DejaCollection papers(Map<String, Object> stage) {
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("title", Map.of("type", "text", "required", true));
    fields.put("authors", Map.of("type", "text"));
    fields.put("year", Map.of("type", "keyword"));
    CollectionSpec spec = SpecReader.read(Map.of("name", "papers", "fields", fields,
        "stages", Map.of("record", stage)), "papers");
    return DejaCollection.builder(spec).store(new MemoryCollectionStore("p")).build();
  }

  private static DejaCollection papers() {
    return papers(Map.of("type", "record", "fields", paperFields(), "similarity_threshold", 0.9));
  }

  private static void add(DejaCollection c, String id, String title, String authors, String year) {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("title", title);
    if (authors != null) {
      f.put("authors", authors);
    }
    if (year != null) {
      f.put("year", year);
    }
    c.put(new PutRequest("t", Optional.of(id), new Item(f), true));
  }

  /** The record stage's own explanation of a match (under the match's summary of candidates and stages). */
  private static Explanation stage(Match m) {
    return m.explanation().details().stream().filter(d -> d.name().equals("record")).findFirst().orElseThrow();
  }

  @Test
  void combinesTheFieldsByBayesRuleFromOneHalf() {
    assertThat(RecordStage.combine(List.of())).isEqualTo(0.5);
    assertThat(RecordStage.combine(List.of(0.95))).isCloseTo(0.95, within(1e-12));
    // 0.95 and 0.8: 0.76 / (0.76 + 0.01) = 0.98701…
    assertThat(RecordStage.combine(List.of(0.95, 0.8))).isCloseTo(0.76 / 0.77, within(1e-12));
    // A field that says nothing (0.5) changes nothing; two opposite fields cancel out.
    assertThat(RecordStage.combine(List.of(0.95, 0.5))).isCloseTo(0.95, within(1e-12));
    assertThat(RecordStage.combine(List.of(0.8, 0.2))).isCloseTo(0.5, within(1e-12));
  }

  @Test
  void theSamePaperMatchesAndARecurringColumnTitleByOthersDoesNot() {
    DejaCollection c = papers();
    add(c, "dblp1", "Semantic Integration of Environmental Models", "D. Scott Mackay", "1999");
    add(c, "dblp2", "Book Review Column", "Karl Aberer", "2002");
    Verdict same = c.check(CheckRequest.of("t", Item.of("title", "Semantic integration of environmental models",
        "authors", "D. S. Mackay", "year", "1999")));
    assertThat(same.outcome()).isEqualTo(Outcome.DUPLICATE);
    Match m = same.matches().get(0);
    assertThat(m.id()).isEqualTo("dblp1");
    assertThat(m.stage()).isEqualTo("record");
    Explanation why = stage(m);
    assertThat(why.message()).startsWith("Record match on title, authors, year (probability of the same entity 0.9");
    assertThat(why.details()).extracting(Explanation::name).containsExactly("title", "authors", "year");
    assertThat(why.details()).allSatisfy(d -> assertThat(d.result()).isEqualTo("for"));
    // Same title, other authors (Jaro-Winkler 0.38 < 0.5: low), another year: title 0.95, authors 0.2, year 0.3
    // → 0.62, below 0.9.
    Verdict other = c.check(CheckRequest.of("t", Item.of("title", "Book review column", "authors", "Jennifer Widom",
        "year", "2005")));
    assertThat(other.outcome()).isEqualTo(Outcome.NEW);
  }

  @Test
  void aBlankFieldIsNoEvidenceEitherWay() {
    DejaCollection c = papers();
    add(c, "a", "Query Optimization in Distributed Databases", null, "1996");
    Verdict v = c.check(CheckRequest.of("t", Item.of("title", "Query optimization in distributed databases",
        "authors", "Anyone At All", "year", "1996")));
    // title 0.95 and year 0.55, authors skipped: 0.5225 / (0.5225 + 0.0225) = 0.9587…
    assertThat(v.outcome()).isEqualTo(Outcome.DUPLICATE);
    assertThat(v.matches().get(0).score()).isCloseTo(0.5225 / 0.545, within(1e-9));
    Explanation authors = stage(v.matches().get(0)).details().stream()
        .filter(d -> d.name().equals("authors")).findFirst().orElseThrow();
    assertThat(authors.result()).isEqualTo("skipped");
    assertThat(authors.message()).contains("blank in the existing record");
  }

  @Test
  void scoresMatchesAtAThresholdOfZeroAsTheyScoreAtTheirThreshold() {
    // The bounded comparison (stopping at 0.5 and when the threshold is out of reach) must not change a score that
    // is reported: at threshold 0 every pair is scored in full.
    DejaCollection strict = papers();
    DejaCollection all = papers(Map.of("type", "record", "fields", paperFields(), "similarity_threshold", 0.0));
    String[][] rows = {
        {"a", "Efficient Evaluation of Joins", "Ann Lee, Bo Chen", "2001"},
        {"b", "Efficient evaluation of join queries", "A. Lee, B. Chen", "2001"},
        {"c", "Evaluation of Efficient Joins", "Carl Dyer", "2003"}};
    for (String[] r : rows) {
      add(strict, r[0], r[1], r[2], r[3]);
      add(all, r[0], r[1], r[2], r[3]);
    }
    Item probe = Item.of("title", "Efficient Evaluation of Joins.", "authors", "Ann Lee; Bo Chen", "year", "2001");
    Verdict s = strict.check(CheckRequest.of("t", probe));
    Verdict a = all.check(CheckRequest.of("t", probe));
    assertThat(s.matches()).isNotEmpty();
    for (Match m : s.matches()) {
      assertThat(a.matches()).filteredOn(x -> x.id().equals(m.id())).singleElement()
          .satisfies(x -> assertThat(x.score()).isCloseTo(m.score(), within(1e-12)));
    }
    assertThat(a.matches()).hasSizeGreaterThan(s.matches().size());
  }

  @Test
  void refusesAConfigurationItCannotUse() {
    assertThatThrownBy(() -> papers(Map.of("type", "record")))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("a record stage needs its fields");
    assertThatThrownBy(() -> papers(Map.of("type", "record", "fields",
        Map.of("title", Map.of("low", 0.7, "high", 0.9)))))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("low (0.7) must be at most 0.5");
    assertThatThrownBy(() -> papers(Map.of("type", "record", "fields",
        Map.of("title", Map.of("measure", "soundex")))))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("unknown measure 'soundex'");
    assertThatThrownBy(() -> papers(Map.of("type", "record", "fields",
        Map.of("title", Map.of("lookup", "none")))))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("no field has a lookup");
    assertThatThrownBy(() -> papers(Map.of("type", "record", "fields", Map.of("venue", Map.of()))))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("venue");
    assertThatThrownBy(() -> papers(Map.of("type", "record", "fields", Map.of("title", Map.of("weight", 2)))))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("weight");
  }

  @Test
  void blocksBringTogetherOnlyRecordsThatAgreeOnABlockKey() {
    Map<String, Object> fields = new LinkedHashMap<>(paperFields());
    DejaCollection c = papers(Map.of("type", "record", "fields", fields, "blocks", List.of("year", "authors+year")));
    add(c, "same-year", "Query optimisation", "Ann Lee", "2001");
    add(c, "other-year", "Query optimisation", "Ann Lee", "2002");
    Verdict v = c.check(CheckRequest.of("t", Item.of("title", "Query optimisation", "authors", "Ann Lee",
        "year", "2001")));
    // The 2002 record shares no block key, so it is never compared: scored, it would match (title 0.95, authors 0.8,
    // year 0.3 → 0.97).
    assertThat(v.matches()).extracting(Match::id).containsExactly("same-year");
    assertThatThrownBy(() -> papers(Map.of("type", "record", "fields", paperFields(), "blocks",
        List.of("venue+year"))))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("'venue' is not one of the stage's fields");
    // Blocks alone are a lookup: no field needs one.
    Map<String, Object> noLookup = new LinkedHashMap<>();
    noLookup.put("title", Map.of("lookup", "none"));
    noLookup.put("year", Map.of("measure", "exact"));
    assertThat(papers(Map.of("type", "record", "fields", noLookup, "blocks", List.of("year")))).isNotNull();
  }
}
