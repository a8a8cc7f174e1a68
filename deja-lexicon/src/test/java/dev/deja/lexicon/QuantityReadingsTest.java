package dev.deja.lexicon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.guard.Lexicon;
import dev.deja.core.guard.PairSignals;
import dev.deja.core.guard.QuantityReadings;
import dev.deja.core.lexical.WordKnowledge;
import dev.deja.core.lexical.WordKnowledges;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Quantities read with the real unit names and conversions (ICU's measure formats through the WordNet knowledge). */
class QuantityReadingsTest {
  private static final WordKnowledge K = WordKnowledges.defaults();

  private static List<QuantityReadings.Quantity> read(String text, String language) {
    return QuantityReadings.read(text, K, language);
  }

  @ParameterizedTest(name = "{0} → {2}")
  @CsvSource(delimiter = ';', value = {
      "I'm 1.8 m tall.;en;[1.8 m]",
      "I'm 180cm tall.;en;[180 cm]",
      "I weigh 154 lbs.;en;[154 lbs]",
      "I swim two kilometres before work.;en;[2 kilometres]",
      "We keep the flat at 20 °C.;en;[20 °c]",
      "The limit is 50 km/h.;en;[50 km/h]",
      "I ran 1,500 metres.;en;[1500 metres]",
      "Ich wiege 70 Kilogramm.;de;[70 kilogramm]",
      "Corro cinco kilómetros cada mañana.;es;[5 kilómetros]"})
  void readsAQuantityHoweverWritten(String text, String language, String expected) {
    assertThat(QuantityReadings.describe(read(text, language))).isEqualTo(expected);
  }

  @ParameterizedTest(name = "no quantity in: {0}")
  @CsvSource(delimiter = '|', value = {
      "I have 2 cats.",
      "I'm rated about 1,650 at chess.",
      "I live at 22 Baker Street.",
      "My son is in Year 3.",
      "We met in 2019 in Paris."})
  void readsNoQuantityWhereThereIsNone(String text) {
    assertThat(read(text, "en")).as(text).isEmpty();
  }

  @ParameterizedTest(name = "''{0}'' / ''{1}'' → {2}")
  @CsvSource(delimiter = '|', value = {
      "I'm 1.8 m tall.|I'm 180 cm tall.|true",
      "I weigh 70 kg.|I weigh 154 lbs.|true",
      "I run 5 miles every morning.|I run 8 km every morning.|true",
      "We keep the flat at 20 °C.|We keep the flat at 68 °F.|true",
      // Another amount, another unit with the same number, the same unit (the numbers compare those).
      "I'm 1.8 m tall.|I'm 170 cm tall.|false",
      "I weigh 70 kg.|I weigh 70 lbs.|false",
      "We keep the flat at 20 °C.|We keep the flat at 22 °C.|false",
      "I swim 2 km before work.|I swim two kilometres before work.|false",
      // 30 mph is 48.3 km/h: more than 2% from 50.
      "The limit is 30 mph.|The limit is 50 km/h.|false"})
  void theSameQuantitiesInOtherUnits(String a, String b, boolean same) {
    assertThat(QuantityReadings.same(read(a, "en"), read(b, "en"))).as(a + " / " + b).isEqualTo(same);
  }

  @ParameterizedTest(name = "''{0}'' / ''{1}''")
  @CsvSource(delimiter = '|', value = {
      "I sleep 8 hrs a night.|I sleep eight hours a night.",
      "I weigh 70 kg.|I weigh 70 kilograms.",
      "I weigh 70 kg.|I weigh 70 kilos.",
      "I cycle 20 mi a week.|I cycle 20 miles a week."})
  void twoNamesOfOneUnitAreOneWord(String a, String b) {
    var s = PairSignals.of(a, b, Lexicon.ENGLISH, K);
    assertThat(s.values().get("unmatched")).as(s.evidence().toString()).isZero();
  }

  @Test
  void theSameHeightInOtherUnitsIsNoOtherNumber() {
    var s = PairSignals.of("I'm 1.8 m tall.", "I'm 180 cm tall.", Lexicon.ENGLISH, K);
    assertThat(s.values().get("numbers_conflict")).as(s.evidence().toString()).isZero();
    assertThat(s.values().get("numbers_agree")).isEqualTo(1.0);
    assertThat(s.values().get("unmatched")).as("the units are read as parts of the quantities").isZero();
    var other = PairSignals.of("I'm 1.8 m tall.", "I'm 170 cm tall.", Lexicon.ENGLISH, K);
    assertThat(other.values().get("numbers_conflict")).isEqualTo(1.0);
  }

  @Test
  void theUnitsOfTheSameTemperatureAreNoNames() {
    var s = PairSignals.of("We keep the flat at 20 °C.", "We keep the flat at 68 °F.", Lexicon.ENGLISH, K);
    assertThat(s.values().get("names_conflict")).as(s.evidence().toString()).isZero();
    assertThat(s.values().get("numbers_agree")).isEqualTo(1.0);
    // The same number in another unit is another temperature: the units still differ.
    var other = PairSignals.of("We keep the flat at 20 °C.", "We keep the flat at 20 °F.", Lexicon.ENGLISH, K);
    assertThat(other.values().get("names_conflict")).as(other.evidence().toString()).isEqualTo(1.0);
  }
}
