package dev.deja.core.normalize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AnalyzerTest {

  private static final String SAMPLE = "  Dr. Smith's  Check-up \u2728";

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
      # the javadoc's table
      none     | "  Dr. Smith's  Check-up \u2728"
      trim     | "Dr. Smith's Check-up \u2728"
      casefold | "dr. smith's check-up \u2728"
      standard | dr smiths check up
      compound | drsmithscheckup
      """)
  void builtInAnalyzersOnTheJavadocSample(String name, String expected) {
    assertThat(Analyzer.BUILT_IN.get(name).normalize(SAMPLE)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "[{index}] {0} -> {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
      # NFKC: ligatures, full-width forms
      \uFB01le \uFB02ow        | file flow
      ＤＥＪＡ　１２３          | deja 123
      # Turkish capitals fold to plain i; ß, ø, accents fold to ASCII
      \u0130STANBUL            | istanbul
      Straße                   | strasse
      København                | kobenhavn
      Crème Brûlée             | creme brulee
      # apostrophes go, hyphens and emoji become spaces
      Maya's party             | mayas party
      Team stand-up            | team stand up
      "Hi \uD83D\uDC4B there"  | hi there
      "\u2728\u2728"           | ""
      """)
  void standard(String input, String expected) {
    assertThat(Analyzer.STANDARD.normalize(input)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "[{index}] {0} -> {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
      \uFB01le                 | file
      # keeps accents, punctuation and the dot above from lower-casing İ
      \u0130STANBUL            | i\u0307stanbul
      "  Straße\u00A0 Café "   | straße café
      Maya's                   | maya's
      """)
  void casefold(String input, String expected) {
    assertThat(Analyzer.CASEFOLD.normalize(input)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "[{index}] {0} -> {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
      Verificatie-proces       | verificatieproces
      verificatie proces       | verificatieproces
      Burger Service Nummer    | burgerservicenummer
      """)
  void compound(String input, String expected) {
    assertThat(Analyzer.COMPOUND.normalize(input)).isEqualTo(expected);
  }

  @Test
  void trimAndNoneDoNotTouchLetters() {
    assertThat(Analyzer.TRIM.normalize(" \u00A0Maya's\t Check-up\u2028")).isEqualTo("Maya's Check-up");
    assertThat(Analyzer.NONE.normalize(" Maya's ")).isEqualTo(" Maya's ");
  }

  @Test
  void recomposesHangulJamoThatRemovedPunctuationBroughtTogether() {
    // U+1100 U+1161 is the syllable U+AC00 decomposed; with the apostrophe between them NFKC cannot compose it.
    assertThat(Analyzer.STANDARD.normalize("\u1100'\u1161")).isEqualTo("\uAC00");
    assertThat(Analyzer.COMPOUND.normalize("\u1100 \u1161")).isEqualTo("\uAC00");
  }

  @Test
  void expandsAbbreviationsAndDropsStopWords() {
    Analyzer medical = Analyzer.STANDARD.extend("medical",
        Map.of("Dr.", "Doctor", "appt", "appointment", "w/", "with"), Set.of("the", "a"));
    // Abbreviations and stop words are normalised with the analyzer's own steps.
    assertThat(medical.abbreviations()).containsExactlyInAnyOrderEntriesOf(
        Map.of("dr", "doctor", "appt", "appointment", "w", "with"));
    assertThat(medical.stopwords()).containsExactlyInAnyOrder("the", "a");
    assertThat(medical.normalize("Dr. Smith appt")).isEqualTo("doctor smith appointment");
    assertThat(medical.normalize("Appt w/ the DR")).isEqualTo("appointment with doctor");
    assertThat(medical.normalize("The a THE")).isEmpty();
    assertThat(medical.normalize("drs")).isEqualTo("drs");
    assertThat(medical.words("A check-up w/ Dr. Smith")).containsExactly("check", "up", "with", "doctor", "smith");
    assertThat(medical.words(" the ")).isEmpty();
    assertThat(medical.steps()).isEqualTo(Analyzer.STANDARD.steps());
  }

  @Test
  void anAbbreviationMayExpandToSeveralWordsAndToItself() {
    Analyzer a = Analyzer.STANDARD.extend("x", Map.of("nyc", "New York City", "ok", "OK"), Set.of());
    assertThat(a.normalize("NYC trip ok")).isEqualTo("new york city trip ok");
  }

  @Test
  void rejectsAnExpansionThatContainsAnAbbreviation() {
    assertThatThrownBy(() -> Analyzer.STANDARD.extend("x", Map.of("doc", "Dr.", "dr", "doctor"), Set.of()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("analyzer 'x': expansion of 'doc' ('dr') contains the abbreviation 'dr'; normalisation would not"
            + " be idempotent");
  }

  @Test
  void rejectsAnExpansionThatContainsTheAbbreviationItself() {
    assertThatThrownBy(() -> Analyzer.STANDARD.extend("x", Map.of("st", "st street"), Set.of()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("analyzer 'x': expansion of 'st' contains the word itself; normalisation would not be idempotent");
  }

  @Test
  void rejectsAnExpansionThatContainsAStopWord() {
    assertThatThrownBy(() -> Analyzer.STANDARD.extend("x", Map.of("w/", "with"), Set.of("With")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("analyzer 'x': expansion 'with' contains the stop word 'with'");
  }

  @Test
  void rejectsAnAbbreviationThatIsNotOneWord() {
    assertThatThrownBy(() -> Analyzer.STANDARD.extend("x", Map.of("dr smith", "doctor"), Set.of()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("analyzer 'x': abbreviation 'dr smith' must be a single word after normalisation");
    assertThatThrownBy(() -> Analyzer.STANDARD.extend("x", Map.of("...", "dots"), Set.of()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("analyzer 'x': abbreviation '' must be a single word after normalisation");
  }

  @Test
  void rejectsAbbreviationsThatNormaliseAlikeButExpandDifferently() {
    // Without this check the winner would depend on Map.of's iteration order, which changes from run to run.
    assertThatThrownBy(() -> Analyzer.STANDARD.extend("x", Map.of("Dr.", "doctor", "dr", "drive"), Set.of()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("analyzer 'x': abbreviations 'Dr.' and 'dr' both normalise to 'dr' but expand differently");
    // The same expansion is fine.
    assertThat(Analyzer.STANDARD.extend("x", Map.of("Dr.", "doctor", "dr", "Doctor"), Set.of()).abbreviations())
        .containsExactlyEntriesOf(Map.of("dr", "doctor"));
  }

  @Test
  void rejectsAnUnknownStep() {
    assertThatThrownBy(() -> new Analyzer("x", List.of("nfkc", "stem"), Map.of(), Set.of()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("analyzer 'x': unknown step 'stem'; known steps: [nfkc, lowercase, fold_accents, punctuation,"
            + " whitespace, join_compounds]");
  }

  @Test
  void isImmutable() {
    List<String> steps = new java.util.ArrayList<>(List.of("lowercase"));
    Analyzer a = new Analyzer("x", steps, Map.of("dr", "doctor"), Set.of("the"));
    steps.add("punctuation");
    assertThat(a.steps()).containsExactly("lowercase");
    assertThatThrownBy(() -> a.steps().add("nfkc")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> a.abbreviations().clear()).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> a.stopwords().clear()).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void builtInsAreKnownByName() {
    assertThat(Analyzer.BUILT_IN).containsOnlyKeys("none", "trim", "casefold", "standard", "compound");
    assertThat(Analyzer.BUILT_IN.get("standard")).isSameAs(Analyzer.STANDARD);
  }

  @Test
  void chainsWithAndThen() {
    Normalizer upperThenTrim = ((Normalizer) s -> s.toUpperCase(java.util.Locale.ROOT)).andThen(Analyzer.TRIM);
    assertThat(upperThenTrim.normalize("  ab  c ")).isEqualTo("AB C");
  }
}
