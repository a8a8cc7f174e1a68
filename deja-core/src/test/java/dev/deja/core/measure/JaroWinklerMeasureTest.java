package dev.deja.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.deja.core.testing.RandomText;
import dev.deja.core.testing.Seeds;
import java.util.Random;
import org.apache.commons.text.similarity.JaroWinklerSimilarity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JaroWinklerMeasureTest {

  private static final JaroWinklerMeasure JARO_WINKLER = JaroWinklerMeasure.INSTANCE;
  private static final JaroWinklerSimilarity COMMONS = new JaroWinklerSimilarity();

  @ParameterizedTest(name = "[{index}] {0} ~ {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
      # the javadoc's table, worked out by hand:
      # martha/marhta: m = 6, t = 1 (two half-transpositions), j = (1 + 1 + 5/6) / 3, prefix "mar"
      martha   | marhta     | 0.9611111111111111
      # dixon/dicksonx: m = 4 (d, i, o, n), t = 0, j = (4/5 + 4/8 + 1) / 3, prefix "di"
      dixon    | dicksonx   | 0.8133333333333332
      abc      | xyz        | 0.0
      ''       | ''         | 1.0
      ''       | a          | 0.0
      foo      | foo        | 1.0
      # Commons Text's javadoc, rounded there to two decimals (its "PENNSYLVANIA"/"PENNCISYLVNIA" = 0.88 is left
      # out: Commons Text itself computes 0.898)
      foo      | 'foo '     | 0.94
      foo      | 'foo  '    | 0.91
      foo      | ' foo '    | 0.87
      foo      | '  foo'    | 0.51
      frog     | fog        | 0.93
      fly      | ant        | 0.0
      elephant | hippo      | 0.44
      hello    | hallo      | 0.88
      ABC Corporation | ABC Corp | 0.91
      """)
  void hasKnownValues(String a, String b, double expected) {
    // Values from Commons Text's javadoc are rounded half up to two decimals (frog/fog is 0.925); the rest are exact.
    assertThat(JARO_WINKLER.similarity(a, b)).isCloseTo(expected, within(0.0051));
    assertThat(JARO_WINKLER.similarity(b, a)).isCloseTo(expected, within(0.0051));
  }

  @Test
  void hasExactJavadocValues() {
    assertThat(JARO_WINKLER.similarity("martha", "marhta")).isCloseTo((2 + 5.0 / 6) / 3 + 0.3 * (1 - (2 + 5.0 / 6) / 3),
        within(1e-12));
    double j = (4.0 / 5 + 4.0 / 8 + 1) / 3;
    assertThat(JARO_WINKLER.similarity("dixon", "dicksonx")).isCloseTo(j + 0.2 * (1 - j), within(1e-12));
  }

  @Test
  void equalsCommonsTextWithTheLexicographicallySmallerEqualLengthStringFirst() {
    Random random = Seeds.random("jaro-winkler vs commons-text");
    for (int i = 0; i < 5_000; i++) {
      String a;
      String b;
      if (random.nextBoolean()) {
        a = RandomText.nextBmp(random, 12);
        b = random.nextBoolean() ? RandomText.nextBmp(random, 12) : RandomText.mutate(random, a, 2).codePoints()
            .filter(cp -> cp < 0x10000).collect(StringBuilder::new, StringBuilder::appendCodePoint,
                StringBuilder::append).toString();
      } else {
        a = RandomText.nextFromAlphabet(random, "abcd", 8);
        b = RandomText.nextFromAlphabet(random, "abcd", 8);
      }
      String first = a.length() == b.length() && a.compareTo(b) > 0 ? b : a;
      String second = first == a ? b : a;
      assertThat(JARO_WINKLER.similarity(a, b))
          .as("jaro_winkler(%s, %s), %s", MeasureContractTest.quote(a), MeasureContractTest.quote(b),
              Seeds.describe())
          .isCloseTo(COMMONS.apply(first, second), within(1e-12));
    }
  }

  @Test
  void equalsCommonsTextInEitherArgumentOrderForEqualLengths() {
    // Commons Text drives the matching from its first argument when lengths are equal; per character, the greedy
    // match within the window pairs the same positions from either side, so the order does not change the result.
    Random random = Seeds.random("jaro-winkler equal lengths");
    for (int i = 0; i < 5_000; i++) {
      String a = RandomText.nextFromAlphabet(random, "abc", 10);
      String b = RandomText.nextFromAlphabet(random, "abc", a.length()).concat("ccccccccccc")
          .substring(0, a.length());
      double expected = COMMONS.apply(a, b);
      assertThat(COMMONS.apply(b, a)).as("commons(%s, %s), %s", a, b, Seeds.describe()).isEqualTo(expected);
      assertThat(JARO_WINKLER.similarity(a, b)).as("jaro_winkler(%s, %s), %s", a, b, Seeds.describe())
          .isCloseTo(expected, within(1e-12));
      assertThat(JARO_WINKLER.similarity(b, a)).as("jaro_winkler(%s, %s), %s", b, a, Seeds.describe())
          .isCloseTo(expected, within(1e-12));
    }
  }

  @Test
  void comparesCodePointsNotUtf16Units() {
    // U+1F600 and U+1F601 share their high surrogate, which would count as a match between UTF-16 units.
    assertThat(JARO_WINKLER.similarity("\uD83D\uDE00", "\uD83D\uDE01")).isEqualTo(0.0);
    // One of two code points matches: j = (1/2 + 1/2 + 1) / 3 = 2/3 < 0.7, so no prefix boost.
    assertThat(JARO_WINKLER.similarity("a\uD83D\uDE00", "a\uD83D\uDE01")).isCloseTo(2.0 / 3, within(1e-12));
  }
}
