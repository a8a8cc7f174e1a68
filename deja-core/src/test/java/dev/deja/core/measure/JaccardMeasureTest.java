package dev.deja.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JaccardMeasureTest {

  @ParameterizedTest(name = "[{index}] {0} ~ {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
      # a                    | b                        | |A ∩ B| | |A ∪ B|
      # the javadoc's table
      onderhoud en beheer    | beheer en onderhoud      | 3 | 3
      zwakke authenticatie   | sterke authenticatie     | 1 | 3
      Machtiging             | machtiging               | 1 | 1
      a b c d                | a b c                    | 3 | 4
      # repeated words, extra white space and case do not count
      Team  Standup          | team standup standup     | 2 | 2
      '  team standup '      | standup team             | 2 | 2
      # punctuation is part of a word: the analyzer removes it, not the measure
      dr. smith              | dr smith                 | 1 | 3
      # nothing in common
      lunch                  | dinner                   | 0 | 2
      ''                     | lunch                    | 0 | 1
      # the text block turns \t into a real tab: any ASCII white space separates words
      'tab\tseparated'       | 'tab separated'          | 2 | 2
      """)
  void hasKnownValues(String a, String b, int intersection, int union) {
    assertThat(JaccardMeasure.INSTANCE.similarity(a, b)).isCloseTo((double) intersection / union, within(1e-12));
  }
}
