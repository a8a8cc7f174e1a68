package dev.deja.lucene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import org.junit.jupiter.api.Test;

/** The per-collection vector search's text form: what an index records and the command line accepts. */
class VectorSearchTest {

  @Test
  void parsesWhatItWrites() {
    for (VectorSearch vs : new VectorSearch[] {VectorSearch.exact(), VectorSearch.hnsw(0), VectorSearch.hnsw(10_000),
        VectorSearch.hnswInt8(1_000)}) {
      assertThat(VectorSearch.parse(vs.text())).isEqualTo(vs);
    }
    assertThat(VectorSearch.parse(" HNSW ")).isEqualTo(VectorSearch.hnsw(VectorSearch.DEFAULT_EXACT_BELOW));
    assertThat(VectorSearch.parse("hnsw-int8")).isEqualTo(VectorSearch.hnswInt8(VectorSearch.DEFAULT_EXACT_BELOW));
    assertThat(VectorSearch.parse("hnsw-int8:5").text()).isEqualTo("hnsw-int8:5");
  }

  @Test
  void graphAndQuantized() {
    assertThat(VectorSearch.exact().graph()).isFalse();
    assertThat(VectorSearch.hnsw(1).graph()).isTrue();
    assertThat(VectorSearch.hnsw(1).quantized()).isFalse();
    assertThat(VectorSearch.hnswInt8(1).graph()).isTrue();
    assertThat(VectorSearch.hnswInt8(1).quantized()).isTrue();
  }

  @Test
  void refusesWhatItDoesNotKnow() {
    for (String bad : new String[] {"", "annoy", "hnsw:", "hnsw:x", "hnsw-int8:-1", "hnsw-int4", "hnsw:-3"}) {
      assertThatThrownBy(() -> VectorSearch.parse(bad)).as(bad).isInstanceOf(InvalidInputException.class)
          .hasMessageContaining("vector_search");
    }
  }
}
