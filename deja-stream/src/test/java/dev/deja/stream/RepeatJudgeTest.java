package dev.deja.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.measure.SequenceMeasure;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Known pairs: repeats the judge catches, look-alikes it keeps, and why. */
class RepeatJudgeTest {
  private final RepeatJudge judge = new RepeatJudge(StreamOptions.defaults());

  @Test
  void theDesignsMotivatingExampleFailsDifflibAndIsCaught() {
    String a = "Okay, I found five Italian restaurants in South Philadelphia";
    String b = "Here are five Italian restaurants in South Philly";
    assertThat(SequenceMeasure.INSTANCE.similarity(a, b)).isLessThan(0.85);
    PairScore s = judge.score(b, a);
    assertThat(s.isDuplicate()).as(s.toString()).isTrue();
    assertThat(s.layer()).isEqualTo("paraphrase");
  }

  @ParameterizedTest(name = "repeat: {0}")
  @CsvSource(delimiter = '|', value = {
      "Here are three Vietnamese places in Fishtown with late Friday hours.|"
          + "I found three Vietnamese restaurants in Fishtown that are open late on Fridays.",
      "The antibiotic drops are needed for one week after the surgery.|"
          + "Use the antibiotic drops for 7 days after surgery.",
      "You'll save roughly 20% if you buy online a week or more in advance.|"
          + "Buying online at least a week ahead saves about 20%.",
      "Kids' lessons run from 9:30 to 3:00 and include lunch.|"
          + "Lessons for kids start at 9:30 and last until 3:00, lunch included.",
      "the pool opens at seven!|The pool opens at seven.",
      // A slot filled with a synonym or the same number in words is the same sentence, not another item.
      "Keep the burn under cool running water for 20 minutes.|Hold the burn under cool running water for 20 minutes.",
      "Wait seven days before you water it again.|Wait 7 days before you water it again."})
  void repeats(String later, String earlier) {
    PairScore s = judge.score(later, earlier);
    assertThat(s.isDuplicate()).as(s.toString()).isTrue();
  }

  @ParameterizedTest(name = "kept: {0} ({2})")
  @CsvSource(delimiter = '|', value = {
      "Antibiotic drops: 1 drop in the left eye at 2 pm.|Antibiotic drops: 1 drop in the left eye at 8 am.|numbers",
      // The normalised text drops currency symbols: the same amount in another currency is another amount.
      "The basic plan costs $50 a month.|The basic plan costs £50 a month.|numbers",
      "The swimming pool is not open on Easter Monday.|The swimming pool is open on Easter Monday.|negation",
      "The Eastside Branch is open Monday to Thursday from 9 am to 8 pm.|"
          + "The Central Library is open Monday to Thursday from 9 am to 8 pm.|names",
      "On Tuesday, Seattle will see steady rain all day.|On Monday, Seattle will see steady rain all day.|contrasts",
      "She also has piano lessons after school on weekdays.|He also has piano lessons after school on weekdays.|person",
      "Maya really likes the green apples from the market.|Maya really likes the green pears from the market.|"
          + "substitution",
      "Dinner at our place on Friday, March 20, with the whole family?|"
          + "Dinner at our place on March 20, with the whole family?|extension",
      "Paint the fence in the back garden dark blue this weekend.|"
          + "Paint the fence in the back garden dark red this weekend.|contrasts",
      "To drop the changes completely, run git reset --hard HEAD~1.|"
          + "To drop the changes completely, run git reset --soft HEAD~1.|names",
      // One template, two slots filled with other places.
      "In the morning, walk to the castle and then have lunch near the harbour.|"
          + "In the morning, walk to the museum and then have lunch near the old town.|substitution"})
  void lookAlikesAreKept(String later, String earlier, String guard) {
    PairScore s = judge.score(later, earlier);
    assertThat(s.isDuplicate()).as(s.toString()).isFalse();
    assertThat(s.conflict()).as(s.toString()).hasValueSatisfying(c -> assertThat(c).startsWith(guard));
  }

  @ParameterizedTest(name = "vetoed: {0} ({2})")
  @CsvSource(delimiter = '|', value = {
      "In short, the museum is closed to visitors on Sundays.|The museum is open to visitors on Mondays.|contrasts",
      "The ferry leaves the harbour at dawn in winter.|The ferry leaves the harbour at dawn in summer.|contrasts",
      "To sum up, she walks the dog before breakfast.|He walks the dog before breakfast.|person",
      // Issue 16: steps that share a template but differ in an item are kept.
      "Water the monstera every 7 days in summer.|Water the basil every 7 days in summer.|substitution",
      "Add 200 grams of yoghurt and stir well.|Add 200 grams of flour and stir well.|substitution",
      // The same words in the other direction, and the same sentence negated, say something else.
      "Take the 9:10 from Lyon to Paris on the way back.|Take the 9:10 from Paris to Lyon on the way out.|order",
      "Download the file from the shared drive on your laptop.|Upload the file to the shared drive.|order",
      "You cannot cancel the subscription online at any time.|You can cancel the subscription at any time online.|"
          + "negation: the same sentence"})
  void aContrastAnotherPersonOrAnotherItemVetoesARestatementTheModelWouldCall(String later, String earlier,
      String guard) {
    UnitFeatures l = new UnitFeatures(Unit.sentence(later));
    UnitFeatures e = new UnitFeatures(Unit.sentence(earlier));
    PairScore layers = judge.layers(l, e, RepeatJudge.Relation.FULL, false);
    RestatementModel.Verdict v = judge.restatement(l, e, layers.paraphrase(), WindowContext.of(e));
    // Without the veto the model's features alone would call it a restatement.
    assertThat(RestatementModel.probability(v.features()))
        .isGreaterThanOrEqualTo(StreamOptions.defaults().paraphraseThreshold());
    assertThat(v.vetoed()).isTrue();
    assertThat(v.probability()).isZero();
    assertThat(v.explain()).startsWith("restatement vetoed: " + guard);
    PairScore s = judge.score(later, earlier);
    assertThat(s.isDuplicate()).as(s.toString()).isFalse();
  }

