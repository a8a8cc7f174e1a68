package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every route of the HTTP contract: its happy path and its errors, through a real client and server. */
class HttpContractIT {
  @TempDir
  static Path dir;
  static TestServer s;
  static final AtomicInteger TENANTS = new AtomicInteger();

  @BeforeAll
  static void start() {
    s = TestServer.start(dir, Map.of("max_body_bytes", 20_000, "max_item_bytes", 2_000, "max_batch_items", 5));
  }

  @AfterAll
  static void stop() {
    s.close();
  }

  /** A fresh tenant with a text collection "notes". */
  static String tenantWithNotes() {
    String key = s.keyFor("t" + TENANTS.incrementAndGet());
    assertThat(s.send("POST", "/v1/collections", key, Map.of("name", "notes", "preset", "text")).status())
        .isEqualTo(201);
    return key;
  }

  static void assertError(TestServer.Res r, int status, String code) {
    assertThat(r.status()).as(r.text()).isEqualTo(status);
    assertThat(r.error().get("code")).as(r.text()).isEqualTo(code);
    assertThat((String) r.error().get("message")).isNotBlank();
    assertThat(r.error()).containsKey("details");
  }

  // ---- keys

  @Test
  void adminCreatesAndRevokesKeys() {
    TestServer.Res created = s.send("POST", "/v1/admin/keys", TestServer.ADMIN, Map.of("tenant", "acme"));
    assertThat(created.status()).isEqualTo(201);
    assertThat(created.map()).containsEntry("tenant", "acme").containsKey("key");
    String key = (String) created.map().get("key");
    assertThat(key).startsWith("dk_").hasSize(46);
    assertThat(s.send("GET", "/v1/collections", key, null).status()).isEqualTo(200);
    TestServer.Res viaHeader = s.send("GET", "/v1/collections", null, null, Map.of("x-api-key", key));
    assertThat(viaHeader.status()).isEqualTo(200);

    assertError(s.send("POST", "/v1/admin/keys", key, Map.of("tenant", "x")), 403, "forbidden");
    assertError(s.send("POST", "/v1/admin/keys", TestServer.ADMIN, Map.of("tenant", "Not Valid!")), 400,
        "invalid_request");
    assertError(s.send("POST", "/v1/admin/keys", TestServer.ADMIN, Map.of()), 400, "invalid_request");
    assertError(s.send("POST", "/v1/admin/keys", TestServer.ADMIN, Map.of("tenant", "a", "extra", 1)), 400,
        "invalid_request");
    assertError(s.send("GET", "/v1/collections", TestServer.ADMIN, null), 403, "forbidden");

    assertThat(s.send("DELETE", "/v1/admin/keys/" + key, TestServer.ADMIN, null).status()).isEqualTo(204);
    assertError(s.send("GET", "/v1/collections", key, null), 401, "unauthorized");
    assertError(s.send("DELETE", "/v1/admin/keys/" + key, TestServer.ADMIN, null), 404, "not_found");
  }

  @Test
  void missingOrInvalidKeysAre401() {
    assertError(s.send("GET", "/v1/collections", null, null), 401, "unauthorized");
    assertError(s.send("GET", "/v1/collections", "dk_nope", null), 401, "unauthorized");
    assertError(s.send("GET", "/v1/collections", null, null, Map.of("Authorization", "Basic eDp5")), 401,
        "unauthorized");
    assertError(s.send("POST", "/v1/admin/keys", null, Map.of("tenant", "x")), 401, "unauthorized");
  }

  // ---- collections

