package dev.deja.core.judge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.Match;
import dev.deja.core.engine.Outcome;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.engine.Verdict;
import dev.deja.core.explain.Explanation;
import dev.deja.core.item.Item;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.SpecReader;
import dev.deja.core.store.MemoryCollectionStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The judge step through the engine: which pairs are put to the judge, what its decision does, and what happens when
 * it cannot answer. Scores are difflib ratios of the standard-analysed texts (a fuzzy stage, threshold 0.75, band
 * [0.45, 0.85]) or a combined stage's sigmoid(10 · sequence − 5) (threshold 0.6):
 *
 * <table>
 *   <caption>Known scores against "I am allergic to sesame."</caption>
 *   <tr><th>new text</th><th>sequence</th><th>combined</th></tr>
 *   <tr><td>I have a sesame allergy.</td><td>0.5217 (in the band, NEW)</td><td>0.5541 (in the band, NEW)</td></tr>
 *   <tr><td>I am allergic to mustard.</td><td>0.7660 (in the band, DUPLICATE)</td><td>0.9346</td></tr>
 *   <tr><td>I am allergic to sesame seeds.</td><td>0.8846 (above the band)</td><td>0.9791</td></tr>
 *   <tr><td>My dog is called Biscuit.</td><td>0.3404 (below the band)</td><td>0.1686</td></tr>
 *   <tr><td>I am not allergic to sesame.</td><td>0.9200</td><td>0.9852, vetoed (negation)</td></tr>
 * </table>
 */
class JudgeStepTest {
  private static final String STORED = "I am allergic to sesame.";

  /** A clock the test moves. */
  static final class TestClock extends Clock {
    private final AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-03-02T10:00:00Z"));

    void advance(Duration d) {
      now.updateAndGet(i -> i.plus(d));
    }

