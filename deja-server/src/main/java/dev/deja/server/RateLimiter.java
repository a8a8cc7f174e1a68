package dev.deja.server;

import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per-key, per-action token buckets: each API key has one bucket per {@link Kind}; a call takes its cost in tokens
 * (more when the collection embeds), and a call that finds too few tokens is refused with the seconds until enough
 * will have been refilled (the {@code Retry-After} of the 429).
 *
 * <p>Why not a library: the rule is one classic token bucket per key and action with a variable cost, refilled lazily
 * on access from an injected {@link Clock} (so tests move time instead of sleeping). That is forty lines here; Bucket4j
 * does the same and much more (distributed buckets, JCache) that one process does not need, and is not among the
 * dependencies this project already verified. Buckets of keys not used for a while are dropped when the map grows
 * past {@link #MAX_BUCKETS} (a full bucket and a missing one behave the same).
 *
 * <p>Thread-safe: each bucket synchronises on itself.
 */
public final class RateLimiter {
  /** What a call does, each with its own bucket per key. */
  public enum Kind {
    /** get, list, describe collections and items. */
    READ,
    /** check, search. */
    CHECK,
    /** put, delete, create and drop collections. */
    WRITE
  }

  /** Settings of one kind of bucket. */
  public record Limit(double perSecond, double burst) {
    public Limit {
      if (!(perSecond > 0) || !(burst >= 1)) {
        throw new IllegalArgumentException("a limit needs perSecond > 0 and burst >= 1, got " + perSecond + ", "
            + burst);
      }
    }
  }

  static final int MAX_BUCKETS = 100_000;

  private final Map<Kind, Limit> limits;
  private final Clock clock;
  private final boolean enabled;
  private final ConcurrentHashMap<String, Bucket> buckets = new ConcurrentHashMap<>();

  public RateLimiter(boolean enabled, Map<Kind, Limit> limits, Clock clock) {
    this.enabled = enabled;
    this.limits = Map.copyOf(limits);
    this.clock = clock;
    for (Kind k : Kind.values()) {
      if (!this.limits.containsKey(k)) {
        throw new IllegalArgumentException("no limit for " + k);
      }
    }
  }

  /** The limiter a server configuration describes. */
  public static RateLimiter of(ServerConfig c, Clock clock) {
    return new RateLimiter(c.rateLimitsEnabled(), Map.of(
        Kind.READ, new Limit(c.readPerSecond(), c.readBurst()),
        Kind.CHECK, new Limit(c.checkPerSecond(), c.checkBurst()),
        Kind.WRITE, new Limit(c.writePerSecond(), c.writeBurst())), clock);
  }

  /**
   * Takes {@code cost} tokens from the key's bucket for this kind.
   *
   * @return 0 when allowed, else the whole seconds (at least 1) to wait before the same call will be allowed
   */
  public long acquire(String keyId, Kind kind, double cost) {
    if (!enabled) {
      return 0;
    }
    Limit limit = limits.get(kind);
    double take = Math.min(cost, limit.burst());
    if (buckets.size() > MAX_BUCKETS) {
      buckets.clear();
    }
    Bucket b = buckets.computeIfAbsent(keyId + '\u0000' + kind, k -> new Bucket(limit.burst(), clock.millis()));
    synchronized (b) {
      long now = clock.millis();
      if (now > b.at) {
        b.tokens = Math.min(limit.burst(), b.tokens + (now - b.at) / 1000.0 * limit.perSecond());
        b.at = now;
      }
      if (b.tokens >= take) {
        b.tokens -= take;
        return 0;
      }
      double missing = take - b.tokens;
      return Math.max(1, (long) Math.ceil(missing / limit.perSecond()));
    }
  }

  /**
   * Gives back the tokens a call took when the call was refused before it did its work (a malformed or invalid
   * request, an unknown collection or item, a body over the limit): a client's mistakes do not use up its budget.
   * A bucket never holds more than its burst.
   */
  public void refund(String keyId, Kind kind, double cost) {
    if (!enabled) {
      return;
    }
    Limit limit = limits.get(kind);
    Bucket b = buckets.get(keyId + '\u0000' + kind);
    if (b == null) {
      return;
    }
    synchronized (b) {
      b.tokens = Math.min(limit.burst(), b.tokens + Math.min(cost, limit.burst()));
    }
  }

  /** Whether a refusal with this HTTP status means the call did no work (so its tokens are given back). */
  public static boolean refundable(int status) {
    return status == 400 || status == 404 || status == 413;
  }

  private static final class Bucket {
    double tokens;
    long at;

    Bucket(double tokens, long at) {
      this.tokens = tokens;
      this.at = at;
    }
  }
}
