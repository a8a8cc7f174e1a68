package dev.deja.core.cascade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import dev.deja.core.embed.Embedder;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.embed.EmbeddingException;
import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.Match;
import dev.deja.core.engine.Outcome;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.engine.Verdict;
import dev.deja.core.explain.Explanation;
import dev.deja.core.item.Item;
import dev.deja.core.item.StoredItem;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.SpecReader;
import dev.deja.core.store.MemoryCollectionStore;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The semantic and combined stages through the engine, with a fake embedder whose vectors are chosen by hand. */
class SemanticAndCombinedStageTest {

  /** Vectors by text; counts calls so that "never re-embedded" can be asserted. */
  static final class TableEmbedder implements Embedder {
    final Map<String, float[]> table = new LinkedHashMap<>();
    final AtomicInteger calls = new AtomicInteger();
    boolean failing;

    TableEmbedder put(String text, float... v) {
      table.put(text, v);
      return this;
    }

    @Override
    public String model() {
      return "table";
    }

    @Override
    public int dimension() {
      return 3;
    }

    @Override
    public float[] embed(String text) {
      calls.incrementAndGet();
      if (failing) {
        throw new EmbeddingException("endpoint down", true);
      }
      float[] v = table.get(text);
      return v == null ? new float[] {0, 0, 1} : v.clone();
    }
  }

  private static DejaCollection collection(Map<String, Object> stages, Map<String, Object> guards, Embedder e) {
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("name", "notes");
    tree.put("fields", Map.of("text", Map.of("type", "text")));
    tree.put("stages", stages);
    tree.put("guards", guards);
    CollectionSpec spec = SpecReader.read(tree, "notes");
    AtomicInteger ids = new AtomicInteger();
    return DejaCollection.builder(spec).store(new MemoryCollectionStore("notes"))
        .embedders(EmbedderProvider.of(Map.of("table", e))).ids(() -> "n" + ids.incrementAndGet()).build();
  }

  private static Map<String, Object> semantic(double threshold, String failure) {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("exact", Map.of("type", "exact", "fields", java.util.List.of("text"), "case_sensitive", false));
    s.put("semantic", Map.of("type", "semantic", "model", "table", "similarity_threshold", threshold,
        "on_embedder_failure", failure));
    return s;
  }

  @Test
  void semanticMatchesByCosineAndNeverReEmbedsStoredItems() {
    TableEmbedder e = new TableEmbedder().put("My favourite tea is Earl Grey.", 1, 0, 0)
        .put("Earl Grey is the tea I like most.", 0.9f, 0.1f, 0).put("I have a sesame allergy.", 0, 1, 0);
    DejaCollection c = collection(semantic(0.8, "closed"), Map.of(), e);
    c.put(PutRequest.of("t", Item.of("text", "My favourite tea is Earl Grey.")));
    c.put(PutRequest.of("t", Item.of("text", "I have a sesame allergy.")));
    int afterWrites = e.calls.get();
    Verdict v = c.check(CheckRequest.of("t", Item.of("text", "Earl Grey is the tea I like most.")));
    assertThat(e.calls.get() - afterWrites).as("only the new item is embedded").isEqualTo(1);
    assertThat(v.outcome()).isEqualTo(Outcome.DUPLICATE);
    Match m = v.matches().get(0);
    assertThat(m.stage()).isEqualTo("semantic");
    assertThat(m.score()).isBetween(0.99, 1.0);
    assertThat(m.explanation().details()).anySatisfy(d -> assertThat(d.message()).startsWith("Semantic match"));
    StoredItem stored = c.get("t", m.id()).orElseThrow();
    assertThat(stored.vectors()).containsKey("table/text");
  }

