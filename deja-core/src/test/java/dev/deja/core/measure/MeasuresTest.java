package dev.deja.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import org.junit.jupiter.api.Test;

class MeasuresTest {

  @Test
  void knowsTheBuiltInMeasuresByNameInSortedOrder() {
    assertThat(Measures.names())
        .containsExactly("compound", "exact", "jaccard", "jaro_winkler", "levenshtein", "numeric", "sequence",
            "trigram");
    assertThat(Measures.byName("sequence")).isSameAs(SequenceMeasure.INSTANCE);
    assertThat(Measures.byName("jaccard")).isSameAs(JaccardMeasure.INSTANCE);
    assertThat(Measures.byName("trigram")).isSameAs(TrigramMeasure.INSTANCE);
    assertThat(Measures.byName("jaro_winkler")).isSameAs(JaroWinklerMeasure.INSTANCE);
    assertThat(Measures.byName("levenshtein")).isSameAs(LevenshteinMeasure.INSTANCE);
    assertThat(Measures.byName("compound")).isSameAs(CompoundMeasure.INSTANCE);
    assertThat(Measures.byName("exact")).isSameAs(ExactMeasure.INSTANCE);
    assertThat(Measures.byName("numeric")).isSameAs(NumericMeasure.INSTANCE);
  }

  @Test
  void exactAndNumericHaveTheirKnownValues() {
    assertThat(ExactMeasure.INSTANCE.similarity("1999", "1999")).isEqualTo(1.0);
    assertThat(ExactMeasure.INSTANCE.similarity("1999", "2000")).isEqualTo(0.0);
    assertThat(NumericMeasure.INSTANCE.similarity("100", "100")).isEqualTo(1.0);
    assertThat(NumericMeasure.INSTANCE.similarity("90", "100")).isEqualTo(0.9);
    assertThat(NumericMeasure.INSTANCE.similarity("1,000", "1000")).isEqualTo(1.0);
    assertThat(NumericMeasure.INSTANCE.similarity("-5", "5")).isEqualTo(0.0);
    assertThat(NumericMeasure.INSTANCE.similarity("0", "0.0")).isEqualTo(1.0);
    assertThat(NumericMeasure.INSTANCE.similarity("n/a", "n/a")).isEqualTo(1.0);
    assertThat(NumericMeasure.INSTANCE.similarity("n/a", "12")).isEqualTo(0.0);
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
        .hasMessage("unknown measure 'cosine'; known measures: compound, exact, jaccard, jaro_winkler, levenshtein, "
            + "numeric, sequence, trigram");
  }

  @Test
  void namesCannotBeChanged() {
    assertThatThrownBy(() -> Measures.names().clear()).isInstanceOf(UnsupportedOperationException.class);
  }
}
