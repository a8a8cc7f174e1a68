package dev.deja.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Cluster numbers as deja dedupe gives them: clusters first, then every other row in input order. */
class JobOutputTest {
  @Test
  void rowsInNoClusterTakeTheNextNumbersInInputOrder() {
    // Rows 0..6: cluster 1 = rows 1 and 4 (4 kept), cluster 2 = rows 2 and 5 (2 kept).
    JobOutput.Assigned a = new JobOutput.Assigned(Map.of("r1", new int[] {1, 0}, "r4", new int[] {1, 1},
        "r2", new int[] {2, 1}, "r5", new int[] {2, 0}), new long[] {1, 2, 4, 5}, 2);
    assertThat(JobOutput.assignment(a, "r0", 0)).containsExactly(3L, true);
    assertThat(JobOutput.assignment(a, "r1", 1)).containsExactly(1L, false);
    assertThat(JobOutput.assignment(a, "r3", 3)).containsExactly(4L, true);
    assertThat(JobOutput.assignment(a, "r4", 4)).containsExactly(1L, true);
    assertThat(JobOutput.assignment(a, "r6", 6)).containsExactly(5L, true);
  }
}
