package dev.deja.server;

import dev.deja.core.DejaException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * A request the server answers with an error: an HTTP status, a stable machine-readable code, a message for humans and
 * details, rendered as {@code {"error": {"code", "message", "details"}}}.
 *
 * <p>Codes are part of the HTTP contract (docs/HTTP.md lists them): {@code malformed_json}, {@code invalid_request},
 * {@code unauthorized}, {@code forbidden}, {@code not_found}, {@code method_not_allowed}, {@code conflict},
 * {@code idempotency_key_reused}, {@code payload_too_large}, {@code rate_limited}, {@code unavailable},
 * {@code configuration_error},
 * {@code internal}; from the web server layer also {@code request_timeout}, {@code uri_too_long} and
 * {@code headers_too_large}. Immutable.
 */
public final class ApiException extends DejaException {
  private static final long serialVersionUID = 1L;

  private final int status;
  private final String code;
  private final transient Map<String, Object> details;
  private final OptionalLong retryAfterSeconds;

  /** An error with this status, code, message and details. */
  public ApiException(int status, String code, String message, Map<String, Object> details) {
    this(status, code, message, details, OptionalLong.empty(), null);
  }

  private ApiException(int status, String code, String message, Map<String, Object> details,
      OptionalLong retryAfterSeconds, Throwable cause) {
    super(message, cause);
    if (status < 400 || status > 599) {
      throw new IllegalArgumentException("an error status is in [400, 599], got " + status);
    }
    this.status = status;
    this.code = Objects.requireNonNull(code, "code");
    // Sorted: the same key order in every response (Map.of's changes from one JVM start to the next).
    this.details = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(details));
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** 400 {@code invalid_request}: a missing, unknown or wrongly typed field, a bad parameter. */
  public static ApiException invalid(String message) {
    return new ApiException(400, "invalid_request", message, Map.of());
  }

  /** 400 {@code invalid_request} naming the offending field. */
  public static ApiException invalid(String field, String message) {
    return new ApiException(400, "invalid_request", field + ": " + message, Map.of("field", field));
  }

  /** 404 {@code not_found}. */
  public static ApiException notFound(String message) {
    return new ApiException(404, "not_found", message, Map.of());
  }

  /** 401 {@code unauthorized}. */
  public static ApiException unauthorized(String message) {
    return new ApiException(401, "unauthorized", message, Map.of());
  }

  /** 403 {@code forbidden}. */
  public static ApiException forbidden(String message) {
    return new ApiException(403, "forbidden", message, Map.of());
  }

  /** 413 {@code payload_too_large}. */
  public static ApiException tooLarge(String message, long limit) {
    return new ApiException(413, "payload_too_large", message, Map.of("limit", limit));
  }

  /** 429 {@code rate_limited} with the seconds after which a retry will succeed. */
  public static ApiException rateLimited(String action, long retryAfterSeconds) {
    return new ApiException(429, "rate_limited", "rate limit for '" + action + "' exceeded; retry after "
        + retryAfterSeconds + " s", Map.of("action", action, "retry_after_seconds", retryAfterSeconds),
        OptionalLong.of(retryAfterSeconds), null);
  }

  /** 429 {@code rate_limited} with its own message (what was exceeded, which setting) and a {@code Retry-After}. */
  public static ApiException rateLimited(String action, long retryAfterSeconds, String message) {
    return new ApiException(429, "rate_limited", message, Map.of("action", action, "retry_after_seconds",
        retryAfterSeconds), OptionalLong.of(retryAfterSeconds), null);
  }

  /** 503 {@code unavailable}: a store or embedder failure, or the server is shutting down. */
  public static ApiException unavailable(String message, boolean retriable, Throwable cause) {
    return new ApiException(503, "unavailable", message, Map.of("retriable", retriable),
        retriable ? OptionalLong.of(1) : OptionalLong.empty(), cause);
  }

  /**
   * 502 {@code configuration_error}: a store is configured to use something that does not exist (a CalDAV calendar URL
   * answering 404); not the caller's fault, and no retry helps until the server's configuration is fixed.
   */
  public static ApiException misconfigured(String message, Throwable cause) {
    return new ApiException(502, "configuration_error", message, Map.of("retriable", false), OptionalLong.empty(),
        cause);
  }

  /** The HTTP status. */
  public int status() {
    return status;
  }

  /** The stable error code. */
  public String code() {
    return code;
  }

  /** Machine-readable details (the field, the limit, whether a retry may help, …). */
  public Map<String, Object> details() {
    return details;
  }

  /** The value of the {@code Retry-After} header, when there is one. */
  public OptionalLong retryAfterSeconds() {
    return retryAfterSeconds;
  }

  /** The error body: {@code {"error": {"code", "message", "details"}}}. */
  public Map<String, Object> body() {
    Map<String, Object> e = new LinkedHashMap<>();
    e.put("code", code);
    e.put("message", getMessage());
    e.put("details", details);
    return Map.of("error", e);
  }

  /**
   * The error body with OpenAI's {@code type} beside Deja's fields ({@code {"error": {"code", "message", "details",
   * "type"}}}), for the routes an OpenAI client calls (the chat completions proxy): OpenAI's SDKs show
   * {@code error.message} and {@code error.type}.
   */
  public Map<String, Object> openAiBody() {
    Map<String, Object> e = new LinkedHashMap<>();
    e.put("code", code);
    e.put("message", getMessage());
    e.put("details", details);
    e.put("type", switch (status) {
      case 401 -> "authentication_error";
      case 403 -> "permission_error";
      case 404 -> "not_found_error";
      case 429 -> "rate_limit_error";
      default -> status >= 500 ? "server_error" : "invalid_request_error";
    });
    return Map.of("error", e);
  }
}
