package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.server.load.HttpFuzzer;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 1,000 seeded malformed requests (the 10,000-request run is {@code deja bench fuzz}, recorded in
 * docs/PERFORMANCE.md): no 5xx, every connection answered, and /health still OK afterwards.
 */
class FuzzIT {
  @Test
  void malformedRequestsNeverGetA5xx(@TempDir Path dir) {
    try (TestServer s = TestServer.start(dir, Map.of("rate_limits", Map.of("enabled", false)))) {
      String key = s.keyFor("fuzz");
      long seed = dev.deja.testkit.SeedExtension.seedFor("FuzzIT");
      HttpFuzzer.Report r = new HttpFuzzer(new HttpFuzzer.Settings(s.base, key, 1000, seed)).run();
      assertThat(r.serverErrors()).as("requests answered 5xx or not at all (seed %d)", seed).isEmpty();
      assertThat(r.healthyAfter()).isTrue();
      assertThat(r.statuses().keySet()).allMatch(st -> st >= 200 && st < 500);
      assertThat(r.statuses().entrySet().stream().filter(e -> e.getKey() >= 400).mapToInt(Map.Entry::getValue).sum())
          .as("most fuzz requests are refused").isGreaterThan(700);
      assertThat(r.kinds()).hasSize(15);
    }
  }
}
