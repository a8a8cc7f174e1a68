package dev.deja.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.deja.core.testing.JsonString;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class SequenceMeasureTest {

  private static final String TABLE = "sequence-known-values.tsv";
  private static final double TOLERANCE = 1e-9;

  private static final SequenceMeasure SEQUENCE = SequenceMeasure.INSTANCE;

  /** One row of the table that scripts/gen-sequence-known-values.py writes from CPython's difflib. */
  record Row(int line, String a, String b, double ratio) {}

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
      # the javadoc's table; values from CPython 3.11 difflib.SequenceMatcher(None, a, b).ratio()
      abcd                 | bcde             | 0.75
      ''                   | ''               | 1.0
      abc                  | ''               | 0.0
      ''                   | abc              | 0.0
      doctor appointment   | dr smith checkup | 0.23529411764705882
      qabxcd               | abycdf           | 0.6666666666666666
      Team standup         | Team stand-up    | 0.96
      ab                   | bacb             | 0.6666666666666666
      bacb                 | ab               | 0.3333333333333333
      """)
  void hasKnownValues(String a, String b, double expected) {
    assertThat(SEQUENCE.similarity(a, b)).isCloseTo(expected, within(TOLERANCE));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
      # CPython 3.11 difflib.SequenceMatcher(None, a, b).quick_ratio()
      abcd                     | bcde                     | 0.75
      ''                       | ''                       | 1.0
      abc                      | ''                       | 0.0
      doctor appointment       | dr smith checkup         | 0.5294117647058824
      Team standup             | Team stand-up            | 0.96
      bacb                     | ab                       | 0.6666666666666666
      the user likes green tea | the user likes tea green | 1.0
      """)
  void upperBoundIsDifflibsQuickRatio(String a, String b, double expected) {
    assertThat(SEQUENCE.upperBound(a, b)).isCloseTo(expected, within(TOLERANCE));
  }

  @Test
  void upperBoundCountsCodePoints() {
    // CPython: quick_ratio("\U0001F600x", "x\U0001F600") == 1.0, ("caf\u00e9", "cafe\u0301") == 0.666...
    assertThat(SEQUENCE.upperBound("\uD83D\uDE00x", "x\uD83D\uDE00")).isEqualTo(1.0);
    assertThat(SEQUENCE.upperBound("\uD83D\uDE00", "\uD83D\uDE01")).isEqualTo(0.0);
    assertThat(SEQUENCE.upperBound("caf\u00e9", "cafe\u0301")).isCloseTo(2.0 * 3 / 9, within(TOLERANCE));
    // Past Latin-1 on one side only: the sorted path.
    assertThat(SEQUENCE.upperBound("\u0141\u00f3d\u017a", "\u0142\u00f3d\u017a")).isCloseTo(0.75, within(TOLERANCE));
  }

  @ParameterizedTest(name = "line {0}")
  @MethodSource("cpythonRows")
  void upperBoundIsNeverBelowCpythonsRatio(int line, String a, String b, double ratio) {
    assertThat(SEQUENCE.upperBound(a, b)).as("line %d of %s", line, TABLE).isGreaterThanOrEqualTo(ratio - TOLERANCE);
    assertThat(SEQUENCE.upperBound(a, b)).as("line %d of %s", line, TABLE)
        .isGreaterThanOrEqualTo(SEQUENCE.similarity(a, b));
  }

  @Test
  void comparesCodePointsNotUtf16Units() {
    // U+1F600 and U+1F601 share their high surrogate: as UTF-16 units they would half match.
    assertThat(SEQUENCE.similarity("\uD83D\uDE00", "\uD83D\uDE01")).isEqualTo(0.0);
    assertThat(SEQUENCE.similarity("\uD83D\uDE00x", "x\uD83D\uDE00")).isEqualTo(0.5);
    // A precomposed é and e + combining acute are different sequences: 3 of 4 + 5 match.
    assertThat(SEQUENCE.similarity("caf\u00e9", "cafe\u0301")).isCloseTo(2.0 * 3 / 9, within(TOLERANCE));
  }

  @Test
  void appliesAutojunkOnlyWhenBHasAtLeast200CodePoints() {
    String a = "a".repeat(10) + "b";
    // b of 199: no autojunk, the ten a's match.
    assertThat(SEQUENCE.similarity(a, "b" + "a".repeat(198))).isCloseTo(20.0 / 210, within(TOLERANCE));
    // b of 200: 'a' occurs more than 200/100 + 1 times, is popular and cannot start a match; only "b" matches.
    assertThat(SEQUENCE.similarity(a, "b" + "a".repeat(199))).isCloseTo(2.0 / 211, within(TOLERANCE));
    // 150 emoji are 300 UTF-16 units but 150 code points: no autojunk, so identical halves match in full.
    String emoji = "\uD83D\uDE00".repeat(150);
    assertThat(SEQUENCE.similarity(emoji.substring(0, 100), emoji)).isCloseTo(100.0 / 200, within(TOLERANCE));
  }

  @Test
  void isNotAlwaysSymmetric() {
    // The shortest such pair over {a, b, c} (found with CPython). difflib keeps the first of equally long matches:
    // for ("ab", "bacb") that is "a", and the "b" after it still matches the final "b"; for ("bacb", "ab") it is the
    // leading "b", and nothing is left on either side of it.
    assertThat(SEQUENCE.similarity("ab", "bacb")).isCloseTo(2.0 / 3, within(TOLERANCE));
    assertThat(SEQUENCE.similarity("bacb", "ab")).isCloseTo(1.0 / 3, within(TOLERANCE));
    // Autojunk looks only at b.
    String a = "a".repeat(10) + "b";
    String b = "b" + "a".repeat(199);
    assertThat(SEQUENCE.similarity(b, a)).isCloseTo(20.0 / 211, within(TOLERANCE));
    assertThat(SEQUENCE.similarity(a, b)).isCloseTo(2.0 / 211, within(TOLERANCE));
  }

  @ParameterizedTest(name = "line {0}")
  @MethodSource("cpythonRows")
  void equalsCpythonDifflib(int line, String a, String b, double ratio) {
    assertThat(SEQUENCE.similarity(a, b))
        .as("line %d of %s: ratio(%s, %s)", line, TABLE, MeasureContractTest.quote(a), MeasureContractTest.quote(b))
        .isCloseTo(ratio, within(TOLERANCE));
  }

  @Test
  void cpythonTableCoversWhatMatters() {
    List<Row> rows = rows();
    assertThat(rows).hasSizeGreaterThanOrEqualTo(300);
    assertThat(rows).filteredOn(r -> r.b().codePointCount(0, r.b().length()) >= 200).hasSizeGreaterThan(100);
    assertThat(rows).filteredOn(r -> r.a().equals(r.b())).hasSizeGreaterThan(10);
    assertThat(rows).filteredOn(r -> r.a().isEmpty() || r.b().isEmpty()).hasSizeGreaterThan(3);
    assertThat(rows).filteredOn(r -> r.a().codePoints().anyMatch(Character::isSupplementaryCodePoint))
        .hasSizeGreaterThan(20);
    assertThat(rows).filteredOn(r -> r.a().codePoints().anyMatch(cp -> Character.getType(cp)
        == Character.NON_SPACING_MARK)).hasSizeGreaterThan(10);
    assertThat(rows).contains(new Row(5, "abcd", "bcde", 0.75));
  }

  @Test
  void cpythonTableHasAsymmetricPairsThatJavaReproduces() {
    Map<List<String>, Double> ratios = new HashMap<>();
    for (Row row : rows()) {
      ratios.put(List.of(row.a(), row.b()), row.ratio());
    }
    int asymmetric = 0;
    for (Map.Entry<List<String>, Double> e : ratios.entrySet()) {
      String a = e.getKey().get(0);
      String b = e.getKey().get(1);
      Double reverse = ratios.get(List.of(b, a));
      if (reverse != null && !reverse.equals(e.getValue())) {
        asymmetric++;
        assertThat(SEQUENCE.similarity(a, b) - SEQUENCE.similarity(b, a))
            .isCloseTo(e.getValue() - reverse, within(TOLERANCE));
      }
    }
    assertThat(asymmetric).isGreaterThan(20);
  }

  static List<Arguments> cpythonRows() {
    return rows().stream().map(r -> Arguments.of(r.line(), r.a(), r.b(), r.ratio())).toList();
  }

  static List<Row> rows() {
    List<Row> rows = new ArrayList<>();
    try (InputStream in = SequenceMeasureTest.class.getResourceAsStream(TABLE)) {
      if (in == null) {
        throw new IllegalStateException(TABLE + " not found next to " + SequenceMeasureTest.class.getName());
      }
      BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      boolean header = true;
      int lineNumber = 0;
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        lineNumber++;
        if (line.startsWith("#")) {
          continue;
        }
        String[] fields = line.split("\t", -1);
        if (fields.length != 3) {
          throw new IllegalStateException(TABLE + ":" + lineNumber + ": expected 3 tab-separated fields");
        }
        if (header) {
          if (!List.of(fields).equals(List.of("a", "b", "ratio"))) {
            throw new IllegalStateException(TABLE + ":" + lineNumber + ": expected the header a, b, ratio");
          }
          header = false;
          continue;
        }
        rows.add(new Row(lineNumber, JsonString.parse(fields[0]), JsonString.parse(fields[1]),
            Double.parseDouble(fields[2])));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return rows;
  }
}
