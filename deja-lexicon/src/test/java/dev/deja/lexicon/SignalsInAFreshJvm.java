package dev.deja.lexicon;

import dev.deja.core.guard.Lexicon;
import dev.deja.core.guard.PairSignals;
import dev.deja.core.lexical.WordKnowledges;

/**
 * Prints the signals and their evidence for a few pairs whose WordNet relations hold through several synsets: run in
 * a fresh JVM by {@link SignalsAreTheSameInEveryJvmIT}, which compares two runs.
 */
public final class SignalsInAFreshJvm {
  static final String[][] PAIRS = {
      {"My usual coffee is an oat flat white.", "I normally go for a flat white made with oat milk."},
      {"Of the four kids in my family, I'm the oldest.", "I'm the youngest of four children."},
      {"I finish work at 5:30 on Fridays.", "I start work at 5:30 on Fridays."},
      {"I get twenty-five days' holiday a year.", "I have 25 days of annual leave."},
      {"I'll be in Japan for two weeks in October.", "I'm going to Japan for a fortnight in October."},
      {"Grandpa Raj's hearing test", "Grandpa Raj's cataract surgery"}};

  private SignalsInAFreshJvm() {}

  public static void main(String[] args) {
    for (String[] p : PAIRS) {
      PairSignals.Result r = PairSignals.of(p[0], p[1], Lexicon.ENGLISH, WordKnowledges.defaults());
      System.out.println(r.values());
      System.out.println(r.evidence());
    }
  }
}
