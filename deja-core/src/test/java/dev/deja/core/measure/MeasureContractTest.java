package dev.deja.core.measure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.testing.RandomText;
import dev.deja.core.testing.Seeds;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The {@link Measure} contract, checked for every measure in {@link Measures} on seeded random pairs: bounds, never
 * NaN, {@code similarity(x, x) == 1} for non-blank x, an upper bound never below the similarity, symmetry (except
 * {@code sequence}, see
 * {@link SequenceMeasureTest#isNotAlwaysSymmetric}) and determinism.
 */
class MeasureContractTest {

  private static final int PAIRS = 3_000;

  static Stream<String> measureNames() {
    return Measures.names().stream();
  }

  static Stream<String> symmetricMeasureNames() {
    return measureNames().filter(name -> !name.equals("sequence"));
  }

  /** A random pair: unrelated, one a mutation of the other, from a small alphabet, or long and repetitive. */
  private static String[] pair(Random random) {
    return switch (random.nextInt(5)) {
      case 0 -> new String[] {RandomText.next(random, 30), RandomText.next(random, 30)};
      case 1 -> {
        String a = RandomText.next(random, 40);
        yield new String[] {a, RandomText.mutate(random, a, 1 + random.nextInt(4))};
      }
      case 2 -> new String[] {RandomText.nextFromAlphabet(random, "ab ", 12),
          RandomText.nextFromAlphabet(random, "ab ", 12)};
      case 3 -> {
        String a = RandomText.nextFromAlphabet(random, "abcde  ", 320);
        yield new String[] {a, RandomText.mutate(random, a, 1 + random.nextInt(10))};
      }
      default -> new String[] {RandomText.nextFromAlphabet(random, "xyzXYZ-' ", 20), RandomText.next(random, 8)};
    };
  }

  @ParameterizedTest
  @MethodSource("measureNames")
  void isWithinZeroAndOneAndNeverNaN(String name) {
    Measure measure = Measures.byName(name);
    Random random = Seeds.random("bounds " + name);
    for (int i = 0; i < PAIRS; i++) {
      String[] p = pair(random);
      double s = measure.similarity(p[0], p[1]);
      assertThat(s).as("%s(%s, %s), %s", name, quote(p[0]), quote(p[1]), Seeds.describe())
          .isNotNaN()
          .isBetween(0.0, 1.0);
    }
  }

  @ParameterizedTest
  @MethodSource("measureNames")
  void isOneForTheSameNonBlankText(String name) {
    Measure measure = Measures.byName(name);
    Random random = Seeds.random("self " + name);
    int checked = 0;
    for (int i = 0; i < PAIRS; i++) {
      String x = pair(random)[random.nextInt(2)];
      if (x.isBlank()) {
        continue;
      }
      checked++;
      // A copy, so that an implementation cannot get away with an identity check.
      assertThat(measure.similarity(x, new String(x.toCharArray())))
          .as("%s(x, x) for x = %s, %s", name, quote(x), Seeds.describe())
          .isEqualTo(1.0);
    }
    assertThat(checked).isGreaterThan(PAIRS / 2);
  }

  @ParameterizedTest
  @MethodSource("symmetricMeasureNames")
  void isSymmetric(String name) {
    Measure measure = Measures.byName(name);
    Random random = Seeds.random("symmetry " + name);
    for (int i = 0; i < PAIRS; i++) {
      String[] p = pair(random);
      assertThat(measure.similarity(p[0], p[1]))
          .as("%s(a, b) == %s(b, a) for a = %s, b = %s, %s", name, name, quote(p[0]), quote(p[1]), Seeds.describe())
          .isEqualTo(measure.similarity(p[1], p[0]));
    }
  }

  @ParameterizedTest
  @MethodSource("measureNames")
  void givesTheSameResultEveryTime(String name) {
    Measure measure = Measures.byName(name);
    Random random = Seeds.random("determinism " + name);
    for (int i = 0; i < 200; i++) {
      String[] p = pair(random);
      double first = measure.similarity(p[0], p[1]);
      assertThat(measure.similarity(new String(p[0].toCharArray()), new String(p[1].toCharArray())))
          .as("%s(%s, %s), %s", name, quote(p[0]), quote(p[1]), Seeds.describe())
          .isEqualTo(first);
    }
  }

  @ParameterizedTest
  @MethodSource("measureNames")
  void upperBoundIsNeverBelowTheSimilarity(String name) {
    Measure measure = Measures.byName(name);
    Random random = Seeds.random("upper bound " + name);
    for (int i = 0; i < PAIRS; i++) {
      String[] p = pair(random);
      // Exactly, not within a tolerance: a stage skips a pair when the bound is below its threshold.
      assertThat(measure.upperBound(p[0], p[1]))
          .as("%s.upperBound(%s, %s), %s", name, quote(p[0]), quote(p[1]), Seeds.describe())
          .isGreaterThanOrEqualTo(measure.similarity(p[0], p[1]));
    }
  }

  /** A string with its code points outside printable ASCII spelled out, so failures are readable. */
  static String quote(String s) {
    StringBuilder sb = new StringBuilder("\"");
    s.codePoints().forEach(cp -> {
      if (cp >= 0x20 && cp < 0x7f && cp != '"' && cp != '\\') {
        sb.appendCodePoint(cp);
      } else {
        sb.append(String.format("\\u{%X}", cp));
      }
    });
    return sb.append('"').toString();
  }
}
