package dev.deja.core.normalize;

import static org.assertj.core.api.Assertions.assertThat;

import java.text.Normalizer;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Known values of each step. Inputs and outputs are written with Java escapes where the characters are invisible. */
class TextStepsTest {

  @ParameterizedTest(name = "[{index}] {0} -> {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
      # ligatures, full-width forms, circled and squared characters become plain ones
      \uFB01le          | file
      \uFB00            | ff
      ＤＥＪＡ１２３    | DEJA123
      \u2460            | 1
      \u216B            | XII
      \u3381            | nA
      \u210C            | H
      # no-break space becomes a space; e + combining acute is composed
      'a\u00A0b'        | 'a b'
      'e\u0301'         | \u00E9
      Café              | Café
      """)
  void nfkc(String input, String expected) {
    assertThat(TextSteps.nfkc(input)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "[{index}] {0} -> {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
      # locale-independent: I is always i, never the Turkish dotless ı
      ISTANBUL          | istanbul
      # Turkish dotted capital İ becomes i + combining dot above (U+0307), as Unicode says
      \u0130stanbul     | i\u0307stanbul
      Straße            | straße
      ÉCOLE             | école
      # Greek capital sigma becomes final ς at the end of a word, σ elsewhere
      ΟΔΟΣ              | οδος
      ΣΟΦΙΑ             | σοφια
      # no lowercase: left alone (nfkc turns it into H first in every built-in analyzer)
      \u210C            | \u210C
      # İ + ogonek: lower-casing gives i + U+0307 + U+0328, which is re-composed to į + U+0307
      \u0130\u0328      | \u012F\u0307
      """)
  void lowercase(String input, String expected) {
    assertThat(TextSteps.lowercase(input)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "[{index}] {0} -> {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
      Crème Brûlée      | Creme Brulee
      São Paulo         | Sao Paulo
      Ångström          | Angstrom
      # letters without a decomposition fold to ASCII look-alikes and keep their case
      Øresund           | Oresund
      København         | Kobenhavn
      Łódź              | Lodz
      straße            | strasse
      STRA\u1E9EE       | STRASSE
      Æsir              | AEsir
      œuvre             | oeuvre
      Þór               | THor
      # dotless ı and i + combining dot above both become i
      \u0131            | i
      i\u0307stanbul    | istanbul
      # combining marks are removed wherever they are
      'e\u0301\u0323'   | e
      # compatibility characters are nfkc's job
      \uFB01            | \uFB01
      """)
  void foldAccents(String input, String expected) {
    assertThat(TextSteps.foldAccents(input)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "[{index}] {0} -> {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
      # apostrophes (straight, curly, modifier letter, backtick, acute) are removed
      Maya's            | Mayas
      Maya\u2019s       | Mayas
      don\u02BCt        | dont
      rock`n`roll       | rocknroll
      # hyphens, dashes, slashes, brackets, symbols and emoji become spaces
      check-up          | check up
      e\u2013mail       | e mail
      a/b               | a b
      "(draft)"         | " draft "
      50%               | "50 "
      €5                | " 5"
      "Hi \u2728"       | "Hi  "
      "Hi \uD83D\uDC4B" | "Hi  "
      # letters, digits, marks and white space stay
      "Café 2\u0301 x"  | "Café 2\u0301 x"
      """)
  void punctuation(String input, String expected) {
    assertThat(TextSteps.punctuation(input)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "[{index}] {0} -> {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
      "  a \u00A0 b\u200B c\t"  | a b c
      "a\u2028b\u2029c"         | a b c
      "\u3000x\u3000"           | x
      # information separators and NEL are white space too (String.strip() removes them)
      "a\u001Cb\u0085c"         | a b c
      "\uFEFFa\u2007b"          | a b
      "\t\u000B\u000C"            | ""
      """)
  void whitespace(String input, String expected) {
    assertThat(TextSteps.whitespace(input)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "[{index}] {0} -> {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
      verificatie proces  | verificatieproces
      verificatie-proces  | verificatieproces
      "a/b c"             | abc
      e-mail 2.0          | email20
      """)
  void joinCompounds(String input, String expected) {
    assertThat(TextSteps.joinCompounds(input)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "signs of ''{0}'' = ''{1}''")
  @CsvSource(delimiter = '|', value = {
      "Sam owes me £50.|£",
      "I code in C++ and C#.|++#",
      "My blood type is O- and yours is B+.|-+",
      "It was -5 degrees, (−3) at noon.|-−",
      "We own 50% of it.|%",
      // Hyphens inside or between words and numbers, and dashes, are no signs.
      "A T-shirt for ages 3-5 – COVID-19 edition, pre- and post-op.|''",
      "Mark physio - knee|''"})
  void signsThatChangeWhatATextSays(String text, String signs) {
    assertThat(TextSteps.signs(text)).isEqualTo(signs);
  }

  /** The fast paths (plain ASCII, single-spaced text) give exactly what the general code gives. */
  @Test
  void fastPathsAgreeWithTheGeneralCode() {
    Pattern spaces = Pattern.compile("[\\s\\p{Z}\\u001C-\\u001F\\u0085\\u200B\\uFEFF]+");
    Pattern marks = Pattern.compile("\\p{M}+");
    String alphabet = "ab Z9.-'  \t\n\u000B\r\f\u001C\u001F\u007F\u0000\u00A0\u2003\u200B\uFEFFéüñøß\u0301"
        + "\u0085\u1680\u180E\u2007\u2028\u2029\u202F\u3000\u200C\uD83D\uDE00";
    SplittableRandom r = new SplittableRandom(11);
    for (int i = 0; i < 200_000; i++) {
      StringBuilder b = new StringBuilder();
      int n = r.nextInt(12);
      for (int k = 0; k < n; k++) {
        // Mostly printable ASCII and spaces, so that both paths are taken often.
        b.append(r.nextInt(4) == 0 ? alphabet.charAt(r.nextInt(alphabet.length())) : "abc xyz.Q"
            .charAt(r.nextInt(9)));
      }
      String s = b.toString();
      assertThat(TextSteps.whitespace(s)).as("whitespace of %s", s.codePoints().boxed().toList())
          .isEqualTo(spaces.matcher(s).replaceAll(" ").strip());
      if (s.chars().allMatch(c -> c < 0x80)) {
        String general = Normalizer.normalize(marks.matcher(Normalizer.normalize(s, Normalizer.Form.NFD))
            .replaceAll(""), Normalizer.Form.NFC);
        assertThat(TextSteps.foldAccents(s)).isEqualTo(general);
      }
    }
  }

  @Test
  void asciiShortcutsAgreeWithTheGeneralSteps() {
    // Every ASCII character alone, then random ASCII text (with control characters and runs of punctuation).
    for (char c = 0; c < 0x80; c++) {
      String s = "a" + c + "b";
      assertThat(TextSteps.punctuation(s)).as("U+%04X", (int) c).isEqualTo(TextSteps.punctuationByType(s));
      assertThat(TextSteps.nfkc(s)).as("U+%04X", (int) c).isEqualTo(Normalizer.normalize(s, Normalizer.Form.NFKC));
    }
    SplittableRandom r = new SplittableRandom(31);
    for (int i = 0; i < 20_000; i++) {
      StringBuilder sb = new StringBuilder();
      for (int n = r.nextInt(40); n > 0; n--) {
        sb.append(r.nextInt(4) == 0 ? (char) r.nextInt(0x80) : "ab Cd'.,-!?`\"#".charAt(r.nextInt(14)));
      }
      String s = sb.toString();
      assertThat(TextSteps.punctuation(s)).isEqualTo(TextSteps.punctuationByType(s));
      assertThat(TextSteps.nfkc(s)).isEqualTo(Normalizer.normalize(s, Normalizer.Form.NFKC));
      assertThat(TextSteps.lowercase(s))
          .isEqualTo(Normalizer.normalize(s.toLowerCase(java.util.Locale.ROOT), Normalizer.Form.NFC));
    }
  }
}
