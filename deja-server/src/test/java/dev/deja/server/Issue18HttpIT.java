package dev.deja.server;

import static dev.deja.server.HostileInputsContract.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.testkit.MutableClock;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18, the HTTP items through a real HTTP client: memories can be listed, read and forgotten; the built-in
 * collections exist before they are written to; a client's refused mistakes give their rate-limit tokens back, and
 * the default limits let an agent session write in bursts; 400 messages name no Jackson internals.
 */
class Issue18HttpIT {

  @Test
  void item8MemoriesAreListedReadAndForgottenInTheShapeTheyWereWritten(@TempDir Path dir) {
    try (TestServer s = TestServer.start(dir, Map.of())) {
      String key = s.keyFor("mem");
      TestServer.Res empty = s.send("GET", "/v1/memories", key, null);
      assertThat(empty.status()).as(empty.text()).isEqualTo(200);
      assertThat(empty.map()).containsEntry("memories", List.of()).containsEntry("count", 0);
      TestServer.Res a = s.send("POST", "/v1/memories", key, Map.of("content", "The user likes green tea",
          "category", "preference", "workspace", "home"));
      assertThat(a.status()).isEqualTo(201);
      String id = (String) a.map().get("id");
      s.send("POST", "/v1/memories", key, Map.of("content", "The user's cat is called Mochi"));

      TestServer.Res list = s.send("GET", "/v1/memories?limit=1", key, null);
      assertThat(list.map().get("count")).isEqualTo(2);
      List<Object> page = TestServer.list(list.map().get("memories"));
      assertThat(page).hasSize(1);
      assertThat(list.map().get("next_after")).isNotNull();
      TestServer.Res rest = s.send("GET", "/v1/memories?after=" + list.map().get("next_after"), key, null);
      assertThat(TestServer.list(rest.map().get("memories"))).hasSize(1);

      TestServer.Res one = s.send("GET", "/v1/memories/" + id, key, null);
      assertThat(one.status()).isEqualTo(200);
      assertThat(one.map()).containsEntry("id", id).containsEntry("content", "The user likes green tea")
          .containsEntry("category", "preference").containsEntry("workspace", "home").containsKeys("version",
              "created_at", "updated_at", "history");
      assertError(s.send("GET", "/v1/memories/nope", key, null), 404, "not_found");
      assertThat(s.send("DELETE", "/v1/memories/" + id, key, null).status()).isEqualTo(204);
      assertError(s.send("GET", "/v1/memories/" + id, key, null), 404, "not_found");
      assertThat(s.send("GET", "/v1/memories", key, null).map().get("count")).isEqualTo(1);
      // Another tenant sees none of them.
      assertThat(s.send("GET", "/v1/memories", s.keyFor("other"), null).map().get("count")).isEqualTo(0);
    }
  }

  @Test
  void item8TheBuiltInCollectionsExistBeforeTheirFirstWrite(@TempDir Path dir) {
    try (TestServer s = TestServer.start(dir, Map.of())) {
      String key = s.keyFor("fresh");
      for (String name : List.of("glossary", "calendar", "memories")) {
        TestServer.Res r = s.send("GET", "/v1/collections/" + name, key, null);
        assertThat(r.status()).as(name + ": " + r.text()).isEqualTo(200);
        assertThat(r.map()).containsEntry("count", 0);
      }
      TestServer.Res check = s.send("POST", "/v1/collections/glossary/check", s.keyFor("fresher"),
          Map.of("item", Map.of("term", "Verificatie")));
      assertThat(check.status()).isEqualTo(200);
      assertThat(check.map()).containsEntry("outcome", "NEW");
      assertError(s.send("GET", "/v1/collections/nope", key, null), 404, "not_found");
    }
  }

  @Test
  void item9RefusedMistakesCostNoTokensAndTheDefaultsAllowAnAgentsBurst(@TempDir Path dir) {
    MutableClock clock = new MutableClock(Instant.parse("2026-03-02T10:00:00Z"));
    Map<String, Object> limits = Map.of("write_per_second", 0.01, "write_burst", 8, "embedding_cost", 4);
    try (TestServer s = TestServer.start(dir, Map.of("rate_limits", limits), b -> b.clock(clock))) {
      String key = s.keyFor("clumsy");
      s.send("POST", "/v1/collections", key, Map.of("name", "notes", "preset", "text"));
      // 20 refused writes (malformed, invalid, unknown collection): none of them uses up the 7 tokens left.
      for (int i = 0; i < 20; i++) {
        TestServer.Res r = switch (i % 3) {
          case 0 -> s.send("POST", "/v1/memories", key, "{\"content\":", Map.of());
          case 1 -> s.send("POST", "/v1/memories", key, Map.of("content", "x", "colour", "red"));
          default -> s.send("POST", "/v1/collections/nope/items", key, Map.of("item", Map.of("text", "x")));
        };
        assertThat(r.status()).as(r.text()).isBetween(400, 404);
      }
      assertThat(s.send("POST", "/v1/collections/notes/items", key, Map.of("item", Map.of("text", "a")))
          .status()).isEqualTo(201);
      assertThat(s.send("POST", "/v1/memories", key, Map.of("content", "The user likes tea")).status())
          .as("a memory write costs 4 of the 6 tokens left").isEqualTo(201);
      assertThat(s.send("POST", "/v1/memories", key, Map.of("content", "The user likes coffee")).status())
          .isEqualTo(429);
    }
    ServerConfig defaults = ServerConfig.defaults();
    // 100 embedding writes (or checks) back to back, then 10 writes and 25 checks a second (CONFIGURATION.md).
    assertThat(defaults.writeBurst() / defaults.embeddingCost()).isEqualTo(100);
    assertThat(defaults.writePerSecond() / defaults.embeddingCost()).isEqualTo(10);
    assertThat(defaults.checkBurst() / defaults.embeddingCost()).isEqualTo(100);
    assertThat(defaults.checkPerSecond() / defaults.embeddingCost()).isEqualTo(25);
  }

  @Test
  void item10BadJsonIsDescribedWithoutTheParsersInternals(@TempDir Path dir) {
    try (TestServer s = TestServer.start(dir, Map.of())) {
      String key = s.keyFor("json");
      List<String> bodies = List.of("[".repeat(2000), "{\"content\": \"x\", }", "{\"a\":1,\"a\":2}",
          "{\"content\":\"x\"} trailing", "{'a':1}", "{\"content\":\"" + "\\u00".repeat(3));
      for (String body : bodies) {
        TestServer.Res r = s.send("POST", "/v1/memories", key, body, Map.of());
        assertThat(r.status()).as(body).isEqualTo(400);
        String message = (String) r.error().get("message");
        assertThat(message).as(body).doesNotContain("StreamReadConstraints").doesNotContain("StreamReadFeature")
            .doesNotContain("INCLUDE_SOURCE").doesNotContain("`").doesNotContain("REDACTED");
      }
      TestServer.Res deep = s.send("POST", "/v1/memories", key, "[".repeat(2000), Map.of());
      assertThat(deep.error().get("message"))
          .isEqualTo("request body: Document nesting depth (65) exceeds the maximum allowed (64)");
    }
  }
}
