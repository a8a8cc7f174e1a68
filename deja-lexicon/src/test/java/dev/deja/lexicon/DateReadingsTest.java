package dev.deja.lexicon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.guard.DateReadings;
import dev.deja.core.guard.Lexicon;
import dev.deja.core.guard.PairSignals;
import dev.deja.core.lexical.WordKnowledge;
import dev.deja.core.lexical.WordKnowledges;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Dates read with the real month names (ICU's calendar symbols through the WordNet knowledge). */
class DateReadingsTest {
  private static final WordKnowledge K = WordKnowledges.defaults();

  private static List<DateReadings.Date> dates(String text, String language) {
    return DateReadings.read(text, K, language);
  }

  @ParameterizedTest(name = "{0} → {2}")
  @CsvSource(delimiter = ';', value = {
      "Our anniversary is on 12/03.;en;[03-12|12-03]",
      "It's on 25/12.;en;[12-25]",
      "My passport expires on 11/05/2027.;en;[05-11|11-05 2027]",
      "My passport expires on 2027-05-11.;en;[05-11 2027]",
      "My son was born on 04.09.2019.;en;[04-09|09-04 2019]",
      "The lease ends 30/06/27.;en;[06-30 2027]",
      "My birthday is on the 3rd of May.;en;[05-03]",
      "My passport expires on May 11th, 2027.;en;[05-11 2027]",
      "I'm flying on Sept. 14.;en;[09-14]",
      "Mein Pass läuft am 11. Mai 2027 ab.;de;[05-11 2027]",
      "Mijn paspoort verloopt op 11 mei 2027.;nl;[05-11 2027]",
      "Mi pasaporte caduca el 11 de mayo de 2027.;es;[05-11 2027]",
      "O meu passaporte expira a 11 de março.;pt;[03-11]",
      "Mon passeport expire le 11 mars 2027.;fr;[03-11 2027]"})
  void readsADateHoweverWritten(String text, String language, String expected) {
    assertThat(DateReadings.describe(dates(text, language))).isEqualTo(expected);
  }

  @ParameterizedTest(name = "no date in: {0}")
  @CsvSource(delimiter = '|', value = {
      // A split, a score, a fraction that is no day of a month, a decimal, a range, a month and a year.
      "We split the rent 60/40.",
      "The kids are 3-5 years old.",
      "It costs 3.50 a month.",
      "I had a tetanus booster in March 2023.",
      "I may 2 or 3 times a week go swimming."})
  void readsNoDateWhereThereIsNone(String text) {
    assertThat(dates(text, "en")).as(text).isEmpty();
  }

  @ParameterizedTest(name = "''{0}'' / ''{1}'' → {2}")
  @CsvSource(delimiter = '|', value = {
      "Our anniversary is on 12/03.|Our anniversary is on 12 March.|true",
      // Day and month in either order: 12/03 is also 3 December.
      "Our anniversary is on 12/03.|Our anniversary is on 3 December.|true",
      "Our anniversary is on 12/03.|Our anniversary is on 13 March.|false",
      // Two dates in numbers only, written the other way round, are two dates; the same way round, one.
      "Our anniversary is on 12/03.|Our anniversary is on 03/12.|false",
      "Our anniversary is on 12/03.|Our anniversary is on 12/3/2026.|true",
      "My passport expires on 11/05/2027.|My passport expires on 11 May 2027.|true",
      "My passport expires on 11/05/2027.|My passport expires on 11 May 2028.|false",
      // A year in one text only is the same date.
      "My passport expires on 11 May.|My passport expires on 2027-05-11.|true",
      "I'm away from 2 to 9 March.|I'm away from 2 to 19 March.|false"})
  void theSameDatesHoweverWritten(String a, String b, boolean same) {
    assertThat(DateReadings.same(dates(a, "en"), dates(b, "en"))).as(a + " / " + b).isEqualTo(same);
  }

  @Test
  void theSameDateWrittenInNumbersAndInWordsIsNoOtherNumber() {
    var s = PairSignals.of("My passport expires on 11/05/2027.", "My passport expires on 11 May 2027.",
        Lexicon.ENGLISH, K);
    assertThat(s.values().get("numbers_conflict")).as(s.evidence().toString()).isZero();
    assertThat(s.values().get("numbers_agree")).isEqualTo(1.0);
    assertThat(s.values().get("unmatched")).as("'May' is read as a part of the date").isZero();
    var other = PairSignals.of("My passport expires on 11/05/2027.", "My passport expires on 12 May 2027.",
        Lexicon.ENGLISH, K);
    assertThat(other.values().get("numbers_conflict")).isEqualTo(1.0);
  }
}
