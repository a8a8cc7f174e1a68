package dev.deja.server;

import dev.deja.core.InvalidInputException;
import dev.deja.stream.proxy.ProxyOptions;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The settings of the chat completions proxy that {@code deja serve} mounts at {@code /v1/chat/completions} when an
 * upstream is configured ({@code server.proxy.*}; docs/CONFIGURATION.md, "Server").
 *
 * <p>Immutable; thread-safe.
 *
 * @param upstream the upstream's base URL (e.g. {@code http://localhost:8000/v1}); absent: no proxy routes
 * @param requireKey whether a Deja tenant key is required on the proxy routes (in {@code x-api-key}, since the
 *     {@code Authorization} header is the upstream's)
 * @param apiKey when present, sent to the upstream as {@code Authorization: Bearer <key>} instead of the client's
 *     header; clients may then send their Deja key as {@code Authorization: Bearer} too
 * @param connectTimeoutSeconds how long to wait for the TCP connection to the upstream
 * @param responseTimeoutSeconds how long to wait for the upstream's response headers (504 after it)
 * @param idleTimeoutSeconds how long an upstream stream may stay silent before it is cut
 * @param maxRequestBytes the largest request body the proxy routes accept (413 above); separate from
 *     {@code max_body_bytes}, since chat requests with images are often larger than Deja's own requests
 */
public record ProxySettings(Optional<URI> upstream, boolean requireKey, Optional<String> apiKey,
    int connectTimeoutSeconds, int responseTimeoutSeconds, int idleTimeoutSeconds, int maxRequestBytes) {

  public ProxySettings {
    Objects.requireNonNull(upstream, "upstream");
    apiKey = Objects.requireNonNull(apiKey, "apiKey").filter(k -> !k.isBlank());
    upstream.ifPresent(ProxySettings::checkUrl);
    positive("connect_timeout_seconds", connectTimeoutSeconds);
    positive("response_timeout_seconds", responseTimeoutSeconds);
    positive("idle_timeout_seconds", idleTimeoutSeconds);
    if (maxRequestBytes < 1024) {
      // The proxy's own floor (ProxyOptions): a chat request needs at least this much room.
      throw new InvalidInputException("server.proxy.max_request_bytes: must be at least 1024, got " + maxRequestBytes);
    }
  }

  private static void checkUrl(URI u) {
    checkUrl(u, "server.proxy.upstream (" + ServerConfig.envName("proxy.upstream") + ")");
  }

  private static URI checkUrl(URI u, String where) {
    String scheme = u.getScheme();
    if (scheme == null || !(scheme.equals("http") || scheme.equals("https")) || u.getHost() == null) {
      throw new InvalidInputException(where + ": must be an http(s) URL such as http://localhost:8000/v1, got '"
          + u + "'");
    }
    return u;
  }

  private static void positive(String key, int seconds) {
    if (seconds < 1) {
      throw new InvalidInputException("server.proxy." + key + ": must be at least 1, got " + seconds);
    }
  }

  /**
   * Parses an upstream URL as given in {@code deja.yaml}, the environment or {@code --upstream}; {@code where} names
   * the source in the message of a bad URL.
   */
  public static URI parseUpstream(String text, String where) {
    try {
      return checkUrl(new URI(text.strip()), where);
    } catch (java.net.URISyntaxException e) {
      throw new InvalidInputException(where + ": not a URL: '" + text + "' (" + e.getReason() + ")");
    }
  }

  /** The settings with the upstream key masked: a record's default {@code toString} would print it. */
  @Override
  public String toString() {
    return "ProxySettings[upstream=" + upstream.map(URI::toString).orElse("(none)") + ", requireKey=" + requireKey
        + ", apiKey=" + apiKey.map(k -> "***").orElse("(none)") + ", connectTimeoutSeconds=" + connectTimeoutSeconds
        + ", responseTimeoutSeconds=" + responseTimeoutSeconds + ", idleTimeoutSeconds=" + idleTimeoutSeconds
        + ", maxRequestBytes=" + maxRequestBytes + "]";
  }

  /** These settings with another upstream. */
  public ProxySettings withUpstream(URI newUpstream) {
    return new ProxySettings(Optional.of(newUpstream), requireKey, apiKey, connectTimeoutSeconds,
        responseTimeoutSeconds, idleTimeoutSeconds, maxRequestBytes);
  }

  /** The proxy's options, when an upstream is configured. */
  public Optional<ProxyOptions> options() {
    return upstream.map(u -> {
      return new ProxyOptions(u, Duration.ofSeconds(connectTimeoutSeconds), Duration.ofSeconds(responseTimeoutSeconds),
          Duration.ofSeconds(idleTimeoutSeconds), apiKey, maxRequestBytes);
    });
  }
}
