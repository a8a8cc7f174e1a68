package dev.deja.core.cascade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class CandidateScoringTest {

  @Test
  void resultsKeepTheItemsOrderWhateverThreadScoredThem() {
    SplittableRandom random = new SplittableRandom(7);
    for (int round = 0; round < 200; round++) {
      int n = random.nextInt(40);
      List<Integer> items = IntStream.range(0, n).boxed().toList();
      List<String> out = CandidateScoring.map(items, i -> {
        busy(i);
        return "r" + i;
      });
      assertThat(out).containsExactlyElementsOf(items.stream().map(i -> "r" + i).toList());
    }
  }

  @Test
  void everyItemIsScoredExactlyOnce() {
    List<Integer> items = IntStream.range(0, 500).boxed().toList();
    Set<Integer> seen = ConcurrentHashMap.newKeySet();
    List<Integer> twice = java.util.Collections.synchronizedList(new ArrayList<>());
    CandidateScoring.map(items, i -> {
      if (!seen.add(i)) {
        twice.add(i);
      }
      return i;
    });
    assertThat(seen).hasSize(500);
    assertThat(twice).isEmpty();
  }

  @Test
  void theFirstItemIsScoredOnTheCallingThreadBeforeAnyOther() {
    Thread caller = Thread.currentThread();
    List<Integer> order = java.util.Collections.synchronizedList(new ArrayList<>());
    List<Thread> firstThread = new ArrayList<>();
    CandidateScoring.map(IntStream.range(0, 20).boxed().toList(), i -> {
      if (i == 0) {
        firstThread.add(Thread.currentThread());
      }
      order.add(i);
      return i;
    });
    assertThat(firstThread).containsExactly(caller);
    assertThat(order.get(0)).isZero();
  }

  @Test
  void aFailureReachesTheCallerAfterTheOtherItemsAreDone() {
    List<Integer> items = IntStream.range(0, 30).boxed().toList();
    Set<Integer> done = ConcurrentHashMap.newKeySet();
    assertThatThrownBy(() -> CandidateScoring.map(items, i -> {
      if (i == 17) {
        throw new IllegalArgumentException("item 17");
      }
      busy(i);
      done.add(i);
      return i;
    })).isInstanceOf(IllegalArgumentException.class).hasMessage("item 17");
    assertThat(done).hasSize(29);
  }

  @Test
  void anErrorReachesTheCallerAsItself() {
    List<Integer> items = IntStream.range(0, 10).boxed().toList();
    assertThatThrownBy(() -> CandidateScoring.map(items, i -> {
      if (i == 6) {
        throw new StackOverflowError("item 6");
      }
      return i;
    })).isInstanceOf(StackOverflowError.class).hasMessage("item 6");
  }

  private static void busy(int i) {
    long x = i;
    for (int k = 0; k < 20_000; k++) {
      x = x * 6364136223846793005L + 1442695040888963407L;
    }
    if (x == 42) {
      throw new AssertionError("unreachable");
    }
  }
}
