package dev.deja.server;

import dev.deja.core.InvalidInputException;
import dev.deja.core.StoreException;
import dev.deja.core.embed.EmbeddingException;
import dev.deja.format.Catalog;
import io.javalin.http.HttpResponseException;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How failures become the one error shape ({@link ApiException}): a caller's mistake is a 4xx naming it, a store or
 * embedder failure a 503 saying whether a retry may help, anything else a logged 500 without internals.
 *
 * <p>Thread-safe: stateless.
 */
final class HttpErrors {
  private static final Logger LOG = LoggerFactory.getLogger(HttpErrors.class);

  private HttpErrors() {}

  /** The stable error code of a status that has no more specific one (docs/HTTP.md, "Errors"). */
  static String codeFor(int status) {
    return switch (status) {
      case 401 -> "unauthorized";
      case 403 -> "forbidden";
      case 404 -> "not_found";
      case 405 -> "method_not_allowed";
      case 409 -> "conflict";
      case 413 -> "payload_too_large";
      case 429 -> "rate_limited";
      case 503 -> "unavailable";
      default -> status >= 500 ? "internal" : "invalid_request";
    };
  }

  /** The error a failure is answered with. */
  static ApiException toApi(Throwable e) {
    if (e instanceof ApiException a) {
      return a;
    }
    if (e instanceof Catalog.CollectionExistsException x) {
      return new ApiException(409, "conflict", x.getMessage(), Map.of());
    }
    if (e instanceof InvalidInputException x) {
      return ApiException.invalid(x.getMessage());
    }
    if (e instanceof StoreException || e instanceof EmbeddingException) {
      try {
        DejaService.guarded(() -> {
          throw (RuntimeException) e;
        });
      } catch (ApiException a) {
        return a;
      }
    }
    if (e instanceof HttpResponseException h && h.getStatus() >= 400 && h.getStatus() < 500) {
      return new ApiException(h.getStatus(), codeFor(h.getStatus()), h.getMessage(), Map.of());
    }
    LOG.error("internal error", e);
    return internal(e);
  }

  /** A 500 that names the exception's type only: the log has the rest. */
  static ApiException internal(Throwable e) {
    return new ApiException(500, "internal", "internal error: " + e.getClass().getSimpleName()
        + " (the server log has the details)", Map.of());
  }
}
