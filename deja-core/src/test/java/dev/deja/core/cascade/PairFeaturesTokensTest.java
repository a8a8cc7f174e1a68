package dev.deja.core.cascade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.deja.core.embed.Embedder;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.embed.TokenVectors;
import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.engine.Verdict;
import dev.deja.core.item.Item;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.SpecReader;
import dev.deja.core.store.MemoryCollectionStore;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The token features: how two texts' word pieces align in the stage's model (token_match, token_worst). */
class PairFeaturesTokensTest {

  /**
   * A fake model whose word pieces are words, each an axis of its own (words named in {@code near} share part of an
   * axis), and whose text vector is their normalised sum. Counts the texts it is asked to read word by word.
   */
  static final class WordModel implements Embedder {
    final Map<String, Integer> axes = new LinkedHashMap<>();
    final Map<String, String> near = new LinkedHashMap<>();
    final AtomicInteger pieceCalls = new AtomicInteger();
    final AtomicInteger declared = new AtomicInteger();
    final boolean givesPieces;

    WordModel(boolean givesPieces) {
      this.givesPieces = givesPieces;
    }

    WordModel near(String a, String b) {
      near.put(a, b);
      return this;
    }

    private List<String> words(String text) {
      List<String> out = new ArrayList<>();
      for (String w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
        if (!w.isEmpty()) {
          out.add(w);
        }
      }
      return out;
    }

    private synchronized float[] word(String w) {
      float[] v = new float[dimension()];
      String base = near.get(w);
      int own = axes.computeIfAbsent(w, k -> axes.size());
      if (base != null) {
        // 0.8 along the word it is near, 0.6 of its own: cosine 0.8.
        v[axes.computeIfAbsent(base, k -> axes.size())] = 0.8f;
        v[own] = 0.6f;
      } else {
        v[own] = 1;
      }
      return v;
    }

    @Override
    public String model() {
      return "words";
    }

    @Override
    public void keepTokenVectors() {
      declared.incrementAndGet();
    }

    @Override
    public int dimension() {
      return 512;
    }

    @Override
    public float[] embed(String text) {
      float[] sum = new float[dimension()];
      for (String w : words(text)) {
        float[] v = word(w);
        for (int d = 0; d < sum.length; d++) {
          sum[d] += v[d];
        }
      }
      double n = 0;
      for (float x : sum) {
        n += x * x;
      }
      for (int d = 0; d < sum.length; d++) {
        sum[d] = n == 0 ? (d == 0 ? 1 : 0) : (float) (sum[d] / Math.sqrt(n));
      }
      return sum;
    }

    @Override
    public Optional<TokenVectors> tokenVectors(String text) {
      if (!givesPieces) {
        return Optional.empty();
      }
      pieceCalls.incrementAndGet();
      List<String> ws = words(text);
      float[][] v = new float[ws.size()][];
      for (int i = 0; i < v.length; i++) {
        v[i] = word(ws.get(i));
      }
      return Optional.of(new TokenVectors(ws, v));
    }
  }

  @Test
  void identicalTextsAlignFullyAndAReplacedWordIsTheLeastAlignedPiece() {
    WordModel m = new WordModel(true);
    TokenVectors a = m.tokenVectors("Ruby baby sensory class").orElseThrow();
    PairFeatures.Alignment same = PairFeatures.Alignment.of(a, a);
    assertThat(same.match()).isCloseTo(1, offset(1e-9));
    assertThat(same.worst()).isCloseTo(1, offset(1e-9));

    PairFeatures.Alignment changed = PairFeatures.Alignment.of(a, m.tokenVectors("Ruby baby swim class").orElseThrow());
    // Three of four pieces align on each side, the fourth not at all: 0.75 each way, harmonic mean 0.75.
    assertThat(changed.match()).isCloseTo(0.75, offset(1e-9));
    assertThat(changed.worst()).isZero();
    assertThat(changed.worstPiece()).isEqualTo("sensory");

    // A near word (cosine 0.8 in the model) is the least aligned piece at 0.8, not a missing one.
    m.near("swimming", "swim");
    PairFeatures.Alignment near = PairFeatures.Alignment.of(m.tokenVectors("Ruby swim class").orElseThrow(),
        m.tokenVectors("Ruby swimming class").orElseThrow());
    assertThat(near.worst()).isCloseTo(0.8, offset(1e-6));
    assertThat(near.match()).isCloseTo((2 + 0.8) / 3, offset(1e-6));
  }

