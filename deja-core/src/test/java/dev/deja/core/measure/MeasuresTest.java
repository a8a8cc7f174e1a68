package dev.deja.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import org.junit.jupiter.api.Test;

class MeasuresTest {

  @Test
  void knowsTheBuiltInMeasuresByNameInSortedOrder() {
    assertThat(Measures.names())
        .containsExactly("compound", "jaccard", "jaro_winkler", "levenshtein", "sequence", "trigram");
    assertThat(Measures.byName("sequence")).isSameAs(SequenceMeasure.INSTANCE);
    assertThat(Measures.byName("jaccard")).isSameAs(JaccardMeasure.INSTANCE);
    assertThat(Measures.byName("trigram")).isSameAs(TrigramMeasure.INSTANCE);
    assertThat(Measures.byName("jaro_winkler")).isSameAs(JaroWinklerMeasure.INSTANCE);
    assertThat(Measures.byName("levenshtein")).isSameAs(LevenshteinMeasure.INSTANCE);
    assertThat(Measures.byName("compound")).isSameAs(CompoundMeasure.INSTANCE);
  }

  @Test
  void findsNothingForAnUnknownName() {
    assertThat(Measures.find("cosine")).isEmpty();
    assertThat(Measures.find("Sequence")).isEmpty();
  }

  @Test
  void rejectsAnUnknownNameListingTheKnownOnes() {
    assertThatThrownBy(() -> Measures.byName("cosine"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("unknown measure 'cosine'; known measures: compound, jaccard, jaro_winkler, levenshtein, sequence,"
            + " trigram");
  }

  @Test
  void namesCannotBeChanged() {
    assertThatThrownBy(() -> Measures.names().clear()).isInstanceOf(UnsupportedOperationException.class);
  }
}
