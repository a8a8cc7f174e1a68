package dev.deja.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.embed.Embedder;
import dev.deja.testkit.EmbedderContract;
import dev.deja.testkit.HashingEmbedder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CachingEmbedderTest extends EmbedderContract {

  /** A hashing embedder that records the batches it is asked for. */
  private static final class Recording implements Embedder {
    private final HashingEmbedder inner = new HashingEmbedder();
    final List<List<String>> batches = new ArrayList<>();
    int declared;

    @Override
    public synchronized void keepTokenVectors() {
      declared++;
    }

    @Override
    public String model() {
      return inner.model();
    }

    @Override
    public int dimension() {
      return inner.dimension();
    }

    @Override
    public float[] embed(String text) {
      return embedAll(List.of(text)).get(0);
    }

    @Override
    public synchronized List<float[]> embedAll(List<String> texts) {
      batches.add(List.copyOf(texts));
      return inner.embedAll(texts);
    }
  }

  @Override
  protected Embedder newEmbedder() {
    return new CachingEmbedder(new HashingEmbedder(), 1000);
  }

  @Override
  protected double tolerance() {
    return 0;
  }

  @Test
  void missesOfOneCallGoToTheDelegateAsOneBatch() {
    Recording r = new Recording();
    CachingEmbedder c = new CachingEmbedder(r, 100);
    c.embed("soccer practice");
    c.embedAll(List.of("soccer practice", "dentist", "tax report"));
    assertThat(r.batches).containsExactly(List.of("soccer practice"), List.of("dentist", "tax report"));
    assertThat(c.stats()).containsExactly(1, 3);
  }

  @Test
  void whiteSpaceDifferencesShareAnEntry() {
    Recording r = new Recording();
    CachingEmbedder c = new CachingEmbedder(r, 100);
    float[] a = c.embed("  soccer   practice ");
    float[] b = c.embed("soccer practice");
    assertThat(a).containsExactly(b);
    assertThat(r.batches).containsExactly(List.of("soccer practice"));
  }

  @Test
  void theLeastRecentlyUsedEntryIsEvicted() {
    Recording r = new Recording();
    CachingEmbedder c = new CachingEmbedder(r, 2);
    c.embed("a");
    c.embed("b");
    c.embed("a"); // a is now the most recent
    c.embed("c"); // evicts b
    c.embed("a");
    c.embed("b");
    assertThat(r.batches).containsExactly(List.of("a"), List.of("b"), List.of("c"), List.of("b"));
  }

  @Test
  void rejectsACapacityBelowOne() {
    assertThatThrownBy(() -> new CachingEmbedder(new HashingEmbedder(), 0))
        .hasMessageContaining("cache capacity must be at least 1, got 0");
  }

  @Test
  void aDeclaredAlignmentReachesTheModel() {
    Recording r = new Recording();
    new CachingEmbedder(r, 10).keepTokenVectors();
    assertThat(r.declared).isEqualTo(1);
  }

  @Test
  void wordPiecesComeFromTheDelegateForTheTextAsItIsCached() {
    CachingEmbedder c = new CachingEmbedder(new HashingEmbedder(), 10);
    dev.deja.core.embed.TokenVectors pieces = c.tokenVectors("  My   sister  ").orElseThrow();
    assertThat(pieces.pieces()).containsExactly("my", "sister");
    assertThat(pieces.vectors()[1]).containsExactly(new HashingEmbedder().tokenVectors("sister").orElseThrow()
        .vectors()[0]);
  }
}
