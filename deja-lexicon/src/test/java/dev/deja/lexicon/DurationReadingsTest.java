package dev.deja.lexicon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.guard.DurationReadings;
import dev.deja.core.guard.Lexicon;
import dev.deja.core.guard.PairSignals;
import dev.deja.core.lexical.WordKnowledge;
import dev.deja.core.lexical.WordKnowledges;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Durations read with the real number words (ICU's spell-out rules through the WordNet knowledge). */
class DurationReadingsTest {
  private static final WordKnowledge K = WordKnowledges.defaults();

  private static double seconds(String text) {
    var d = DurationReadings.read(text, Lexicon.ENGLISH, K);
    assertThat(d).as(text).hasSize(1);
    return d.get(0).seconds();
  }

  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource(delimiter = '|', value = {
      "I'll be in Japan for two weeks. | I'm going to Japan for a fortnight.",
      "I've been doing pottery for ten years. | I've been a potter for a decade.",
      "I need a 15-minute break between meetings. | Please leave a quarter of an hour between my meetings.",
      "The film is an hour and a half long. | The film runs 90 minutes.",
      "Half an hour of reading a day. | 30 mins of reading daily.",
      "I get twenty-five days' holiday. | I have 25 days of annual leave.",
      "Six months of parental leave. | Half a year of parental leave.",
      "A 45 min commute. | Three quarters of an hour to get to work."})
  void readsTheSameDurationWrittenOtherwise(String a, String b) {
    assertThat(seconds(a)).isCloseTo(seconds(b), org.assertj.core.data.Percentage.withPercentage(2));
  }

  @ParameterizedTest(name = "no duration in: {0}")
  @CsvSource(delimiter = '|', value = {
      "I go to the gym twice a week.",
      "I swim every day.",
      "I'm in my second year at university.",
      "The week after Easter.",
      "Wir bleiben zwei Wochen."})
  void readsNoDurationWithoutAnAmount(String text) {
    assertThat(DurationReadings.read(text, Lexicon.ENGLISH, K)).isEmpty();
  }

  @Test
  void theSameDurationIsNoNumberConflict() {
    var same = PairSignals.of("I'll be in Japan for two weeks in October.",
        "I'm going to Japan for a fortnight in October.", Lexicon.ENGLISH, K).values();
    assertThat(same.get("numbers_one_side")).isZero();
    assertThat(same.get("numbers_conflict")).isZero();
    assertThat(same.get("contrast_conflict")).as("week / fortnight are units of the same duration").isZero();
    var other = PairSignals.of("I'll be in Japan for two weeks.", "I'll be in Japan for ten days.", Lexicon.ENGLISH,
        K).values();
    assertThat(other.get("numbers_conflict")).isEqualTo(1.0);
    // Another amount of the same durations still differs: "40 minutes there and 40 back" / "forty minutes in total".
    var total = PairSignals.of("It takes me 40 minutes to get to work and 40 to get home.",
        "My commute is forty minutes each way.", Lexicon.ENGLISH, K).values();
    assertThat(total.get("numbers_conflict")).isZero();
    assertThat(total.get("numbers_one_side")).isZero();
  }
}
