package dev.deja.embed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.embed.Embedder;
import dev.deja.testkit.EmbedderContract;
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
}
