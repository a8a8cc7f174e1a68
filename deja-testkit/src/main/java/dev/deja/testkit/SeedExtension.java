package dev.deja.testkit;

import java.util.Random;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * Gives tests a seeded {@link Random} parameter and prints the seed when a test fails.
 *
 * <p>The seed is {@code -Ddeja.seed=N} when given ({@code -Ddeja.seed=random} picks a fresh one), else a fixed value
 * derived from the test's name, so runs are reproducible by default. Thread-safe.
 */
public final class SeedExtension implements ParameterResolver, TestWatcher {
  private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(SeedExtension.class);

  @Override
  public boolean supportsParameter(ParameterContext p, ExtensionContext e) {
    return p.getParameter().getType() == Random.class;
  }

  @Override
  public Object resolveParameter(ParameterContext p, ExtensionContext e) {
    long seed = seedFor(e.getUniqueId());
    e.getStore(NS).put("seed", seed);
    return new Random(seed);
  }

  /** The seed a test with this id uses. */
  public static long seedFor(String testId) {
    String prop = System.getProperty("deja.seed");
    if (prop != null && !prop.isBlank()) {
      if (prop.equals("random")) {
        return System.nanoTime();
      }
      return Long.parseLong(prop.strip());
    }
    return 0x5EED_0000L ^ testId.hashCode();
  }

  @Override
  public void testFailed(ExtensionContext e, Throwable cause) {
    Long seed = e.getStore(NS).get("seed", Long.class);
    if (seed != null) {
      System.err.println("[deja] " + e.getDisplayName() + " failed with seed " + seed
          + " (rerun with -Ddeja.seed=" + seed + ")");
    }
  }
}
