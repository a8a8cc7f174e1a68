package dev.deja.core.cascade;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.embed.EmbedderProvider;
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
}
