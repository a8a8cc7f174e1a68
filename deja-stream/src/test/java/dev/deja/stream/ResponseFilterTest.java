package dev.deja.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.stream.eval.LabelledStream;
import dev.deja.stream.eval.StreamEvaluation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The filter's output: byte for byte the input minus the repeats, with the right white space around them. */
class ResponseFilterTest {
  private final StreamDeduplicator dedup = StreamDeduplicator.withDefaults();

  private String run(String text) {
    List<String> chunks = new ArrayList<>();
    for (int i = 0; i < text.length(); i += 3) {
      chunks.add(text.substring(i, Math.min(text.length(), i + 3)));
    }
    return dedup.dedupe(chunks);
  }

  /** Which separator goes with a removed unit: "\\n" in the table stands for a line break. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "The pool opens at seven. The pool opens at seven. Bring towels.|The pool opens at seven. Bring towels.",
      "Bring two towels.\\n\\nBring two towels. Lunch is at noon.|Bring two towels.\\n\\nLunch is at noon.",
      "- Two beach towels\\n- Water bottles\\n- Two beach towels\\n- Snacks and drinks|"
          + "- Two beach towels\\n- Water bottles\\n- Snacks and drinks",
      "Intro sentence here.\\n\\nIntro sentence here. Second sentence here.|"
          + "Intro sentence here.\\n\\nSecond sentence here.",
      "We will return the book on Monday. We will return the book on Monday.\\nKind regards,|"
          + "We will return the book on Monday.\\nKind regards,",
      "Lessons start at 9:30.\\n\\nLessons start at 9:30.|Lessons start at 9:30.",
      "Lessons start at 9:30.\\n\\nLessons start at 9:30.\\n|Lessons start at 9:30.\\n",
      "  Leading space kept. Leading space kept.  |  Leading space kept.  "})
  void separators(String input, String expected) {
    assertThat(run(input.replace("\\n", "\n"))).isEqualTo(expected.replace("\\n", "\n"));
  }

  /**
   * A closing summary: the sentences after one that opens with a summary marker restate without a marker of their own
   * (the restatement model's {@code summary} feature). The paragraph ends at a line break.
   */
  @Test
  void aSentenceInAClosingSummaryIsWeighedAsPartOfIt() {
    String facts = "The museum opens at 9 am and closes at 6 pm. Tickets cost 12 euros for adults.\n\n";
    String loose = "Grown-ups pay twelve euros to get in.";
    String opener = "So here is the short version for your visit.";
    assertThat(run(facts + opener + " " + loose + "\n")).isEqualTo(facts + opener + "\n");
    String plain = facts + "Here is the short version for your visit. " + loose + "\n";
    assertThat(run(plain)).as("without the marker the same sentence is new enough").isEqualTo(plain);
    String nextParagraph = facts + opener + "\n\n" + loose + "\n";
    assertThat(run(nextParagraph)).as("a line break ends the summary").isEqualTo(nextParagraph);
  }

  @Test
  void nothingRepeatedMeansNothingChanged() {
    String text = "# Trip\n\nHere is the plan for **Saturday**.\n\n| time | what |\n|---|---|\n| 9:00 | hike |\n"
        + "\n1. Pack the car.\n2. Drive to Stowe.\n   - stop for coffee\n\n```bash\necho hi\necho hi\n```\n"
        + "Enjoy!  \n\n";
    assertThat(run(text)).isEqualTo(text);
  }

  @Test
  void codeBlocksAndTablesAreNeverDeduplicated() {
    String text = "Run this command now:\n```\nnpm install --save-dev\nnpm install --save-dev\n```\n"
        + "| Monday | rest day |\n| Tuesday | rest day |\n| Monday | rest day |\n```\nnpm install --save-dev\n```";
    assertThat(run(text)).isEqualTo(text);
  }

  @Test
  void emptyChunksAreSkipped() {
    String text = "The van is booked. The van is booked. Bye for now.";
    List<String> chunks = new ArrayList<>();
    for (char c : text.toCharArray()) {
      chunks.add("");
      chunks.add(String.valueOf(c));
      chunks.add("");
    }
    assertThat(dedup.dedupe(chunks)).isEqualTo(run(text)).isEqualTo("The van is booked. Bye for now.");
  }

  @Test
  void unitsAreEmittedAsSoonAsTheyCompleteAndOnlyTheTailIsHeld() {
    ResponseFilter f = dedup.open("s");
    assertThat(f.accept("The first sen")).isEmpty();
    assertThat(f.heldBack()).isEqualTo("The first sen".length());
    assertThat(f.accept("tence is here. The sec")).isEqualTo("The first sentence is here.");
    assertThat(f.accept("ond one")).isEmpty();
    assertThat(f.finish()).isEqualTo(" The second one");
    assertThat(f.finish()).isEmpty();
  }

  @Test
  void devStreamsThatAreRightAreByteExactWithTheSeparatorRule() {
    for (LabelledStream s : DevStreams.all()) {
      String out = dedup.dedupe(s.chunks());
      StreamEvaluation.StreamOutcome o = StreamEvaluation.score(s, out);
      if (!o.exact()) {
        continue;
      }
      // Every character of the output is the input's, in order: removing whole units and separators only.
      assertThat(isSubsequence(out, s.text())).as(s.id()).isTrue();
      assertThat(out.strip()).as(s.id()).startsWith(s.keep().get(0)).endsWith(s.keep().get(s.keep().size() - 1));
      // No unit boundary glued two units together: each keep is followed by white space or the end.
      for (String k : s.keep()) {
        int at = out.indexOf(k);
        assertThat(at).as(s.id() + ": " + k).isGreaterThanOrEqualTo(0);
        int end = at + k.length();
        assertThat(end == out.length() || Character.isWhitespace(out.charAt(end))).as(s.id() + ": " + k).isTrue();
      }
    }
  }

  @Test
  void aRemovedFirstSentenceOfAParagraphKeepsTheParagraphBreak() {
    LabelledStream s01 = DevStreams.all().get(0);
    assertThat(dedup.dedupe(s01.chunks())).endsWith("cards accepted\n\nLittle Hanoi is the only one with outdoor "
        + "seating.");
  }

  private static boolean isSubsequence(String sub, String full) {
    int j = 0;
    for (int i = 0; i < full.length() && j < sub.length(); i++) {
      if (full.charAt(i) == sub.charAt(j)) {
        j++;
      }
    }
    return j == sub.length();
  }
}
