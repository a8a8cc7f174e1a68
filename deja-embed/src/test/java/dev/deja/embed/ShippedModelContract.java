package dev.deja.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.deja.core.embed.Embedder;
import dev.deja.core.embed.TokenVectors;
import dev.deja.testkit.EmbedderContract;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The embedder contract for a shipped in-process model, plus a check that it captures meaning. */
abstract class ShippedModelContract extends EmbedderContract {

  /** The catalog name of the model under test. */
  protected abstract String modelName();

  @Override
  protected Embedder newEmbedder() {
    return new OnnxEmbedder(ModelCatalog.get(modelName()), 0);
  }

  @Override
  protected double tolerance() {
    // Padding a text into a longer batch changes the kernels' summation order: ~1e-6 differences, not meaning.
    return 1e-4;
  }

  @Test
  void aRewordingIsCloserThanAnUnrelatedText() {
    float[] a = embedder.embed("Doctor appointment");
    double reworded = cosine(a, embedder.embed("Dr. Smith checkup"));
    double unrelated = cosine(a, embedder.embed("Soccer practice"));
    assertThat(reworded).isGreaterThan(unrelated + 0.1);
    assertThat(embedder.model()).isEqualTo(modelName());
    assertThat(embedder.dimension()).isEqualTo(384);
  }

  @Test
  void wordPiecesAreTheTextsTokensReadInContext() {
    String text = "My sister keeps her money in the bank.";
    TokenVectors pieces = embedder.tokenVectors(text).orElseThrow();
    assertThat(pieces.pieces()).doesNotContain("[CLS]", "[SEP]", "<s>", "</s>").contains("sister", "bank");
    for (float[] v : pieces.vectors()) {
      assertThat(v).hasSize(384);
      double n = 0;
      for (float x : v) {
        n += x * x;
      }
      assertThat(Math.sqrt(n)).as("unit length, to within 8-bit precision").isCloseTo(1, within(0.01));
    }
    // The same word in another sense is another vector: the model reads it in its sentence.
    TokenVectors river = embedder.tokenVectors("We had a picnic on the river bank.").orElseThrow();
    float[] money = pieces.vectors()[pieces.pieces().indexOf("bank")];
    float[] shore = river.vectors()[river.pieces().indexOf("bank")];
    assertThat(cosine(money, shore)).isLessThan(0.95);
  }

  @Test
  void aLongTextGivesItsFirstPiecesOnly() {
    String text = "The quick brown fox jumps over the lazy dog. ".repeat(30);
    TokenVectors pieces = embedder.tokenVectors(text).orElseThrow();
    assertThat(pieces.size()).isEqualTo(TokenVectors.MAX_PIECES);
    assertThat(pieces.pieces().subList(1, 3)).containsExactly("quick", "brown");
  }

  @Test
  void aTextsPiecesAreTheSameWhetherKeptFromItsEmbeddingOrComputedAgain() {
    String text = "I take one sugar in my tea.";
    TokenVectors fresh = embedder.tokenVectors(text).orElseThrow();
    try (OnnxEmbedder other = new OnnxEmbedder(ModelCatalog.get(modelName()), 0)) {
      other.keepTokenVectors();
      other.embed(text);
      assertThat(other.piecesKept()).isEqualTo(1);
      TokenVectors kept = other.tokenVectors(text).orElseThrow();
      assertThat(kept.pieces()).isEqualTo(fresh.pieces());
      for (int i = 0; i < kept.size(); i++) {
        assertThat(kept.vectors()[i]).containsExactly(fresh.vectors()[i], within(1e-6f));
      }
    }
  }

  @Test
  void aModelKeepsPiecesOnlyOnceAStageAlignsThem() {
    try (OnnxEmbedder model = new OnnxEmbedder(ModelCatalog.get(modelName()), 0)) {
      model.embedAll(List.of("Dentist", "Soccer practice"));
      assertThat(model.piecesKept()).as("no stage aligns this model yet").isZero();
      model.keepTokenVectors();
      model.embedAll(List.of("Dentist", "Soccer practice"));
      assertThat(model.piecesKept()).isEqualTo(2);
    }
  }
}