    @Override
    public java.time.ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now.get();
    }
  }

  private final JudgeStats stats = new JudgeStats();
  private final TestClock clock = new TestClock();

  private static Map<String, Object> fuzzyStage(Map<String, Object> judge) {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("type", "fuzzy");
    s.put("field", "text");
    s.put("measure", "sequence");
    s.put("similarity_threshold", 0.75);
    if (judge != null) {
      s.put("judge", judge);
    }
    return s;
  }

  private static Map<String, Object> combinedStage(Map<String, Object> judge) {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("type", "combined");
    s.put("field", "text");
    s.put("features", Map.of("sequence", 10.0));
    s.put("bias", -5.0);
    s.put("similarity_threshold", 0.6);
    s.put("vetoes", List.of("negation_mismatch"));
    if (judge != null) {
      s.put("judge", judge);
    }
    return s;
  }

  private static Map<String, Object> judge(Object... kv) {
    Map<String, Object> j = new LinkedHashMap<>();
    j.put("endpoint", "llm");
    j.put("band", List.of(0.45, 0.85));
    for (int i = 0; i < kv.length; i += 2) {
      j.put((String) kv[i], kv[i + 1]);
    }
    return j;
  }

  private DejaCollection collection(Map<String, Object> stage, PairJudge judge) {
    CollectionSpec spec = SpecReader.read(Map.of("name", "facts", "fields", Map.of("text", Map.of("type", "text")),
        "stages", Map.of("main", stage)), "facts");
    DejaCollection c = DejaCollection.builder(spec).store(new MemoryCollectionStore("facts"))
        .judges(JudgeProvider.of(Map.of("llm", judge))).judgeListener(stats).clock(clock).build();
    c.put(new PutRequest("t", Optional.of("s1"), Item.of("text", STORED), true));
    return c;
  }

  private static Verdict check(DejaCollection c, String text) {
    return c.check(CheckRequest.of("t", Item.of("text", text)));
  }

  /** Every node of the tree, depth first. */
  private static List<Explanation> nodes(Explanation e) {
    List<Explanation> out = new ArrayList<>();
    out.add(e);
    for (Explanation d : e.details()) {
      out.addAll(nodes(d));
    }
    return out;
  }

  /** The stage's node of a match (the match node's child). */
  private static Explanation stageNode(Match m) {
    return m.explanation().details().stream().filter(n -> n.kind().equals("stage")).findFirst().orElseThrow();
  }

  private static Optional<Explanation> judgeNode(Explanation e) {
    return nodes(e).stream().filter(n -> n.kind().equals("judge")).findFirst();
  }

  @Test
  void pairsOutsideTheBandCostNoCall() {
    ScriptedJudge j = ScriptedJudge.different();
    DejaCollection c = collection(fuzzyStage(judge()), j);
    Verdict below = check(c, "My dog is called Biscuit.");
    Verdict above = check(c, "I am allergic to sesame seeds.");
    assertThat(j.requests()).isEmpty();
    assertThat(below.outcome()).isEqualTo(Outcome.NEW);
    assertThat(above.outcome()).isEqualTo(Outcome.DUPLICATE);
    assertThat(judgeNode(above.explanation())).isEmpty();
    assertThat(stats.calls()).isZero();
  }

  @Test
  void aSameJudgementInTheBandMakesADuplicateAndExplainsItself() {
    ScriptedJudge j = ScriptedJudge.same();
    DejaCollection c = collection(fuzzyStage(judge()), j);
    Verdict v = check(c, "I have a sesame allergy.");
    assertThat(v.outcome()).isEqualTo(Outcome.DUPLICATE);
    Match m = v.matches().get(0);
    assertThat(m.score()).isCloseTo(0.5217, org.assertj.core.data.Offset.offset(1e-4));
    Explanation node = judgeNode(m.explanation()).orElseThrow();
    assertThat(node.name()).isEqualTo("llm");
    assertThat(node.result()).isEqualTo("same");
    assertThat(node.evidence()).containsEntry("decision", "SAME").containsEntry("reason", "both state the same fact")
        .containsEntry("cached", "false").containsEntry("model", "scripted").containsEntry("in_process", "NEW")
        .containsEntry("agrees", "false").containsKey("latency_ms");
    assertThat(m.explanation().message()).contains("judge: SAME — both state the same fact");
    assertThat(v.warnings()).isEmpty();
    assertThat(j.requests()).singleElement().satisfies(r -> {
      assertThat(r.existing()).isEqualTo(STORED);
      assertThat(r.candidate()).isEqualTo("I have a sesame allergy.");
      assertThat(r.kind()).isEqualTo(JudgeKind.MEMORY);
      assertThat(r.timing()).isEmpty();
    });
    assertThat(stats.callsByOutcome()).containsExactly(Map.entry("same", 1L));
    assertThat(stats.disagreements()).isEqualTo(1);
  }

  @Test
  void aDifferentJudgementOverrulesAnInProcessDuplicateAndIsCountedAsADisagreement() {
    ScriptedJudge j = ScriptedJudge.different();
    DejaCollection c = collection(fuzzyStage(judge()), j);
    Verdict v = check(c, "I am allergic to mustard.");
    assertThat(v.outcome()).isEqualTo(Outcome.NEW);
    Explanation judged = nodes(v.explanation()).stream().filter(n -> n.kind().equals("judged")).findFirst()
        .orElseThrow();
    assertThat(judged.name()).isEqualTo("s1");
    assertThat(judged.score().getAsDouble()).isGreaterThan(0.75);
    Explanation node = judgeNode(judged).orElseThrow();
    assertThat(node.evidence()).containsEntry("decision", "DIFFERENT").containsEntry("in_process", "DUPLICATE")
        .containsEntry("agrees", "false");
    assertThat(node.message()).contains("(overruled)");
    assertThat(stats.disagreements()).isEqualTo(1);
  }

  @Test
  void theSecondIdenticalPairIsAnsweredFromTheCacheWhateverItsCaseAndPunctuation() {
    ScriptedJudge j = ScriptedJudge.same();
    DejaCollection c = collection(fuzzyStage(judge()), j);
    check(c, "I have a sesame allergy.");
    Verdict again = check(c, "i have a SESAME allergy");
    assertThat(j.requests()).hasSize(1);
    assertThat(again.outcome()).isEqualTo(Outcome.DUPLICATE);
    assertThat(judgeNode(again.matches().get(0).explanation()).orElseThrow().evidence())
        .containsEntry("cached", "true");
    assertThat(stats.cacheHits()).isEqualTo(1);
    assertThat(stats.calls()).isEqualTo(1);
    // Another tenant never shares a judgement.
    c.put(new PutRequest("u", Optional.of("s2"), Item.of("text", STORED), true));
    c.check(CheckRequest.of("u", Item.of("text", "I have a sesame allergy.")));
    assertThat(j.requests()).hasSize(2);
  }

  @Test
  void aSpentBudgetFallsBackToTheInProcessDecisionWithAWarningUntilTheMinuteHasPassed() {
    ScriptedJudge j = ScriptedJudge.same();
    DejaCollection c = collection(fuzzyStage(judge("budget_per_minute", 1, "cache_size", 0)), j);
    assertThat(check(c, "I have a sesame allergy.").outcome()).isEqualTo(Outcome.DUPLICATE);
    Verdict spent = check(c, "I have a sesame allergy.");
    assertThat(spent.outcome()).isEqualTo(Outcome.NEW);
    assertThat(spent.warnings()).singleElement().asString().contains("judge 'llm' unavailable for 1 candidate(s)")
        .contains("budget_per_minute").contains("the in-process decision was used");
    Explanation node = nodes(spent.explanation()).stream().filter(n -> n.kind().equals("judge")).findFirst()
        .orElseThrow();
    assertThat(node.result()).isEqualTo("unavailable");
    assertThat(node.message()).startsWith("judge unavailable: ").endsWith("; in-process decision: NEW");
    assertThat(node.evidence()).containsEntry("fallback", "budget");
    assertThat(stats.fallbacksByReason()).containsExactly(Map.entry("budget", 1L));
    assertThat(j.requests()).hasSize(1);
    clock.advance(Duration.ofSeconds(61));
    assertThat(check(c, "I have a sesame allergy.").outcome()).isEqualTo(Outcome.DUPLICATE);
    assertThat(j.requests()).hasSize(2);
  }

  @Test
  void aJudgeSlowerThanTheTimeoutFallsBackWithinTheTimeout() {
    ScriptedJudge j = ScriptedJudge.different().sleeping(10_000);
    DejaCollection c = collection(fuzzyStage(judge("timeout_ms", 200)), j);
    long t0 = System.nanoTime();
    Verdict v = check(c, "I am allergic to mustard.");
    long millis = (System.nanoTime() - t0) / 1_000_000;
    // The check stops waiting at 200 ms; the bound leaves room for a loaded machine, far below the judge's 10 s.
    assertThat(millis).isLessThan(3_000);
    assertThat(v.outcome()).isEqualTo(Outcome.DUPLICATE);
    assertThat(v.warnings()).singleElement().asString().contains("no answer within the check's 200 ms (timeout_ms)");
    assertThat(stats.callsByOutcome()).containsEntry("timeout", 1L);
    assertThat(stats.fallbacksByReason()).containsEntry("timeout", 1L);
  }

  @Test
  void aFailingJudgeFallsBackAndSaysWhy() {
    ScriptedJudge j = ScriptedJudge.same().failing(new JudgeException(JudgeException.Failure.MALFORMED,
        "judge 'llm': invalid response: the answer is not JSON: 'SAME!'"));
    DejaCollection c = collection(fuzzyStage(judge()), j);
    Verdict v = check(c, "I have a sesame allergy.");
    assertThat(v.outcome()).isEqualTo(Outcome.NEW);
    assertThat(v.warnings()).singleElement().asString().contains("the answer is not JSON");
    assertThat(stats.callsByOutcome()).containsExactly(Map.entry("malformed", 1L));
    assertThat(stats.fallbacks()).isEqualTo(1);
    assertThat(stats.disagreements()).isZero();
  }

  @Test
  void theCombinedStageAsksAboutItsBandAndKeepsItsProbabilityVisible() {
    ScriptedJudge j = ScriptedJudge.same();
    DejaCollection c = collection(combinedStage(judge()), j);
    Verdict v = check(c, "I have a sesame allergy.");
    assertThat(v.outcome()).isEqualTo(Outcome.DUPLICATE);
    Match m = v.matches().get(0);
    assertThat(m.stage()).isEqualTo("main");
    assertThat(m.score()).isCloseTo(0.5541, org.assertj.core.data.Offset.offset(1e-3));
    assertThat(m.explanation().message()).contains("probability of a duplicate 0.55").contains("judge: SAME");
    assertThat(judgeNode(m.explanation()).orElseThrow().evidence().get("asked_because"))
        .startsWith("score 0.55").endsWith("in the band [0.4500, 0.8500]");
    Explanation stage = v.explanation().details().stream().filter(n -> n.name().equals("main")).findFirst()
        .orElseThrow();
    assertThat(stage.message()).contains("1 put to the judge: 1 decided by it");
    assertThat(stage.evidence()).containsEntry("judge", "llm, band [0.4500, 0.8500]");
  }

  @Test
  void aVetoIsPutToTheJudgeOnlyWithAskOnVeto() {
    ScriptedJudge j = ScriptedJudge.same();
    DejaCollection plain = collection(combinedStage(judge()), j);
    assertThat(check(plain, "I am not allergic to sesame.").outcome()).isEqualTo(Outcome.NEW);
    assertThat(j.requests()).isEmpty();

    DejaCollection asking = collection(combinedStage(judge("ask_on_veto", true)), j);
    Verdict v = check(asking, "I am not allergic to sesame.");
    assertThat(j.requests()).hasSize(1);
    // A judge that says SAME about a negation overrules the veto; the veto stays in the explanation.
    assertThat(v.outcome()).isEqualTo(Outcome.DUPLICATE);
    Explanation stage = stageNode(v.matches().get(0));
    assertThat(stage.evidence().get("veto")).contains("negation mismatch");
    assertThat(judgeNode(stage).orElseThrow().evidence())
        .containsEntry("in_process", "NEW (vetoed: " + stage.evidence().get("veto") + ")")
        .containsEntry("agrees", "false");
  }

  @Test
  void aCheckAsksAtMostMaxCallsPerCheckHighestScoresFirst() {
    ScriptedJudge j = ScriptedJudge.different();
    DejaCollection c = collection(fuzzyStage(judge("max_calls_per_check", 1)), j);
    c.put(new PutRequest("t", Optional.of("s2"), Item.of("text", "I am allergic to mustard!"), true));
    Verdict v = check(c, "I am allergic to mustard.");
    // s2 is an exact copy after normalisation (score 1, above the band); s1 scores 0.7660 and is asked.
    assertThat(j.requests()).singleElement().extracting(JudgeRequest::existing).isEqualTo(STORED);
    assertThat(v.matches()).extracting(Match::id).containsExactly("s2");

    c.put(new PutRequest("t", Optional.of("s3"), Item.of("text", "I am allergic to peanuts."), true));
    Verdict two = check(c, "I am allergic to sesame and mustard.");
    assertThat(two.warnings()).anySatisfy(w -> assertThat(w).contains("max_calls_per_check"));
  }

  @Test
  void badJudgeOptionsAreErrorsNamingTheKey() {
    assertThatThrownBy(() -> collection(fuzzyStage(Map.of("endpoint", "nope")), ScriptedJudge.same()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("stages.main.judge.endpoint: no judge endpoint 'nope' is configured");
    assertThatThrownBy(() -> collection(fuzzyStage(judge("band", List.of(0.9, 0.2))), ScriptedJudge.same()))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("stages.main.judge.band: low (0.9)");
    assertThatThrownBy(() -> collection(fuzzyStage(judge("band", 0.5)), ScriptedJudge.same()))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("stages.main.judge.band: must be a list");
    assertThatThrownBy(() -> collection(fuzzyStage(judge("ask_on_veto", true)), ScriptedJudge.same()))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("stages.main.judge.ask_on_veto");
    assertThatThrownBy(() -> collection(fuzzyStage(judge("kind", "poem")), ScriptedJudge.same()))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("stages.main.judge.kind: must be one of");
    assertThatThrownBy(() -> collection(fuzzyStage(judge("treshold", 1)), ScriptedJudge.same()))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("unknown key ['treshold']");
  }

  @Test
  void aCollectionBuiltWithoutJudgesRefusesASpecThatNamesOne() {
    CollectionSpec spec = SpecReader.read(Map.of("name", "facts", "fields", Map.of("text", Map.of("type", "text")),
        "stages", Map.of("main", fuzzyStage(judge()))), "facts");
    assertThatThrownBy(() -> DejaCollection.builder(spec).store(new MemoryCollectionStore("facts")).build())
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("no judge endpoint 'llm'");
  }

  @Test
  void aCalendarCollectionAsksAboutEventsAndSaysOnlyHowFarApartTheyStart() {
    ScriptedJudge j = ScriptedJudge.same();
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("title", Map.of("type", "text"));
    fields.put("start", Map.of("type", "timestamp"));
    Map<String, Object> stage = new LinkedHashMap<>(fuzzyStage(judge("band", List.of(0.0, 1.0))));
    stage.put("field", "title");
    CollectionSpec spec = SpecReader.read(Map.of("name", "events", "fields", fields, "time_window",
        Map.of("time_window_hours", 2), "stages", Map.of("main", stage)), "events");
    DejaCollection c = DejaCollection.builder(spec).store(new MemoryCollectionStore("events"))
        .judges(JudgeProvider.of(Map.of("llm", j))).clock(clock).build();
    c.put(new PutRequest("t", Optional.of("e1"), Item.of("title", "Dentist appointment", "start",
        "2026-03-02T14:00"), true));
    Verdict v = c.check(CheckRequest.of("t", Item.of("title", "Dentist appt", "start", "2026-03-02T14:30")));
    assertThat(v.outcome()).isEqualTo(Outcome.DUPLICATE);
    assertThat(j.requests()).singleElement().satisfies(r -> {
      assertThat(r.kind()).isEqualTo(JudgeKind.CALENDAR);
      assertThat(r.timing()).contains("the two events start 30 minutes apart");
      assertThat(JudgeKind.CALENDAR.question(r)).doesNotContain("2026").doesNotContain("14:");
    });
  }

  @Test
  void theQuestionHoldsOnlyTheTwoTextsAsJsonAndTheTimingOfEvents() {
    String q = JudgeKind.MEMORY.question(new JudgeRequest(JudgeKind.MEMORY, "I \"love\" tea", "I like tea\n"));
    assertThat(q).isEqualTo("An existing and a new memory fact, as JSON. Are they the same?\n"
        + "{\"existing\": \"I \\\"love\\\" tea\", \"new\": \"I like tea\\n\"}");
    String e = JudgeKind.CALENDAR.question(new JudgeRequest(JudgeKind.CALENDAR, "Dentist", "Dr Lee",
        Optional.of("the two events start 30 minutes apart")));
    assertThat(e).endsWith("{\"existing\": \"Dentist\", \"new\": \"Dr Lee\", \"timing\": \"the two events start 30 "
        + "minutes apart\"}");
    for (JudgeKind k : JudgeKind.values()) {
      assertThat(k.instructions()).contains("SAME:").contains("DIFFERENT:").endsWith(JudgeKind.ANSWER_RULES);
    }
  }
}
