package dev.deja.core.normalize;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LightStemmerTest {
  @ParameterizedTest(name = "{0} and {1} meet")
  @CsvSource({"allergy, allergic", "allergies, allergy", "teacher, teach", "teaching, teaches",
      "meditation, meditate", "evenings, evening", "named, name", "cats, cat", "terraced, terrace",
      "usually, usual", "mornings, morning", "running, run"})
  void variantsShareAStem(String a, String b) {
    assertThat(LightStemmer.stem(a)).isEqualTo(LightStemmer.stem(b));
  }

  @ParameterizedTest(name = "{0} and {1} stay apart")
  @CsvSource({"sesame, mustard", "vet, nurse", "month, fortnight", "red, white", "thing, th"})
  void differentWordsStayApart(String a, String b) {
    assertThat(LightStemmer.stem(a)).isNotEqualTo(LightStemmer.stem(b));
  }

  @ParameterizedTest
  @CsvSource({"cat, cat", "run, run", "thing, thing", "a, a"})
  void shortWordsAreLeftAlone(String word, String stem) {
    assertThat(LightStemmer.stem(word)).isEqualTo(stem);
  }
}
