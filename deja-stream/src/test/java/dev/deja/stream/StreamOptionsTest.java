package dev.deja.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Options with the design's names, from a map such as deja.yaml's stream: section. */
class StreamOptionsTest {
  @Test
  void defaultsAreTheDesigns() {
    StreamOptions o = StreamOptions.defaults();
    assertThat(o.similarityThreshold()).isEqualTo(0.95);
    assertThat(o.contentSimilarityThreshold()).isEqualTo(0.85);
    assertThat(o.sentenceWindowSize()).isEqualTo(50);
    assertThat(o.minUnitChars()).isEqualTo(10);
    assertThat(o.previewChars()).isEqualTo(100);
    assertThat(o.asMap().keySet()).containsExactlyElementsOf(StreamOptions.KEYS);
  }

  @Test
  void readsAMap() {
    StreamOptions o = StreamOptions.from(Map.of("similarity_threshold", 0.9, "sentence_window_size", "20",
        "guards", List.of("numbers", "negation"), "semantic_model", "all-minilm-l6-v2"), "stream");
    assertThat(o.similarityThreshold()).isEqualTo(0.9);
    assertThat(o.sentenceWindowSize()).isEqualTo(20);
    assertThat(o.guards()).containsExactlyInAnyOrder("numbers", "negation");
    assertThat(o.semanticModel()).hasValue("all-minilm-l6-v2");
    assertThat(StreamOptions.from(Map.of("guards", "none"), "s").guards()).isEmpty();
  }

  @Test
  void refusesBadValuesNamingThem() {
    assertThatThrownBy(() -> StreamOptions.from(Map.of("similarity_treshold", 0.9), "stream"))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("stream.similarity_treshold: unknown option");
    assertThatThrownBy(() -> StreamOptions.from(Map.of("content_similarity_threshold", 1.5), "stream"))
        .hasMessageContaining("content_similarity_threshold: must be a number in [0, 1], got 1.5");
    assertThatThrownBy(() -> StreamOptions.from(Map.of("sentence_window_size", 0), "stream"))
        .hasMessageContaining("sentence_window_size: must be at least 1");
    assertThatThrownBy(() -> StreamOptions.from(Map.of("guards", List.of("colours")), "stream"))
        .hasMessageContaining("unknown guard 'colours'");
  }
}
