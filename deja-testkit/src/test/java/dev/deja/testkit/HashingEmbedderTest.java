package dev.deja.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.embed.Embedder;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HashingEmbedderTest extends EmbedderContract {

  @Override
  protected Embedder newEmbedder() {
    return new HashingEmbedder();
  }

  @Override
  protected double tolerance() {
    return 0; // pure Java arithmetic: bit-exact
  }

  /** Known values at 384 dimensions (pinned: a change to the hashing must be deliberate). */
  @ParameterizedTest(name = "''{0}'' vs ''{1}'' = {2}")
  @CsvSource(delimiter = '|', textBlock = """
      Dentist appointment          | dentist   APPOINTMENT!          | 1.0
      Café                         | cafe                            | 1.0
      dentist appointment tuesday  | dentist appointment on tuesday  | 0.7971
      the user likes dark mode     | the user prefers dark mode      | 0.8333
      Pick up the kids from school | pick up kids from school today  | 0.7931
      dentist appointment          | quarterly tax report            | 0.0
      """)
  void knownSimilarities(String a, String b, double expected) {
    assertThat(cosine(embedder.embed(a), embedder.embed(b))).isCloseTo(expected, Offset.offset(1e-4));
  }

  @Test
  void similarTextsAreCloserThanUnrelatedOnes() {
    float[] base = embedder.embed("Pick up the kids from school");
    double similar = cosine(base, embedder.embed("pick up kids from school today"));
    double unrelated = cosine(base, embedder.embed("Quarterly tax report"));
    assertThat(similar).isGreaterThan(0.5).isGreaterThan(unrelated + 0.4);
  }

  @Test
  void wordsAreNormalised() {
    assertThat(HashingEmbedder.words("  Déjà-vu, CAFÉ ﬁle 2026!")).containsExactly("deja", "vu", "cafe", "file",
        "2026");
    assertThat(HashingEmbedder.words(" ... ")).isEmpty();
  }

  @Test
  void namesAndSmallDimensions() {
    float[] v = new HashingEmbedder(8).embed("soccer practice");
    assertThat(v).containsExactly(new HashingEmbedder(8).embed("Soccer   Practice!"));
    assertThat(norm(v)).isCloseTo(1.0, Offset.offset(1e-6));
    assertThat(new HashingEmbedder("all-minilm-l6-v2", 384).model()).isEqualTo("all-minilm-l6-v2");
    assertThat(new HashingEmbedder(16).model()).isEqualTo("hashing-16");
  }

  @Test
  void rejectsBadSettings() {
    assertThatThrownBy(() -> new HashingEmbedder(0)).hasMessageContaining("dimension must be at least 1, got 0");
    assertThatThrownBy(() -> new HashingEmbedder(" ", 4)).hasMessageContaining("model name must not be blank");
  }

  @Test
  void differentDimensionsAreIndependentEmbedders() {
    assertThat(new HashingEmbedder(32).embedAll(List.of("a", "b"))).allSatisfy(v -> assertThat(v).hasSize(32));
  }
}
