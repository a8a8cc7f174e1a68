package dev.deja.core.judge;

import dev.deja.core.InvalidInputException;
import dev.deja.core.spec.Endpoints;
import dev.deja.core.spec.Options;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The configuration of a remote judge: an OpenAI-compatible {@code POST {base_url}/chat/completions} endpoint,
 * registered under a name that stages use in their {@code judge.endpoint} option (one entry of the {@code judges:}
 * section of a {@code deja.yaml}).
 *
 * <pre>{@code
 * judges:
 *   local:
 *     type: openai
 *     base_url: http://localhost:11434/v1
 *     model: llama3.1:8b
 *     api_key_env: OLLAMA_API_KEY   # optional
 * }</pre>
 *
 * <p>A value: it holds the <em>name</em> of the environment variable with the API key, never the key. The client is
 * {@code dev.deja.embed.RemoteJudge} in deja-embed; this record lives in deja-core so that deja-format can read it and
 * deja-embed can build it without either module depending on the other (as {@link
 * dev.deja.core.embed.RemoteEmbedderSpec}). How long a check waits is the stage's {@code judge.timeout_ms}, not the
 * endpoint's. Immutable; thread-safe.
 *
 * @param name the name stages use ({@code endpoint: local})
 * @param type the protocol; only {@code openai} for now
 * @param baseUrl the API's base address, without the trailing {@code /chat/completions} (http or https)
 * @param model the remote model name sent in each request
 * @param apiKeyEnv the environment variable holding the API key (sent as {@code Authorization: Bearer}), if any
 * @param connectTimeout the time connecting may take (a request never waits longer than its check allows)
 * @param responseFormat how the JSON answer is asked for
 * @param temperature the sampling temperature sent (0: the most repeatable answers)
 * @param maxTokens the most tokens the answer may have, sent as {@code max_tokens} (0: not sent)
 */
public record RemoteJudgeSpec(String name, String type, URI baseUrl, String model, Optional<String> apiKeyEnv,
    Duration connectTimeout, ResponseFormat responseFormat, double temperature, int maxTokens) {

  /** How the structured answer is asked for. */
  public enum ResponseFormat {
    /** {@code json_schema} first; when the endpoint refuses it (400, 422), {@code json_object}, then {@code none}. */
    AUTO,
    /** {@code response_format: {type: json_schema, json_schema: {…, strict: true}}} only. */
    JSON_SCHEMA,
    /** {@code response_format: {type: json_object}} only. */
    JSON_OBJECT,
    /** No {@code response_format}: the instructions ask for JSON and the answer's first JSON object is read. */
    NONE;

    /** The configuration name: {@code auto}, {@code json_schema}, {@code json_object}, {@code none}. */
    public String configName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** 3 s to connect, as the default of a check's whole wait ({@code judge.timeout_ms}). */
  public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(3);
  /** 200 tokens: a decision and one sentence take about 40; the rest is room for verbose models. */
  public static final int DEFAULT_MAX_TOKENS = 200;

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");
  private static final Pattern ENV = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  public RemoteJudgeSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(baseUrl, "baseUrl");
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(apiKeyEnv, "apiKeyEnv");
    Objects.requireNonNull(connectTimeout, "connectTimeout");
    Objects.requireNonNull(responseFormat, "responseFormat");
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("judge name must be letters, digits, '_', '.' or '-', got '" + name + "'");
    }
    if (!type.equals("openai")) {
      throw new IllegalArgumentException("judge type must be openai, got '" + type + "'");
    }
    Endpoints.requireHttp(baseUrl);
    if (model.isBlank()) {
      throw new IllegalArgumentException("model must not be blank");
    }
    apiKeyEnv.ifPresent(e -> {
      if (!ENV.matcher(e).matches()) {
        // The value is not quoted: a user who put the key itself here must not see it printed.
        throw new IllegalArgumentException("api_key_env must be an environment variable name (letters, digits, "
            + "'_'), not the key itself");
      }
    });
    if (connectTimeout.isNegative() || connectTimeout.isZero()) {
      throw new IllegalArgumentException("connect timeout must be positive");
    }
    if (Double.isNaN(temperature) || temperature < 0 || temperature > 2) {
      throw new IllegalArgumentException("temperature must be in [0, 2], got " + temperature);
    }
    if (maxTokens < 0) {
      throw new IllegalArgumentException("max tokens must not be negative, got " + maxTokens);
    }
  }

  /** A spec with the defaults for everything but the endpoint (for tests and embedding applications). */
  public static RemoteJudgeSpec of(String name, URI baseUrl, String model) {
    return new RemoteJudgeSpec(name, "openai", baseUrl, model, Optional.empty(), DEFAULT_CONNECT_TIMEOUT,
        ResponseFormat.AUTO, 0, DEFAULT_MAX_TOKENS);
  }

  /** The same spec reading its API key from this environment variable. */
  public RemoteJudgeSpec withApiKeyEnv(String variable) {
    return new RemoteJudgeSpec(name, type, baseUrl, model, Optional.of(variable), connectTimeout, responseFormat,
        temperature, maxTokens);
  }

  /** The same spec asking for its answer this way. */
  public RemoteJudgeSpec withResponseFormat(ResponseFormat f) {
    return new RemoteJudgeSpec(name, type, baseUrl, model, apiKeyEnv, connectTimeout, f, temperature, maxTokens);
  }

  /** The endpoint requests go to: {@code base_url} + {@code /chat/completions}. */
  public URI endpoint() {
    return Endpoints.append(baseUrl, "/chat/completions");
  }

  /**
   * Reads one entry of a {@code judges:} section; every error names the key path and the value.
   *
   * @param name the entry's key (the name stages use)
   * @param value the entry's value, an object
   * @param path where the entry is, for messages ({@code judges.local})
   */
  public static RemoteJudgeSpec read(String name, Object value, String path) {
    Options o = Options.of(path, value);
    String type = o.choice("type", "", "openai");
    if (type.isEmpty()) {
      throw new InvalidInputException(o.at("type") + ": is required (openai: any OpenAI-compatible "
          + "/chat/completions endpoint)");
    }
    URI uri = Endpoints.readBaseUrl(o);
    String model = o.requiredString("model");
    Optional<String> keyEnv = o.optionalString("api_key_env");
    int connectMs = o.integer("connect_timeout_ms", (int) DEFAULT_CONNECT_TIMEOUT.toMillis(), 1, 600_000);
    String format = o.choice("response_format", "auto", "auto", "json_schema", "json_object", "none");
    double temperature = o.number("temperature", 0, 0, 2);
    int maxTokens = o.integer("max_tokens", DEFAULT_MAX_TOKENS, 0, 100_000);
    o.rejectUnknown();
    try {
      return new RemoteJudgeSpec(name, type, uri, model, keyEnv, Duration.ofMillis(connectMs),
          ResponseFormat.valueOf(format.toUpperCase(Locale.ROOT)), temperature, maxTokens);
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException(path + ": " + e.getMessage(), e);
    }
  }
}
