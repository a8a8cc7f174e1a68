package dev.deja.core.guard;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Negation words of the glossed languages: which words negate in which language, and how many a text has. */
class ForeignNegationsTest {
  @ParameterizedTest(name = "{0} ({1}): {2}")
  @CsvSource(delimiter = '|', value = {
      "Ich habe keine Kinder.|de|1",
      "Meine Eltern wohnen nicht in Lissabon.|de|1",
      "Ik heb geen auto.|nl|1",
      "Mis padres no viven en Lisboa.|es|1",     // Spanish "no" negates
      "Os meus pais moram no Recife.|pt|0",     // Portuguese "no" is "in the"
      "Os meus pais não moram no Recife.|pt|1",
      "Je n'ai pas de voiture.|fr|1",            // "ne … pas" is one negation, the "ne" elided
      "Je ne mange jamais de viande.|fr|1",
      "Je bois pas de café.|fr|1",               // spoken French: no "ne"
      "Non bevo alcolici.|it|1",
      "Ich trinke Alkohol.|de|0",
      "I have no car.|sv|0"})                    // a language without a list
  void countsTheNegationsOfTheTextsLanguage(String text, String language, int negations) {
    assertThat(ForeignNegations.count(text, language)).isEqualTo(negations);
  }

  @ParameterizedTest(name = "{0} ({1}) → ''{3}''")
  @CsvSource(delimiter = '|', value = {
      "geen|nl|false|no",
      "Nicht|de|false|not",
      "não|pt|false|not",
      "no|es|false|not",
      "n'ai|fr|true|not",
      "ne|fr|true|not",
      "pas|fr|true|''",      // the "ne" before it says it
      "pas|fr|false|not",
      "sem|pt|false|without"})
  void readsEachNegationAsAnEnglishOne(String word, String language, boolean frenchNe, String english) {
    assertThat(ForeignNegations.english(word, language, frenchNe)).isEqualTo(english);
  }

  @ParameterizedTest(name = "{0} ({1}) is no negation")
  @CsvSource(delimiter = '|', value = {"no|pt", "no|fr", "nicht|nl", "alkohol|de", "pas|en"})
  void aWordOfAnotherLanguageOrNoNegationIsNone(String word, String language) {
    assertThat(ForeignNegations.english(word, language, false)).isNull();
  }
}
