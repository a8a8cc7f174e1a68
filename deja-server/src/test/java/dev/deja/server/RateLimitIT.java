package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.testkit.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rate limits through HTTP: per key and per action, 429 with Retry-After, counted in /metrics. */
class RateLimitIT {
  @Test
  void overTheLimitIs429WithRetryAfter(@TempDir Path dir) {
    MutableClock clock = new MutableClock(Instant.parse("2026-03-02T10:00:00Z"));
    Map<String, Object> limits = Map.of("check_per_second", 1, "check_burst", 3, "write_per_second", 0.5,
        "write_burst", 5, "embedding_cost", 4);
    try (TestServer s = TestServer.start(dir, Map.of("rate_limits", limits), b -> b.clock(clock))) {
      String key = s.keyFor("busy");
      String other = s.keyFor("calm");
      s.send("POST", "/v1/collections", key, Map.of("name", "notes", "preset", "text"));
      for (int i = 0; i < 3; i++) {
        assertThat(s.send("POST", "/v1/collections/notes/check", key, Map.of("item", Map.of("text", "x" + i)))
            .status()).isEqualTo(200);
      }
      TestServer.Res limited = s.send("POST", "/v1/collections/notes/check", key, Map.of("item",
          Map.of("text", "y")));
      assertThat(limited.status()).isEqualTo(429);
      assertThat(limited.error().get("code")).isEqualTo("rate_limited");
      assertThat(limited.header("Retry-After")).isEqualTo("1");
      assertThat(TestServer.obj(limited.error().get("details"))).containsEntry("action", "check");

      // Another action of the same key, and the same action of another key, are not limited.
      assertThat(s.send("GET", "/v1/collections/notes", key, null).status()).isEqualTo(200);
      s.send("POST", "/v1/collections", other, Map.of("name", "notes", "preset", "text"));
      assertThat(s.send("POST", "/v1/collections/notes/check", other, Map.of("item", Map.of("text", "y")))
          .status()).isEqualTo(200);

      clock.advance(Duration.ofSeconds(1));
      assertThat(s.send("POST", "/v1/collections/notes/check", key, Map.of("item", Map.of("text", "z")))
          .status()).isEqualTo(200);

      // A write to a collection that embeds costs embedding_cost (4) tokens of the write burst (5). Two collection
      // creations took 2, one second refilled 0.5: 3.5 tokens, so the write waits for the missing 0.5 at 0.5/s.
      assertThat(s.send("POST", "/v1/collections", key, Map.of("name", "events", "preset", "calendar")).status())
          .isEqualTo(201);
      TestServer.Res costly = s.send("POST", "/v1/collections/events/items", key, Map.of("item",
          Map.of("title", "Dentist", "start", "2026-03-02T14:00")));
      assertThat(costly.status()).isEqualTo(429);
      assertThat(costly.header("Retry-After")).isEqualTo("1");
      assertThat(s.send("POST", "/v1/collections/notes/items", key, Map.of("item", Map.of("text", "cheap")))
          .status()).as("a string-only write costs 1").isEqualTo(201);
      assertThat(s.send("GET", "/metrics", null, null).text()).contains("deja_rate_limited_total{action=\"check\"} 1.0")
          .contains("deja_rate_limited_total{action=\"write\"} 1.0");
    }
  }
}