  @Test
  void theIssuesTemplatedStepIsKept() {
    PairScore s = judge.score("Plant pepper seedlings outdoors in late May.",
        "Plant tomato seedlings outdoors in mid-May.");
    assertThat(s.isDuplicate()).as(s.toString()).isFalse();
    assertThat(s.conflict()).hasValue("substitution: [tomato] → [pepper], [mid] → [late]");
  }

  @Test
  void aRephrasedSentenceIsNoFilledTemplate() {
    // Function words change around the replaced words, or a word moves: a rewording, which the model judges.
    assertThat(judge.score("My advice is the Friday slot, because Ines is away on Monday.",
        "I'd suggest Friday, since Ines is travelling on Monday.").conflict())
        .isEmpty();
    assertThat(judge.score("So that's a quick three-person curry, ready in roughly 30 minutes.",
        "Here's an easy curry for three people that takes about 30 minutes.").conflict())
        .isEmpty();
  }

  @Test
  void siblingListItemsAreComparedVerbatimOnly() {
    Unit a = new Unit("1. Dinner at our place on March 20?", UnitKind.LIST_ITEM, 0, 0, 1, false, 0);
    Unit b = new Unit("2. Dinner at our place on Friday, March 20?", UnitKind.LIST_ITEM, 1, 40, 1, false, 0);
    Unit c = new Unit("3. Dinner at our place on March 20?", UnitKind.LIST_ITEM, 2, 80, 1, false, 0);
    assertThat(RepeatJudge.relation(b, a)).isEqualTo(RepeatJudge.Relation.VERBATIM);
    assertThat(inStream(b, a).isDuplicate()).isFalse();
    assertThat(inStream(c, a).layer()).isEqualTo("exact");
  }

  private PairScore inStream(Unit later, Unit earlier) {
    UnitFeatures e = new UnitFeatures(earlier);
    return judge.score(new UnitFeatures(later), e, RepeatJudge.relation(later, earlier), false, WindowContext.of(e));
  }

  @Test
  void aDurationSaidAnotherWayIsNotANewNumber() {
    assertThat(conflicts("Book it about four weeks ahead of the trip.", "Book it a month ahead of the trip."))
        .doesNotContain("numbers");
    assertThat(conflicts("Leave it unplugged for half a minute.", "Leave it unplugged for 30 seconds."))
        .doesNotContain("numbers");
    assertThat(conflicts("See the nurse 8 weeks before you leave.", "See the nurse two months before you leave."))
        .doesNotContain("numbers");
    assertThat(conflicts("Book it about ten weeks ahead of the trip.", "Book it a month ahead of the trip."))
        .contains("numbers");
    assertThat(conflicts("Leave it unplugged for 30 minutes.", "Leave it unplugged for 30 seconds."))
        .contains("numbers");
  }

  private java.util.Set<String> conflicts(String later, String earlier) {
    return judge.conflicts(new UnitFeatures(Unit.sentence(later)), new UnitFeatures(Unit.sentence(earlier)));
  }

  @Test
  void labelledRowsWithDifferentLabelsAreComparedVerbatimOnly() {
    List<Unit> u = UnitSplitter.split("Wednesday: Ben has football at 16:30.\nThursday: Ben has football at 16:30.\n"
        + "Note: Ben has football at 16:30 on Thursday.\nNote: Ben has football on Thursday at 16:30.");
    assertThat(RepeatJudge.relation(u.get(1), u.get(0))).isEqualTo(RepeatJudge.Relation.VERBATIM);
    assertThat(inStream(u.get(1), u.get(0)).isDuplicate()).isFalse();
    assertThat(RepeatJudge.relation(u.get(2), u.get(1))).isEqualTo(RepeatJudge.Relation.VERBATIM);
    assertThat(RepeatJudge.relation(u.get(3), u.get(2))).isEqualTo(RepeatJudge.Relation.FULL);
    assertThat(RepeatJudge.label("Tuesday 08:00: breakfast")).isEqualTo("Tuesday 08:00");
    assertThat(RepeatJudge.label("Remember, the key: under the mat")).isEmpty();
  }

  @Test
  void sectionsUnderParallelHeadingsAreAlternativesNotRepeats() {
    List<Unit> u = UnitSplitter.split("Version 1 (formal):\nI am out of the office until Monday 2 June.\n"
        + "Version 2 (friendly):\nI'm away until Monday 2 June.\n## Summary\nYou are away until Monday 2 June.");
    assertThat(RepeatJudge.relation(u.get(3), u.get(1))).isEqualTo(RepeatJudge.Relation.VERBATIM);
    assertThat(RepeatJudge.relation(u.get(5), u.get(3))).isEqualTo(RepeatJudge.Relation.FULL);
    assertThat(RepeatJudge.parallel("Day 1", "Day 2")).isTrue();
    assertThat(RepeatJudge.parallel("Overview", "Summary")).isFalse();
  }

  @Test
  void codeAndTablesAreNeverCompared() {
    Unit code = new Unit("x = 1\n", UnitKind.CODE, 0, 0, 0, false, 0);
    Unit row = new Unit("| a | b |", UnitKind.TABLE_ROW, 1, 0, 0, false, 0);
    assertThat(RepeatJudge.relation(code, code)).isEqualTo(RepeatJudge.Relation.NONE);
    assertThat(RepeatJudge.relation(row, row)).isEqualTo(RepeatJudge.Relation.NONE);
  }
}
