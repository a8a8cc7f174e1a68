package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.testkit.SeedExtension;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Randomised cross-tenant checks through HTTP: tenants store overlapping texts (often the very same ones) in
 * collections of the same name; every check matches only the caller's own items, and no route lets a tenant read,
 * delete, list or describe another tenant's data.
 */
@ExtendWith(SeedExtension.class)
class TenantIsolationIT {
  private static final String[] TEXTS = {"Pay the electricity bill", "Book flights to Lisbon", "Renew car insurance",
      "Dentist appointment for Maya", "Buy a birthday present for Sam", "Fix the garden fence",
      "Submit the quarterly tax return", "Call grandma on Sunday", "Return library books", "Plan the team offsite"};

  @Test
  void aTenantNeverSeesOrMatchesAnotherTenantsItems(@TempDir Path dir, Random random) {
    try (TestServer s = TestServer.start(dir, Map.of("rate_limits", Map.of("enabled", false)))) {
      int n = 4;
      List<String> keys = new ArrayList<>();
      List<String> tenants = new ArrayList<>();
      for (int t = 0; t < n; t++) {
        tenants.add("tenant-" + t);
        keys.add(s.keyFor(tenants.get(t)));
        assertThat(s.send("POST", "/v1/collections", keys.get(t), Map.of("name", "notes", "preset", "text"))
            .status()).isEqualTo(201);
      }
      Map<Integer, Set<String>> ownIds = new HashMap<>();
      Map<Integer, Map<String, String>> ownTexts = new HashMap<>();
      for (int i = 0; i < 60; i++) {
        int t = random.nextInt(n);
        String text = TEXTS[random.nextInt(TEXTS.length)];
        TestServer.Res r = s.send("POST", "/v1/collections/notes/items", keys.get(t), Map.of("item",
            Map.of("text", text)));
        if (r.status() == 201) {
          ownIds.computeIfAbsent(t, k -> new HashSet<>()).add((String) r.map().get("id"));
          ownTexts.computeIfAbsent(t, k -> new HashMap<>()).put(text, (String) r.map().get("id"));
        } else {
          assertThat(r.status()).isEqualTo(409);
          // Rejected only because the same tenant already has it.
          assertThat(ownTexts.getOrDefault(t, Map.of())).containsKey(text);
          for (Object m : TestServer.list(r.map().get("matches"))) {
            assertThat(ownIds.get(t)).contains((String) TestServer.obj(m).get("id"));
          }
        }
      }
      for (int i = 0; i < 80; i++) {
        int t = random.nextInt(n);
        String text = TEXTS[random.nextInt(TEXTS.length)];
        TestServer.Res r = s.send("POST", "/v1/collections/notes/check", keys.get(t), Map.of("item",
            Map.of("text", text.toLowerCase(java.util.Locale.ROOT))));
        assertThat(r.status()).isEqualTo(200);
        boolean mine = ownTexts.getOrDefault(t, Map.of()).containsKey(text);
        assertThat(r.map().get("outcome")).as("tenant %d checking '%s'", t, text).isEqualTo(mine ? "DUPLICATE" : "NEW");
        for (Object m : TestServer.list(r.map().get("matches"))) {
          assertThat(ownIds.get(t)).contains((String) TestServer.obj(m).get("id"));
        }
      }
      for (int t = 0; t < n; t++) {
        int other = (t + 1 + random.nextInt(n - 1)) % n;
        for (String id : ownIds.getOrDefault(other, Set.of())) {
          assertThat(s.send("GET", "/v1/collections/notes/items/" + id, keys.get(t), null).status()).isEqualTo(404);
          assertThat(s.send("DELETE", "/v1/collections/notes/items/" + id, keys.get(t), null).status())
              .isEqualTo(404);
        }
        TestServer.Res list = s.send("GET", "/v1/collections/notes/items?limit=1000", keys.get(t), null);
        Set<String> listed = new HashSet<>();
        for (Object o : TestServer.list(list.map().get("items"))) {
          listed.add((String) TestServer.obj(o).get("id"));
        }
        assertThat(listed).isEqualTo(ownIds.getOrDefault(t, Set.of()));
        TestServer.Res search = s.send("GET", "/v1/collections/notes/search?q=" + TEXTS[0].replace(" ", "%20")
            + "&threshold=0", keys.get(t), null);
        for (Object o : TestServer.list(search.map().get("results"))) {
          assertThat(ownIds.get(t)).contains((String) TestServer.obj(o).get("id"));
        }
      }
      // A tenant's own collection, created by another under the same name, is untouched by the other's drop.
      assertThat(s.send("POST", "/v1/collections", keys.get(0), Map.of("name", "private", "preset", "text"))
          .status()).isEqualTo(201);
      assertThat(s.send("GET", "/v1/collections/private", keys.get(1), null).status()).isEqualTo(404);
      assertThat(s.send("DELETE", "/v1/collections/private", keys.get(1), null).status()).isEqualTo(404);
      assertThat(s.send("DELETE", "/v1/collections/notes", keys.get(1), null).status()).isEqualTo(204);
      assertThat(s.send("GET", "/v1/collections/notes", keys.get(0), null).map().get("count"))
          .isEqualTo(ownIds.getOrDefault(0, Set.of()).size());
    }
  }
}