  @Test
  void collectionsAreCreatedListedDescribedAndDropped() {
    String key = s.keyFor("c" + TENANTS.incrementAndGet());
    TestServer.Res created = s.send("POST", "/v1/collections", key, Map.of("name", "events", "preset", "calendar",
        "time_window", Map.of("time_window_hours", 3)));
    assertThat(created.status()).isEqualTo(201);
    @SuppressWarnings("unchecked")
    Map<String, Object> spec = (Map<String, Object>) created.map().get("spec");
    assertThat(spec).containsEntry("name", "events");
    assertThat(TestServer.obj(spec.get("time_window"))).containsEntry("time_window_hours", 3);
    assertThat(created.map()).containsEntry("embeds", true).containsEntry("count", 0);

    Map<String, Object> fullSpec = Map.of("name", "plain", "fields", Map.of("text", Map.of("type", "text")),
        "stages", Map.of("exact", Map.of("type", "exact", "fields", List.of("text"))));
    assertThat(s.send("POST", "/v1/collections", key, fullSpec).status()).isEqualTo(201);

    assertError(s.send("POST", "/v1/collections", key, Map.of("name", "events", "preset", "text")), 409,
        "conflict");
    assertError(s.send("POST", "/v1/collections", key, Map.of("name", "x", "preset", "nope")), 400,
        "invalid_request");
    assertError(s.send("POST", "/v1/collections", key, Map.of("name", "Bad Name", "preset", "text")), 400,
        "invalid_request");
    assertError(s.send("POST", "/v1/collections", key, Map.of("name", "x")), 400, "invalid_request");
    assertError(s.send("POST", "/v1/collections", key, Map.of("name", "x", "preset", "text", "stages",
        Map.of("fuzzy", Map.of("treshold", 0.5)))), 400, "invalid_request");
    assertError(s.send("POST", "/v1/collections", key, Map.of("preset", "text")), 400, "invalid_request");

    TestServer.Res list = s.send("GET", "/v1/collections", key, null);
    assertThat(list.status()).isEqualTo(200);
    assertThat(TestServer.list(list.map().get("collections"))).extracting(o -> TestServer.obj(o).get("name"))
        .containsExactly("events", "plain");
    TestServer.Res described = s.send("GET", "/v1/collections/events", key, null);
    assertThat(described.status()).isEqualTo(200);
    assertThat(described.map()).containsKeys("name", "description", "count", "spec");
    assertError(s.send("GET", "/v1/collections/nope", key, null), 404, "not_found");
    assertError(s.send("GET", "/v1/collections/events?x=1", key, null), 400, "invalid_request");

    assertThat(s.send("DELETE", "/v1/collections/events", key, null).status()).isEqualTo(204);
    assertError(s.send("DELETE", "/v1/collections/events", key, null), 404, "not_found");
    assertError(s.send("GET", "/v1/collections/events", key, null), 404, "not_found");
  }

  @Test
  void aCollectionThatCanNeverMatchIsA400NamingTheStageAndWhatWouldFeedIt() {
    String key = s.keyFor("c" + TENANTS.incrementAndGet());
    TestServer.Res unfed = s.send("POST", "/v1/collections", key, Map.of("name", "notes", "preset", "text", "stages",
        Map.of("exact", Map.of("enabled", false), "fuzzy", Map.of("lexical", "none"))));
    assertError(unfed, 400, "invalid_request");
    assertThat((String) unfed.error().get("message"))
        .startsWith("stages.fuzzy: this fuzzy stage can never match: no candidate ever reaches it.")
        .contains("set stages.fuzzy.lexical to words, trigrams or both");
    TestServer.Res allOff = s.send("POST", "/v1/collections", key, Map.of("name", "notes", "fields",
        Map.of("text", Map.of("type", "text")), "stages", Map.of("exact", Map.of("type", "exact", "enabled", false))));
    assertError(allOff, 400, "invalid_request");
    assertThat((String) allOff.error().get("message")).startsWith("stages: every stage is switched off (exact)");
    TestServer.Res listField = s.send("POST", "/v1/collections", key, Map.of("name", "notes", "fields",
        Map.of("text", Map.of("type", "text"), "tags", Map.of("type", "list")), "stages",
        Map.of("fuzzy", Map.of("type", "fuzzy", "field", "tags"))));
    assertError(listField, 400, "invalid_request");
    assertThat((String) listField.error().get("message")).startsWith("stages.fuzzy.field: field 'tags' is a list");
    TestServer.Res unreachable = s.send("POST", "/v1/collections", key, Map.of("name", "notes", "preset", "text",
        "stages", Map.of("fuzzy", Map.of("comparison", "gt", "similarity_threshold", 1.0, "possible_threshold",
            0.95))));
    assertThat(unreachable.status()).as("a possible band can still match").isEqualTo(201);
    assertThat(TestServer.list(s.send("GET", "/v1/collections", key, null).map().get("collections")))
        .extracting(o -> TestServer.obj(o).get("name")).containsExactly("notes");
  }

  // ---- items

