package dev.deja.server;

import dev.deja.core.engine.DejaCollection;
import io.javalin.http.Context;
import java.util.Locale;

/**
 * Who is calling a route, from the key in {@code Authorization: Bearer KEY} or {@code x-api-key: KEY}, and whether the
 * key's rate limit admits the call. The tenant always comes from the key, never from a request.
 *
 * <p>Thread-safe: its collaborators are.
 */
final class Callers {
  private final KeyStore keys;
  private final RateLimiter limiter;
  private final ServerMetrics metrics;
  private final ServerConfig config;

  Callers(KeyStore keys, RateLimiter limiter, ServerMetrics metrics, ServerConfig config) {
    this.keys = keys;
    this.limiter = limiter;
    this.metrics = metrics;
    this.config = config;
  }

  KeyStore keys() {
    return keys;
  }

  /** The caller of a request, admin or tenant; 401 without a valid key. */
  KeyStore.Caller caller(Context ctx) {
    String key = null;
    String auth = ctx.header("Authorization");
    if (auth != null) {
      String a = auth.strip();
      if (a.regionMatches(true, 0, "Bearer ", 0, 7)) {
        key = a.substring(7).strip();
      } else {
        throw ApiException.unauthorized("Authorization header: expected 'Bearer KEY'");
      }
    }
    if (key == null) {
      key = ctx.header("x-api-key");
    }
    if (key == null || key.isBlank()) {
      throw ApiException.unauthorized("missing API key: send 'Authorization: Bearer KEY' or 'x-api-key: KEY'");
    }
    return keys.identify(key.strip()).orElseThrow(() -> ApiException.unauthorized("invalid or revoked API key"));
  }

  /** The caller, who must hold the admin key (403 otherwise). */
  KeyStore.Caller admin(Context ctx) {
    KeyStore.Caller c = caller(ctx);
    if (!c.admin()) {
      throw ApiException.forbidden("this route needs the admin key");
    }
    return c;
  }

  /** The caller, who must hold a tenant key (403 for the admin key). */
  KeyStore.Caller tenant(Context ctx) {
    KeyStore.Caller c = caller(ctx);
    if (c.admin()) {
      throw ApiException.forbidden("the admin key only manages keys; create a tenant key with POST /v1/admin/keys "
          + "{\"tenant\": \"...\"} and use that");
    }
    return c;
  }

  /** What a request took from its key's bucket, kept on the request to give back if the request is refused. */
  private record Charge(String keyId, RateLimiter.Kind kind, double cost) {}

  private static final String CHARGE = "deja.charge";

  /**
   * Takes {@code cost} tokens of the key's bucket for this kind of call; 429 when it is empty. A request refused
   * afterwards as the caller's mistake gets them back ({@link #refundIfRefused}).
   */
  void limit(Context ctx, KeyStore.Caller c, RateLimiter.Kind kind, double cost) {
    limit(c, kind, cost);
    ctx.attribute(CHARGE, new Charge(c.keyId(), kind, cost));
  }

  /** Takes {@code cost} tokens of the key's bucket for this kind of call; 429 when it is empty. */
  void limit(KeyStore.Caller c, RateLimiter.Kind kind, double cost) {
    long wait = limiter.acquire(c.keyId(), kind, cost);
    if (wait > 0) {
      String action = kind.name().toLowerCase(Locale.ROOT);
      metrics.rateLimited(action);
      throw ApiException.rateLimited(action, wait);
    }
  }

  /** Gives back what the request took when it was refused as a caller's mistake (400, 404, 413). */
  void refundIfRefused(Context ctx, ApiException e) {
    Object charge = ctx.attribute(CHARGE);
    if (charge instanceof Charge ch && RateLimiter.refundable(e.status())) {
      ctx.attribute(CHARGE, null);
      limiter.refund(ch.keyId(), ch.kind(), ch.cost());
    }
  }

  /** The tokens a call on the collection costs: more when it embeds. */
  double cost(DejaCollection c) {
    return DejaService.embeds(c) ? config.embeddingCost() : 1;
  }
}
