package dev.deja.embed;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.deja.core.embed.Embedder;
import dev.deja.core.embed.EmbeddingException;
import dev.deja.core.embed.RemoteEmbedderSpec;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * An embedder that calls an OpenAI-compatible {@code POST {base_url}/embeddings} endpoint (OpenAI, Azure-style
 * gateways, Ollama, vLLM, LiteLLM, llama.cpp's server, …) with the JDK {@link HttpClient}.
 *
 * <p>Request {@code {"model": M, "input": [texts]}}; response {@code {"data": [{"embedding": [...], "index": i}]}}.
 * Texts go in batches of at most {@code batch_size}, one request after another. Each attempt has a connect timeout and
 * a timeout for the whole exchange, up to the last byte of the body. Retriable failures — a timeout, a refused or
 * broken connection, HTTP 408, 429 and 5xx (except 501 and 505) — are retried up to {@code retries} times, waiting
 * {@code backoff}, then twice as long each time (at most {@link RemoteEmbedderSpec#MAX_BACKOFF}; a {@code Retry-After}
 * in seconds is honoured up to the same cap). Other 4xx and 3xx are not retried: the same request will fail again.
 * Every successful response is checked: JSON, one vector per input (by {@code index} when given), each of the
 * configured dimension with finite components; a response that fails the check is an {@link EmbeddingException} that is
 * <em>not</em> retriable, because an endpoint answering nonsense with 200 will most likely do so again (a wrong
 * dimension is a configuration mistake).
 *
 * <p>The API key is read from the environment variable named by {@code api_key_env} on each request and sent as
 * {@code Authorization: Bearer}; it is never logged and is redacted from every message (a server echoing it in an
 * error body cannot leak it through Deja). Redirects are not followed, so the key goes only to the configured host. An
 * empty text is sent as one space, because OpenAI rejects empty inputs. Vectors are not normalised: what the endpoint
 * returns is what is stored (OpenAI's are unit length). Deja logs nothing itself.
 *
 * <p>{@link #model()} is {@code name:remote-model} (e.g. {@code cloud:text-embedding-3-small}): stored vectors are
 * named after it, so switching the remote model never mixes vectors of two models.
 *
 * <p>Thread-safe: the {@link HttpClient} is, and the embedder holds no other mutable state.
 */
public final class RemoteEmbedder implements Embedder {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final RemoteEmbedderSpec spec;
  private final URI endpoint;
  private final HttpClient http;
  private final Function<String, String> environment;

  /** An embedder for this endpoint, reading the API key from the process environment. */
  public RemoteEmbedder(RemoteEmbedderSpec spec) {
    this(spec, System::getenv);
  }

  /**
   * An embedder for this endpoint.
   *
   * @param environment looks up environment variables (the API key); tests and applications that keep secrets
   *     elsewhere pass their own
   */
  public RemoteEmbedder(RemoteEmbedderSpec spec, Function<String, String> environment) {
    this.spec = spec;
    this.endpoint = spec.endpoint();
    this.environment = environment;
    HttpClient.Builder b = HttpClient.newBuilder().connectTimeout(spec.connectTimeout())
        .followRedirects(HttpClient.Redirect.NEVER);
    if (endpoint.getScheme().equalsIgnoreCase("http")) {
      // Plain HTTP/1.1: no h2c upgrade headers, which some local servers and proxies mishandle.
      b.version(HttpClient.Version.HTTP_1_1);
    }
    this.http = b.build();
  }

  /** The configuration this embedder was built from. */
  public RemoteEmbedderSpec spec() {
    return spec;
  }

  @Override
  public String model() {
    return spec.name() + ":" + spec.model();
  }

  @Override
  public int dimension() {
    return spec.dimension();
  }

  @Override
  public float[] embed(String text) {
    return embedAll(List.of(text)).get(0);
  }

  @Override
  public List<float[]> embedAll(List<String> texts) {
    List<float[]> out = new ArrayList<>(texts.size());
    for (int from = 0; from < texts.size(); from += spec.batchSize()) {
      out.addAll(batch(texts.subList(from, Math.min(texts.size(), from + spec.batchSize()))));
    }
    return out;
  }

  private String where() {
    return "embedder '" + spec.name() + "' (POST " + endpoint + ")";
  }

  /** One batch, with retries. */
  private List<float[]> batch(List<String> texts) {
    List<String> inputs = new ArrayList<>(texts.size());
    for (String t : texts) {
      inputs.add(t.isEmpty() ? " " : t);
    }
    byte[] body;
    try {
      Map<String, Object> request = new LinkedHashMap<>();
      request.put("model", spec.model());
      request.put("input", inputs);
      body = JSON.writeValueAsBytes(request);
    } catch (JsonProcessingException e) {
      throw new EmbeddingException(where() + ": cannot write the request: " + e.getOriginalMessage(), false, e);
    }
    Optional<String> key = apiKey();
    Retriable last = null;
    int attempts = spec.retries() + 1;
    for (int attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) {
        pause(attempt, last);
      }
      try {
        return attempt(body, texts.size(), key);
      } catch (Retriable r) {
        last = r;
      }
    }
    throw new EmbeddingException(where() + ": " + last.getMessage() + " (gave up after " + attempts + " attempt"
        + (attempts == 1 ? "" : "s") + ")", true, last.getCause());
  }

  private Optional<String> apiKey() {
    if (spec.apiKeyEnv().isEmpty()) {
      return Optional.empty();
    }
    String name = spec.apiKeyEnv().get();
    String key = environment.apply(name);
    if (key == null || key.isBlank()) {
      throw new EmbeddingException(where() + ": the environment variable " + name + " (api_key_env) is not set",
          false);
    }
    return Optional.of(key.strip());
  }

  private void pause(int attempt, Retriable last) {
    long max = RemoteEmbedderSpec.MAX_BACKOFF.toMillis();
    long wait = spec.backoff().toMillis() << Math.min(20, attempt - 1);
    if (last.retryAfter.isPresent()) {
      wait = Math.max(wait, last.retryAfter.get().toMillis());
    }
    wait = Math.min(wait, max);
    try {
      Thread.sleep(wait);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new EmbeddingException(where() + ": interrupted while waiting to retry after: " + last.getMessage(), true,
          e);
    }
  }

  /** One attempt: a vector per input, or a {@link Retriable}, or a final {@link EmbeddingException}. */
  private List<float[]> attempt(byte[] body, int n, Optional<String> key) throws Retriable {
    HttpRequest.Builder rb = HttpRequest.newBuilder(endpoint).timeout(spec.timeout())
        .header("Content-Type", "application/json").header("Accept", "application/json")
        .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    key.ifPresent(k -> rb.header("Authorization", "Bearer " + k));
    HttpResponse<byte[]> response;
    // The JDK documents the request timeout only as "the response is not received within"; waiting on the future
    // bounds the whole exchange, body included, explicitly (RemoteEmbedderIT.aBodyThatStallsAfterTheHeadersTimesOut).
    CompletableFuture<HttpResponse<byte[]>> pending = http.sendAsync(rb.build(),
        HttpResponse.BodyHandlers.ofByteArray());
    try {
      response = pending.get(spec.timeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      pending.cancel(true);
      throw new Retriable("no complete response within " + spec.timeout().toMillis() + " ms (timeout_ms)", e);
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      if (c instanceof HttpConnectTimeoutException) {
        throw new Retriable("could not connect within " + spec.connectTimeout().toMillis() + " ms", c);
      }
      if (c instanceof HttpTimeoutException) {
        throw new Retriable("no complete response within " + spec.timeout().toMillis() + " ms (timeout_ms)", c);
      }
      if (c instanceof ConnectException) {
        throw new Retriable("cannot connect (" + (c.getMessage() == null ? "connection refused" : c.getMessage())
            + ")", c);
      }
      if (c instanceof IOException) {
        throw new Retriable("the connection failed: " + redact(String.valueOf(c.getMessage()), key), c);
      }
      throw new EmbeddingException(where() + ": the request failed: " + redact(String.valueOf(c), key), false, c);
    } catch (InterruptedException e) {
      pending.cancel(true);
      Thread.currentThread().interrupt();
      throw new EmbeddingException(where() + ": interrupted", true, e);
    }
    int status = response.statusCode();
    if (status >= 200 && status < 300) {
      return parse(response.body(), n, key);
    }
    String detail = "HTTP " + status + errorDetail(response.body(), key);
    if (status == 408 || status == 429 || (status >= 500 && status != 501 && status != 505)) {
      throw new Retriable(detail, retryAfter(response), null);
    }
    if (status >= 300 && status < 400) {
      detail += response.headers().firstValue("Location").map(l -> " to " + l).orElse("")
          + "; redirects are not followed: set base_url to the final address";
    } else if (status == 401 || status == 403) {
      detail += spec.apiKeyEnv().map(e -> "; check the key in " + e).orElse("; no api_key_env is configured");
    }
    throw new EmbeddingException(where() + ": " + detail, false);
  }

  private static Optional<Duration> retryAfter(HttpResponse<?> response) {
    Optional<String> v = response.headers().firstValue("Retry-After");
    if (v.isEmpty()) {
      return Optional.empty();
    }
    try {
      long s = Long.parseLong(v.get().strip());
      return s < 0 ? Optional.empty() : Optional.of(Duration.ofSeconds(Math.min(s, 3600)));
    } catch (NumberFormatException e) {
      return Optional.empty(); // an HTTP date: the exponential backoff applies
    }
  }

  private static String errorDetail(byte[] body, Optional<String> key) {
    return RemoteText.errorDetail(body, key);
  }

  private static String excerpt(String s) {
    return RemoteText.excerpt(s);
  }

  private static String redact(String s, Optional<String> key) {
    return RemoteText.redact(s, key);
  }

  /** Checks and reads a 2xx body; every problem is a non-retriable {@link EmbeddingException}. */
  private List<float[]> parse(byte[] body, int n, Optional<String> key) {
    JsonNode root;
    try {
      root = JSON.readTree(body);
    } catch (IOException e) {
      throw invalid("the response is not JSON: " + redact(excerpt(new String(body, StandardCharsets.UTF_8)), key));
    }
    if (root == null || !root.isObject()) {
      throw invalid("the response is not a JSON object: "
          + redact(excerpt(new String(body, StandardCharsets.UTF_8)), key));
    }
    JsonNode data = root.get("data");
    if (data == null || !data.isArray()) {
      throw invalid("the response has no 'data' array" + errorDetail(body, key));
    }
    if (data.size() != n) {
      throw invalid("sent " + n + " input(s) but received " + data.size() + " embedding(s)");
    }
    float[][] out = new float[n][];
    for (int i = 0; i < n; i++) {
      JsonNode item = data.get(i);
      int index = i;
      JsonNode ix = item.get("index");
      if (ix != null && !ix.isNull()) {
        if (!ix.isIntegralNumber() || ix.asInt() < 0 || ix.asInt() >= n) {
          throw invalid("data[" + i + "].index must be a whole number in [0, " + (n - 1) + "], got " + ix);
        }
        index = ix.asInt();
      }
      if (out[index] != null) {
        throw invalid("data[" + i + "]: index " + index + " appears twice");
      }
      out[index] = vector(item.get("embedding"), i);
    }
    return Arrays.asList(out);
  }

  private float[] vector(JsonNode e, int i) {
    if (e == null || !e.isArray()) {
      throw invalid("data[" + i + "].embedding must be an array of numbers"
          + (e != null && e.isTextual() ? " (a base64 string? Deja asks for floats)" : ""));
    }
    if (e.size() != spec.dimension()) {
      throw invalid("data[" + i + "].embedding has " + e.size() + " dimensions, expected " + spec.dimension()
          + " (dimension in the configuration; does the model '" + spec.model() + "' return " + e.size() + "?)");
    }
    float[] v = new float[e.size()];
    for (int d = 0; d < v.length; d++) {
      JsonNode x = e.get(d);
      if (!x.isNumber()) {
        throw invalid("data[" + i + "].embedding[" + d + "] is not a number: " + x);
      }
      v[d] = (float) x.doubleValue();
      if (!Float.isFinite(v[d])) {
        throw invalid("data[" + i + "].embedding[" + d + "] is not a finite number: " + x);
      }
    }
    return v;
  }

  private EmbeddingException invalid(String message) {
    return new EmbeddingException(where() + ": invalid response: " + message, false);
  }

  /** A failure worth another attempt. */
  private static final class Retriable extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient Optional<Duration> retryAfter;

    Retriable(String message, Throwable cause) {
      super(message, cause);
      this.retryAfter = Optional.empty();
    }

    Retriable(String message, Optional<Duration> retryAfter, Throwable cause) {
      super(message, cause);
      this.retryAfter = retryAfter;
    }
  }

  @Override
  public String toString() {
    return "RemoteEmbedder[" + model() + " at " + endpoint + "]";
  }
}
