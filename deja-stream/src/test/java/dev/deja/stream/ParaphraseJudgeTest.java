package dev.deja.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import dev.deja.core.judge.Decision;
import dev.deja.core.judge.JudgeException;
import dev.deja.core.judge.JudgeKind;
import dev.deja.core.judge.JudgeProvider;
import dev.deja.core.judge.JudgeRequest;
import dev.deja.core.judge.JudgeStats;
import dev.deja.core.judge.Judgement;
import dev.deja.core.judge.PairJudge;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The paraphrase layer's optional LLM judge ({@code stream.judge}): asked only when the restatement probability is
 * in its band, its decision replaces the threshold there, and a judge that cannot answer leaves the threshold's
 * decision. The band is put around the pair's own probability, so the test does not depend on the model's weights.
 */
class ParaphraseJudgeTest {
  private static final String EARLIER = "Keep the burned skin under cool running water for twenty minutes.";
  private static final String LATER = "In other words, cool the burn under running water for twenty minutes.";
  private static final String ANSWER = EARLIER + " " + LATER;

  /** A judge for tests: a fixed decision, or a failure; records what it was asked. */
  static final class FixedJudge implements PairJudge {
    final List<JudgeRequest> asked = new ArrayList<>();
    private final Decision decision;
    private final boolean failing;

    FixedJudge(Decision decision, boolean failing) {
      this.decision = decision;
      this.failing = failing;
    }

    @Override
    public String model() {
      return "fixed";
    }

    @Override
    public synchronized Judgement judge(JudgeRequest request, Duration timeout) {
      asked.add(request);
      if (failing) {
        throw new JudgeException(JudgeException.Failure.SERVER_ERROR, "judge 'llm': HTTP 500: 'boom'");
      }
      return new Judgement(decision, "fixed answer");
    }
  }

  /** The restatement probability of the later sentence against the earlier, alone in the window. */
  private static double probability() {
    PairScore s = StreamDeduplicator.withDefaults().judge().score(LATER, EARLIER);
    return s.restatement();
  }

  private static StreamDeduplicator dedup(PairJudge judge, double low, double high, JudgeStats stats) {
    StreamOptions o = StreamOptions.defaults().with(Map.of("judge", Map.of("endpoint", "llm", "band",
        List.of(low, high))), "stream");
    return StreamDeduplicator.builder().options(o).judges(JudgeProvider.of(Map.of("llm", judge)), stats).build();
  }

  private static boolean keptLater(StreamDeduplicator d) {
    return d.dedupe(List.of(ANSWER)).contains("In other words");
  }

  @Test
  void theJudgeDecidesTheBandAndOnlyTheBand() {
    double p = probability();
    boolean inProcessDrops = p >= StreamOptions.defaults().paraphraseThreshold();
    assertThat(keptLater(StreamDeduplicator.withDefaults())).isEqualTo(!inProcessDrops);

    // The judge says the opposite of the threshold: its decision stands.
    FixedJudge opposite = new FixedJudge(inProcessDrops ? Decision.DIFFERENT : Decision.SAME, false);
    JudgeStats stats = new JudgeStats();
    assertThat(keptLater(dedup(opposite, Math.max(0, p - 0.01), Math.min(1, p + 0.01), stats)))
        .isEqualTo(inProcessDrops);
    assertThat(opposite.asked).singleElement().satisfies(r -> {
      assertThat(r.kind()).isEqualTo(JudgeKind.SENTENCE);
      assertThat(r.existing()).isEqualTo(EARLIER);
      assertThat(r.candidate()).isEqualTo(LATER);
    });
    assertThat(stats.disagreements()).isEqualTo(1);

    // A band that leaves the pair out: no call, the threshold decides.
    FixedJudge outside = new FixedJudge(Decision.SAME, false);
    double low = p > 0.5 ? 0.0 : Math.min(1, p + 0.05);
    double high = p > 0.5 ? Math.max(0, p - 0.05) : 1.0;
    assertThat(keptLater(dedup(outside, low, high, new JudgeStats()))).isEqualTo(!inProcessDrops);
    assertThat(outside.asked).isEmpty();
  }

  @Test
  void aFailingJudgeLeavesTheThresholdsDecisionAndIsCounted() {
    double p = probability();
    boolean inProcessDrops = p >= StreamOptions.defaults().paraphraseThreshold();
    JudgeStats stats = new JudgeStats();
    FixedJudge failing = new FixedJudge(Decision.SAME, true);
    assertThat(keptLater(dedup(failing, Math.max(0, p - 0.01), Math.min(1, p + 0.01), stats)))
        .isEqualTo(!inProcessDrops);
    assertThat(stats.fallbacksByReason()).containsExactly(Map.entry("server_error", 1L));
  }

  @Test
  void aPairAVetoSeparatesIsNeverSentToTheJudge() {
    // Another weekday: the contrasts guard vetoes the restatement, so even a band over every probability and a judge
    // that would call it the same leave the later sentence in.
    String answer = "The museum is open to visitors on Mondays. In short, the museum is closed to visitors on Sundays.";
    FixedJudge same = new FixedJudge(Decision.SAME, false);
    String out = dedup(same, 0.0, 1.0, new JudgeStats()).dedupe(List.of(answer));
    assertThat(out).contains("closed to visitors on Sundays");
    assertThat(same.asked).isEmpty();
  }

  @Test
  void theJudgeBlockIsCheckedWhenTheDeduplicatorIsBuilt() {
    StreamOptions o = StreamOptions.defaults().with(Map.of("judge.endpoint", "llm", "judge.band", List.of(0.2, 0.8)),
        "--set");
    assertThat(o.judge()).containsEntry("endpoint", "llm").containsEntry("band", List.of(0.2, 0.8));
    assertThat(o.asMap()).containsKey("judge");
    assertThatThrownBy(() -> StreamDeduplicator.builder().options(o).build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("stream.judge.endpoint: no judge endpoint 'llm' is configured");
    StreamOptions typo = StreamOptions.defaults().with(Map.of("judge", Map.of("endpoint", "llm", "bnad", 1)), "s");
    assertThatThrownBy(() -> StreamDeduplicator.builder().options(typo)
        .judges(JudgeProvider.of(Map.of("llm", new FixedJudge(Decision.SAME, false))), new JudgeStats()).build())
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("unknown key ['bnad']");
    assertThatThrownBy(() -> StreamOptions.defaults().with(Map.of("judge", "llm"), "stream"))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("stream.judge: must be an object");
  }
}