  @Test
  void putCreatesRejectsWithHowToOverrideAndForces() {
    String key = tenantWithNotes();
    TestServer.Res created = s.send("POST", "/v1/collections/notes/items", key, Map.of("item",
        Map.of("text", "Call the plumber about the leak"), "id", "n1"));
    assertThat(created.status()).isEqualTo(201);
    assertThat(created.map()).containsEntry("action", "CREATED").containsEntry("id", "n1");

    TestServer.Res rejected = s.send("POST", "/v1/collections/notes/items", key, Map.of("item",
        Map.of("text", "call the plumber about the leak!")));
    assertThat(rejected.status()).isEqualTo(409);
    assertThat(rejected.map()).containsEntry("action", "REJECTED").doesNotContainKey("id");
    assertThat((String) rejected.map().get("message")).contains("force=true").contains("bypass_duplicate_check");
    @SuppressWarnings("unchecked")
    Map<String, Object> match = (Map<String, Object>) ((List<?>) rejected.map().get("matches")).get(0);
    assertThat(match).containsKeys("id", "score", "stage", "item", "explanation").containsEntry("id", "n1");

    TestServer.Res forced = s.send("POST", "/v1/collections/notes/items", key, Map.of("item",
        Map.of("text", "call the plumber about the leak!"), "force", true));
    assertThat(forced.status()).isEqualTo(201);
    assertThat(forced.map()).containsEntry("bypassed", true);
    TestServer.Res bypassed = s.send("POST", "/v1/collections/notes/items", key, Map.of("item",
        Map.of("text", "Call the plumber about the leak."), "bypass_duplicate_check", true));
    assertThat(bypassed.status()).isEqualTo(201);

    assertError(s.send("POST", "/v1/collections/notes/items", key, Map.of("item", Map.of("text", "x"), "id", "n1")),
        400, "invalid_request");
    assertError(s.send("POST", "/v1/collections/notes/items", key, Map.of("item", Map.of("text", "x"), "id", " ")),
        400, "invalid_request");
  }

  @Test
  void putMergesWhenThePolicySaysSo() {
    String key = s.keyFor("m" + TENANTS.incrementAndGet());
    assertThat(s.send("POST", "/v1/collections", key, Map.of("name", "facts", "preset", "text", "policy",
        Map.of("on_duplicate", "merge"))).status()).isEqualTo(201);
    TestServer.Res first = s.send("POST", "/v1/collections/facts/items", key, Map.of("item", Map.of("text",
        "Maya is allergic to peanuts")));
    TestServer.Res merged = s.send("POST", "/v1/collections/facts/items", key, Map.of("item", Map.of("text",
        "maya is allergic to peanuts")));
    assertThat(merged.status()).isEqualTo(200);
    assertThat(merged.map()).containsEntry("action", "MERGED").containsEntry("id", first.map().get("id"));
    TestServer.Res got = s.send("GET", "/v1/collections/facts/items/" + first.map().get("id"), key, null);
    assertThat(got.map()).containsEntry("version", 2);
    assertThat((List<?>) got.map().get("history")).hasSize(2);
  }

  @Test
  void checkIsADryRunWithMatchesAndExplanations() {
    String key = tenantWithNotes();
    s.send("POST", "/v1/collections/notes/items", key, Map.of("id", "a", "item", Map.of("text", "Renew passport")));
    TestServer.Res dup = s.send("POST", "/v1/collections/notes/check", key, Map.of("item",
        Map.of("text", "renew passport")));
    assertThat(dup.status()).isEqualTo(200);
    assertThat(dup.map()).containsEntry("outcome", "DUPLICATE").containsKey("explanation");
    @SuppressWarnings("unchecked")
    Map<String, Object> m = (Map<String, Object>) ((List<?>) dup.map().get("matches")).get(0);
    assertThat(m).containsEntry("id", "a").containsEntry("stage", "exact").containsEntry("score", 1.0)
        .containsEntry("item", Map.of("text", "Renew passport")).containsKey("explanation");
    TestServer.Res excluded = s.send("POST", "/v1/collections/notes/check", key, Map.of("item",
        Map.of("text", "renew passport"), "exclude_id", "a"));
    assertThat(excluded.map()).containsEntry("outcome", "NEW").containsEntry("matches", List.of());
    assertThat(s.send("GET", "/v1/collections/notes", key, null).map()).containsEntry("count", 1);

    TestServer.Res batch = s.send("POST", "/v1/collections/notes/check/batch", key, Map.of("items", List.of(
        Map.of("item", Map.of("text", "renew passport")), Map.of("item", Map.of("text", "buy milk")),
        Map.of("item", Map.of("nope", 1)))));
    assertThat(batch.status()).isEqualTo(200);
    List<?> results = (List<?>) batch.map().get("results");
    assertThat(((Map<?, ?>) results.get(0)).get("outcome")).isEqualTo("DUPLICATE");
    assertThat(((Map<?, ?>) results.get(1)).get("outcome")).isEqualTo("NEW");
    assertThat(((Map<?, ?>) results.get(2)).get("status")).isEqualTo(400);
  }

