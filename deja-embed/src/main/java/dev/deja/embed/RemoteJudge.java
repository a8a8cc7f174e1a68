package dev.deja.embed;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.deja.core.judge.Decision;
import dev.deja.core.judge.JudgeException;
import dev.deja.core.judge.JudgeException.Failure;
import dev.deja.core.judge.JudgeRequest;
import dev.deja.core.judge.Judgement;
import dev.deja.core.judge.PairJudge;
import dev.deja.core.judge.RemoteJudgeSpec;
import dev.deja.core.judge.RemoteJudgeSpec.ResponseFormat;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * A judge that asks an OpenAI-compatible {@code POST {base_url}/chat/completions} endpoint (OpenAI, Ollama, vLLM,
 * LiteLLM, llama.cpp's server, …) with the JDK {@link HttpClient}.
 *
 * <p>Request: {@code {"model": M, "messages": [system: the kind's labelling rules, user: the two texts as JSON],
 * "temperature": 0, "max_tokens": 200, "response_format": …}}. The answer is asked for as structured output: with
 * {@code response_format: auto} (the default), first {@code {"type": "json_schema", "json_schema": {"name":
 * "deja_judgement", "strict": true, "schema": …}}} with {@code decision} ∈ {SAME, DIFFERENT} and {@code reason}; when
 * the endpoint refuses that (HTTP 400 or 422), {@code {"type": "json_object"}}, then no {@code response_format} at all
 * (the instructions ask for JSON); the first form that works is remembered. The answer's {@code content} is read as
 * JSON — or, from a model that wraps it in prose or a code fence, its first JSON object.
 *
 * <p>No retries: a judge is asked inside a check, whose in-process decision is the fallback, so a failure is reported
 * at once as a {@link JudgeException}: {@link Failure#TIMEOUT} (no complete answer within the time the check gives),
 * {@link Failure#RATE_LIMITED} (429), {@link Failure#SERVER_ERROR} (408, 5xx), {@link Failure#CONNECTION},
 * {@link Failure#CLIENT_ERROR} (other 4xx, 3xx: redirects are not followed, so the key goes only to the configured
 * host), {@link Failure#MALFORMED} (a 2xx whose answer is not the asked JSON, or a refusal), {@link
 * Failure#NOT_CONFIGURED} (the {@code api_key_env} variable is not set).
 *
 * <p>The API key is read from the environment variable named by {@code api_key_env} on each request, sent as
 * {@code Authorization: Bearer}, and redacted from every message. Only the request above leaves the process: the two
 * texts, the instructions of their kind and, for calendar events, how far apart they start.
 *
 * <p>Thread-safe: the {@link HttpClient} is, and the remembered response format is an atomic reference.
 */
public final class RemoteJudge implements PairJudge {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final RemoteJudgeSpec spec;
  private final URI endpoint;
  private final HttpClient http;
  private final Function<String, String> environment;
  /** With {@code auto}: the form of structured output the endpoint accepted last (json_schema until refused). */
  private final AtomicReference<ResponseFormat> working;

  /** A judge for this endpoint, reading the API key from the process environment. */
  public RemoteJudge(RemoteJudgeSpec spec) {
    this(spec, System::getenv);
  }

  /**
   * A judge for this endpoint.
   *
   * @param environment looks up environment variables (the API key)
   */
  public RemoteJudge(RemoteJudgeSpec spec, Function<String, String> environment) {
    this.spec = spec;
    this.endpoint = spec.endpoint();
    this.environment = environment;
    this.working = new AtomicReference<>(spec.responseFormat() == ResponseFormat.AUTO ? ResponseFormat.JSON_SCHEMA
        : spec.responseFormat());
    HttpClient.Builder b = HttpClient.newBuilder().connectTimeout(spec.connectTimeout())
        .followRedirects(HttpClient.Redirect.NEVER);
    if (endpoint.getScheme().equalsIgnoreCase("http")) {
      // Plain HTTP/1.1: no h2c upgrade headers, which some local servers and proxies mishandle.
      b.version(HttpClient.Version.HTTP_1_1);
    }
    this.http = b.build();
  }

  /** The configuration this judge was built from. */
  public RemoteJudgeSpec spec() {
    return spec;
  }

  /** The form of structured output the next request uses. */
  public ResponseFormat responseFormat() {
    return working.get();
  }

  @Override
  public String model() {
    return spec.name() + ":" + spec.model();
  }

  private String where() {
    return "judge '" + spec.name() + "' (POST " + endpoint + ")";
  }

  @Override
  public Judgement judge(JudgeRequest request, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    Optional<String> key = apiKey();
    ResponseFormat format = working.get();
    while (true) {
      long remaining = deadline - System.nanoTime();
      if (remaining <= 0) {
        throw new JudgeException(Failure.TIMEOUT, where() + ": no complete answer within " + timeout.toMillis()
            + " ms");
      }
      HttpResponse<byte[]> response = send(body(request, format), Duration.ofNanos(remaining), timeout, key);
      int status = response.statusCode();
      if (status >= 200 && status < 300) {
        Judgement j = parse(response.body(), key);
        working.set(format);
        return j;
      }
      String detail = "HTTP " + status + RemoteText.errorDetail(response.body(), key);
      if ((status == 400 || status == 422) && spec.responseFormat() == ResponseFormat.AUTO
          && format != ResponseFormat.NONE) {
        // The endpoint may not support this form of structured output: try the next, plainer one.
        format = format == ResponseFormat.JSON_SCHEMA ? ResponseFormat.JSON_OBJECT : ResponseFormat.NONE;
        continue;
      }
      if (status == 429) {
        throw new JudgeException(Failure.RATE_LIMITED, where() + ": " + detail);
      }
      if (status == 408 || status >= 500) {
        throw new JudgeException(Failure.SERVER_ERROR, where() + ": " + detail);
      }
      if (status >= 300 && status < 400) {
        detail += response.headers().firstValue("Location").map(l -> " to " + l).orElse("")
            + "; redirects are not followed: set base_url to the final address";
      } else if (status == 401 || status == 403) {
        detail += spec.apiKeyEnv().map(e -> "; check the key in " + e).orElse("; no api_key_env is configured");
      }
      throw new JudgeException(Failure.CLIENT_ERROR, where() + ": " + detail);
    }
  }

  private Optional<String> apiKey() {
    if (spec.apiKeyEnv().isEmpty()) {
      return Optional.empty();
    }
    String name = spec.apiKeyEnv().get();
    String key = environment.apply(name);
    if (key == null || key.isBlank()) {
      throw new JudgeException(Failure.NOT_CONFIGURED, where() + ": the environment variable " + name
          + " (api_key_env) is not set");
    }
    return Optional.of(key.strip());
  }

  /** The request body: model, the two messages, temperature, max_tokens and the asked response format. */
  byte[] body(JudgeRequest r, ResponseFormat format) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("model", spec.model());
    m.put("messages", List.of(message("system", r.kind().instructions()), message("user", r.kind().question(r))));
    m.put("temperature", spec.temperature());
    if (spec.maxTokens() > 0) {
      m.put("max_tokens", spec.maxTokens());
    }
    switch (format) {
      case JSON_SCHEMA -> m.put("response_format", ordered("type", "json_schema", "json_schema", SCHEMA));
      case JSON_OBJECT -> m.put("response_format", ordered("type", "json_object"));
      default -> {
        // no response_format: the instructions ask for JSON
      }
    }
    try {
      return JSON.writeValueAsBytes(m);
    } catch (JsonProcessingException e) {
      throw new JudgeException(Failure.INTERNAL, where() + ": cannot write the request: " + e.getOriginalMessage(),
          e);
    }
  }

  private static Map<String, Object> message(String role, String content) {
    return ordered("role", role, "content", content);
  }

  /** A map in the order given, so that the request's bytes are the same every time. */
  private static Map<String, Object> ordered(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  /** The JSON schema of the answer: {@code {"decision": "SAME" | "DIFFERENT", "reason": string}}, nothing else. */
  static final Map<String, Object> SCHEMA = ordered("name", "deja_judgement", "strict", true, "schema", ordered(
      "type", "object",
      "properties", ordered(
          "decision", ordered("type", "string", "enum", List.of("SAME", "DIFFERENT")),
          "reason", ordered("type", "string", "description", "why, in one short sentence")),
      "required", List.of("decision", "reason"),
      "additionalProperties", false));

  private HttpResponse<byte[]> send(byte[] body, Duration remaining, Duration timeout, Optional<String> key) {
    HttpRequest.Builder rb = HttpRequest.newBuilder(endpoint).timeout(remaining)
        .header("Content-Type", "application/json").header("Accept", "application/json")
        .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    key.ifPresent(k -> rb.header("Authorization", "Bearer " + k));
    // Waiting on the future bounds the whole exchange, body included (as RemoteEmbedder does).
    CompletableFuture<HttpResponse<byte[]>> pending = http.sendAsync(rb.build(),
        HttpResponse.BodyHandlers.ofByteArray());
    try {
      return pending.get(remaining.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      pending.cancel(true);
      throw new JudgeException(Failure.TIMEOUT, where() + ": no complete answer within " + timeout.toMillis()
          + " ms", e);
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      if (c instanceof HttpConnectTimeoutException) {
        throw new JudgeException(Failure.TIMEOUT, where() + ": could not connect within "
            + spec.connectTimeout().toMillis() + " ms", c);
      }
      if (c instanceof HttpTimeoutException) {
        throw new JudgeException(Failure.TIMEOUT, where() + ": no complete answer within " + timeout.toMillis()
            + " ms", c);
      }
      if (c instanceof ConnectException) {
        throw new JudgeException(Failure.CONNECTION, where() + ": cannot connect ("
            + (c.getMessage() == null ? "connection refused" : c.getMessage()) + ")", c);
      }
      if (c instanceof IOException) {
        throw new JudgeException(Failure.CONNECTION, where() + ": the connection failed: "
            + RemoteText.redact(String.valueOf(c.getMessage()), key), c);
      }
      throw new JudgeException(Failure.INTERNAL, where() + ": the request failed: "
          + RemoteText.redact(String.valueOf(c), key), c);
    } catch (InterruptedException e) {
      pending.cancel(true);
      Thread.currentThread().interrupt();
      throw new JudgeException(Failure.TIMEOUT, where() + ": interrupted", e);
    }
  }

  /** Reads a 2xx body: {@code choices[0].message.content}, a JSON object with a decision and a reason. */
  private Judgement parse(byte[] body, Optional<String> key) {
    JsonNode root;
    try {
      root = JSON.readTree(body);
    } catch (IOException e) {
      throw malformed("the response is not JSON: "
          + RemoteText.redact(RemoteText.excerpt(new String(body, StandardCharsets.UTF_8)), key));
    }
    JsonNode message = root == null ? null : root.path("choices").path(0).path("message");
    if (message == null || !message.isObject()) {
      throw malformed("the response has no choices[0].message" + RemoteText.errorDetail(body, key));
    }
    JsonNode refusal = message.get("refusal");
    if (refusal != null && refusal.isTextual() && !refusal.asText().isBlank()) {
      throw malformed("the model refused: " + RemoteText.redact(RemoteText.excerpt(refusal.asText()), key));
    }
    JsonNode content = message.get("content");
    if (content == null || !content.isTextual()) {
      throw malformed("choices[0].message.content is not text");
    }
    JsonNode answer = answer(content.asText());
    if (answer == null) {
      throw malformed("the answer is not JSON: " + RemoteText.redact(RemoteText.excerpt(content.asText()), key));
    }
    JsonNode d = answer.get("decision");
    if (d == null || !d.isTextual()) {
      throw malformed("the answer has no decision: " + RemoteText.redact(RemoteText.excerpt(content.asText()), key));
    }
    Decision decision;
    switch (d.asText().strip().toUpperCase(Locale.ROOT)) {
      case "SAME" -> decision = Decision.SAME;
      case "DIFFERENT" -> decision = Decision.DIFFERENT;
      default -> throw malformed("the decision must be SAME or DIFFERENT, got "
          + RemoteText.redact(RemoteText.excerpt(d.asText()), key));
    }
    JsonNode reason = answer.get("reason");
    return new Judgement(decision, reason != null && reason.isTextual()
        ? RemoteText.redact(reason.asText(), key) : "");
  }

  /**
   * The answer as a JSON object: the whole content, or — from a model that wraps it in prose or a code fence — the
   * text from its first {@code '{'} to its last {@code '}'}; null when neither is an object.
   */
  static JsonNode answer(String content) {
    String c = content.strip();
    JsonNode n = object(c);
    if (n == null) {
      int from = c.indexOf('{');
      int to = c.lastIndexOf('}');
      if (from >= 0 && to > from) {
        n = object(c.substring(from, to + 1));
      }
    }
    return n;
  }

  private static JsonNode object(String s) {
    try {
      JsonNode n = JSON.readTree(s);
      return n != null && n.isObject() ? n : null;
    } catch (IOException e) {
      return null;
    }
  }

  private JudgeException malformed(String message) {
    return new JudgeException(Failure.MALFORMED, where() + ": invalid response: " + message);
  }

  @Override
  public String toString() {
    return "RemoteJudge[" + model() + " at " + endpoint + "]";
  }
}
