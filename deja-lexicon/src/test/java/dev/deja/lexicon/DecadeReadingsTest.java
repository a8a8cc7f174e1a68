package dev.deja.lexicon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.guard.DecadeReadings;
import dev.deja.core.guard.Lexicon;
import dev.deja.core.guard.PairSignals;
import dev.deja.core.lexical.WordKnowledge;
import dev.deja.core.lexical.WordKnowledges;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Decades read with the real number words (ICU's spell-out through the WordNet knowledge). */
class DecadeReadingsTest {
  private static final WordKnowledge K = WordKnowledges.defaults();

  @ParameterizedTest(name = "{0} → {1}")
  @CsvSource(delimiter = ';', value = {
      "I grew up in the 90s.;[90s]",
      "I grew up in the '90s.;[90s]",
      "I grew up in the 1990's.;[1990s]",
      "I'm in my thirties.;[30s]",
      "Music from the eighties and the 1960s.;[1960s, 80s]",
      // No decade: a number, a plural that is no number word of tens, digits not ending in 0.
      "I was born in 1990.;[]",
      "My parties are in the 95s.;[]",
      "I have two puppies and the twenties of my rent.;[20s]",
      "Cities and countries.;[]"})
  void readsDecadesInDigitsAndWords(String text, String decades) {
    assertThat(DecadeReadings.describe(DecadeReadings.read(text, K))).isEqualTo(decades);
  }

  @ParameterizedTest(name = "{0} / {1} → {2}")
  @CsvSource(delimiter = '|', value = {
      "I grew up in the 90s.|I grew up in the nineties.|true",
      "I grew up in the 1990s.|I grew up in the 90s.|true",
      "I'm in my thirties.|I'm in my 30s.|true",
      "I grew up in the 1990s.|I grew up in the 1890s.|false",
      "I'm in my thirties.|I'm in my forties.|false"})
  void theSameDecadesHoweverWritten(String a, String b, boolean same) {
    assertThat(DecadeReadings.same(DecadeReadings.read(a, K), DecadeReadings.read(b, K))).isEqualTo(same);
  }

  @Test
  void aDecadeIsComparedAsADecadeNotAsANumber() {
    var s = PairSignals.of("I'm in my thirties.", "I'm in my 30s.", Lexicon.ENGLISH, K);
    assertThat(s.values().get("numbers_agree")).as(s.evidence().toString()).isEqualTo(1.0);
    assertThat(s.values().get("unmatched")).as("the decade's words are read as the decade").isZero();
    var other = PairSignals.of("I'm in my thirties.", "I'm in my forties.", Lexicon.ENGLISH, K);
    assertThat(other.values().get("numbers_conflict")).isEqualTo(1.0);
    assertThat(other.evidence().get("numbers_conflict")).isEqualTo("decades: [30s] vs [40s]");
    // "in her 90s" is a span, "is 90" one age: not the same number.
    var age = PairSignals.of("My grandmother is 90.", "My grandmother is in her 90s.", Lexicon.ENGLISH, K);
    assertThat(age.values().get("numbers_agree")).isZero();
    assertThat(age.values().get("numbers_one_side")).as(age.evidence().toString()).isEqualTo(1.0);
  }
}