  @Test
  void failClosedThrowsAndFailOpenSkipsWithAWarning() {
    TableEmbedder e = new TableEmbedder().put("a fact", 1, 0, 0);
    DejaCollection closed = collection(semantic(0.8, "closed"), Map.of(), e);
    DejaCollection open = collection(semantic(0.8, "open"), Map.of(), e);
    closed.put(PutRequest.of("t", Item.of("text", "a fact")));
    open.put(PutRequest.of("t", Item.of("text", "a fact")));
    e.failing = true;
    assertThatThrownBy(() -> closed.check(CheckRequest.of("t", Item.of("text", "A FACT"))))
        .isInstanceOf(EmbeddingException.class);
    Verdict v = open.check(CheckRequest.of("t", Item.of("text", "A FACT")));
    assertThat(v.outcome()).as("the exact stage still works").isEqualTo(Outcome.DUPLICATE);
    assertThat(v.warnings()).singleElement().asString().contains("stage 'semantic' has no embedding")
        .contains("the stage is skipped");
    assertThat(v.explanation().details()).filteredOn(d -> d.name().equals("semantic"))
        .extracting(Explanation::result).containsExactly("skipped");
  }

  @Test
  void guardsVetoSemanticMatches() {
    TableEmbedder e = new TableEmbedder().put("I'm 29.", 1, 0, 0).put("I'm 39.", 1, 0, 0);
    DejaCollection c = collection(semantic(0.8, "closed"), Map.of("numbers", Map.of()), e);
    c.put(PutRequest.of("t", Item.of("text", "I'm 29.")));
    Verdict v = c.check(CheckRequest.of("t", Item.of("text", "I'm 39.")));
    assertThat(v.outcome()).isEqualTo(Outcome.NEW);
    assertThat(v.explanation().details()).anySatisfy(d -> {
      assertThat(d.result()).isEqualTo("veto");
      assertThat(d.message()).contains("numbers or times differ");
    });
  }

  @Test
  void combinedScoresIsALogisticModelAndExplainsEachFeature() {
    TableEmbedder e = new TableEmbedder().put("Soccer practice", 1, 0, 0).put("Kids football training", 0.8f, 0.6f, 0);
    Map<String, Object> stages = new LinkedHashMap<>();
    Map<String, Object> features = new LinkedHashMap<>();
    features.put("cosine", 6.0);
    features.put("sequence", 1.0);
    stages.put("combined", Map.of("type", "combined", "model", "table",
        "features", features, "bias", -4.0, "similarity_threshold", 0.5));
    DejaCollection c = collection(stages, Map.of(), e);
    c.put(PutRequest.of("t", Item.of("text", "Soccer practice")));
    Verdict v = c.check(CheckRequest.of("t", Item.of("text", "Kids football training")));
    assertThat(v.outcome()).isEqualTo(Outcome.DUPLICATE);
    Match m = v.matches().get(0);
    // cosine 0.8 → 6 · 0.8 = 4.8; sequence of the normalised titles; bias -4.
    double seq = dev.deja.core.measure.SequenceMeasure.INSTANCE.similarity("kids football training",
        "soccer practice");
    assertThat(m.score()).isCloseTo(1 / (1 + Math.exp(-(-4 + 4.8 + seq))), org.assertj.core.data.Offset.offset(1e-5));
    assertThat(m.explanation().details().get(1).details()).extracting(Explanation::name)
        .containsExactly("cosine", "sequence");
  }

  @Test
  void combinedRejectsUnknownFeaturesAndTimeWithoutAWindow() {
    TableEmbedder e = new TableEmbedder();
    assertThatThrownBy(() -> collection(Map.of("combined", Map.of("type", "combined", "model", "table",
        "features", Map.of("cosin", 1.0))), Map.of(), e)).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("stages.combined.features.cosin: unknown feature");
    assertThatThrownBy(() -> collection(Map.of("combined", Map.of("type", "combined",
        "features", Map.of("time_proximity", 1.0))), Map.of(), e)).hasMessageContaining("need a collection with a time window");
    assertThatThrownBy(() -> collection(Map.of("semantic", Map.of("type", "semantic", "model", "nope")), Map.of(), e))
        .hasMessageContaining("no embedder for model 'nope'");
  }

  @Test
  void aBlankTextIsNoEvidence() {
    TableEmbedder e = new TableEmbedder();
    DejaCollection c = collection(semantic(0.1, "closed"), Map.of(), e);
    c.put(new PutRequest("t", Optional.empty(), Item.of("text", " "), true));
    Verdict v = c.check(CheckRequest.of("t", Item.of("text", " ")));
    assertThat(v.outcome()).isEqualTo(Outcome.NEW);
    assertThat(e.calls.get()).isZero();
  }
}
