package dev.deja.core.cascade;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.index.Candidate;
import dev.deja.core.normalize.Analyzer;
import dev.deja.core.normalize.Normalizer;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.SpecReader;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Stages built with one context share one normaliser cache per analyzer; other contexts have their own. */
class StageContextTest {

  private static final CollectionSpec SPEC = SpecReader.read(Map.of("name", "facts",
      "fields", Map.of("text", Map.of("type", "text"))), "facts");

  @Test
  void oneCachePerAnalyzerPerContext() {
    StageContext context = new StageContext(SPEC, EmbedderProvider.none());
    Normalizer standard = context.normalizer(Analyzer.STANDARD);
    assertThat(context.normalizer(Analyzer.STANDARD)).isSameAs(standard);
    // An equal analyzer defined again (as a spec's custom analyzer would be) normalises the same way: same cache.
    Analyzer again = new Analyzer("standard", Analyzer.STANDARD.steps(), Map.of(), java.util.Set.of());
    assertThat(context.normalizer(again)).isSameAs(standard);
    assertThat(context.normalizer(Analyzer.CASEFOLD)).isNotSameAs(standard);
    assertThat(new StageContext(SPEC, EmbedderProvider.none()).normalizer(Analyzer.STANDARD)).isNotSameAs(standard);
  }

  @Test
  void theCacheNormalisesAsTheAnalyzerDoes() {
    StageContext context = new StageContext(SPEC, EmbedderProvider.none());
    for (Analyzer a : List.of(Analyzer.NONE, Analyzer.TRIM, Analyzer.CASEFOLD, Analyzer.STANDARD, Analyzer.COMPOUND)) {
      Normalizer n = context.normalizer(a);
      for (String text : List.of("  Team  Stand-up! ", "Ça va, Zoë?", "verificatie-proces", "")) {
        assertThat(n.normalize(text)).isEqualTo(a.normalize(text));
        assertThat(n.normalize(text)).as("from the cache").isEqualTo(a.normalize(text));
      }
    }
  }

  @Test
  void theStagesOfACollectionShareIt() {
    CollectionSpec spec = SpecReader.read(Map.of("name", "facts", "fields", Map.of("text", Map.of("type", "text")),
        "stages", Map.of("exact", Map.of("type", "exact", "fields", List.of("text"), "analyzer", "standard"),
            "fuzzy", Map.of("type", "fuzzy", "field", "text"))), "facts");
    StageContext context = new StageContext(spec, EmbedderProvider.none());
    List<Stage> stages = StageRegistry.defaults().build(context);
    assertThat(stages).hasSize(2);
    assertThat(context.normalizers()).containsOnlyKeys(Analyzer.STANDARD);
  }

  @Test
  void anExactStageOverOneFieldStoresItsNormalisedValueAndAFuzzyStageReadsItFromTheKeys() {
    CollectionSpec spec = SpecReader.read(Map.of("name", "facts", "fields", Map.of("text", Map.of("type", "text")),
        "stages", Map.of("exact", Map.of("type", "exact", "fields", List.of("text"), "analyzer", "standard",
            "case_sensitive", false),
            "fuzzy", Map.of("type", "fuzzy", "field", "text", "measure", "sequence", "threshold", 0.6,
                "possible_threshold", 0.4))), "facts");
    StageContext context = new StageContext(spec, EmbedderProvider.none());
    List<Stage> stages = StageRegistry.defaults().build(context);
    assertThat(context.storedValue("text", Analyzer.STANDARD)).contains("exact|");
    assertThat(context.storedValue("text", Analyzer.CASEFOLD)).isEmpty();
    Stage fuzzy = stages.stream().filter(st -> st.type().equals("fuzzy")).findFirst().orElseThrow();
    // The same fuzzy stage in a context without the exact stage normalises every candidate itself.
    CollectionSpec alone = SpecReader.read(Map.of("name", "facts", "fields", Map.of("text", Map.of("type", "text")),
        "stages", Map.of("fuzzy", Map.of("type", "fuzzy", "field", "text", "measure", "sequence", "threshold", 0.6,
            "possible_threshold", 0.4))), "facts");
    StageContext aloneContext = new StageContext(alone, EmbedderProvider.none());
    Stage normalising = StageRegistry.defaults().build(aloneContext).get(0);
    assertThat(aloneContext.storedValue("text", Analyzer.STANDARD)).isEmpty();
    dev.deja.core.engine.ItemPreparer preparer = new dev.deja.core.engine.ItemPreparer(spec, stages);
    java.util.Random r = new java.util.Random(20261126);
    List<String> words = List.of("Team", "stand-up", "TEAM", "standup", "Zoë", "zoe", "café", "cafe", "  ", "!",
        "meeting", "Meeting,", "at", "9", "nine", "ﬁle", "file");
    int matched = 0;
    for (int round = 0; round < 300; round++) {
      List<Candidate> candidates = new java.util.ArrayList<>();
      for (int i = 0; i < 8; i++) {
        StringBuilder text = new StringBuilder();
        for (int w = r.nextInt(5); w >= 0; w--) {
          text.append(words.get(r.nextInt(words.size()))).append(r.nextBoolean() ? " " : "  ");
        }
        dev.deja.core.item.Item item = new dev.deja.core.item.Item(Map.of("text", text.toString()));
        dev.deja.core.engine.ItemPreparer.Prepared p = preparer.prepare("t", item);
        java.time.Instant at = java.time.Instant.EPOCH;
        candidates.add(new Candidate(new dev.deja.core.item.StoredItem("c" + i, "t", p.item(), p.keys(), Map.of(),
            1, at, at, List.of()), java.util.Set.of("lexical")));
      }
      StringBuilder mine = new StringBuilder();
      for (int w = r.nextInt(5); w >= 0; w--) {
        mine.append(words.get(r.nextInt(words.size()))).append(' ');
      }
      Probe probe = new Probe("t", new dev.deja.core.item.Item(Map.of("text", mine.toString())),
          java.util.Optional.empty());
      StageResult fromKeys = fuzzy.evaluate(probe, candidates);
      StageResult normalised = normalising.evaluate(probe, candidates);
      assertThat(fromKeys.matches()).as("round %d: %s", round, mine).isEqualTo(normalised.matches());
      assertThat(fromKeys.explanation().message()).isEqualTo(normalised.explanation().message());
      matched += fromKeys.matches().size();
    }
    assertThat(matched).isGreaterThan(100);
  }

