package dev.deja.core.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DigitGroupsTest {
  @Test
  void readsLongNumbersWrittenInGroups() {
    assertThat(DigitGroups.read("Call 07700 900123 or 020-7946-0958."))
        .extracting(DigitGroups.Run::digits).containsExactly("07700900123", "02079460958");
    assertThat(DigitGroups.read("Call 07700 900123.").get(0).values()).containsExactly(7700.0, 900123.0);
    // Counts, years, times, decimals, dates and words with digits are no such numbers.
    assertThat(DigitGroups.read("I have 2 3 kids, born 1985 and 2001, at 10:30, 3.5 km, on 12/03/2027, in B2B "
        + "and COVID-19, room 12 34.")).isEmpty();
  }

  @ParameterizedTest(name = "{0} / {1} → {2}")
  @CsvSource(delimiter = '|', value = {
      "My phone number is 07700 900123.|My phone number is 07700900123.|true",
      "My card is 4111 1111 1111 1111.|My card is 4111-1111-1111-1111.|true",
      "We paid 100 000 euros.|We paid 100000 euros.|true",
      // The same grouping needs no reading; another digit or another order is another number.
      "My phone number is 07700 900123.|My phone number is 07700 900123.|false",
      "My phone number is 07700 900123.|My phone number is 07700 900124.|false",
      "My account is 1234-5678.|My account is 5678-1234.|false",
      "My phone number is 07700 900123.|My phone number is 0770 0900 123.|true",
      "My phone number is 07700 900123.|I have no phone.|false"})
  void theSameDigitsInOtherGroupsAreTheSameNumber(String a, String b, boolean same) {
    assertThat(DigitGroups.same(DigitGroups.read(a), DigitGroups.read(b))).isEqualTo(same);
  }

  @Test
  void theGroupsOfTheSameNumberLeaveTheNumberComparison() {
    var s = PairSignals.of("My phone number is 07700 900123.", "My phone number is 07700900123.", Lexicon.ENGLISH,
        dev.deja.core.lexical.WordKnowledge.none());
    assertThat(s.values().get("numbers_conflict")).as(s.evidence().toString()).isZero();
    assertThat(s.values().get("numbers_agree")).isEqualTo(1.0);
    assertThat(s.evidence().get("numbers_agree")).contains("digits [07700 900123] = [07700900123]");
    var other = PairSignals.of("My phone number is 07700 900123.", "My phone number is 07700900124.",
        Lexicon.ENGLISH, dev.deja.core.lexical.WordKnowledge.none());
    assertThat(other.values().get("numbers_conflict")).isEqualTo(1.0);
  }

  /** Reading never fails and every run it reads has its digits, on seeded random text. */
  @Test
  void readsAnyText() {
    String alphabet = "0123456789 -.:/,+a\u00a0";
    SplittableRandom r = new SplittableRandom(7);
    for (int i = 0; i < 50_000; i++) {
      StringBuilder b = new StringBuilder();
      for (int n = r.nextInt(20); n > 0; n--) {
        b.append(alphabet.charAt(r.nextInt(alphabet.length())));
      }
      List<DigitGroups.Run> runs = DigitGroups.read(b.toString());
      for (DigitGroups.Run run : runs) {
        assertThat(run.digits()).as(b.toString()).hasSizeGreaterThanOrEqualTo(DigitGroups.MIN_DIGITS)
            .matches("\\d+");
        assertThat(String.join("", run.written().split("[ -]"))).isEqualTo(run.digits());
      }
    }
  }
}
