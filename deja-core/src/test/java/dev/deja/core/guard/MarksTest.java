package dev.deja.core.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MarksTest {
  @Test
  void readsTheMarksWrittenOntoWords() {
    assertThat(Marks.of("I code in C++ and C#, my grade was B- and my blood type is O−.")).containsExactly("c++",
        "c#", "b-", "o-");
    assertThat(Marks.of("A T-shirt, x+y, pre- and post-op, COVID-19, 5+ years, -5 degrees.")).isEmpty();
  }

  /** The scan that decides whether a text has marks agrees with reading its words, on seeded random text. */
  @Test
  void theQuickScanAgreesWithTheWords() {
    String alphabet = "aBc9 +#-\u2212.,é\uD801\uDC37"; // the last is a letter outside the BMP (Deseret)
    SplittableRandom r = new SplittableRandom(17);
    for (int i = 0; i < 100_000; i++) {
      StringBuilder b = new StringBuilder();
      for (int n = r.nextInt(10); n > 0; n--) {
        int k = r.nextInt(alphabet.length() - 1);
        b.append(k == alphabet.length() - 2 ? alphabet.substring(k) : alphabet.substring(k, k + 1));
      }
      String s = b.toString();
      assertThat(Marks.marked(s)).as("%s", s).isEqualTo(!Marks.of(s).isEmpty());
    }
  }
}
