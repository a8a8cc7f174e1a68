package dev.deja.lexicon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.guard.Lexicon;
import dev.deja.core.guard.PairSignals;
import dev.deja.core.guard.RateReadings;
import dev.deja.core.lexical.WordKnowledge;
import dev.deja.core.lexical.WordKnowledges;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** How often a text says something happens, read with the real number words (ICU's spell-out through WordNet). */
class RateReadingsTest {
  private static final WordKnowledge K = WordKnowledges.defaults();

  private static List<RateReadings.Rate> rates(String text) {
    return RateReadings.read(text, Lexicon.ENGLISH, K);
  }

  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource(delimiter = '|', value = {
      "We clean the gutters every six months. | We clean the gutters twice a year.",
      "Bin collection is every other Wednesday. | Bins are collected every second Wednesday.",
      "I call my sister weekly. | I call my sister once a week.",
      "She takes her pills three times a day. | She takes her pills 3x daily.",
      "The newsletter goes out monthly. | The newsletter goes out once per month.",
      "The boiler is serviced annually. | The boiler is serviced every year.",
      "We mow the lawn every two weeks. | We mow the lawn fortnightly.",
      "He plays chess on Tuesdays. | He plays chess every Tuesday."})
  void readsTheSameRateWrittenOtherwise(String a, String b) {
    assertThat(RateReadings.same(rates(a), rates(b))).as(rates(a) + " / " + rates(b)).isTrue();
    var s = PairSignals.of(a, b, Lexicon.ENGLISH, K).values();
    assertThat(s.get("numbers_conflict")).as("numbers_conflict").isZero();
    assertThat(s.get("numbers_one_side")).as("numbers_one_side").isZero();
  }

  @ParameterizedTest(name = "{0} ≠ {1}")
  @CsvSource(delimiter = '|', value = {
      "I see my therapist every other Monday. | I see my therapist on Mondays.",
      "I go running twice a week. | I go running twice a month.",
      "I water the tomatoes every day. | I water the tomatoes every other day.",
      "The window cleaner comes monthly. | The window cleaner comes every three weeks."})
  void otherRatesAreOtherNumbers(String a, String b) {
    assertThat(RateReadings.differ(rates(a), rates(b))).isTrue();
    var r = PairSignals.of(a, b, Lexicon.ENGLISH, K);
    assertThat(r.values().get("numbers_conflict")).isEqualTo(1.0);
    assertThat(r.evidence().get("numbers_conflict")).isNotBlank();
  }

  @ParameterizedTest(name = "no rate in: {0}")
  @CsvSource(delimiter = '|', value = {
      "My grocery budget is €400 a month.",
      "I'm in my second year at university.",
      "Each of my kids has a bike.",
      "I have visited Lisbon three times.",
      "Every one of my plants is a cactus."})
  void readsNoRateWithoutACountOfTimesOrAPeriod(String text) {
    assertThat(rates(text)).as(text).isEmpty();
  }

  @Test
  void theCountsOfTheSameRateAreNoNumbersToCompare() {
    var r = PairSignals.of("My eye test is every two years.", "I get my eyes tested once every 24 months.",
        Lexicon.ENGLISH, K);
    assertThat(r.values().get("numbers_conflict")).isZero();
    assertThat(r.values().get("contrast_conflict")).as("year / month say the same rate here").isZero();
    // A rate and a number that is not its count: the number still counts.
    var other = PairSignals.of("I swim twice a week, 40 lengths.", "I swim twice a week, 60 lengths.",
        Lexicon.ENGLISH, K);
    assertThat(other.values().get("numbers_conflict")).isEqualTo(1.0);
  }

  @Test
  void readsOnlyEnglish() {
    assertThat(RateReadings.read("every six months", Lexicon.DUTCH, K)).isEmpty();
  }
}
