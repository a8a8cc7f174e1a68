package dev.deja.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The paraphrase layer's evidence, rule by rule, and what it decides in a stream. */
class RestatementModelTest {
  private final StreamDeduplicator dedup = StreamDeduplicator.withDefaults();

  private static UnitFeatures f(String text) {
    return new UnitFeatures(Unit.sentence(text));
  }

  @ParameterizedTest(name = "{0} → restate {1}, remind {2}")
  @CsvSource(delimiter = '|', value = {
      "In other words, the rent is due on the first.|1.0|0.0",
      "To recap: oats, milk and yoghurt go in a jar.|1.0|0.0",
      "So the train leaves at nine.|1.0|0.0",
      "Dicho de otro modo, los intereses también producen intereses.|1.0|0.0",
      "Kijk dus eerst of het lampje groen is.|0.5|0.0",
      "Seit verwendest du also immer bei Zeitangaben.|0.5|0.0",
      "You can also pay by card.|0.0|0.0",
      "Also, bring a towel.|0.0|0.0",
      "Remember to bring a towel.|0.0|1.0",
      "Don't forget the two passport photos.|0.0|1.0",
      "Lembre-se de comprar os bilhetes antes.|0.0|1.0",
      "Sofar the weather has been fine.|0.0|0.0"})
  void cues(String text, double restate, double remind) {
    assertThat(f(text).restateCue()).isEqualTo(restate);
    assertThat(f(text).remindCue()).isEqualTo(remind);
  }

  @ParameterizedTest(name = "{0} / {1}")
  @CsvSource(delimiter = '|', value = {
      "Keep the changes unstaged.|Keep the changes staged.|true",
      "That step is unnecessary.|That step is necessary.|true",
      "I dislike the blue one.|I like the blue one.|true",
      "Please inform the team.|Please fill in the form.|false",
      "Unless it rains, we go.|Less is more.|false"})
  void negativePrefixes(String a, String b, boolean negated) {
    assertThat(UnitFeatures.negatedForm(f(a), f(b)).isPresent()).isEqualTo(negated);
  }

  @ParameterizedTest(name = "{0}: {1} negation(s)")
  @CsvSource(delimiter = '|', value = {
      "Don't forget the two passport photos.|0",
      "Tell us no later than Thursday.|0",
      "Spend no more than £20 on it.|0",
      "Don't close the tab.|1",
      "There is no fee.|1"})
  void idiomsThatAreNotNegation(String text, int negations) {
    assertThat(f(text).negations()).isEqualTo(negations);
  }

  @Test
  void durationsAreReadAsOneAmount() {
    assertThat(f("Marinate for half an hour.").tokens).containsKeys("#30", "minute");
    assertThat(f("Wait half a minute.").tokens.keySet())
        .containsAll(f("Wait 30 seconds.").tokens.keySet());
    assertThat(f("for the next two weeks").contrasts()).doesNotContainKey("frequency");
    assertThat(f("Water it daily.").contrasts()).containsKey("frequency");
  }

  @Test
  void theWindowKnowsWhatWasSaidAndForgets() {
    UnitFeatures a = f("Cool the burn under running water for 20 minutes.");
    UnitFeatures later = f("Keep it under cool running water for the full 20 minutes.");
    WindowContext w = WindowContext.of(a);
    assertThat(w.coverage(later)).isBetween(0.5, 1.0);
    assertThat(w.hasNewNumber(later)).isFalse();
    assertThat(w.hasNewNumber(f("Then wait 10 minutes."))).isTrue();
    w.remove(a);
    assertThat(w.coverage(later)).isZero();
    assertThat(w.hasNewNumber(later)).isTrue();
  }

  @Test
  void theProbabilityGrowsWithEachPieceOfEvidence() {
    double[] x = new double[RestatementModel.FEATURES.size()];
    x[0] = 0.5;
    double base = RestatementModel.probability(x);
    x[1] = 1;
    double cued = RestatementModel.probability(x);
    x[RestatementModel.FEATURES.indexOf("names")] = 1;
    double named = RestatementModel.probability(x);
    assertThat(cued).isGreaterThan(base);
    assertThat(named).isLessThan(cued);
    assertThat(List.of(base, cued, named)).allSatisfy(p -> assertThat(p).isBetween(0.0, 1.0));
  }

  @Test
  void aRestatementIsRemovedAndSaysWhy() {
    List<ResponseFilter.Decision> d = decisions("Cool the burn under cool running water for 20 minutes. "
        + "Then cover it loosely with cling film. Remember to keep it under cool running water for the full 20 "
        + "minutes.");
    ResponseFilter.Decision last = d.get(2);
    assertThat(last.kept()).isFalse();
    PairScore s = last.repeats().orElseThrow().score();
    assertThat(s.layer()).isEqualTo("paraphrase");
    assertThat(s.restatement()).isGreaterThanOrEqualTo(dedup.options().paraphraseThreshold());
    assertThat(s.explain()).contains("paraphrase", "restatement", "remind", "dice");
  }

  @Test
  void templatedLinesAndNewAdviceAreKept() {
    assertThat(decisions("Monday: Zoe has ballet at 16:00.\nTuesday: Zoe has ballet at 17:00.\n"
        + "Wednesday: Ben has football at 16:30.\nThursday: Ben has football at 16:30."))
        .allSatisfy(x -> assertThat(x.kept()).as(x.unit().text()).isTrue());
    assertThat(decisions("Stir the risotto every minute. This mushroom risotto serves four. "
        + "Remember to let the risotto rest for two minutes before serving."))
        .allSatisfy(x -> assertThat(x.kept()).as(x.unit().text()).isTrue());
  }

  private List<ResponseFilter.Decision> decisions(String text) {
    ResponseFilter r = dedup.open("t");
    r.accept(text);
    r.finish();
    return r.decisions();
  }

  @Test
  void aSummaryOpensAtAMarkedSentenceAndEndsAtTheLineBreak() {
    WindowContext c = new WindowContext();
    c.enter("");
    assertThat(c.inSummary()).isFalse();
    c.judged(f("The Railjet takes 2 hours 40 minutes."));
    assertThat(c.inSummary()).as("no marker").isFalse();
    c.enter(" ");
    c.judged(f("So the Railjet is your best option."));
    assertThat(c.inSummary()).isTrue();
    c.enter(" ");
    c.judged(f("Booking early gets you fares from 19 euros."));
    assertThat(c.inSummary()).as("until the paragraph ends").isTrue();
    c.enter("\n\n");
    assertThat(c.inSummary()).isFalse();
    c.judged(new UnitFeatures(new Unit("- So the list item is one", UnitKind.LIST_ITEM, 0, 0, 1, false, 0)));
    assertThat(c.inSummary()).as("a list item opens none").isFalse();
    c.judged(f("So it is a conclusion."));
    c.enter("\n");
    assertThat(c.inSummary()).as("a single line break ends it too").isFalse();
    double[] x = RestatementModel.features(f("Booking early gets you fares from 19 euros."), 0.3, c,
        java.util.Set.of());
    assertThat(x[RestatementModel.FEATURES.indexOf("summary")]).isZero();
  }
}