  @Test
  void itemsAreReadListedInPagesAndDeleted() {
    String key = tenantWithNotes();
    for (String id : List.of("a", "b", "c", "d", "e")) {
      assertThat(s.send("POST", "/v1/collections/notes/items", key, Map.of("id", id, "item",
          Map.of("text", "note number " + id + " about " + id.repeat(5)))).status()).isEqualTo(201);
    }
    TestServer.Res one = s.send("GET", "/v1/collections/notes/items/c", key, null);
    assertThat(one.status()).isEqualTo(200);
    assertThat(one.map()).containsEntry("id", "c").containsKeys("version", "created_at", "updated_at", "item",
        "history");
    TestServer.Res page1 = s.send("GET", "/v1/collections/notes/items?limit=2", key, null);
    assertThat(TestServer.list(page1.map().get("items"))).extracting(o -> TestServer.obj(o).get("id")).containsExactly("a", "b");
    assertThat(page1.map()).containsEntry("next_after", "b").containsEntry("count", 5);
    TestServer.Res page3 = s.send("GET", "/v1/collections/notes/items?limit=2&after=d", key, null);
    assertThat((List<?>) page3.map().get("items")).hasSize(1);
    assertThat(page3.map().get("next_after")).isNull();
    assertError(s.send("GET", "/v1/collections/notes/items?limit=0", key, null), 400, "invalid_request");
    assertError(s.send("GET", "/v1/collections/notes/items?limit=abc", key, null), 400, "invalid_request");
    assertError(s.send("GET", "/v1/collections/notes/items?page=2", key, null), 400, "invalid_request");

    assertThat(s.send("DELETE", "/v1/collections/notes/items/c", key, null).status()).isEqualTo(204);
    assertError(s.send("GET", "/v1/collections/notes/items/c", key, null), 404, "not_found");
    assertError(s.send("DELETE", "/v1/collections/notes/items/c", key, null), 404, "not_found");
    assertError(s.send("GET", "/v1/collections/nope/items/c", key, null), 404, "not_found");

    TestServer.Res batch = s.send("POST", "/v1/collections/notes/items/batch", key, Map.of("items", List.of(
        Map.of("item", Map.of("text", "a fresh note")), Map.of("item", Map.of("text", "A fresh note!")))));
    List<?> results = (List<?>) batch.map().get("results");
    assertThat(((Map<?, ?>) results.get(0)).get("status")).isEqualTo(201);
    assertThat(((Map<?, ?>) results.get(1)).get("status")).isEqualTo(409);
  }

  @Test
  void clientMistakesAre4xxWithOneErrorShape() {
    String key = tenantWithNotes();
    String items = "/v1/collections/notes/items";
    assertError(s.send("POST", items, key, "{\"item\": ", Map.of()), 400, "malformed_json");
    assertError(s.send("POST", items, key, "", Map.of()), 400, "malformed_json");
    assertError(s.send("POST", items, key, "[1, 2]", Map.of()), 400, "invalid_request");
    assertError(s.send("POST", items, key, "{\"item\": {\"text\": \"a\"}, \"item\": {\"text\": \"b\"}}", Map.of()),
        400, "malformed_json");
    assertError(s.send("POST", items, key, Map.of("item", "text")), 400, "invalid_request");
    assertError(s.send("POST", items, key, Map.of("item", Map.of("text", 5))), 400, "invalid_request");
    assertError(s.send("POST", items, key, Map.of("item", Map.of("text", "a"), "force", "yes")), 400,
        "invalid_request");
    TestServer.Res unknown = s.send("POST", items, key, Map.of("item", Map.of("text", "a"), "forse", true));
    assertError(unknown, 400, "invalid_request");
    assertThat(TestServer.obj(unknown.error().get("details"))).containsEntry("unknown_fields", List.of("forse"));
    assertError(s.send("POST", items, key, Map.of("item", Map.of("text", "a", "colour", "red"))), 400,
        "invalid_request");
    assertError(s.send("POST", items, key, Map.of("item", Map.of())), 400, "invalid_request");
    assertError(s.send("POST", items, key, Map.of("item", Map.of("text", "x".repeat(3000)))), 413,
        "payload_too_large");
    assertError(s.send("POST", items, key, Map.of("item", Map.of("text", "x".repeat(30_000)))), 413,
        "payload_too_large");
    assertError(s.send("POST", items + "/batch", key, Map.of("items", List.of(Map.of(), Map.of(), Map.of(),
        Map.of(), Map.of(), Map.of()))), 413, "payload_too_large");
    assertError(s.send("POST", "/v1/collections/nope/items", key, Map.of("item", Map.of("text", "a"))), 404,
        "not_found");
    assertError(s.send("GET", "/v1/nothing-here", key, null), 404, "not_found");
    assertError(s.send("PUT", "/v1/collections/notes", key, "{}", Map.of()), 405, "method_not_allowed");
  }

