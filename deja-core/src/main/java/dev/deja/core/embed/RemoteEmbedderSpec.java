package dev.deja.core.embed;

import dev.deja.core.InvalidInputException;
import dev.deja.core.spec.Endpoints;
import dev.deja.core.spec.Options;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The configuration of a remote embedder: an OpenAI-compatible {@code POST {base_url}/embeddings} endpoint, registered
 * under a name that specs use as their {@code model} (one entry of the {@code embedders:} section of a
 * {@code deja.yaml}).
 *
 * <pre>{@code
 * embedders:
 *   cloud:
 *     type: openai
 *     base_url: https://api.openai.com/v1
 *     model: text-embedding-3-small
 *     dimension: 1536
 *     api_key_env: OPENAI_API_KEY
 * }</pre>
 *
 * <p>A value: it holds the <em>name</em> of the environment variable with the API key, never the key. The client is
 * {@code dev.deja.embed.RemoteEmbedder} in deja-embed; this record lives in deja-core so that deja-format can read it
 * and deja-embed can build it without either module depending on the other. Immutable; thread-safe.
 *
 * @param name the name specs use ({@code model: cloud})
 * @param type the protocol; only {@code openai} for now
 * @param baseUrl the API's base address, without the trailing {@code /embeddings} (http or https)
 * @param model the remote model name sent in each request
 * @param dimension the vector size the endpoint returns (every response is checked against it)
 * @param apiKeyEnv the environment variable holding the API key (sent as {@code Authorization: Bearer}), if any
 * @param timeout the time one attempt may take, from sending the request to the whole response
 * @param connectTimeout the time connecting may take
 * @param retries how many times a retriable failure is retried (0 = one attempt only)
 * @param backoff the wait before the first retry; each further retry waits twice as long, at most {@link #MAX_BACKOFF}
 * @param batchSize the most texts sent in one request
 * @param cacheSize LRU cache entries in front of the endpoint (0 = no cache)
 */
public record RemoteEmbedderSpec(String name, String type, URI baseUrl, String model, int dimension,
    Optional<String> apiKeyEnv, Duration timeout, Duration connectTimeout, int retries, Duration backoff,
    int batchSize, int cacheSize) {

  /** 10 s: the default time per attempt; OpenAI's p99 for a small batch is well below, a stuck socket is not. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);
  /** 2 retries: three attempts in all, enough to ride out a brief 429/503 without stalling a check for long. */
  public static final int DEFAULT_RETRIES = 2;
  /** 200 ms before the first retry, then 400, 800, … */
  public static final Duration DEFAULT_BACKOFF = Duration.ofMillis(200);
  /** The longest wait between two attempts, also the cap on a server's {@code Retry-After}. */
  public static final Duration MAX_BACKOFF = Duration.ofSeconds(10);
  /** 64 texts per request; OpenAI accepts up to 2,048, smaller batches keep one slow request short. */
  public static final int DEFAULT_BATCH_SIZE = 64;
  /** 10,000 cached vectors, as for the in-process models. */
  public static final int DEFAULT_CACHE_SIZE = 10_000;

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");
  private static final Pattern ENV = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  public RemoteEmbedderSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(baseUrl, "baseUrl");
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(apiKeyEnv, "apiKeyEnv");
    Objects.requireNonNull(timeout, "timeout");
    Objects.requireNonNull(connectTimeout, "connectTimeout");
    Objects.requireNonNull(backoff, "backoff");
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("embedder name must be letters, digits, '_', '.' or '-', got '" + name + "'");
    }
    if (!type.equals("openai")) {
      throw new IllegalArgumentException("embedder type must be openai, got '" + type + "'");
    }
    Endpoints.requireHttp(baseUrl);
    if (model.isBlank()) {
      throw new IllegalArgumentException("model must not be blank");
    }
    if (dimension < 1) {
      throw new IllegalArgumentException("dimension must be at least 1, got " + dimension);
    }
    apiKeyEnv.ifPresent(e -> {
      if (!ENV.matcher(e).matches()) {
        // The value is not quoted: a user who put the key itself here must not see it printed.
        throw new IllegalArgumentException("api_key_env must be an environment variable name (letters, digits, "
            + "'_'), not the key itself");
      }
    });
    if (timeout.isNegative() || timeout.isZero() || connectTimeout.isNegative() || connectTimeout.isZero()) {
      throw new IllegalArgumentException("timeouts must be positive");
    }
    if (retries < 0) {
      throw new IllegalArgumentException("retries must not be negative, got " + retries);
    }
    if (backoff.isNegative()) {
      throw new IllegalArgumentException("backoff must not be negative, got " + backoff);
    }
    if (batchSize < 1) {
      throw new IllegalArgumentException("batch size must be at least 1, got " + batchSize);
    }
    if (cacheSize < 0) {
      throw new IllegalArgumentException("cache size must not be negative, got " + cacheSize);
    }
  }

  /** A spec with the defaults for everything but the endpoint (for tests and embedding applications). */
  public static RemoteEmbedderSpec of(String name, URI baseUrl, String model, int dimension) {
    return new RemoteEmbedderSpec(name, "openai", baseUrl, model, dimension, Optional.empty(), DEFAULT_TIMEOUT,
        DEFAULT_TIMEOUT, DEFAULT_RETRIES, DEFAULT_BACKOFF, DEFAULT_BATCH_SIZE, DEFAULT_CACHE_SIZE);
  }

  /** The same spec with other timeouts. */
  public RemoteEmbedderSpec withTimeouts(Duration timeout, Duration connectTimeout) {
    return new RemoteEmbedderSpec(name, type, baseUrl, model, dimension, apiKeyEnv, timeout, connectTimeout, retries,
        backoff, batchSize, cacheSize);
  }

  /** The same spec with other retry settings. */
  public RemoteEmbedderSpec withRetries(int retries, Duration backoff) {
    return new RemoteEmbedderSpec(name, type, baseUrl, model, dimension, apiKeyEnv, timeout, connectTimeout, retries,
        backoff, batchSize, cacheSize);
  }

  /** The same spec with another batch size. */
  public RemoteEmbedderSpec withBatchSize(int batchSize) {
    return new RemoteEmbedderSpec(name, type, baseUrl, model, dimension, apiKeyEnv, timeout, connectTimeout, retries,
        backoff, batchSize, cacheSize);
  }

  /** The same spec reading its API key from another environment variable. */
  public RemoteEmbedderSpec withApiKeyEnv(String variable) {
    return new RemoteEmbedderSpec(name, type, baseUrl, model, dimension, Optional.of(variable), timeout,
        connectTimeout, retries, backoff, batchSize, cacheSize);
  }

  /** The same spec with another cache size (0 = none). */
  public RemoteEmbedderSpec withCacheSize(int cacheSize) {
    return new RemoteEmbedderSpec(name, type, baseUrl, model, dimension, apiKeyEnv, timeout, connectTimeout, retries,
        backoff, batchSize, cacheSize);
  }

  /** The endpoint requests go to: {@code base_url} + {@code /embeddings}. */
  public URI endpoint() {
    return Endpoints.append(baseUrl, "/embeddings");
  }

  /**
   * Reads one entry of an {@code embedders:} section; every error names the key path and the value.
   *
   * @param name the entry's key (the name specs use)
   * @param value the entry's value, an object
   * @param path where the entry is, for messages ({@code embedders.cloud})
   */
  public static RemoteEmbedderSpec read(String name, Object value, String path) {
    Options o = Options.of(path, value);
    String type = o.choice("type", "", "openai");
    if (type.isEmpty()) {
      throw new InvalidInputException(o.at("type") + ": is required (openai: any OpenAI-compatible /embeddings "
          + "endpoint)");
    }
    URI uri = Endpoints.readBaseUrl(o);
    String model = o.requiredString("model");
    if (!o.has("dimension")) {
      throw new InvalidInputException(o.at("dimension") + ": is required (the vector size the model returns, e.g. "
          + "1536 for text-embedding-3-small)");
    }
    int dimension = o.integer("dimension", 0, 1, 65_536);
    Optional<String> keyEnv = o.optionalString("api_key_env");
    int timeoutMs = o.integer("timeout_ms", (int) DEFAULT_TIMEOUT.toMillis(), 1, 600_000);
    int connectMs = o.integer("connect_timeout_ms", timeoutMs, 1, 600_000);
    int retries = o.integer("retries", DEFAULT_RETRIES, 0, 10);
    int backoffMs = o.integer("backoff_ms", (int) DEFAULT_BACKOFF.toMillis(), 0, (int) MAX_BACKOFF.toMillis());
    int batch = o.integer("batch_size", DEFAULT_BATCH_SIZE, 1, 2048);
    int cache = o.integer("cache_size", DEFAULT_CACHE_SIZE, 0, 10_000_000);
    o.rejectUnknown();
    try {
      return new RemoteEmbedderSpec(name, type, uri, model, dimension, keyEnv, Duration.ofMillis(timeoutMs),
          Duration.ofMillis(connectMs), retries, Duration.ofMillis(backoffMs), batch, cache);
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException(path + ": " + e.getMessage(), e);
    }
  }
}
