package dev.deja.core.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.deja.core.eval.LinkageScore.Pair;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LinkageScoreTest {

  private static final List<String> ABCD = List.of("a", "b", "c", "d");

  @Test
  void theJavadocExample() {
    LinkageScore s = LinkageScore.of(ABCD, Set.of(Pair.of("b", "a")), List.of(Set.of("a", "b")),
        Set.of(Pair.of("a", "b"), Pair.of("c", "b")));
    assertThat(s.links()).isEqualTo(new Confusion(1, 0, 1, 4));
    assertThat(s.links().precision()).isEqualTo(1.0);
    assertThat(s.links().recall()).isEqualTo(0.5);
    // The true entity {a, b, c} has three pairs; the cluster {a, b} gets one of them.
    assertThat(s.clusterPairs()).isEqualTo(new Confusion(1, 0, 2, 3));
    assertThat(s.bcubedPrecision()).isEqualTo(1.0);
    assertThat(s.bcubedRecall()).isCloseTo((2.0 / 3 + 2.0 / 3 + 1.0 / 3 + 1) / 4, within(1e-12));
    assertThat(s.exactClusters()).isZero();
    assertThat(s.trueClusters()).isEqualTo(1);
    assertThat(s.predictedClusters()).isEqualTo(1);
    assertThat(s.exactClusterShare()).isZero();
  }

  @Test
  void aPerfectAnswerScoresOneEverywhere() {
    Set<Pair> truth = Set.of(Pair.of("a", "b"), Pair.of("a", "c"), Pair.of("b", "c"));
    LinkageScore s = LinkageScore.of(ABCD, truth, List.of(Set.of("a", "b", "c")), truth);
    assertThat(s.links().f1()).isEqualTo(1.0);
    assertThat(s.clusterPairs().f1()).isEqualTo(1.0);
    assertThat(s.bcubedF1()).isEqualTo(1.0);
    assertThat(s.exactClusters()).isEqualTo(1);
    assertThat(s.exactClusterShare()).isEqualTo(1.0);
  }

  @Test
  void aChainOfTwoLinksIsOneClusterOfThreeInTheTruthsClosure() {
    // Truth lists a–b and b–c only; the closure makes {a, b, c} one entity, so a cluster of all three is exact for
    // clusters, while the link a–c is a false link pairwise.
    Set<Pair> truth = Set.of(Pair.of("a", "b"), Pair.of("b", "c"));
    LinkageScore s = LinkageScore.of(ABCD, Set.of(Pair.of("a", "b"), Pair.of("b", "c"), Pair.of("a", "c")),
        List.of(Set.of("a", "b", "c")), truth);
    assertThat(s.links()).isEqualTo(new Confusion(2, 1, 0, 3));
    assertThat(s.clusterPairs()).isEqualTo(new Confusion(3, 0, 0, 3));
    assertThat(s.exactClusters()).isEqualTo(1);
  }

  @Test
  void nothingPredictedHasPrecisionOneAndRecallZero() {
    LinkageScore s = LinkageScore.of(ABCD, Set.of(), List.of(), Set.of(Pair.of("a", "b")));
    assertThat(s.links()).isEqualTo(new Confusion(0, 0, 1, 5));
    assertThat(s.links().precision()).isEqualTo(1.0);
    assertThat(s.links().recall()).isZero();
    assertThat(s.clusterPairs().recall()).isZero();
    // a and b each see half of their entity; c and d are right alone.
    assertThat(s.bcubedRecall()).isEqualTo((0.5 + 0.5 + 1 + 1) / 4);
    assertThat(s.bcubedPrecision()).isEqualTo(1.0);
  }

  @Test
  void oneClusterOfEverythingHasFullRecallAndLowPrecision() {
    LinkageScore s = LinkageScore.of(ABCD, Set.of(), List.of(Set.of("a", "b", "c", "d")), Set.of(Pair.of("a", "b")));
    assertThat(s.clusterPairs()).isEqualTo(new Confusion(1, 5, 0, 0));
    assertThat(s.bcubedRecall()).isEqualTo(1.0);
    // a, b: 2 of 4 in their entity; c, d: 1 of 4.
    assertThat(s.bcubedPrecision()).isEqualTo((0.5 + 0.5 + 0.25 + 0.25) / 4);
  }

  @Test
  void countsAddUpToEveryPairOfRecords() {
    List<String> ids = List.of("r1", "r2", "r3", "r4", "r5", "r6", "r7");
    LinkageScore s = LinkageScore.of(ids, Set.of(Pair.of("r1", "r2"), Pair.of("r3", "r4"), Pair.of("r5", "r6")),
        List.of(Set.of("r1", "r2"), Set.of("r3", "r4")), Set.of(Pair.of("r1", "r2"), Pair.of("r6", "r7")));
    assertThat(s.links().total()).isEqualTo(21);
    assertThat(s.clusterPairs().total()).isEqualTo(21);
    assertThat(s.links()).isEqualTo(new Confusion(1, 2, 1, 17));
  }

  @Test
  void idsThatAreNotRecordsAndOverlappingClustersAreRefused() {
    assertThatThrownBy(() -> LinkageScore.of(ABCD, Set.of(), List.of(), Set.of(Pair.of("a", "x"))))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("'x' is not one of the records");
    assertThatThrownBy(() -> LinkageScore.of(ABCD, Set.of(), List.of(Set.of("a", "b"), Set.of("b", "c")), Set.of()))
        .hasMessage("record 'b' is in two clusters");
    assertThatThrownBy(() -> Pair.of("a", "a")).hasMessage("a record is not a pair with itself: 'a'");
    assertThat(Pair.of("b", "a")).isEqualTo(new Pair("a", "b"));
  }
}