  @Test
  void onlyTheFirstPiecesOfALongTextAreAligned() {
    WordModel m = new WordModel(true);
    StringBuilder longer = new StringBuilder("ruby baby swim class");
    for (int i = 0; i < 200; i++) {
      longer.append(" w").append(i);
    }
    TokenVectors a = m.tokenVectors("ruby baby swim class").orElseThrow();
    TokenVectors b = m.tokenVectors(longer.toString()).orElseThrow();
    assertThat(b.size()).isGreaterThan(TokenVectors.MAX_PIECES);
    PairFeatures.Alignment al = PairFeatures.Alignment.of(a, b);
    // Four of the first 64 pieces align: 1 one way, 4/64 the other.
    double r = 4.0 / TokenVectors.MAX_PIECES;
    assertThat(al.match()).isCloseTo(2 * r / (1 + r), offset(1e-9));
    assertThat(al.worst()).isZero();
  }

  @Test
  void aTextWithoutPiecesAlignsWithNothing() {
    WordModel m = new WordModel(true);
    PairFeatures.Alignment none = PairFeatures.Alignment.of(m.tokenVectors("...").orElseThrow(),
        m.tokenVectors("a fact").orElseThrow());
    assertThat(none.match()).isZero();
    assertThat(none.worst()).isZero();
  }

  @Test
  void theTokenFeaturesAreEvidenceForADuplicate() {
    assertThat(PairFeatures.sign("token_match")).isEqualTo(1);
    assertThat(PairFeatures.sign("token_worst")).isEqualTo(1);
    assertThat(PairFeatures.known()).contains("token_match", "token_worst");
  }

  private static DejaCollection collection(WordModel model, double bias) {
    return collection(model, bias, Map.of());
  }

  private static DejaCollection collection(WordModel model, double bias, Map<String, Object> more) {
    Map<String, Object> features = new LinkedHashMap<>();
    features.put("cosine", 1.0);
    features.putAll(more);
    features.put("token_match", 2.0);
    features.put("token_worst", 4.0);
    Map<String, Object> stages = new LinkedHashMap<>();
    stages.put("combined", Map.of("type", "combined", "model", "words", "features", features, "bias", bias,
        "similarity_threshold", 0.5));
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("name", "notes");
    tree.put("fields", Map.of("text", Map.of("type", "text")));
    tree.put("stages", stages);
    CollectionSpec spec = SpecReader.read(tree, "notes");
    AtomicInteger ids = new AtomicInteger();
    return DejaCollection.builder(spec).store(new MemoryCollectionStore("notes"))
        .embedders(EmbedderProvider.of(Map.of("words", model))).ids(() -> "n" + ids.incrementAndGet()).build();
  }

  @Test
  void theStageScoresTheAlignmentAndExplainsTheLeastAlignedPiece() {
    WordModel m = new WordModel(true);
    DejaCollection c = collection(m, -5);
    c.put(PutRequest.of("t", Item.of("text", "Ruby baby swim class")));
    Verdict same = c.check(CheckRequest.of("t", Item.of("text", "ruby baby swim class!")));
    // cosine 1, match 1, worst 1: 1 + 2 + 4 - 5 = 2.
    assertThat(same.matches().get(0).score()).isCloseTo(1 / (1 + Math.exp(-2)), offset(1e-5));

    Verdict changed = c.check(CheckRequest.of("t", Item.of("text", "Ruby baby sensory class")));
    // cosine 0.75 (three shared of four words), match 0.75, worst 0: 0.75 + 1.5 - 5 < 0: new.
    assertThat(changed.outcome().name()).isEqualTo("NEW");
    // The explanation names the least aligned piece of a pair it scores.
    m.near("swimming", "swim");
    Verdict near = c.check(CheckRequest.of("t", Item.of("text", "Ruby baby swimming class")));
    assertThat(near.matches().get(0).explanation().render()).contains("least aligned: 'swimming' (0.80)");
  }

