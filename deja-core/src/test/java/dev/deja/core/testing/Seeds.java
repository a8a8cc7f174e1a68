package dev.deja.core.testing;

import java.util.Random;

/**
 * The seed of a property test's randomness: fixed by default, so that CI runs are reproducible; the system property
 * {@value #PROPERTY} sets another ({@code -Ddeja.seed=N}) or a fresh one per run ({@code -Ddeja.seed=random}) to
 * explore more inputs; a failure found that way is replayed with {@code -Ddeja.seed=N}.
 *
 * <p>Every assertion on random data should carry {@link #describe()} so the seed is printed with the failure.
 */
public final class Seeds {
  /** The system property that fixes the seed. */
  public static final String PROPERTY = "deja.seed";

  private static final long SEED = initialSeed();

  private Seeds() {}

  private static long initialSeed() {
    String fixed = System.getProperty(PROPERTY);
    if (fixed == null || fixed.isBlank()) {
      return 0x5EED_DE7AL;
    }
    if (fixed.strip().equals("random")) {
      return new Random().nextLong();
    }
    return Long.parseLong(fixed.strip());
  }

  /** The seed of this run. */
  public static long seed() {
    return SEED;
  }

  /** A random source for one test, derived from the run's seed and the test's name so tests do not share a stream. */
  public static Random random(String testName) {
    return new Random(SEED ^ testName.hashCode());
  }

  /** "seed N (replay with -Ddeja.seed=N)", for assertion descriptions. */
  public static String describe() {
    return "seed " + SEED + " (replay with -D" + PROPERTY + "=" + SEED + ")";
  }
}
