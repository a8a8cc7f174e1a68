package dev.deja.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.deja.core.embed.EmbeddingException;
import dev.deja.core.embed.RemoteEmbedderSpec;
import dev.deja.embed.FakeEmbeddingServer.Reply;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link RemoteEmbedder} against a real local HTTP server: batching, keys, timeouts, retries, bad responses. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RemoteEmbedderIT {
  private static final int DIM = 8;
  private static final String SECRET = "sk-test-0123456789abcdef";
  private FakeEmbeddingServer server;

  @BeforeAll
  void start() throws IOException {
    server = new FakeEmbeddingServer(DIM);
  }

  @AfterAll
  void stop() {
    server.close();
  }

  @BeforeEach
  void reset() {
    server.reset();
  }

  /** Fast settings: short timeouts, 2 retries with a 1 ms backoff. */
  private RemoteEmbedderSpec spec() {
    return RemoteEmbedderSpec.of("cloud", server.baseUrl(), "fake-model", DIM)
        .withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(2)).withRetries(2, Duration.ofMillis(1));
  }

  private RemoteEmbedder embedder(RemoteEmbedderSpec spec) {
    return new RemoteEmbedder(spec, Map.of("DEJA_TEST_KEY", SECRET)::get);
  }

  private static List<String> texts(int n) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add("text number " + i);
    }
    return out;
  }

  @Test
  void embedsInBatchesInOrder() {
    RemoteEmbedder e = embedder(spec().withBatchSize(3));
    List<String> texts = texts(7);
    List<float[]> vectors = e.embedAll(texts);
    assertThat(vectors).hasSize(7);
    for (int i = 0; i < 7; i++) {
      // The fake lists vectors in reverse order with their index: the client must order them by index.
      assertThat(vectors.get(i)).as("vector %d", i).containsExactly(server.vectorOf(texts.get(i)));
    }
    assertThat(server.requests()).extracting(r -> r.inputs().size()).containsExactly(3, 3, 1);
    assertThat(server.requests()).allSatisfy(r -> {
      assertThat(r.method()).isEqualTo("POST");
      assertThat(r.path()).isEqualTo("/v1/embeddings");
      assertThat(r.model()).isEqualTo("fake-model");
      assertThat(r.contentType()).isEqualTo("application/json");
      assertThat(r.authorization()).isEmpty();
    });
    assertThat(server.requests().get(2).inputs()).containsExactly("text number 6");
    assertThat(e.model()).isEqualTo("cloud:fake-model");
    assertThat(e.dimension()).isEqualTo(DIM);
    assertThat(e.embedAll(List.of())).isEmpty();
    assertThat(server.requests()).hasSize(3);
  }

  @Test
  void aTrailingSlashInTheBaseUrlIsFine() {
    URI slash = URI.create(server.baseUrl() + "/");
    RemoteEmbedder e = embedder(RemoteEmbedderSpec.of("cloud", slash, "fake-model", DIM));
    assertThat(e.embed("hello")).containsExactly(server.vectorOf("hello"));
    assertThat(server.requests().get(0).path()).isEqualTo("/v1/embeddings");
  }

  @Test
  void sendsTheKeyFromTheNamedEnvironmentVariable() {
    embedder(spec().withApiKeyEnv("DEJA_TEST_KEY")).embed("hello");
    assertThat(server.requests()).singleElement()
        .satisfies(r -> assertThat(r.authorization()).contains("Bearer " + SECRET));
  }

  @Test
  void aMissingKeyVariableFailsBeforeAnyRequest() {
    EmbeddingException e = catchThrowableOfType(EmbeddingException.class,
        () -> embedder(spec().withApiKeyEnv("DEJA_NO_SUCH_VARIABLE")).embed("hello"));
    assertThat(e.isRetriable()).isFalse();
    assertThat(e).hasMessageContaining("DEJA_NO_SUCH_VARIABLE").hasMessageContaining("not set");
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void theKeyNeverAppearsInMessagesEvenWhenTheServerEchoesIt() {
    server.always(Reply.status(401, "{\"error\": {\"message\": \"Incorrect API key provided: " + SECRET + "\"}}"));
    EmbeddingException e = catchThrowableOfType(EmbeddingException.class,
        () -> embedder(spec().withApiKeyEnv("DEJA_TEST_KEY")).embed("hello"));
    assertThat(e.isRetriable()).isFalse();
    assertThat(e.getMessage()).contains("HTTP 401", "[redacted]", "DEJA_TEST_KEY").doesNotContain(SECRET);
    assertThat(String.valueOf(e.getCause())).doesNotContain(SECRET);
    assertThat(server.requests()).hasSize(1);
    assertThat(embedder(spec()).toString()).doesNotContain(SECRET);
  }

  @Test
  void aSlowServerTimesOutAndIsRetriable() {
    server.always(Reply.slow(2_000));
    RemoteEmbedder e = embedder(spec().withTimeouts(Duration.ofMillis(200), Duration.ofMillis(200))
        .withRetries(1, Duration.ofMillis(1)));
    EmbeddingException ex = catchThrowableOfType(EmbeddingException.class, () -> e.embed("hello"));
    assertThat(ex.isRetriable()).isTrue();
    assertThat(ex).hasMessageContaining("no complete response within 200 ms")
        .hasMessageContaining("gave up after 2 attempts");
    assertThat(server.requests()).hasSize(2);
  }

  @Test
  void aBodyThatStallsAfterTheHeadersTimesOut() {
    server.always(Reply.stalledBody(2_000));
    RemoteEmbedder e = embedder(spec().withTimeouts(Duration.ofMillis(300), Duration.ofMillis(300))
        .withRetries(0, Duration.ZERO));
    EmbeddingException ex = catchThrowableOfType(EmbeddingException.class, () -> e.embed("hello"));
    assertThat(ex.isRetriable()).isTrue();
    assertThat(ex).hasMessageContaining("no complete response within 300 ms");
  }

  @Test
  void aSlowAnswerThenAFastOneSucceeds() {
    server.next(Reply.slow(2_000));
    RemoteEmbedder e = embedder(spec().withTimeouts(Duration.ofMillis(300), Duration.ofMillis(300)));
    assertThat(e.embed("hello")).containsExactly(server.vectorOf("hello"));
    assertThat(server.requests()).hasSize(2);
  }

  @Test
  void serverErrorsAreRetriedUntilOneSucceeds() {
    server.next(Reply.status(500, "{\"error\": {\"message\": \"boom\"}}"), Reply.status(503, "busy"));
    float[] v = embedder(spec()).embed("hello");
    assertThat(v).containsExactly(server.vectorOf("hello"));
    assertThat(server.requests()).hasSize(3);
  }

  @Test
  void tooManyRequestsIsRetried() {
    server.next(Reply.status(429, "{\"error\": {\"message\": \"rate limited\"}}").header("Retry-After", "0"));
    assertThat(embedder(spec()).embed("hello")).containsExactly(server.vectorOf("hello"));
    assertThat(server.requests()).hasSize(2);
  }

  @Test
  void serverErrorsForeverGiveUpAfterTheRetriesAndAreRetriable() {
    server.always(Reply.status(500, "{\"error\": {\"message\": \"the model is overloaded\"}}"));
    EmbeddingException e = catchThrowableOfType(EmbeddingException.class, () -> embedder(spec()).embed("hello"));
    assertThat(e.isRetriable()).isTrue();
    assertThat(e).hasMessageContaining("embedder 'cloud'").hasMessageContaining("HTTP 500")
        .hasMessageContaining("the model is overloaded").hasMessageContaining("gave up after 3 attempts");
    assertThat(server.requests()).hasSize(3);
  }

  @Test
  void noRetriesMeansOneAttempt() {
    server.always(Reply.status(502, "bad gateway"));
    EmbeddingException e = catchThrowableOfType(EmbeddingException.class,
        () -> embedder(spec().withRetries(0, Duration.ZERO)).embed("hello"));
    assertThat(e.isRetriable()).isTrue();
    assertThat(e).hasMessageContaining("gave up after 1 attempt)");
    assertThat(server.requests()).hasSize(1);
  }

  @ParameterizedTest
  @ValueSource(ints = {400, 404, 413, 422, 501})
  void clientErrorsAreNotRetried(int status) {
    server.always(Reply.status(status, "{\"error\": {\"message\": \"input is too long\"}}"));
    EmbeddingException e = catchThrowableOfType(EmbeddingException.class, () -> embedder(spec()).embed("hello"));
    assertThat(e.isRetriable()).isFalse();
    assertThat(e).hasMessageContaining("HTTP " + status).hasMessageContaining("input is too long");
    assertThat(server.requests()).hasSize(1);
  }

  @Test
  void redirectsAreNotFollowed() {
    server.always(Reply.status(302, "").header("Location", "http://elsewhere.invalid/v1/embeddings"));
    EmbeddingException e = catchThrowableOfType(EmbeddingException.class, () -> embedder(spec()).embed("hello"));
    assertThat(e.isRetriable()).isFalse();
    assertThat(e).hasMessageContaining("HTTP 302 to http://elsewhere.invalid/v1/embeddings")
        .hasMessageContaining("redirects are not followed");
    assertThat(server.requests()).hasSize(1);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "<html><body>502 Bad Gateway</body></html>",
      "",
      "not json at all",
      "{\"data\": [{\"embedding\": [NaN, 1, 2, 3, 4, 5, 6, 7], \"index\": 0}]}",
      "[1, 2, 3]",
      "{}",
      "{\"data\": 5}",
      "{\"data\": [{\"embedding\": \"AAAA\", \"index\": 0}]}",
      "{\"data\": [{\"embedding\": [1, 2, \"x\", 4, 5, 6, 7, 8], \"index\": 0}]}",
      "{\"data\": [{\"embedding\": [1, 2, null, 4, 5, 6, 7, 8], \"index\": 0}]}",
      "{\"data\": [{\"index\": 0}]}",
      "{\"data\": [{\"embedding\": [1, 2, 3, 4, 5, 6, 7, 8], \"index\": 3}]}",
      "{\"data\": [{\"embedding\": [1, 2, 3, 4, 5, 6, 7, 8], \"index\": \"0\"}]}",
      "{\"data\": [{\"embedding\": [1, 2, 3, 4, 5, 6, 7, 8], \"ind"})
  void garbageBodiesAreClearNonRetriableErrors(String body) {
    server.always(Reply.body(body));
    EmbeddingException e = catchThrowableOfType(EmbeddingException.class, () -> embedder(spec()).embed("hello"));
    assertThat(e.isRetriable()).isFalse();
    assertThat(e).hasMessageContaining("embedder 'cloud'").hasMessageContaining("invalid response");
    assertThat(server.requests()).as("a 200 with nonsense is not retried").hasSize(1);
  }

  @Test
  void theWrongNumberOfVectorsIsAnError() {
    server.always(Reply.body("{\"data\": [{\"embedding\": [1, 0, 0, 0, 0, 0, 0, 0], \"index\": 0}]}"));
    assertThatThrownBy(() -> embedder(spec()).embedAll(List.of("a", "b")))
        .isInstanceOf(EmbeddingException.class).hasMessageContaining("sent 2 input(s) but received 1 embedding(s)");
  }

  @Test
  void aRepeatedIndexIsAnError() {
    server.always(Reply.body("{\"data\": [{\"embedding\": [1, 0, 0, 0, 0, 0, 0, 0], \"index\": 1},"
        + " {\"embedding\": [0, 1, 0, 0, 0, 0, 0, 0], \"index\": 1}]}"));
    assertThatThrownBy(() -> embedder(spec()).embedAll(List.of("a", "b")))
        .isInstanceOf(EmbeddingException.class).hasMessageContaining("index 1 appears twice");
  }

  @Test
  void vectorsWithoutIndexesAreTakenInOrder() {
    server.always(Reply.body("{\"data\": [{\"embedding\": [1, 0, 0, 0, 0, 0, 0, 0]},"
        + " {\"embedding\": [0, 1, 0, 0, 0, 0, 0, 0]}]}"));
    List<float[]> v = embedder(spec()).embedAll(List.of("a", "b"));
    assertThat(v.get(0)[0]).isEqualTo(1f);
    assertThat(v.get(1)[1]).isEqualTo(1f);
  }

  @Test
  void theWrongDimensionIsAConfigurationError() {
    RemoteEmbedder e = embedder(RemoteEmbedderSpec.of("cloud", server.baseUrl(), "fake-model", 1536));
    EmbeddingException ex = catchThrowableOfType(EmbeddingException.class, () -> e.embed("hello"));
    assertThat(ex.isRetriable()).isFalse();
    assertThat(ex).hasMessageContaining("has 8 dimensions, expected 1536");
  }

  @ParameterizedTest
  @ValueSource(strings = {"1e999", "-1e999", "3.5e38"})
  void nonFiniteNumbersAreRejected(String number) {
    server.always(Reply.body("{\"data\": [{\"embedding\": [0, 0, 0, " + number + ", 0, 0, 0, 0], \"index\": 0}]}"));
    assertThatThrownBy(() -> embedder(spec()).embed("hello")).isInstanceOf(EmbeddingException.class)
        .hasMessageContaining("embedding[3] is not a finite number");
  }

  @Test
  void aRefusedConnectionIsRetriedThenRetriable() throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    RemoteEmbedder e = embedder(RemoteEmbedderSpec.of("cloud", URI.create("http://127.0.0.1:" + port + "/v1"),
        "fake-model", DIM).withRetries(1, Duration.ofMillis(1)));
    EmbeddingException ex = catchThrowableOfType(EmbeddingException.class, () -> e.embed("hello"));
    assertThat(ex.isRetriable()).isTrue();
    assertThat(ex).hasMessageContaining("cannot connect").hasMessageContaining("gave up after 2 attempts")
        .hasMessageContaining("http://127.0.0.1:" + port + "/v1/embeddings");
  }

  @Test
  void anEmptyTextIsSentAsOneSpace() {
    float[] v = embedder(spec()).embed("");
    assertThat(server.requests().get(0).inputs()).containsExactly(" ");
    assertThat(v).containsExactly(server.vectorOf(" "));
  }

  @Test
  void theFirstFailingBatchStopsTheCall() {
    server.next(Reply.normal(), Reply.status(400, "{\"error\": {\"message\": \"bad input\"}}"));
    assertThatThrownBy(() -> embedder(spec().withBatchSize(2)).embedAll(texts(6)))
        .isInstanceOf(EmbeddingException.class).hasMessageContaining("bad input");
    assertThat(server.requests()).hasSize(2);
  }

  @Test
  void theSpecIsChecked() {
    URI url = server.baseUrl();
    assertThatThrownBy(() -> RemoteEmbedderSpec.of("cloud", URI.create("ftp://x/v1"), "m", 8))
        .hasMessageContaining("base_url must be an http or https address");
    assertThatThrownBy(() -> RemoteEmbedderSpec.of("cloud", url, "m", 0)).hasMessageContaining("dimension");
    assertThatThrownBy(() -> RemoteEmbedderSpec.of("no spaces", url, "m", 8)).hasMessageContaining("embedder name");
    assertThatThrownBy(() -> RemoteEmbedderSpec.of("cloud", url, "m", 8).withApiKeyEnv("sk-abc"))
        .hasMessageContaining("api_key_env must be an environment variable name");
    assertThat(RemoteEmbedderSpec.of("cloud", url, "m", 8).apiKeyEnv()).isEqualTo(Optional.empty());
  }
}
