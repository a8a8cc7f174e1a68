package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.deja.format.Json;
import dev.deja.stream.StreamDeduplicator;
import dev.deja.testkit.FakeUpstream;
import dev.deja.testkit.SeedExtension;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code deja serve} with a chat completions proxy in front of a real local fake upstream that streams token
 * fragments: repeats removed, everything else passed on byte for byte, upstream errors, an unreachable or silent
 * upstream, a client that goes away, Deja's key, bad input, metrics.
 */
@ExtendWith(SeedExtension.class)
class ChatProxyIT {
  /** A JSON string member named content, the only bytes the proxy may change in a chunk. */
  private static final Pattern CONTENT = Pattern.compile("\"content\":\"(?:[^\"\\\\]|\\\\.)*\"");

  @TempDir
  Path dir;
  private FakeUpstream upstream;
  private TestServer server;
  private String key;
  private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5)).build();
  private final StreamDeduplicator dedup = StreamDeduplicator.withDefaults();

  @BeforeEach
  void start() throws Exception {
    upstream = new FakeUpstream();
    server = TestServer.start(dir, Map.of("proxy", proxySettings(upstream.base())));
    key = server.keyFor("acme");
  }

  private static Map<String, Object> proxySettings(String base) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("upstream", base);
    p.put("connect_timeout_seconds", 2);
    p.put("response_timeout_seconds", 1);
    p.put("idle_timeout_seconds", 1);
    p.put("max_request_bytes", 4096);
    return p;
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
    upstream.close();
  }

  private static String chatBody(String model, boolean stream) {
    return "{\"model\":\"" + model + "\",\"stream\":" + stream
        + ",\"messages\":[{\"role\":\"user\",\"content\":\"Vietnamese food in Fishtown?\"}]}";
  }

  /** A request through Deja (tenant key in x-api-key, the upstream's in Authorization) or, with base, elsewhere. */
  private HttpRequest.Builder request(String base, String path, String body) {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(20))
        .header("Authorization", "Bearer upstream-client-key");
    if (key != null) {
      b.header("x-api-key", key);
    }
    return body == null ? b.GET() : b.header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body));
  }

  private HttpResponse<String> chat(String model, boolean stream) throws Exception {
    return client.send(request(server.base, "/v1/chat/completions", chatBody(model, stream)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> direct(String model, boolean stream) throws Exception {
    return client.send(HttpRequest.newBuilder(URI.create(upstream.base() + "/chat/completions"))
        .POST(HttpRequest.BodyPublishers.ofString(chatBody(model, stream))).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** The assistant's text of a stream: the delta contents of its chunks, in order. */
  private static String content(String sse) throws Exception {
    StringBuilder b = new StringBuilder();
    for (String line : sse.split("\n")) {
      if (line.startsWith("data: {")) {
        JsonNode n = Json.MAPPER.readTree(line.substring(6));
        for (JsonNode choice : n.path("choices")) {
          JsonNode c = choice.path("delta").path("content");
          if (c.isTextual()) {
            b.append(c.asText());
          }
        }
      }
    }
    return b.toString();
  }

  private static List<String> events(String sse) {
    return Arrays.stream(sse.split("\n\n", -1)).filter(e -> !e.isEmpty()).toList();
  }

  private static String withoutContent(String event) {
    return CONTENT.matcher(event).replaceAll("\"content\":\"\"");
  }

  @RepeatedTest(3)
  void aStreamedAnswerLosesItsRepeatsAndEverythingElseIsByteIdentical(Random random) throws Exception {
    long seed = random.nextLong() & Long.MAX_VALUE;
    String model = "seed-" + seed;
    HttpResponse<String> original = direct(model, true);
    HttpResponse<String> r = chat(model, true);

    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.headers().firstValue("content-type")).hasValueSatisfying(t -> assertThat(t)
        .startsWith("text/event-stream"));
    assertThat(r.headers().firstValue("x-request-id")).hasValue("req-42");
    assertThat(content(original.body())).isEqualTo(FakeUpstream.ANSWER);
    String expected = dedup.dedupe(FakeUpstream.fragments(seed));
    assertThat(content(r.body())).isEqualTo(expected);
    assertThat(expected).containsOnlyOnce("Little Hanoi has \"outdoor\" seating.")
        .doesNotContain("Here are three Vietnamese places").startsWith("I found three").endsWith("Enjoy");

    // Every event the upstream sent arrives, in order, byte for byte apart from the text in delta.content; the only
    // addition is the held text, sent in one event before the chunk with finish_reason.
    List<String> sent = events(original.body());
    List<String> received = events(r.body());
    assertThat(received).contains(": keep-alive comment", FakeUpstream.TOOL_EVENT, FakeUpstream.USAGE_EVENT,
        FakeUpstream.chunk("{\"role\":\"assistant\",\"content\":\"\"}", "null"));
    int finish = received.indexOf(FakeUpstream.chunk("{}", "\"stop\""));
    assertThat(finish).isPositive();
    assertThat(received.size()).isBetween(sent.size(), sent.size() + 1);
    List<String> withoutTail = new java.util.ArrayList<>(received);
    if (received.size() == sent.size() + 1) {
      // The held text: a copy of the last chunk with its delta replaced, logprobs null (issue 18: OpenAI's clients
      // expect the field), just before the chunk with finish_reason.
      String tail = withoutTail.remove(finish - 1);
      assertThat(tail).startsWith("data: {").contains("\"delta\":{\"content\":").contains("\"logprobs\":null");
    }
    assertThat(withoutTail.stream().map(ChatProxyIT::withoutContent).toList())
        .isEqualTo(sent.stream().map(ChatProxyIT::withoutContent).toList());
    assertThat(received.get(received.size() - 1)).isEqualTo("data: [DONE]");
    assertThat(r.body()).endsWith("data: [DONE]\n\n");

    // Deja's key stays with Deja; the upstream's Authorization goes to the upstream.
    Map<String, List<String>> headers = upstream.requestHeaders().get(upstream.requestHeaders().size() - 1);
    assertThat(headers).doesNotContainKey("x-api-key").containsEntry("authorization",
        List.of("Bearer upstream-client-key"));
  }

  @Test
  void aWholeCompletionLosesItsRepeatsInPlaceAndNothingElseChanges() throws Exception {
    HttpResponse<String> r = chat("whole", false);
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.headers().firstValue("content-type")).hasValue("application/json");
    String original = FakeUpstream.completion();
    assertThat(direct("whole", false).body()).isEqualTo(original);
    String content = Json.MAPPER.readTree(r.body()).path("choices").path(0).path("message").path("content").asText();
    assertThat(content).isEqualTo(dedup.dedupe(List.of(FakeUpstream.ANSWER))).isNotEqualTo(FakeUpstream.ANSWER);
    Matcher before = CONTENT.matcher(original);
    Matcher after = CONTENT.matcher(r.body());
    assertThat(before.find()).isTrue();
    assertThat(after.find()).isTrue();
    assertThat(r.body().substring(0, after.start())).isEqualTo(original.substring(0, before.start()));
    assertThat(r.body().substring(after.end())).isEqualTo(original.substring(before.end()));
  }

  @Test
  void upstreamErrorsPassThroughWithTheirStatusAndBody() throws Exception {
    HttpResponse<String> r429 = chat("error-429", true);
    assertThat(r429.statusCode()).isEqualTo(429);
    assertThat(r429.body()).isEqualTo("{\"error\":{\"message\":\"Rate limit reached\",\"type\":\"requests\"}}");
    HttpResponse<String> r500 = chat("error-500", false);
    assertThat(r500.statusCode()).isEqualTo(500);
    assertThat(r500.body()).isEqualTo("{\"error\":{\"message\":\"boom\",\"type\":\"server_error\"}}");
  }

  @Test
  void anUpstreamThatIsDownIsA502() throws Exception {
    int closedPort;
    try (ServerSocket s = new ServerSocket(0)) {
      closedPort = s.getLocalPort();
    }
    server.close();
    server = TestServer.start(dir, Map.of("proxy", proxySettings("http://127.0.0.1:" + closedPort + "/v1")));
    key = server.keyFor("acme");
    HttpResponse<String> r = chat("repeats", true);
    assertThat(r.statusCode()).isEqualTo(502);
    assertThat(r.headers().firstValue("content-type")).hasValue("application/json");
    JsonNode error = Json.MAPPER.readTree(r.body()).path("error");
    assertThat(error.path("type").asText()).isEqualTo("server_error");
    assertThat(error.path("code").asText()).isEqualTo("upstream_unreachable");
    // Issue 18: the message names the upstream and the cause (was "upstream unreachable: java.net.ConnectException").
    assertThat(error.path("message").asText()).isEqualTo("upstream http://127.0.0.1:" + closedPort
        + "/v1/chat/completions unreachable: connection refused");
  }

  @Test
  void anUpstreamThatDoesNotAnswerInTimeIsA504() throws Exception {
    long t0 = System.nanoTime();
    HttpResponse<String> r = chat("no-headers", true);
    assertThat(r.statusCode()).isEqualTo(504);
    assertThat(Json.MAPPER.readTree(r.body()).path("error").path("code").asText()).isEqualTo("upstream_timeout");
    assertThat(System.nanoTime() - t0).as("answered after the 1 s response timeout, not the upstream's 10 s")
        .isLessThan(TimeUnit.SECONDS.toNanos(8));
  }

  @Test
  void aStreamThatFallsSilentIsCutWithTheHeldTextFirst() throws Exception {
    HttpResponse<String> r = chat("hang", true);
    assertThat(r.statusCode()).isEqualTo(200);
    List<String> events = events(r.body());
    assertThat(content(r.body())).isEqualTo("Hello there. ");
    assertThat(events.get(events.size() - 1)).startsWith("data: {\"error\":").contains("upstream_timeout");
  }

  @Test
  void aSlowStreamArrivesIncrementally() throws Exception {
    HttpResponse<InputStream> r = client.send(request(server.base, "/v1/chat/completions",
        chatBody("slow", true)).build(), HttpResponse.BodyHandlers.ofInputStream());
    assertThat(r.statusCode()).isEqualTo(200);
    BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8));
    StringBuilder all = new StringBuilder();
    long firstText = -1;
    for (String l = in.readLine(); l != null; l = in.readLine()) {
      all.append(l).append('\n');
      if (firstText < 0 && !content(l).isEmpty()) {
        firstText = System.nanoTime();
      }
    }
    long end = System.nanoTime();
    assertThat(content(all.toString())).isEqualTo(dedup.dedupe(FakeUpstream.fragments()));
    // ~140 fragments 15 ms apart: the first sentence is shown while the upstream is still sending the rest.
    assertThat(firstText).isPositive();
    assertThat(end - firstText).as("text shown before the stream ended").isGreaterThan(
        TimeUnit.MILLISECONDS.toNanos(300));
  }

  @Test
  void aClientThatDisconnectsMidStreamCancelsTheUpstreamRequest() throws Exception {
    HttpResponse<InputStream> r = client.send(request(server.base, "/v1/chat/completions",
        chatBody("endless", true)).build(), HttpResponse.BodyHandlers.ofInputStream());
    BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8));
    int seen = 0;
    while (seen < 3) {
      String l = in.readLine();
      assertThat(l).as("the stream goes on").isNotNull();
      if (l.contains("Sentence number")) {
        seen++;
      }
    }
    r.body().close();
    assertThat(upstream.awaitClientGone(8, TimeUnit.SECONDS)).as("the upstream saw its request cancelled").isTrue();
    // The server is still serving.
    assertThat(chat("whole", false).statusCode()).isEqualTo(200);
  }

  @Test
  void theProxyNeedsATenantKey() throws Exception {
    String tenant = key;
    key = null;
    HttpResponse<String> missing = chat("whole", false);
    assertThat(missing.statusCode()).isEqualTo(401);
    JsonNode e = Json.MAPPER.readTree(missing.body()).path("error");
    assertThat(e.path("code").asText()).isEqualTo("unauthorized");
    assertThat(e.path("type").asText()).isEqualTo("authentication_error");
    assertThat(e.path("message").asText()).contains("x-api-key");

    // The tenant key as Authorization is not Deja's key here: Authorization belongs to the upstream.
    HttpResponse<String> asBearer = client.send(HttpRequest.newBuilder(URI.create(server.base
        + "/v1/chat/completions")).header("Authorization", "Bearer " + tenant)
        .POST(HttpRequest.BodyPublishers.ofString(chatBody("whole", false))).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(asBearer.statusCode()).isEqualTo(401);

    key = "not-a-key";
    HttpResponse<String> invalid = chat("whole", true);
    assertThat(invalid.statusCode()).isEqualTo(401);
    assertThat(invalid.headers().firstValue("content-type")).hasValue("application/json");
    assertThat(Json.MAPPER.readTree(invalid.body()).path("error").path("message").asText()).contains("invalid");

    key = TestServer.ADMIN;
    HttpResponse<String> admin = chat("whole", false);
    assertThat(admin.statusCode()).isEqualTo(403);
    assertThat(Json.MAPPER.readTree(admin.body()).path("error").path("type").asText()).isEqualTo("permission_error");
    HttpResponse<String> models = client.send(request(server.base, "/v1/models", null).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(models.statusCode()).isEqualTo(403);

    assertThat(upstream.requestHeaders()).as("nothing reached the upstream").isEmpty();
  }

  @Test
  void withAnUpstreamKeyTheServerSendsItsOwnAndClientsMayUseBearer() throws Exception {
    server.close();
    Map<String, Object> p = new LinkedHashMap<>(proxySettings(upstream.base()));
    p.put("api_key", "upstream-secret");
    server = TestServer.start(dir, Map.of("proxy", p));
    String tenant = server.keyFor("acme");
    HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(server.base + "/v1/chat/completions"))
        .header("Authorization", "Bearer " + tenant)
        .POST(HttpRequest.BodyPublishers.ofString(chatBody("whole", false))).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(upstream.authorizations()).containsExactly("Bearer upstream-secret");
  }

  @Test
  void aCallTakesATokenFromTheKeysCheckBucket() throws Exception {
    server.close();
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("proxy", proxySettings(upstream.base()));
    settings.put("rate_limits", Map.of("check_per_second", 0.01, "check_burst", 1));
    server = TestServer.start(dir, settings);
    key = server.keyFor("acme");
    assertThat(chat("whole", false).statusCode()).isEqualTo(200);
    HttpResponse<String> limited = chat("whole", false);
    assertThat(limited.statusCode()).isEqualTo(429);
    assertThat(limited.headers().firstValue("retry-after")).isPresent();
    JsonNode e = Json.MAPPER.readTree(limited.body()).path("error");
    assertThat(e.path("code").asText()).isEqualTo("rate_limited");
    assertThat(e.path("type").asText()).isEqualTo("rate_limit_error");
    assertThat(upstream.requestHeaders()).hasSize(1);
  }

  @Test
  void badRequestsAreClear4xxErrorsThatNeverReachTheUpstream() throws Exception {
    Map<String, String> cases = new LinkedHashMap<>();
    cases.put("{\"model\":", "malformed_json");
    cases.put("", "malformed_json");
    cases.put("[1, 2]", "invalid_request");
    cases.put("{\"model\":\"m\"}", "invalid_request");
    cases.put("{\"model\":\"m\",\"messages\":\"hi\"}", "invalid_request");
    cases.put("{\"model\":\"m\",\"messages\":[],\"stream\":\"yes\"}", "invalid_request");
    cases.put("{\"model\":7,\"messages\":[]}", "invalid_request");
    cases.put("{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"" + "x".repeat(5000) + "\"}]}",
        "payload_too_large");
    for (Map.Entry<String, String> c : cases.entrySet()) {
      HttpResponse<String> r = client.send(request(server.base, "/v1/chat/completions", c.getKey()).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(r.statusCode()).as("status of %s", c.getKey()).isBetween(400, 499);
      assertThat(r.headers().firstValue("content-type")).hasValue("application/json");
      JsonNode e = Json.MAPPER.readTree(r.body()).path("error");
      assertThat(e.path("code").asText()).as("code of %s", c.getKey()).isEqualTo(c.getValue());
      assertThat(e.path("type").asText()).isEqualTo("invalid_request_error");
      assertThat(e.path("message").asText()).isNotBlank();
    }
    HttpResponse<String> get = client.send(request(server.base, "/v1/chat/completions", null).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(get.statusCode()).isEqualTo(405);
    assertThat(upstream.requestHeaders()).isEmpty();
  }

  @Test
  void modelRoutesAreForwardedUnchanged() throws Exception {
    HttpResponse<String> list = client.send(request(server.base, "/v1/models", null).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(list.statusCode()).isEqualTo(200);
    assertThat(list.body()).isEqualTo("{\"data\":[{\"id\":\"m\"}]}");
    HttpResponse<String> one = client.send(request(server.base, "/v1/models/meta-llama/Llama-3.1-8B", null).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(one.statusCode()).isEqualTo(200);
    assertThat(one.body()).isEqualTo("{\"id\":\"meta-llama/Llama-3.1-8B\",\"object\":\"model\"}");
  }

  @Test
  void metricsShowTheRemovedRepeatsAndTheProxyRoutes() throws Exception {
    assertThat(chat("repeats", true).statusCode()).isEqualTo(200);
    assertThat(chat("error-429", false).statusCode()).isEqualTo(429);
    // A request is counted once its handler returns, which can be just after the client has read the whole answer
    // (the proxy writes the upstream's response through): read the metrics until both requests are there.
    List<Pattern> counted = List.of(
        Pattern.compile("deja_http_requests_seconds_count\\{[^}]*route=\"/v1/chat/completions\",status=\"200\"\\} 1"),
        Pattern.compile("deja_http_requests_seconds_count\\{[^}]*route=\"/v1/chat/completions\",status=\"429\"\\} 1"));
    String metrics = server.send("GET", "/metrics", null, null).text();
    for (long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5); System.nanoTime() < deadline; ) {
      String read = metrics;
      if (counted.stream().allMatch(c -> c.matcher(read).find())) {
        break;
      }
      Thread.sleep(20);
      metrics = server.send("GET", "/metrics", null, null).text();
    }
    assertThat(metrics).containsPattern("content_duplicates_detected_total\\{[^}]*\\} [1-9]")
        .containsPattern("deja_http_requests_seconds_count\\{[^}]*route=\"/v1/chat/completions\",status=\"200\"\\} 1")
        .containsPattern("deja_http_requests_seconds_count\\{[^}]*route=\"/v1/chat/completions\",status=\"429\"\\} 1")
        .contains("content_detection_latency_seconds");
  }

  @Test
  void theStartupLinePrintsTheProxyUrl() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    server.server.announce(new PrintStream(out, true, StandardCharsets.UTF_8));
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("chat completions proxy: " + server.base
        + "/v1/chat/completions -> " + upstream.base());
  }

  @Test
  void withoutAnUpstreamTheProxyRoutesAre404sThatSayHowToTurnItOn() throws Exception {
    server.close();
    server = TestServer.start(dir, Map.of());
    key = server.keyFor("acme");
    List<HttpResponse<String>> answers = new ArrayList<>();
    answers.add(chat("repeats", true));
    answers.add(client.send(request(server.base, "/v1/models", null).build(), HttpResponse.BodyHandlers.ofString()));
    for (HttpResponse<String> r : answers) {
      assertThat(r.statusCode()).isEqualTo(404);
      JsonNode e = Json.MAPPER.readTree(r.body()).path("error");
      assertThat(e.path("code").asText()).isEqualTo("not_found");
      assertThat(e.path("message").asText()).contains("chat completions proxy is off").contains("--upstream")
          .contains("server.proxy.upstream");
    }
    assertThat(server.server.routes()).noneMatch(r -> r.contains("/v1/chat/completions"));
  }

  // ---- issue 18

  @Test
  void aStreamCutOffMidAnswerEndsWithTheHeldTextThenAnErrorEvent() throws Exception {
    HttpResponse<String> r = chat("cut", true);
    assertThat(r.statusCode()).isEqualTo(200);
    List<String> events = events(r.body());
    // "It is a" was held (an unfinished sentence): it is sent, then the error, never a silent half answer.
    assertThat(content(r.body())).isEqualTo("Hello there. It is a");
    assertThat(r.body()).doesNotContain("data: [DONE]");
    JsonNode e = Json.MAPPER.readTree(events.get(events.size() - 1).substring(6)).path("error");
    assertThat(e.path("code").asText()).isEqualTo("upstream_stream_broken");
    assertThat(e.path("type").asText()).isEqualTo("server_error");
    assertThat(e.path("message").asText()).startsWith("upstream stream ended before the answer was complete");
  }

  @Test
  void aWrongMethodOnAProxyRouteIsAnOpenAiShapedError() throws Exception {
    HttpResponse<String> r = client.send(request(server.base, "/v1/chat/completions", null).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).isEqualTo(405);
    JsonNode e = Json.MAPPER.readTree(r.body()).path("error");
    assertThat(e.path("code").asText()).isEqualTo("method_not_allowed");
    assertThat(e.path("type").asText()).isEqualTo("invalid_request_error");
    List<String> keys = new ArrayList<>();
    e.fieldNames().forEachRemaining(keys::add);
    // The same keys as deja proxy's own errors (ChatCompletionsProxyIT).
    assertThat(keys).containsExactly("code", "message", "details", "type");
  }

  @Test
  void eachRemovalIsLoggedAtInfoWithoutTheAnswersText() throws Exception {
    ch.qos.logback.classic.Logger log = (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger(
        "dev.deja.stream.ContentDuplicateDetector");
    ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> seen =
        new ch.qos.logback.core.read.ListAppender<>();
    seen.start();
    ch.qos.logback.classic.Level before = log.getLevel();
    log.setLevel(ch.qos.logback.classic.Level.INFO);
    log.addAppender(seen);
    try {
      assertThat(chat("repeats", true).statusCode()).isEqualTo(200);
    } finally {
      log.detachAppender(seen);
      log.setLevel(before);
    }
    List<String> lines = seen.list.stream().filter(e -> e.getLevel() == ch.qos.logback.classic.Level.INFO)
        .map(ch.qos.logback.classic.spi.ILoggingEvent::getFormattedMessage).toList();
    assertThat(lines).as("one line per removal").isNotEmpty()
        .allSatisfy(l -> assertThat(l).startsWith("content duplicate ").contains("characters removed")
            .doesNotContain("Hanoi").doesNotContain("Vietnamese"));
  }
}
