package dev.deja.server;

import dev.deja.format.Json;
import io.javalin.http.Context;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.HexFormat;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Writes that honour {@code Idempotency-Key}: the first result for a tenant's key is recorded and a retry of the same
 * request gets it again ({@code Idempotent-Replayed: true}); the key reused for another request is a 422.
 *
 * <p>Thread-safe: its store is.
 */
final class IdempotentWrites {
  private final IdempotencyStore store;
  private final Clock clock;

  IdempotentWrites(IdempotencyStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
  }

  /** Runs the write once per {@code Idempotency-Key} (every time without one) and answers its response. */
  void run(Context ctx, KeyStore.Caller c, byte[] raw, Supplier<Responses.Response> work) {
    String key = ctx.header("Idempotency-Key");
    if (key == null) {
      Responses.json(ctx, work.get());
      return;
    }
    if (key.isBlank() || key.length() > 255) {
      throw ApiException.invalid("Idempotency-Key", "must be 1 to 255 characters");
    }
    String fingerprint = fingerprint(ctx.method().name() + " " + ctx.path(), raw);
    AtomicBoolean ran = new AtomicBoolean();
    IdempotencyStore.Recorded r = store.once(c.tenant(), key, fingerprint, () -> {
      ran.set(true);
      Responses.Response resp = work.get();
      return new IdempotencyStore.Recorded(fingerprint, resp.status(), Json.write(resp.body()), clock.instant());
    });
    if (!ran.get()) {
      ctx.header("Idempotent-Replayed", "true");
    }
    Responses.send(ctx, r.status(), "application/json", r.body());
  }

  private static String fingerprint(String request, byte[] body) {
    try {
      MessageDigest d = MessageDigest.getInstance("SHA-256");
      d.update(request.getBytes(StandardCharsets.UTF_8));
      d.update((byte) 0);
      d.update(body);
      return HexFormat.of().formatHex(d.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is always available", e);
    }
  }
}
