package dev.deja.core.testing;

import java.util.Random;

/**
 * The seed of a property test's randomness: fresh for every run unless the system property {@value #PROPERTY} fixes
 * it, so that a failure found by one run can be replayed with {@code mvn test -Ddeja.seed=N}.
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
    if (fixed != null && !fixed.isBlank()) {
      return Long.parseLong(fixed.trim());
    }
    // A new seed per run explores more inputs over time; the seed is reported with every failure.
    return new Random().nextLong();
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
