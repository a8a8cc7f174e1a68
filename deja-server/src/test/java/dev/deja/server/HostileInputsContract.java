package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.server.load.HttpFuzzer;
import dev.deja.testkit.SeedExtension;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17 on a real server over one store: hostile input never gets a 5xx, every error is in the API's shape, a
 * refused write leaves nothing behind (not after a restart either), and the documented limits hold — so that every
 * store answers the same. Each store's IT extends this in a few lines ({@link Issue17HostileInputsLuceneIT},
 * {@link Issue17HostileInputsPostgresIT}).
 */
abstract class HostileInputsContract {
  /** How many seeded hostile requests a run sends (the recorded longer runs: docs/RELIABILITY.md). */
  static final int REQUESTS = 400;
  private static final String ADMIN = TestServer.ADMIN;

  @TempDir
  Path dir;

  /** Settings that put tenants' collections in the store under test. */
  protected abstract Map<String, Object> storeSettings();

  private TestServer start(Path data) {
    Map<String, Object> s = new LinkedHashMap<>(storeSettings());
    s.put("rate_limits", Map.of("enabled", false));
    return TestServer.start(data, s);
  }

  @Test
  void seededHostileRequestsGetNo5xxAnErrorShapeAndLeaveNothingBehind() {
    long seed = SeedExtension.seedFor("Issue17HostileInputs");
    try (TestServer s = start(dir.resolve("data"))) {
      String key = s.keyFor("hostile");
      HttpFuzzer.Report r = new HttpFuzzer(new HttpFuzzer.Settings(s.base, key, REQUESTS, seed)).run();
      String failures = r.failures().stream().map(Object::toString).collect(Collectors.joining("\n"));
      assertThat(r.failures()).as("seed %d (rerun with -Ddeja.seed=%d):\n%s", seed, seed, failures).isEmpty();
      assertThat(r.healthyAfter()).isTrue();
      assertThat(r.kinds()).hasSize(15);
      assertThat(r.writesRefused()).as("refused writes, each checked for leftovers").isGreaterThan(50);
      assertThat(r.statuses().keySet()).allMatch(st -> st >= 200 && st < 500);
    }
  }