  @Test
  void aDisabledExactStageStoresNothingSoTheFuzzyStageNormalises() {
    CollectionSpec spec = SpecReader.read(Map.of("name", "facts", "fields", Map.of("text", Map.of("type", "text")),
        "stages", Map.of("exact", Map.of("type", "exact", "fields", List.of("text"), "analyzer", "standard",
            "enabled", false),
            "fuzzy", Map.of("type", "fuzzy", "field", "text", "threshold", 0.9))), "facts");
    StageContext context = new StageContext(spec, EmbedderProvider.none());
    List<Stage> stages = StageRegistry.defaults().build(context);
    assertThat(stages).extracting(Stage::type).containsExactly("fuzzy");
    assertThat(context.storedValue("text", Analyzer.STANDARD)).isEmpty();
    dev.deja.core.engine.ItemPreparer.Prepared p = new dev.deja.core.engine.ItemPreparer(spec, stages)
        .prepare("t", new dev.deja.core.item.Item(Map.of("text", "Team standup!")));
    assertThat(p.keys().keys()).isEmpty();
    java.time.Instant at = java.time.Instant.EPOCH;
    List<Candidate> candidates = List.of(new Candidate(new dev.deja.core.item.StoredItem("c1", "t", p.item(),
        p.keys(), Map.of(), 1, at, at, List.of()), java.util.Set.of("lexical")));
    Probe probe = new Probe("t", new dev.deja.core.item.Item(Map.of("text", "team standup")),
        java.util.Optional.empty());
    assertThat(stages.get(0).evaluate(probe, candidates).matches()).singleElement()
        .satisfies(m -> assertThat(m.score()).isEqualTo(1.0));
  }

  @Test
  void theStoredValueIsTheOneReadWhenAStageStoresIt() {
    CollectionSpec spec = SpecReader.read(Map.of("name", "facts", "fields", Map.of("text", Map.of("type", "text")),
        "stages", Map.of("exact", Map.of("type", "exact", "fields", List.of("text"), "analyzer", "standard"),
            "fuzzy", Map.of("type", "fuzzy", "field", "text", "threshold", 0.9))), "facts");
    List<Stage> stages = StageRegistry.defaults().build(new StageContext(spec, EmbedderProvider.none()));
    java.time.Instant at = java.time.Instant.EPOCH;
    // Keys are made once, when an item is written, and are what stages compare: this item's key says "team standup".
    dev.deja.core.item.StoredItem stored = new dev.deja.core.item.StoredItem("c1", "t",
        new dev.deja.core.item.Item(Map.of("text", "something else entirely")),
        new dev.deja.core.item.ItemKeys("t", "", java.util.Set.of("exact|team standup"), java.util.Set.of(),
            java.util.Optional.empty()), Map.of(), 1, at, at, List.of());
    Probe probe = new Probe("t", new dev.deja.core.item.Item(Map.of("text", "Team Standup!")),
        java.util.Optional.empty());
    List<Candidate> candidates = List.of(new Candidate(stored, java.util.Set.of("exact")));
    Stage exact = stages.stream().filter(st -> st.type().equals("exact")).findFirst().orElseThrow();
    Stage fuzzy = stages.stream().filter(st -> st.type().equals("fuzzy")).findFirst().orElseThrow();
    assertThat(exact.evaluate(probe, candidates).matches()).hasSize(1);
    assertThat(fuzzy.evaluate(probe, candidates).matches()).singleElement()
        .satisfies(m -> assertThat(m.score()).isEqualTo(1.0));
  }
}