  @Test
  void aStageWithTokenFeaturesDeclaresItWhenBuiltAndOneWithoutDoesNot() {
    WordModel aligned = new WordModel(true);
    collection(aligned, -5);
    assertThat(aligned.declared.get()).as("declared before anything is embedded").isPositive();
    assertThat(aligned.pieceCalls.get()).isZero();

    WordModel pooledOnly = new WordModel(true);
    Map<String, Object> stages = Map.of("combined", Map.of("type", "combined", "model", "words",
        "features", Map.of("cosine", 1.0), "bias", -1.0, "similarity_threshold", 0.5));
    CollectionSpec spec = SpecReader.read(Map.of("name", "notes", "fields", Map.of("text", Map.of("type", "text")),
        "stages", stages), "notes");
    DejaCollection c = DejaCollection.builder(spec).store(new MemoryCollectionStore("notes"))
        .embedders(EmbedderProvider.of(Map.of("words", pooledOnly))).build();
    c.put(PutRequest.of("t", Item.of("text", "Ruby baby swim class")));
    c.check(CheckRequest.of("t", Item.of("text", "Ruby baby sensory class")));
    assertThat(pooledOnly.declared.get()).as("no stage aligns its pieces").isZero();
    assertThat(pooledOnly.pieceCalls.get()).isZero();
  }

  @Test
  void aPairThatCannotReachTheThresholdIsNotReadWordByWord() {
    WordModel m = new WordModel(true);
    // Before the signals the pair might reach (cosine 0.75 and both token features at 1: 0.75 + 6 - 6 > 0); the
    // numbers conflict takes 3 off, so that even at 1 the token features cannot lift it to the threshold: -2.25.
    DejaCollection c = collection(m, -6, Map.of("numbers_conflict", -3.0));
    c.put(PutRequest.of("t", Item.of("text", "I have 2 cats")));
    int before = m.pieceCalls.get();
    Verdict v = c.check(CheckRequest.of("t", Item.of("text", "I have 3 cats")));
    assertThat(v.outcome().name()).isEqualTo("NEW");
    assertThat(m.pieceCalls.get() - before).as("no text read word by word").isZero();
  }

  @Test
  void aModelWithoutWordPiecesCountsThemAsZeroWithAWarning() {
    DejaCollection c = collection(new WordModel(false), -2);
    c.put(PutRequest.of("t", Item.of("text", "Ruby baby swim class")));
    Verdict v = c.check(CheckRequest.of("t", Item.of("text", "Ruby baby swim class")));
    // cosine 1, tokens 0: 1 - 2 < 0.
    assertThat(v.outcome().name()).isEqualTo("NEW");
    assertThat(v.warnings()).anySatisfy(w -> assertThat(w).contains("gives no word-piece vectors")
        .contains("the token features count as 0"));
  }

  @Test
  void theWarningComesWithEitherTokenFeatureAlone() {
    Map<String, Object> stages = Map.of("combined", Map.of("type", "combined", "model", "words",
        "features", Map.of("cosine", 1.0, "token_worst", 4.0), "bias", -2.0, "similarity_threshold", 0.5));
    CollectionSpec spec = SpecReader.read(Map.of("name", "notes", "fields", Map.of("text", Map.of("type", "text")),
        "stages", stages), "notes");
    DejaCollection c = DejaCollection.builder(spec).store(new MemoryCollectionStore("notes"))
        .embedders(EmbedderProvider.of(Map.of("words", new WordModel(false)))).build();
    c.put(PutRequest.of("t", Item.of("text", "Ruby baby swim class")));
    Verdict v = c.check(CheckRequest.of("t", Item.of("text", "Ruby baby swim class")));
    assertThat(v.warnings()).anySatisfy(w -> assertThat(w).contains("gives no word-piece vectors"));
  }

  @Test
  void theAlignmentsDotProductIsThePlainSumForEveryLength() {
    java.util.Random random = new java.util.Random(7);
    for (int n : new int[] {0, 1, 2, 3, 4, 5, 7, 8, 383, 384}) {
      float[] x = new float[n];
      float[] y = new float[n];
      double plain = 0;
      for (int d = 0; d < n; d++) {
        x[d] = (float) random.nextGaussian();
        y[d] = (float) random.nextGaussian();
        plain += x[d] * y[d];
      }
      assertThat(PairFeatures.Alignment.dot(x, y)).as("length %d", n).isCloseTo(plain, offset(1e-9));
    }
  }
}
