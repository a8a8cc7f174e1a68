package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.embed.Embedder;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.embed.TokenVectors;
import dev.deja.testkit.HashingEmbedder;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The server wraps every model twice (health tracking, then metering): what a stage with token features asks of the
 * model — to keep the pieces of what it embeds, and a text's pieces — reaches the model through both.
 */
class EmbedderWrappersTest {

  /** A hashing model that counts the word-piece calls it gets. */
  private static final class Counting implements Embedder {
    final HashingEmbedder inner = new HashingEmbedder();
    final AtomicInteger declared = new AtomicInteger();
    final AtomicInteger pieces = new AtomicInteger();

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
      return inner.embed(text);
    }

    @Override
    public Optional<TokenVectors> tokenVectors(String text) {
      pieces.incrementAndGet();
      return inner.tokenVectors(text);
    }

    @Override
    public void keepTokenVectors() {
      declared.incrementAndGet();
    }
  }

  @Test
  void wordPieceCallsReachTheModelThroughHealthAndMetering() {
    Counting model = new Counting();
    EmbedderProvider raw = name -> Optional.of(model);
    Embedder wrapped = new ServerMetrics().metered(new Health(null).tracked(raw)).find(model.model()).orElseThrow();

    wrapped.keepTokenVectors();
    TokenVectors v = wrapped.tokenVectors("My sister").orElseThrow();

    assertThat(model.declared.get()).isEqualTo(1);
    assertThat(model.pieces.get()).isEqualTo(1);
    assertThat(v.pieces()).containsExactly("my", "sister");
  }
}
