package dev.deja.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Repeated values are shared; a field of mostly distinct values stops being pooled after its trial. */
class ValuePoolTest {
  @Test
  void sharesRepeatedValuesAndGivesUpOnDistinctOnes() {
    ValuePool pool = new ValuePool();
    Map<String, Object> first = pool.share(row("nsw", "id-0"));
    for (int i = 1; i < ValuePool.TRIAL + 5; i++) {
      Map<String, Object> r = pool.share(row(new String("nsw"), "id-" + i));
      assertThat(r.get("state")).isSameAs(first.get("state"));
      assertThat(r.get("soc_sec_id")).isEqualTo("id-" + i);
    }
    // soc_sec_id was given up after the trial: an equal value later is not replaced by an earlier one.
    String again = new String("id-3");
    assertThat(pool.share(row("nsw", again)).get("soc_sec_id")).isSameAs(again);
    // Long values are never pooled; order and other types are kept.
    String longValue = "x".repeat(ValuePool.MAX_LENGTH + 1);
    Map<String, Object> in = new LinkedHashMap<>();
    in.put("b", longValue);
    in.put("a", 7L);
    assertThat(pool.share(in)).containsExactly(Map.entry("b", longValue), Map.entry("a", 7L));
  }

  private static Map<String, Object> row(String state, String id) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("state", state);
    m.put("soc_sec_id", id);
    return m;
  }
}