  /** A refused body is read to its end before the 413 goes out, so the client always gets the 413, not a reset. */
  @Test
  void oversizedBodiesAlwaysGetTheir413() {
    String key = tenantWithNotes();
    String big = "{\"item\": {\"text\": \"" + "x".repeat(400_000) + "\"}}";
    for (int i = 0; i < 40; i++) {
      assertError(s.send("POST", "/v1/collections/notes/items", key, big, Map.of()), 413, "payload_too_large");
    }
  }

  // ---- search

  @Test
  void searchReturnsScoresNearestInTimeFirst() {
    String key = s.keyFor("s" + TENANTS.incrementAndGet());
    s.send("POST", "/v1/collections", key, Map.of("name", "events", "preset", "calendar", "stages",
        Map.of("semantic", Map.of("enabled", false), "fuzzy", Map.of("enabled", true))));
    for (String[] e : List.of(new String[] {"far", "Swimming lesson", "2026-03-02T18:00"},
        new String[] {"near", "Swimming lessons", "2026-03-02T09:30"},
        new String[] {"other", "Tax deadline", "2026-03-02T09:00"},
        new String[] {"later", "Swimming lesson", "2026-03-20T09:00"})) {
      assertThat(s.send("POST", "/v1/collections/events/items", key, Map.of("id", e[0], "force", true, "item",
          Map.of("title", e[1], "start", e[2]))).status()).isEqualTo(201);
    }
    TestServer.Res r = s.send("GET", "/v1/collections/events/search?q=swimming%20lesson&start=2026-03-02T09:00"
        + "&end=2026-03-02&threshold=0.5", key, null);
    assertThat(r.status()).as(r.text()).isEqualTo(200);
    List<?> results = (List<?>) r.map().get("results");
    assertThat(TestServer.list(results)).extracting(o -> TestServer.obj(o).get("id")).containsExactly("near", "far");
    assertThat(TestServer.obj(results.get(0))).containsKeys("score", "item", "explanation", "time_distance_minutes");
    TestServer.Res all = s.send("GET", "/v1/collections/events/search?q=swimming%20lesson&limit=10", key, null);
    assertThat((List<?>) all.map().get("results")).hasSize(3);

    String base = "/v1/collections/events/search?q=swim";
    assertError(s.send("GET", base + "&threshold=1.5", key, null), 400, "invalid_request");
    assertError(s.send("GET", base + "&threshold=abc", key, null), 400, "invalid_request");
    assertError(s.send("GET", base + "&threshold=NaN", key, null), 400, "invalid_request");
    assertError(s.send("GET", base + "&limit=0", key, null), 400, "invalid_request");
    assertError(s.send("GET", base + "&start=yesterday", key, null), 400, "invalid_request");
    assertError(s.send("GET", base + "&start=2026-03-05&end=2026-03-01", key, null), 400, "invalid_request");
    assertError(s.send("GET", base + "&colour=red", key, null), 400, "invalid_request");
    assertError(s.send("GET", "/v1/collections/events/search", key, null), 400, "invalid_request");
    assertError(s.send("GET", "/v1/collections/nope/search?q=x", key, null), 404, "not_found");
  }
}
