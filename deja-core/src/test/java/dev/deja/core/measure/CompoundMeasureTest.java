package dev.deja.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CompoundMeasureTest {

  private static final CompoundMeasure COMPOUND = CompoundMeasure.INSTANCE;

  /** 0.85: the fuzzy threshold the Dutch glossary pairs below are judged against. */
  private static final double THRESHOLD = 0.85;

  @ParameterizedTest(name = "[{index}] {0} ~ {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
      # a                  | b                    | edits | longer stem | same term?
      # compounds written apart, hyphenated or in another case are the same string
      verificatie proces   | verificatieproces    | 0 | 16 | true
      verificatie-proces   | verificatieproces    | 0 | 16 | true
      Verificatie Proces   | verificatieproces    | 0 | 16 | true
      burger service nummer | burgerservicenummer | 0 | 19 | true
      # plurals: "-en" and "-s" are removed
      rechtspersonen       | rechtspersoon        | 1 | 13 | true
      documenten           | document             | 0 | 8  | true
      machtigingen         | machtiging           | 0 | 10 | true
      # one dropped letter, one swapped pair (a transposition is one edit), a small spelling variant
      bezwaarschift        | bezwaarschrift       | 1 | 14 | true
      authenticaite        | authenticatie        | 1 | 13 | true
      authentificatie      | authenticatie        | 2 | 15 | true
      # a different derivation or an extra compound part stays below the threshold
      identificatieplicht  | identificatie        | 6 | 19 | false
      authenticatiemiddel  | authenticatie        | 6 | 19 | false
      zwakke authenticatie | sterke authenticatie | 4 | 19 | false
      vertegenwoordiger    | vertegenwoordiging   | 3 | 18 | false
      gezichtsherkenning   | gezichtsverificatie  | 9 | 19 | false
      """)
  void hasKnownValues(String a, String b, int edits, int longer, boolean sameTerm) {
    double expected = 1.0 - (double) edits / longer;
    double similarity = COMPOUND.similarity(a, b);
    assertThat(similarity).isCloseTo(expected, within(1e-12));
    assertThat(COMPOUND.similarity(b, a)).isEqualTo(similarity);
    if (sameTerm) {
      assertThat(similarity).isGreaterThanOrEqualTo(THRESHOLD);
    } else {
      assertThat(similarity).isLessThan(THRESHOLD);
    }
  }

  @Test
  void keepsTheEndingOfShortWords() {
    // "tas" (bag) and "een" (one) are not plurals: a stem must keep at least four letters.
    assertThat(CompoundMeasure.stem("tas")).containsExactly('t', 'a', 's');
    assertThat(CompoundMeasure.stem("een")).containsExactly('e', 'e', 'n');
    assertThat(CompoundMeasure.stem("kussen")).containsExactly('k', 'u', 's', 's');
    // A double s is not a plural -s.
    assertThat(CompoundMeasure.stem("proces")).containsExactly('p', 'r', 'o', 'c', 'e');
    assertThat(CompoundMeasure.stem("kiss")).containsExactly('k', 'i', 's', 's');
  }

  @Test
  void textsWithoutLettersOrDigitsAreEqualOnlyWhenIdentical() {
    assertThat(COMPOUND.similarity("?!", "?!")).isEqualTo(1.0);
    assertThat(COMPOUND.similarity("?!", "!?")).isEqualTo(0.0);
    assertThat(COMPOUND.similarity("?!", "ab")).isEqualTo(0.0);
  }
}
