package dev.deja.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.deja.core.testing.RandomText;
import dev.deja.core.testing.Seeds;
import java.util.Random;
import org.apache.commons.text.similarity.LevenshteinDistance;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LevenshteinMeasureTest {

  private static final LevenshteinMeasure LEVENSHTEIN = LevenshteinMeasure.INSTANCE;

  @ParameterizedTest(name = "[{index}] {0} ~ {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
      # a            | b              | distance | longer length
      # the javadoc's table
      kitten         | sitting        | 3 | 7
      bezwaarschift  | bezwaarschrift | 1 | 14
      abc            | ''             | 3 | 3
      ''             | ''             | 0 | 0
      # a transposition is two edits (not Damerau)
      ab             | ba             | 2 | 2
      flaw           | lawn           | 2 | 4
      Team standup   | team standup   | 1 | 12
      """)
  void hasKnownValues(String a, String b, int distance, int longer) {
    double expected = longer == 0 ? 1.0 : 1.0 - (double) distance / longer;
    assertThat(LEVENSHTEIN.similarity(a, b)).isCloseTo(expected, within(1e-12));
    assertThat(LevenshteinMeasure.distance(a.codePoints().toArray(), b.codePoints().toArray())).isEqualTo(distance);
  }

  @Test
  void comparesCodePointsNotUtf16Units() {
    // One substitution of one astral character, not two UTF-16 units.
    assertThat(LEVENSHTEIN.similarity("a\uD83D\uDE00", "a\uD83D\uDE01")).isEqualTo(0.5);
    assertThat(LEVENSHTEIN.similarity("\uD83D\uDE00", "")).isEqualTo(0.0);
  }

  @Test
  void equalsCommonsTextLevenshteinDistance() {
    LevenshteinDistance commons = LevenshteinDistance.getDefaultInstance();
    Random random = Seeds.random("levenshtein vs commons-text");
    for (int i = 0; i < 5_000; i++) {
      String a = RandomText.nextBmp(random, 25);
      String b = random.nextBoolean() ? RandomText.nextBmp(random, 25)
          : RandomText.mutate(random, a, 3).codePoints().filter(cp -> cp < 0x10000)
              .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
      int distance = commons.apply(a, b);
      int longer = Math.max(a.length(), b.length());
      double expected = longer == 0 ? 1.0 : 1.0 - (double) distance / longer;
      assertThat(LEVENSHTEIN.similarity(a, b))
          .as("levenshtein(%s, %s), %s", MeasureContractTest.quote(a), MeasureContractTest.quote(b),
              Seeds.describe())
          .isCloseTo(expected, within(1e-12));
      assertThat(LevenshteinMeasure.distance(a.codePoints().toArray(), b.codePoints().toArray())).isEqualTo(distance);
    }
  }

  @Test
  void similarityAtLeastIsExactFromTheMinimumUpAndBelowItOtherwise() {
    Random random = Seeds.random("levenshtein at least");
    for (int i = 0; i < 5_000; i++) {
      String a = RandomText.nextFromAlphabet(random, "abcd ", 40);
      String b = random.nextBoolean() ? RandomText.mutate(random, a, random.nextInt(12))
          : RandomText.nextFromAlphabet(random, "abcd ", 40);
      double min = random.nextInt(101) / 100.0;
      double exact = LEVENSHTEIN.similarity(a, b);
      double bounded = LEVENSHTEIN.similarityAtLeast(a, b, min);
      if (exact >= min) {
        assertThat(bounded).as("'%s' / '%s' at least %s, %s", a, b, min, Seeds.describe()).isCloseTo(exact,
            within(1e-12));
      } else {
        assertThat(bounded).as("'%s' / '%s' at least %s, %s", a, b, min, Seeds.describe()).isLessThan(min);
      }
      assertThat(LEVENSHTEIN.upperBound(a, b)).isGreaterThanOrEqualTo(exact - 1e-12);
    }
  }

  @Test
  void myersBitParallelDistanceEqualsTheTable() {
    Random random = Seeds.random("levenshtein myers");
    for (int i = 0; i < 5_000; i++) {
      String a = random.nextBoolean() ? RandomText.next(random, 64) : RandomText.nextFromAlphabet(random, "abé🙂 ", 64);
      String b = random.nextBoolean() ? RandomText.mutate(random, a, random.nextInt(8)) : RandomText.next(random, 80);
      int[] x = a.codePoints().toArray();
      int[] y = b.codePoints().toArray();
      if (x.length == 0 || x.length > 64) {
        continue;
      }
      assertThat(LevenshteinMeasure.myers(x, y)).as("'%s' / '%s', %s", a, b, Seeds.describe())
          .isEqualTo(y.length >= x.length ? LevenshteinMeasure.table(y, x) : LevenshteinMeasure.table(x, y));
    }
  }
}
