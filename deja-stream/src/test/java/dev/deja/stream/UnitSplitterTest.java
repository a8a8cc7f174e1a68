package dev.deja.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** How text is cut into units: sentences, list lines, headings, tables, code; independent of chunking. */
class UnitSplitterTest {

  private static List<String> texts(String s) {
    return UnitSplitter.split(s).stream().map(Unit::text).toList();
  }

  private static List<UnitKind> kinds(String s) {
    return UnitSplitter.split(s).stream().map(Unit::kind).toList();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "One. Two! Three? Four|One.;Two!;Three?;Four",
      "Dear Ms. Alvarez, thanks. Bye now.|Dear Ms. Alvarez, thanks.;Bye now.",
      "It weighs 2.2 kg. The other 2.1 kg.|It weighs 2.2 kg.;The other 2.1 kg.",
      "High of 9°C. Low of 2°C.|High of 9°C.;Low of 2°C.",
      "He said \"stop.\" Then left.|He said \"stop.\";Then left.",
      "Wait... what? Yes.|Wait...;what?;Yes.",
      "Call J. Smith today. Thanks.|Call J. Smith today.;Thanks.",
      "Ask J. A. Smith. Thanks.|Ask J. A. Smith.;Thanks.",
      "Look in column B. If it is empty, stop.|Look in column B.;If it is empty, stop.",
      "It is cheaper with Loan A. Loan B has no fee.|It is cheaper with Loan A.;Loan B has no fee.",
      "Meet us in Arrivals Hall B. Bring your licence.|Meet us in Arrivals Hall B.;Bring your licence.",
      "Go to Terminal C. Check the board.|Go to Terminal C.;Check the board.",
      "The grant went to J. Grant last year.|The grant went to J. Grant last year.",
      "Ask M. Walker about it.|Ask M. Walker about it.",
      "Take vitamin C. The rest can wait.|Take vitamin C.;The rest can wait.",
      "Use e.g. flour. Done.|Use e.g. flour.;Done.",
      "Costs $189. A child pays $139.|Costs $189.;A child pays $139.",
      "今日は晴れ。明日は雨。|今日は晴れ。;明日は雨。"})
  void sentences(String text, String expected) {
    assertThat(texts(text)).containsExactly(expected.split(";"));
  }

  @Test
  void linesListsHeadingsTablesRulesAndCode() {
    String text = "## Plan\nIntro line:\n1. First step.\n2) Second step\n- bullet one\n* bullet two\n\n"
        + "| a | b |\n|---|---|\n---\n```js\nlet x = 1.  y\n\n```\nAfter code. Done";
    assertThat(texts(text)).containsExactly("## Plan", "Intro line:", "1. First step.", "2) Second step",
        "- bullet one", "* bullet two", "| a | b |", "|---|---|", "---", "```js\n", "let x = 1.  y\n", "\n",
        "```\n", "After code.", "Done");
    // "Intro line:" is a label line (at most four words ending with a colon): a heading.
    assertThat(kinds(text)).containsExactly(UnitKind.HEADING, UnitKind.HEADING, UnitKind.LIST_ITEM,
        UnitKind.LIST_ITEM, UnitKind.LIST_ITEM, UnitKind.LIST_ITEM, UnitKind.TABLE_ROW, UnitKind.TABLE_ROW,
        UnitKind.RULE, UnitKind.CODE, UnitKind.CODE, UnitKind.CODE, UnitKind.CODE, UnitKind.SENTENCE,
        UnitKind.SENTENCE);
  }

  @Test
  void numbersAtTheStartOfProseAreNotListMarkers() {
    assertThat(kinds("2.2 kg is the weight.\n2024 was busy.\n10:00 start.")).containsOnly(UnitKind.SENTENCE);
  }

  @Test
  void listsAreNumberedByContinuityAndNestedItemsGetTheirOwnList() {
    List<Unit> u = UnitSplitter.split("1. a item\n2. b item\n\n3. c item\nProse.\n1. new list\n- bullet\n"
        + "  - nested one\n  - nested two\n- bullet two");
    assertThat(u.get(0).listId()).isEqualTo(u.get(1).listId()).isEqualTo(u.get(2).listId());
    assertThat(u.get(4).listId()).isNotEqualTo(u.get(0).listId());
    assertThat(u.get(5).listId()).isNotEqualTo(u.get(4).listId());
    assertThat(u.get(6).nested()).isTrue();
    assertThat(u.get(6).listId()).isEqualTo(u.get(7).listId()).isNotEqualTo(u.get(5).listId());
    assertThat(u.get(8).listId()).isEqualTo(u.get(5).listId());
  }

  @Test
  void headingsStartSections() {
    List<Unit> u = UnitSplitter.split("Intro.\n# One\n- x item\n# Two\n- x item");
    assertThat(u.stream().map(Unit::section).toList()).containsExactly(0, 1, 1, 2, 2);
  }

  @Test
  void labelLinesAreHeadingsAndUnitsKnowTheirHeading() {
    List<Unit> u = UnitSplitter.split("Two drafts.\nVersion 1 (formal):\nThank you.\n## Version 2\nThanks!\n"
        + "Here are the three things you will need for it:\nA pan.");
    assertThat(u.stream().map(Unit::kind).toList()).containsExactly(UnitKind.SENTENCE, UnitKind.HEADING,
        UnitKind.SENTENCE, UnitKind.HEADING, UnitKind.SENTENCE, UnitKind.SENTENCE, UnitKind.SENTENCE);
    assertThat(u.stream().map(Unit::heading).toList()).containsExactly("", "Version 1 (formal):",
        "Version 1 (formal):", "Version 2", "Version 2", "Version 2", "Version 2");
  }

  @Test
  void aLineWithoutEndIsCutAfterTheLimit() {
    String longLine = "word ".repeat(100).strip();
    UnitSplitter s = new UnitSplitter(80);
    s.append(longLine);
    Optional<UnitSplitter.Cut> c = s.poll();
    assertThat(c).isPresent();
    assertThat(c.get().unit().text().length()).isBetween(80, 90);
  }

  @Test
  void everySplitPointGivesTheSameUnitsAndSeparators() {
    String text = "  Dear Ms. Alvarez,\nThank you. We found it.\n\n1. Pho – 11pm\n2. Banh Mi\n```\ncode. x\n```\n"
        + "| t |\nDone! Really? Ask J. Smith in column B. If not, Plan B.\nOptions:\n- one  ";
    List<String> whole = cuts(List.of(text));
    for (int i = 0; i <= text.length(); i++) {
      for (int j = i; j <= text.length(); j += 7) {
        assertThat(cuts(List.of(text.substring(0, i), text.substring(i, j), text.substring(j))))
            .as("split at %d and %d", i, j).isEqualTo(whole);
      }
    }
  }

  private static List<String> cuts(List<String> chunks) {
    UnitSplitter s = new UnitSplitter();
    List<String> out = new ArrayList<>();
    for (String c : chunks) {
      s.append(c);
      for (Optional<UnitSplitter.Cut> x = s.poll(); x.isPresent(); x = s.poll()) {
        out.add("[" + x.get().separator() + "]" + x.get().unit().text() + "/" + x.get().unit().kind() + "@"
            + x.get().unit().offset());
      }
    }
    for (Optional<UnitSplitter.Cut> x = s.pollFinal(); x.isPresent(); x = s.pollFinal()) {
      out.add("[" + x.get().separator() + "]" + x.get().unit().text() + "/" + x.get().unit().kind() + "@"
          + x.get().unit().offset());
    }
    out.add("[" + s.pending() + "]");
    return out;
  }
}
