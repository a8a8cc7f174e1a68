package dev.deja.stream.proxy;

import dev.deja.core.InvalidInputException;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the proxy forwards to and how long it waits.
 *
 * <p>Immutable; thread-safe.
 *
 * @param upstream the upstream's base URL: {@code http://host:port}, {@code http://host:port/v1} (the OpenAI SDKs'
 *     {@code base_url}) or a full {@code .../chat/completions} URL; other paths are forwarded below the same base
 * @param connectTimeout how long to wait for the TCP connection
 * @param responseTimeout how long to wait for the upstream's response headers
 * @param idleTimeout how long the upstream may stay silent while sending the body (a hung stream is cut after it)
 * @param apiKey when present, sent as {@code Authorization: Bearer <key>} instead of the client's header
 * @param maxRequestBytes largest request body accepted (413 above it)
 */
public record ProxyOptions(URI upstream, Duration connectTimeout, Duration responseTimeout, Duration idleTimeout,
    Optional<String> apiKey, int maxRequestBytes) {

  public ProxyOptions {
    Objects.requireNonNull(upstream, "upstream");
    String scheme = upstream.getScheme();
    if (scheme == null || !(scheme.equals("http") || scheme.equals("https")) || upstream.getHost() == null) {
      throw new InvalidInputException("--upstream: must be an http(s) URL such as http://localhost:8000/v1, got '"
          + upstream + "'");
    }
    positive("connect timeout", connectTimeout);
    positive("response timeout", responseTimeout);
    positive("idle timeout", idleTimeout);
    apiKey = apiKey == null ? Optional.empty() : apiKey.filter(k -> !k.isBlank());
    if (maxRequestBytes < 1024) {
      throw new InvalidInputException("max request bytes must be at least 1024, got " + maxRequestBytes);
    }
  }

  private static void positive(String what, Duration d) {
    if (d == null || d.isZero() || d.isNegative()) {
      throw new InvalidInputException(what + ": must be positive, got " + d);
    }
  }

  /** The defaults for an upstream: connect 10 s, response headers 120 s, idle 60 s, 16 MiB requests. */
  public static ProxyOptions of(URI upstream) {
    return new ProxyOptions(upstream, Duration.ofSeconds(10), Duration.ofSeconds(120), Duration.ofSeconds(60),
        Optional.empty(), 16 << 20);
  }

  public ProxyOptions withTimeouts(Duration connect, Duration response, Duration idle) {
    return new ProxyOptions(upstream, connect, response, idle, apiKey, maxRequestBytes);
  }

  public ProxyOptions withApiKey(String key) {
    return new ProxyOptions(upstream, connectTimeout, responseTimeout, idleTimeout, Optional.ofNullable(key),
        maxRequestBytes);
  }

  /** The upstream URL of a request path such as {@code /v1/chat/completions?x=1}. */
  URI resolve(String pathAndQuery) {
    String base = upstream.toString();
    while (base.endsWith("/")) {
      base = base.substring(0, base.length() - 1);
    }
    if (base.endsWith("/chat/completions")) {
      base = base.substring(0, base.length() - "/chat/completions".length());
    }
    String path = pathAndQuery;
    if (base.endsWith("/v1") && path.startsWith("/v1/")) {
      path = path.substring(3);
    }
    return URI.create(base + path);
  }
}
