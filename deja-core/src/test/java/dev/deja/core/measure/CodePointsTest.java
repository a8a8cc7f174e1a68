package dev.deja.core.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link CodePoints#of} gives what {@code String.codePoints()} gives, surrogate pairs and lone halves included. */
class CodePointsTest {
  @Test
  void agreesWithTheStreamOnSeededStrings() {
    SplittableRandom rnd = new SplittableRandom(7);
    char[] pool = {'a', 'Z', ' ', 'é', 'ß', '中', '\uD83D', '\uDE00', '\uDC00', '\uD800', '7'};
    for (int i = 0; i < 50_000; i++) {
      StringBuilder sb = new StringBuilder();
      int n = rnd.nextInt(12);
      for (int j = 0; j < n; j++) {
        sb.append(pool[rnd.nextInt(pool.length)]);
      }
      String s = sb.toString();
      assertThat(CodePoints.of(s)).as(s).isEqualTo(s.codePoints().toArray());
    }
  }
}