  @Test
  void theIssuesInputsAreClear400sNamingTheProblem() {
    try (TestServer s = start(dir.resolve("data"))) {
      String key = s.keyFor("cases");
      create(s, key, "cal", "calendar");
      create(s, key, "txt", "text");
      for (String[] c : new String[][] {
          {"{\"item\": {\"title\": \"x\", \"start\": \"+999999999-12-31T23:59\"}}", "field 'start'"},
          {"{\"item\": {\"title\": \"x\", \"start\": \"2026-01-01T10:00\", \"end\": \"+999999999-12-31T23:59\"}}",
              "field 'end'"}}) {
        TestServer.Res r = s.send("POST", "/v1/collections/cal/items", key, c[0], Map.of());
        assertError(r, 400, "invalid_request");
        assertThat((String) r.error().get("message")).contains(c[1]).contains("years 1 to 9999");
      }
      TestServer.Res search = s.send("GET", "/v1/collections/cal/search?q=x&start=%2B999999999-12-31T23:59", key,
          null);
      assertError(search, 400, "invalid_request");
      assertThat(search.error().get("details")).isEqualTo(Map.of("field", "start"));

      TestServer.Res lone = s.send("POST", "/v1/collections/txt/items", key,
          "{\"id\": \"sur1\", \"item\": {\"text\": \"a \\udfff\\ud800 b\"}}", Map.of());
      assertError(lone, 400, "invalid_request");
      assertThat((String) lone.error().get("message")).contains("item.text").contains("unpaired surrogate");
      assertThat(s.send("GET", "/v1/collections/txt/items/sur1", key, null).status()).isEqualTo(404);

      assertError(sendBytes(s, "/v1/collections/txt/items", key, bytes("{\"id\": \"utf1\", \"item\": {\"text\": \"a ",
          new byte[] {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, " b\"}}")), 400, "malformed_json");
      assertThat(s.send("GET", "/v1/collections/txt/items/utf1", key, null).status()).isEqualTo(404);

      // A memory merge with a lone surrogate: the first fact stays as it was, nothing else is stored.
      assertThat(s.send("POST", "/v1/memories", key, Map.of("content", "The user likes green tea")).status())
          .isEqualTo(201);
      assertError(s.send("POST", "/v1/memories", key, "{\"content\": \"The user likes green tea \\udfff\"}",
          Map.of()), 400, "invalid_request");
      TestServer.Res memories = s.send("GET", "/v1/collections/memories/items", key, null);
      assertThat(TestServer.list(memories.map().get("items"))).hasSize(1);
      Map<String, Object> fact = TestServer.obj(TestServer.list(memories.map().get("items")).get(0));
      assertThat(TestServer.obj(fact.get("item")).get("text")).isEqualTo("The user likes green tea");
      assertThat(fact.get("version")).isEqualTo(1);

      TestServer.Res after = s.send("GET", "/v1/collections/txt/items?after=" + "L".repeat(5000), key, null);
      assertError(after, 400, "invalid_request");
      assertThat((String) after.error().get("message")).startsWith("after:");

      // FREQ=SECONDLY: refused before anything is written.
      TestServer.Res secondly = s.send("POST", "/v1/collections/cal/items", key,
          Map.of("item", Map.of("title", "Every second", "start", "2026-05-05T10:00", "rrule", "FREQ=SECONDLY")));
      assertError(secondly, 400, "invalid_request");
      assertThat((String) secondly.error().get("message")).contains("rrule").contains("less than a minute apart");
      assertThat(s.send("GET", "/v1/collections/cal", key, null).map().get("count")).isEqualTo(0);

      // A 40 KB text, under max_item_bytes: stored, and found as an exact copy.
      String text = "word ".repeat(8000).strip();
      assertThat(s.send("POST", "/v1/collections/txt/items", key, Map.of("item", Map.of("text", text))).status())
          .isEqualTo(201);
      TestServer.Res again = s.send("POST", "/v1/collections/txt/items", key, Map.of("item", Map.of("text", text)));
      assertThat(again.status()).isEqualTo(409);
      assertThat(TestServer.obj(TestServer.list(again.map().get("matches")).get(0)).get("stage")).isEqualTo("exact");
    }
  }

  @Test
  void aSeriesRefusedHalfWayLeavesNothingAfterARestart() {
    Path data = dir.resolve("data");
    String key;
    try (TestServer s = start(data)) {
      key = s.keyFor("series");
      create(s, key, "cal", "calendar");
      // The id of the series' third occurrence is taken: writing the series fails half-way.
      assertThat(s.send("POST", "/v1/collections/cal/items", key, Map.of("id", "s~20260505T1200", "force", true,
          "item", Map.of("title", "Something else", "start", "2027-01-01T08:00"))).status()).isEqualTo(201);
      TestServer.Res series = s.send("POST", "/v1/collections/cal/items", key, Map.of("id", "s", "force", true,
          "item", Map.of("title", "Stand-up", "start", "2026-05-05T10:00", "rrule", "FREQ=HOURLY;COUNT=4")));
      assertError(series, 400, "invalid_request");
      assertThat((String) series.error().get("message")).contains("s~20260505T1200");
      assertOnlyTheOtherItem(s, key);
    }
    try (TestServer s = start(data)) {
      assertOnlyTheOtherItem(s, key);
      // The ids are free again: the series can be written whole under another id.
      assertThat(s.send("POST", "/v1/collections/cal/items", key, Map.of("id", "s2", "item", Map.of("title",
          "Stand-up", "start", "2026-05-05T10:00", "rrule", "FREQ=HOURLY;COUNT=4"))).status()).isEqualTo(201);
    }
  }

  private static void assertOnlyTheOtherItem(TestServer s, String key) {
    for (String id : List.of("s", "s~20260505T1000", "s~20260505T1100")) {
      assertThat(s.send("GET", "/v1/collections/cal/items/" + id, key, null).status()).as(id).isEqualTo(404);
    }
    TestServer.Res list = s.send("GET", "/v1/collections/cal/items", key, null);
    assertThat(TestServer.list(list.map().get("items"))).extracting(i -> TestServer.obj(i).get("id"))
        .containsExactly("s~20260505T1200");
  }

  static void create(TestServer s, String key, String name, String preset) {
    assertThat(s.send("POST", "/v1/collections", key, Map.of("name", name, "preset", preset)).status())
        .isEqualTo(201);
  }

  static void assertError(TestServer.Res r, int status, String code) {
    assertThat(r.status()).as(r.text()).isEqualTo(status);
    assertThat(r.header("content-type")).startsWith("application/json");
    assertThat(r.map()).containsOnlyKeys("error");
    assertThat(r.error().get("code")).as(r.text()).isEqualTo(code);
    assertThat((String) r.error().get("message")).isNotBlank();
    assertThat(r.error().get("details")).isInstanceOf(Map.class);
  }

  private static byte[] bytes(String before, byte[] middle, String after) {
    byte[] a = before.getBytes(StandardCharsets.UTF_8);
    byte[] c = after.getBytes(StandardCharsets.UTF_8);
    byte[] out = new byte[a.length + middle.length + c.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(middle, 0, out, a.length, middle.length);
    System.arraycopy(c, 0, out, a.length + middle.length, c.length);
    return out;
  }

  /** A POST whose body is these bytes exactly (TestServer sends strings, which cannot hold invalid UTF-8). */
  private static TestServer.Res sendBytes(TestServer s, String path, String key, byte[] body) {
    HttpRequest req = HttpRequest.newBuilder(URI.create(s.base + path)).timeout(Duration.ofSeconds(30))
        .header("Authorization", "Bearer " + key).header("content-type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
    try {
      HttpResponse<String> r = HttpClient.newHttpClient().send(req, HttpResponse.BodyHandlers.ofString());
      return new TestServer.Res(r.statusCode(), r.headers().map(), r.body(),
          dev.deja.format.Json.MAPPER.readValue(r.body(), Object.class));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
