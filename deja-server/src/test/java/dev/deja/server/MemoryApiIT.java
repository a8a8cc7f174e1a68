package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The memory design's endpoints: check-duplicate ({"content", "session_id"} → {"is_duplicate", "existing_id",
 * "existing_content", "similarity"}) and the remember-style write that merges by default and records with force; on
 * the real in-process MiniLM model.
 */
class MemoryApiIT {
  @Test
  void checkDuplicateAndRememberMergeOrForce(@TempDir Path dir) {
    List<String> events = new ArrayList<>();
    try (TestServer s = TestServer.start(dir, Map.of(), b -> b.events(new DuplicateEvents(
        java.time.Clock.systemUTC(), events::add)))) {
      String key = s.keyFor("agent");
      TestServer.Res before = s.send("POST", "/v1/memories/check-duplicate", key, Map.of("content",
          "The user prefers dark mode in every editor", "session_id", "s-1"));
      assertThat(before.status()).isEqualTo(200);
      assertThat(before.map()).containsEntry("is_duplicate", false).containsEntry("existing_id", null)
          .containsEntry("existing_content", null).containsEntry("similarity", null);

      TestServer.Res created = s.send("POST", "/v1/memories", key, Map.of("content",
          "The user prefers dark mode in every editor", "session_id", "s-1", "category", "preference"));
      assertThat(created.status()).isEqualTo(201);
      assertThat(created.map()).containsEntry("action", "CREATED");
      String id = (String) created.map().get("id");

      TestServer.Res dup = s.send("POST", "/v1/memories/check-duplicate", key, Map.of("content",
          "The user prefers dark mode in all editors", "session_id", "s-2"));
      assertThat(dup.map()).containsEntry("is_duplicate", true).containsEntry("existing_id", id)
          .containsEntry("existing_content", "The user prefers dark mode in every editor");
      // The classifier's probability of a duplicate, at or above the memory preset's threshold.
      assertThat((Double) dup.map().get("similarity")).isBetween((Double) dev.deja.format.Presets.spec("memory")
          .stage("combined").orElseThrow().options().get("similarity_threshold"), 1.0);

      TestServer.Res merged = s.send("POST", "/v1/memories", key, Map.of("content",
          "the user prefers dark mode in every editor", "session_id", "s-3"));
      assertThat(merged.status()).isEqualTo(200);
      assertThat(merged.map()).containsEntry("action", "MERGED").containsEntry("existing_id", id)
          .containsEntry("similarity", 1.0);
      assertThat((String) merged.map().get("message")).contains("force=true");
      TestServer.Res stored = s.send("GET", "/v1/collections/memories/items/" + id, key, null);
      assertThat(stored.map()).containsEntry("version", 2);

      TestServer.Res forced = s.send("POST", "/v1/memories", key, Map.of("content",
          "the user prefers dark mode in every editor", "force", true));
      assertThat(forced.status()).isEqualTo(201);
      assertThat(forced.map()).containsEntry("bypassed", true);

      TestServer.Res negation = s.send("POST", "/v1/memories/check-duplicate", key, Map.of("content",
          "The user does not prefer dark mode in every editor"));
      assertThat(negation.map()).as("a negation is not the same fact").containsEntry("is_duplicate", false);

      assertThat(s.send("POST", "/v1/memories", key, Map.of()).status()).isEqualTo(400);
      assertThat(s.send("POST", "/v1/memories", key, Map.of("content", 5)).status()).isEqualTo(400);
      assertThat(s.send("POST", "/v1/memories", key, Map.of("content", "x", "owner", "someone-else")).status())
          .as("the owner is the key's tenant, never the body").isEqualTo(400);
      assertThat(s.send("POST", "/v1/memories/check-duplicate", key, Map.of("content", " ")).status())
          .isEqualTo(400);

      // One JSON event line per duplicate detected, with the design's fields and the session.
      assertThat(events).isNotEmpty();
      Map<String, Object> e = dev.deja.format.Json.object(events.get(0), "event");
      assertThat(e).containsKeys("event_id", "timestamp", "tenant", "session_id", "new_preview", "existing_preview",
          "similarity", "stage").containsEntry("tenant", "agent").containsEntry("session_id", "s-2")
          .containsEntry("event", "duplicate_detected");
    }
  }
}
