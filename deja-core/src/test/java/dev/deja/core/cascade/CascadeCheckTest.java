package dev.deja.core.cascade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import dev.deja.core.cascade.CascadeCheck.Source;
import dev.deja.core.embed.Embedder;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.Outcome;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.guard.GuardRegistry;
import dev.deja.core.index.Candidate;
import dev.deja.core.index.CandidateQuery;
import dev.deja.core.item.Item;
import dev.deja.core.item.StoredItem;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.SpecReader;
import dev.deja.core.store.CollectionStore;
import dev.deja.core.store.MemoryCollectionStore;
import dev.deja.core.store.Page;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A configuration that can never match is refused, naming the stage and what would feed it (issue 23); one that can is
 * accepted, and the lookups each stage is fed by are read off the stages.
 */
class CascadeCheckTest {

  /** A fixed vector per text; enough for the semantic stage to be built and fed. */
  private static final Embedder EMBEDDER = new Embedder() {
    @Override
    public String model() {
      return "fixed";
    }

    @Override
    public int dimension() {
      return 2;
    }

    @Override
    public float[] embed(String text) {
      return new float[] {1, 0};
    }
  };

  private static final EmbedderProvider EMBEDDERS = EmbedderProvider.of(Map.of("fixed", EMBEDDER));

  /** A store that cannot search vectors (as a CalDAV calendar): the in-memory store behind a plain interface. */
  private static final class NoVectorStore implements CollectionStore {
    private final MemoryCollectionStore inner = new MemoryCollectionStore("plain");

    @Override
    public List<Candidate> candidates(CandidateQuery query) {
      return inner.candidates(query);
    }

    @Override
    public void insert(StoredItem item) {
      inner.insert(item);
    }

    @Override
    public void replace(StoredItem item) {
      inner.replace(item);
    }

    @Override
    public Optional<StoredItem> find(String tenant, String id) {
      return inner.find(tenant, id);
    }

    @Override
    public boolean delete(String tenant, String id) {
      return inner.delete(tenant, id);
    }

    @Override
    public Page list(Optional<String> tenant, Optional<String> afterId, int limit) {
      return inner.list(tenant, afterId, limit);
    }

    @Override
    public long count(Optional<String> tenant) {
      return inner.count(tenant);
    }

    @Override
    public <T> T inScope(String scope, Supplier<T> work) {
      return inner.inScope(scope, work);
    }

    @Override
    public void close() {
      inner.close();
    }
  }

  /** A spec with a text field, a keyword, a list and a start time, and these stages (and optional extra keys). */
  private static CollectionSpec spec(Map<String, Object> stages, Object... extra) {
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("name", "notes");
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("text", Map.of("type", "text"));
    fields.put("code", Map.of("type", "keyword"));
    fields.put("tags", Map.of("type", "list"));
    fields.put("start", Map.of("type", "timestamp"));
    tree.put("fields", fields);
    tree.put("stages", stages);
    for (int i = 0; i < extra.length; i += 2) {
      tree.put((String) extra[i], extra[i + 1]);
    }
    return SpecReader.read(tree, "notes");
  }

