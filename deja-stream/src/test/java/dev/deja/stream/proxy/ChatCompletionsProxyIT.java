package dev.deja.stream.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.stream.StreamDeduplicator;
import dev.deja.testkit.FakeUpstream;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The proxy between a real HTTP client and a local fake upstream that streams token fragments with repeats. */
class ChatCompletionsProxyIT {
  private FakeUpstream upstream;
  private JdkProxyServer proxy;
  private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private final StreamDeduplicator dedup = StreamDeduplicator.withDefaults();

  @BeforeEach
  void start() throws Exception {
    upstream = new FakeUpstream();
    ProxyOptions o = ProxyOptions.of(URI.create(upstream.base())).withTimeouts(Duration.ofSeconds(2),
        Duration.ofMillis(800), Duration.ofMillis(800));
    proxy = JdkProxyServer.start(new ChatCompletionsProxy(o, dedup), "127.0.0.1", 0, 8);
  }

  @AfterEach
  void stop() {
    proxy.close();
    upstream.close();
  }

  private HttpRequest request(String model, boolean stream) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + proxy.port() + "/v1/chat/completions"))
        .header("Content-Type", "application/json").header("Authorization", "Bearer client-key")
        .POST(HttpRequest.BodyPublishers.ofString("{\"model\":\"" + model + "\",\"stream\":" + stream
            + ",\"messages\":[{\"role\":\"user\",\"content\":\"Vietnamese food in Fishtown?\"}]}"))
        .timeout(Duration.ofSeconds(20)).build();
  }

  private static String content(List<String> lines) {
    StringBuilder b = new StringBuilder();
    for (String l : lines) {
      if (l.startsWith("data: {")) {
        JsonTree.object(l.substring(6)).flatMap(o -> o.array("choices")).ifPresent(a -> a.items().forEach(c ->
            ((JsonTree.Obj) c).object("delta").flatMap(d -> d.string("content"))
                .ifPresent(s -> b.append(s.value()))));
      }
    }
    return b.toString();
  }

  @Test
  void streamedAnswerLosesItsRepeatsAndKeepsEverythingElse() throws Exception {
    HttpResponse<java.util.stream.Stream<String>> r = client.send(request("repeats", true),
        HttpResponse.BodyHandlers.ofLines());
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.headers().firstValue("content-type")).hasValueSatisfying(t -> assertThat(t)
        .startsWith("text/event-stream"));
    assertThat(r.headers().firstValue("x-request-id")).hasValue("req-42");
    List<String> lines = r.body().toList();
    String expected = dedup.dedupe(FakeUpstream.fragments());
    assertThat(content(lines)).isEqualTo(expected);
    assertThat(expected).containsOnlyOnce("Little Hanoi has \"outdoor\" seating.")
        .doesNotContain("Here are three Vietnamese places").endsWith("Enjoy");
    assertThat(lines).contains(": keep-alive comment", FakeUpstream.TOOL_EVENT, FakeUpstream.USAGE_EVENT,
        FakeUpstream.chunk("{\"role\":\"assistant\",\"content\":\"\"}", "null"),
        FakeUpstream.chunk("{}", "\"stop\""));
    List<String> data = lines.stream().filter(l -> l.startsWith("data:")).toList();
    assertThat(data.get(data.size() - 1)).isEqualTo("data: [DONE]");
    int finish = data.indexOf(FakeUpstream.chunk("{}", "\"stop\""));
    int lastContent = -1;
    for (int i = 0; i < data.size(); i++) {
      if (data.get(i).contains("\"content\":\"") && !data.get(i).contains("\"content\":\"\"")) {
        lastContent = i;
      }
    }
    assertThat(lastContent).as("the held tail comes before finish_reason").isLessThan(finish);
    assertThat(upstream.authorizations()).containsOnly("Bearer client-key");
  }

  @Test
  void slowStreamsArriveIncrementally() throws Exception {
    long t0 = System.nanoTime();
    HttpResponse<InputStream> r = client.send(request("slow", true), HttpResponse.BodyHandlers.ofInputStream());
    BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8));
    long firstText = -1;
    List<String> lines = new ArrayList<>();
    for (String l = in.readLine(); l != null; l = in.readLine()) {
      lines.add(l);
      if (firstText < 0 && !content(List.of(l)).isEmpty()) {
        firstText = System.nanoTime();
      }
    }
    long end = System.nanoTime();
    assertThat(content(lines)).isEqualTo(dedup.dedupe(FakeUpstream.fragments()));
    assertThat(end - firstText).as("text shown before the stream ended").isGreaterThan(
        TimeUnit.MILLISECONDS.toNanos(300));
    assertThat(firstText).isGreaterThan(t0);
  }

  @Test
  void nonStreamedAnswerIsDeduplicatedInPlace() throws Exception {
    HttpResponse<String> r = client.send(request("whole", false), HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).isEqualTo(200);
    JsonTree.Obj o = JsonTree.object(r.body()).orElseThrow();
    String content = ((JsonTree.Obj) o.array("choices").orElseThrow().items().get(0)).object("message")
        .flatMap(m -> m.string("content")).orElseThrow().value();
    assertThat(content).isEqualTo(dedup.dedupe(List.of(FakeUpstream.ANSWER)));
    assertThat(r.body()).startsWith("{\"id\":\"chatcmpl-2\",\"object\":\"chat.completion\",\"created\":1,")
        .endsWith(",\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":12,\"completion_tokens\":80,"
            + "\"total_tokens\":92}}");
  }

  @Test
  void upstreamErrorsPassThroughWithTheirStatus() throws Exception {
    HttpResponse<String> r429 = client.send(request("error-429", true), HttpResponse.BodyHandlers.ofString());
    assertThat(r429.statusCode()).isEqualTo(429);
    assertThat(r429.body()).isEqualTo("{\"error\":{\"message\":\"Rate limit reached\",\"type\":\"requests\"}}");
    HttpResponse<String> r500 = client.send(request("error-500", false), HttpResponse.BodyHandlers.ofString());
    assertThat(r500.statusCode()).isEqualTo(500);
    assertThat(r500.body()).contains("boom");
  }

  @Test
  void anUpstreamThatNeverAnswersIsA504() throws Exception {
    HttpResponse<String> r = client.send(request("no-headers", true), HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).isEqualTo(504);
    assertThat(r.body()).contains("\"code\":\"upstream_timeout\"");
  }

  @Test
  void aHungStreamIsCutAfterTheIdleTimeoutWithTheHeldTextFirst() throws Exception {
    long t0 = System.nanoTime();
    HttpResponse<java.util.stream.Stream<String>> r = client.send(request("hang", true),
        HttpResponse.BodyHandlers.ofLines());
    List<String> lines = r.body().toList();
    assertThat(System.nanoTime() - t0).isLessThan(TimeUnit.SECONDS.toNanos(8));
    assertThat(content(lines)).isEqualTo("Hello there. ");
    assertThat(lines.get(lines.size() - 2)).startsWith("data: {\"error\":").contains("upstream_timeout");
  }

  @Test
  void malformedEventsPassThroughUnchanged() throws Exception {
    List<String> lines = client.send(request("malformed", true), HttpResponse.BodyHandlers.ofLines()).body()
        .toList();
    assertThat(lines).contains("data: {not json", "event: ping", "data: still not json", "data: [DONE]");
    assertThat(content(lines)).isEqualTo("Fine sentence here.");
  }

  @Test
  void aClientThatDisconnectsStopsTheUpstreamRequest() throws Exception {
    HttpResponse<InputStream> r = client.send(request("endless", true), HttpResponse.BodyHandlers.ofInputStream());
    BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8));
    int seen = 0;
    while (seen < 3) {
      String l = in.readLine();
      if (l != null && l.contains("Sentence number")) {
        seen++;
      }
    }
    r.body().close();
    assertThat(upstream.awaitClientGone(8, TimeUnit.SECONDS)).as("upstream saw the request cancelled").isTrue();
  }

  @Test
  void otherPathsAreForwardedAndAnUnreachableUpstreamIsA502() throws Exception {
    HttpResponse<String> models = client.send(HttpRequest.newBuilder(
        URI.create("http://127.0.0.1:" + proxy.port() + "/v1/models")).GET().build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(models.statusCode()).isEqualTo(200);
    assertThat(models.body()).isEqualTo("{\"data\":[{\"id\":\"m\"}]}");
    upstream.close();
    HttpResponse<String> r = client.send(request("repeats", true), HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).isEqualTo(502);
    assertThat(r.body()).contains("upstream_unreachable");
  }

  // ---- issue 18

  @Test
  void aStreamCutOffMidAnswerEndsWithTheHeldTextThenAnErrorEvent() throws Exception {
    List<String> lines = client.send(request("cut", true), HttpResponse.BodyHandlers.ofLines()).body().toList();
    // The upstream sent "Hello there. It is a" and ended the connection: no finish_reason, no [DONE].
    assertThat(content(lines)).isEqualTo("Hello there. It is a");
    assertThat(lines).doesNotContain("data: [DONE]");
    String last = lines.get(lines.size() - 2);
    assertThat(last).startsWith("data: {\"error\":");
    assertThat(last).matches("data: \\{\"error\":\\{\"code\":\"upstream_stream_broken\",\"message\":"
        + "\"upstream stream ended before the answer was complete[^\"]*\",\"details\":\\{},\"type\":\"server_error\"}}");
  }

  @Test
  void errorsHaveOneShapeAndPathsOutsideV1GetJsonNotHtml() throws Exception {
    HttpResponse<String> page = client.send(HttpRequest.newBuilder(
        URI.create("http://127.0.0.1:" + proxy.port() + "/index.html")).GET().build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(page.statusCode()).isEqualTo(404);
    assertThat(page.headers().firstValue("content-type")).hasValue("application/json");
    // The keys Deja's server answers with on its proxy routes: OpenAI's message, type and code, and Deja's details.
    assertThat(page.body()).isEqualTo("{\"error\":{\"code\":\"not_found\",\"message\":\"no route GET /index.html: this "
        + "proxy serves /v1/... (POST /v1/chat/completions) and GET /health\",\"details\":{},\"type\":"
        + "\"not_found_error\"}}");
  }

  @Test
  void aBusyPortIsAClearError() throws Exception {
    assertThatThrownBy(() -> JdkProxyServer.start(new ChatCompletionsProxy(ProxyOptions.of(URI.create(
        upstream.base())), dedup), "127.0.0.1", proxy.port(), 2))
        .isInstanceOf(dev.deja.core.InvalidInputException.class)
        .hasMessage("cannot listen on 127.0.0.1:" + proxy.port() + ": the port is in use; stop what is using it or "
            + "choose another port (--port)");
  }


  @Test
  void anApiKeyOptionReplacesTheClientsAuthorization() throws Exception {
    ProxyOptions o = ProxyOptions.of(URI.create(upstream.base())).withApiKey("server-key");
    try (JdkProxyServer p = JdkProxyServer.start(new ChatCompletionsProxy(o, dedup), "127.0.0.1", 0, 2)) {
      HttpRequest req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + p.port() + "/v1/chat/completions"))
          .header("Authorization", "Bearer client-key")
          .POST(HttpRequest.BodyPublishers.ofString("{\"model\":\"whole\",\"stream\":false}")).build();
      assertThat(client.send(req, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(200);
    }
    assertThat(upstream.authorizations()).containsExactly("Bearer server-key");
    assertThat(Optional.of(o.resolve("/v1/chat/completions")).map(URI::getPath)).hasValue("/v1/chat/completions");
    assertThat(ProxyOptions.of(URI.create("http://h:1")).resolve("/v1/models").toString())
        .isEqualTo("http://h:1/v1/models");
  }
}
