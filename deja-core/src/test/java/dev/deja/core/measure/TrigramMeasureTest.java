package dev.deja.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Known values worked out by hand from pg_trgm's definition: a word is a run of letters and digits, lower-cased and
 * padded as {@code "  word "}; a text's trigrams form a set; similarity is {@code |A ∩ B| / |A ∪ B|}. Every value in
 * the table was also checked against PostgreSQL 15's pg_trgm (database encoding UTF8, locale C.UTF-8), which prints
 * them rounded to a float (0.36363637 for 4/11).
 */
class TrigramMeasureTest {

  @ParameterizedTest(name = "[{index}] {0} ~ {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
      # a                  | b                  | |A ∩ B| | |A ∪ B|
      # PostgreSQL's documentation: similarity('word', 'two words') = 0.36363637; word has 5 trigrams, "two words"
      # has 10 ("  t", " tw", "two", "wo " + six of "words"), 4 shared: "  w", " wo", "wor", "ord"
      word                 | two words          | 4  | 11
      abc                  | abc                | 4  | 4
      abc                  | xyz                | 0  | 8
      # "  a", " ab" shared; "abc", "bc " against "abd", "bd "
      abc                  | abd                | 2  | 6
      # word: 5, words: 6 ("ds " and "rds" added, "rd " lost), 4 shared
      word                 | words              | 4  | 7
      # punctuation separates words and case is ignored
      'Hello, World!'      | hello world        | 12 | 12
      # word order does not matter
      team standup         | standup team       | 13 | 13
      # a one-letter word has two trigrams: "  a", " a "
      a                    | a b                | 2  | 4
      # duplicates count once: "aaa" = {"  a", " aa", "aaa", "aa "}, "aa" = {"  a", " aa", "aa "}
      aaa                  | aa                 | 3  | 4
      # foo + bar = 8 trigrams, foobar = 7 ("oob", "oba" new), 5 shared
      foo-bar              | foobar             | 5  | 10
      # 19 and 18 trigrams; "verificatieproces" lacks "ie ", "  p", " pr" and has "iep", "epr": 16 shared of 21
      verificatie proces   | verificatieproces  | 16 | 21
      # digits are word characters: 9 trigrams each, "101", "01 " vs "102", "02 "
      room 101             | room 102           | 7  | 11
      # accented letters are letters: "crè", "rèm", "ème" vs "cre", "rem", "eme"
      Crème                | creme              | 3  | 9
      # lower-cased per character like PostgreSQL: İ is i (not i + U+0307), and capital Σ is σ, never final ς
      İstanbul             | istanbul           | 9  | 9
      ΟΔΟΣ                 | οδος               | 3  | 7
      # a combining mark is not a letter: it ends the word, as in pg_trgm ("éx" has words "e" and "x")
      'éx'           | e x                | 4  | 4
      """)
  void hasKnownValues(String a, String b, int intersection, int union) {
    assertThat(TrigramMeasure.INSTANCE.similarity(a, b)).isCloseTo((double) intersection / union, within(1e-12));
  }

  @Test
  void buildsPgTrgmTrigramSets() {
    // show_trgm('word') in PostgreSQL: {"  w"," wo","ord","rd ","wor"}
    assertThat(TrigramMeasure.trigrams("word")).containsExactlyInAnyOrder("  w", " wo", "wor", "ord", "rd ");
    assertThat(TrigramMeasure.trigrams("A-b")).containsExactlyInAnyOrder("  a", " a ", "  b", " b ");
    assertThat(TrigramMeasure.trigrams("?!")).isEmpty();
    // An astral letter is one character of a trigram, not two UTF-16 units.
    assertThat(TrigramMeasure.trigrams("\uD801\uDC37")) // U+10437 DESERET SMALL LETTER YEE
        .containsExactlyInAnyOrder("  \uD801\uDC37", " \uD801\uDC37 ");
  }

  @Test
  void isOneForEqualTextsWithoutLettersOrDigitsWherePgTrgmSaysZero() {
    assertThat(TrigramMeasure.INSTANCE.similarity("?!", "?!")).isEqualTo(1.0);
    assertThat(TrigramMeasure.INSTANCE.similarity("?!", "!?")).isEqualTo(0.0);
    assertThat(TrigramMeasure.INSTANCE.similarity("?!", "word")).isEqualTo(0.0);
  }
}