  private static Map<String, Object> stages(Object... namesAndOptions) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < namesAndOptions.length; i += 2) {
      m.put((String) namesAndOptions[i], namesAndOptions[i + 1]);
    }
    return m;
  }

  private static List<Stage> build(CollectionSpec spec) {
    return StageRegistry.builtIn().build(new StageContext(spec, EMBEDDERS));
  }

  /** What loading a configuration checks: the stages build, every one is fed (vectors searchable), thresholds. */
  private static void load(CollectionSpec spec) {
    List<Stage> stages = build(spec);
    CascadeCheck.requireFed(spec, stages, true);
    CascadeCheck.requireReachableThresholds(stages);
  }

  private static final Map<String, Object> EXACT = Map.of("type", "exact", "fields", List.of("text"));
  private static final Map<String, Object> FUZZY_NO_TERMS = Map.of("type", "fuzzy", "field", "text", "lexical", "none");
  private static final Map<String, Object> WINDOW = Map.of("start_field", "start", "time_window_hours", 2);

  @Test
  void aFuzzyStageWithoutLexicalTermsLooksUpNothing() {
    // The failure the refusal prevents: such a stage makes no key and no term, so no near copy is ever a candidate.
    // The engine refuses to build it (next test).
    CollectionSpec s = spec(stages("fuzzy", FUZZY_NO_TERMS));
    List<Stage> built = build(s);
    Item item = Item.of("text", "the quarterly report is due on friday");
    assertThat(built.get(0).lexicalTerms(item)).isEmpty();
    assertThat(built.get(0).queryKeys(item)).isEmpty();
    assertThat(CascadeCheck.sources(s, built, true)).containsEntry("fuzzy", Set.of());
  }

  @Test
  void aFuzzyStageThatNoCandidateReachesIsRefusedByTheEngine() {
    CollectionSpec s = spec(stages("exact", EXACT, "fuzzy", FUZZY_NO_TERMS));
    assertThatThrownBy(() -> DejaCollection.builder(s).store(new MemoryCollectionStore("notes"))
        .embedders(EMBEDDERS).build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("stages.fuzzy: this fuzzy stage can never match: no candidate ever reaches it.")
        .hasMessageContaining("It looks up nothing itself (lexical: none); the collection has no time window to scan; and no")
        .hasMessageContaining("the collection has no time window to scan")
        .hasMessageContaining("the keys of stage 'exact' find only the copies that stage matches itself")
        .hasMessageContaining("To feed it: set stages.fuzzy.lexical to words, trigrams or both");
  }

  @Test
  void theKeysOfSeveralStagesAreNamedTogether() {
    CollectionSpec s = spec(stages("exact", EXACT, "synonym", Map.of("type", "synonym", "term_field", "text",
        "synonyms_field", "tags"), "fuzzy", FUZZY_NO_TERMS));
    assertThatThrownBy(() -> load(s)).hasMessageContaining("(the keys of stages 'exact', 'synonym' find only the "
        + "copies each of them matches itself)");
  }

  @Test
  void aTimeWindowThatIsNotScannedIsNamedAsTheFix() {
    CollectionSpec off = spec(stages("fuzzy", FUZZY_NO_TERMS), "time_window", WINDOW, "candidates",
        Map.of("window_scan", false));
    assertThatThrownBy(() -> load(off)).hasMessageContaining("candidates.window_scan: false")
        .hasMessageContaining("set candidates.window_scan: true");
    CollectionSpec on = spec(stages("fuzzy", FUZZY_NO_TERMS), "time_window", WINDOW);
    assertThatCode(() -> load(on)).doesNotThrowAnyException();
    assertThat(CascadeCheck.sources(on, build(on), true)).containsEntry("fuzzy", Set.of(Source.WINDOW));
  }

  @Test
  void anotherStagesLexicalTermsOrVectorsFeedAStageThatLooksUpNothing() {
    CollectionSpec lexical = spec(stages("fuzzy", FUZZY_NO_TERMS, "words",
        Map.of("type", "fuzzy", "field", "code", "lexical", "words")));
    assertThatCode(() -> load(lexical)).doesNotThrowAnyException();
    assertThat(CascadeCheck.sources(lexical, build(lexical), true)).containsEntry("fuzzy", Set.of(Source.LEXICAL));
    CollectionSpec vectors = spec(stages("fuzzy", FUZZY_NO_TERMS, "semantic",
        Map.of("type", "semantic", "field", "text", "model", "fixed")));
    assertThatCode(() -> load(vectors)).doesNotThrowAnyException();
    assertThat(CascadeCheck.sources(vectors, build(vectors), true)).containsEntry("fuzzy", Set.of(Source.VECTOR));
  }

  @Test
  void theSourcesOfEachStageAreReadOffTheStages() {
    CollectionSpec s = spec(stages("exact", EXACT, "synonym", Map.of("type", "synonym", "term_field", "text",
        "synonyms_field", "tags"), "fuzzy", Map.of("type", "fuzzy", "field", "text")), "time_window", WINDOW);
    Map<String, Set<Source>> sources = CascadeCheck.sources(s, build(s), true);
    assertThat(sources).containsEntry("exact", Set.of(Source.WINDOW, Source.KEYS, Source.LEXICAL))
        .containsEntry("synonym", Set.of(Source.WINDOW, Source.KEYS, Source.LEXICAL))
        .containsEntry("fuzzy", Set.of(Source.WINDOW, Source.LEXICAL));
  }

  @Test
  void aCombinedStageWithoutAnEmbeddingFindsCandidatesByTheWordsOfItsField() {
    CollectionSpec s = spec(stages("combined", Map.of("type", "combined", "field", "text", "features",
        Map.of("sequence", 10.0), "bias", -5.0)));
    assertThat(CascadeCheck.sources(s, build(s), true)).containsEntry("combined", Set.of(Source.LEXICAL));
    // and it does find a near copy through them
    DejaCollection c = DejaCollection.builder(s).store(new MemoryCollectionStore("notes")).embedders(EMBEDDERS).build();
    c.put(PutRequest.of("t", Item.of("text", "the quarterly report is due on friday")));
    assertThat(c.check(CheckRequest.of("t", Item.of("text", "the quarterly report is due friday"))).outcome())
        .isEqualTo(Outcome.DUPLICATE);
  }

  @Test
  void aVectorStageOnAStoreThatCannotSearchVectorsIsRefusedUnlessTheWindowFeedsIt() {
    Map<String, Object> semantic = stages("semantic", Map.of("type", "semantic", "field", "text", "model", "fixed"));
    CollectionSpec s = spec(semantic);
    assertThatThrownBy(() -> DejaCollection.builder(s).store(new NoVectorStore()).embedders(EMBEDDERS).build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("stages.semantic: this semantic stage can never match")
        .hasMessageContaining("It finds candidates by nearest-neighbour vectors, and this store cannot search vectors;")
        .hasMessageContaining("use a store that can search vectors");
    assertThatCode(() -> DejaCollection.builder(s).store(new MemoryCollectionStore("notes")).embedders(EMBEDDERS)
        .build()).doesNotThrowAnyException();
    CollectionSpec windowed = spec(semantic, "time_window", WINDOW);
    assertThatCode(() -> DejaCollection.builder(windowed).store(new NoVectorStore()).embedders(EMBEDDERS).build())
        .doesNotThrowAnyException();
  }

  @Test
  void aCascadeWithEveryStageSwitchedOffIsRefused() {
    CollectionSpec off = spec(stages("exact", Map.of("type", "exact", "enabled", false), "fuzzy",
        Map.of("type", "fuzzy", "enabled", false)));
    assertThatThrownBy(() -> DejaCollection.builder(off).store(new MemoryCollectionStore("notes")).build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("stages: every stage is switched off (exact, fuzzy), so nothing can ever match; switch one on, "
            + "e.g. stages.exact.enabled: true");
    CollectionSpec none = spec(stages());
    assertThatThrownBy(() -> load(none)).hasMessageStartingWith("stages: there are none, so nothing can ever match");
  }

  @Test
  void aFuzzyThresholdAboveEveryScoreIsRefused() {
    CollectionSpec s = spec(stages("fuzzy", Map.of("type", "fuzzy", "field", "text", "comparison", "gt",
        "similarity_threshold", 1.0)));
    assertThatThrownBy(() -> load(s)).isInstanceOf(InvalidInputException.class)
        .hasMessage("stages.fuzzy: this fuzzy stage can never match: comparison gt asks for a score above its "
            + "similarity_threshold 1.0, and no measure scores above 1. Lower the threshold, or set "
            + "stages.fuzzy.comparison: gte");
    // A possible band still reports something, and gte at 1.0 matches equal values.
    assertThatCode(() -> load(spec(stages("fuzzy", Map.of("type", "fuzzy", "field", "text", "comparison", "gt",
        "similarity_threshold", 1.0, "possible_threshold", 0.9))))).doesNotThrowAnyException();
    assertThatCode(() -> load(spec(stages("fuzzy", Map.of("type", "fuzzy", "field", "text",
        "similarity_threshold", 1.0))))).doesNotThrowAnyException();
  }

  @Test
  void aCombinedThresholdItsWeightsCannotReachIsRefused() {
    // sigmoid(0 + 1.0) = 0.7311 < 0.9: no pair can ever score 0.9.
    CollectionSpec s = spec(stages("combined", Map.of("type", "combined", "field", "text", "features",
        Map.of("sequence", 1.0, "negation_mismatch", -2.0), "similarity_threshold", 0.9)));
    assertThatThrownBy(() -> load(s)).isInstanceOf(InvalidInputException.class)
        .hasMessage("stages.combined: this combined stage can never match: the highest score its weights allow is "
            + "0.7311 (bias 0.0 plus every positive weight, each feature at its maximum 1), below its "
            + "similarity_threshold 0.9. Lower the threshold, or fit the weights with 'deja train'");
    assertThatCode(() -> load(spec(stages("combined", Map.of("type", "combined", "field", "text", "features",
        Map.of("sequence", 1.0), "similarity_threshold", 0.9, "possible_threshold", 0.7)))))
        .doesNotThrowAnyException();
    assertThatCode(() -> load(spec(stages("combined", Map.of("type", "combined", "field", "text", "features",
        Map.of("sequence", 3.0), "similarity_threshold", 0.9))))).doesNotThrowAnyException();
  }

  /** A stage of each type reading field {@code f}, and the option path that names it. */
  static Stream<Arguments> readers(String f) {
    return Stream.of(
        Arguments.of("stages.s.fields", Map.of("type", "exact", "fields",
            List.of(f))),
        Arguments.of("stages.s.field", Map.of("type", "fuzzy", "field", f)),
        Arguments.of("stages.s.field", Map.of("type", "semantic", "field", f,
            "model", "fixed")),
        Arguments.of("stages.s.field", Map.of("type", "combined", "field", f,
            "features", Map.of("sequence", 1.0))),
        Arguments.of("stages.s.term_field", Map.of("type", "synonym",
            "term_field", f, "synonyms_field", "tags")));
  }

  static Stream<Arguments> listReaders() {
    return readers("tags");
  }

  static Stream<Arguments> undeclaredReaders() {
    return Stream.concat(readers("titel"), Stream.of(
        Arguments.of("stages.s.synonyms_field", Map.of("type", "synonym",
            "term_field", "text", "synonyms_field", "titel"))));
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("listReaders")
  void aStageReadingOneValueFromAListFieldIsRefused(String where, Map<String, Object> options) {
    CollectionSpec s = spec(stages("s", options));
    assertThatThrownBy(() -> build(s)).isInstanceOf(InvalidInputException.class)
        .hasMessage(where + ": field 'tags' is a list, and this compares one value per item, so it would never find "
            + "one; name a text or keyword field");
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("undeclaredReaders")
  void aStageReadingAFieldThatIsNotDeclaredIsRefused(String where, Map<String, Object> options) {
    CollectionSpec s = spec(stages("s", options));
    assertThatThrownBy(() -> build(s)).isInstanceOf(InvalidInputException.class)
        .hasMessage(where + ": unknown field 'titel'; declared fields: text, code, tags, start");
  }

  @Test
  void aGuardReadingAListFieldOrAnUndeclaredOneIsRefused() {
    Map<String, Object> fuzzy = stages("fuzzy", Map.of("type", "fuzzy", "field", "text"));
    assertThatThrownBy(() -> GuardRegistry.defaults().build(spec(fuzzy, "guards",
        Map.of("numbers", Map.of("field", "tags")))))
        .hasMessageStartingWith("guards.numbers.field: field 'tags' is a list");
    assertThatThrownBy(() -> GuardRegistry.defaults().build(spec(fuzzy, "guards",
        Map.of("numbers", Map.of("field", "titel")))))
        .hasMessageStartingWith("guards.numbers.field: unknown field 'titel'");
  }

  @Test
  void aStageOnAKeywordFieldNeedsNoTextFieldInTheSpec() {
    // The default field (the first text field) is asked for only when no field is given.
    CollectionSpec s = SpecReader.read(Map.of("name", "codes", "fields", Map.of("code", Map.of("type", "keyword")),
        "stages", Map.of("fuzzy", Map.of("type", "fuzzy", "field", "code"))), "codes");
    assertThatCode(() -> load(s)).doesNotThrowAnyException();
    CollectionSpec noField = SpecReader.read(Map.of("name", "codes", "fields", Map.of("code", Map.of("type",
        "keyword")), "stages", Map.of("fuzzy", Map.of("type", "fuzzy"))), "codes");
    assertThatThrownBy(() -> load(noField)).hasMessage("stages.fuzzy.field: is required (no text field)");
  }
}
