package dev.deja.postgres.internal;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;

/**
 * The 64-bit hashes the store persists and locks by: the first 8 bytes (big-endian) of SHA-256 over UTF-8 text.
 *
 * <p>They are part of the stored format (rows hold them, GIN indexes index them): never change the function, add a
 * migration that rehashes instead. A collision is harmless by construction: lookups confirm every hash hit against
 * the stored text, and two scopes whose lock keys collide merely serialise.
 *
 * <p>Thread-safe (one digest per thread).
 */
public final class Hashes {
  private static final ThreadLocal<MessageDigest> SHA256 = ThreadLocal.withInitial(() -> {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  });

  private Hashes() {}

  /** The hash of a text. */
  public static long of(String text) {
    byte[] d = SHA256.get().digest(text.getBytes(StandardCharsets.UTF_8));
    long h = 0;
    for (int i = 0; i < 8; i++) {
      h = (h << 8) | (d[i] & 0xff);
    }
    return h;
  }

  /** The hash of a key or term inside a scope: posting lists of the GIN indexes are per scope. */
  public static long scoped(String scope, String value) {
    return of(scope + '\u0000' + value);
  }

  /** The scoped hashes of many values, sorted and distinct (as GIN stores them). */
  public static Long[] scoped(String scope, Collection<String> values) {
    return values.stream().map(v -> scoped(scope, v)).distinct().sorted().toArray(Long[]::new);
  }

  /** The advisory-lock key of a scope of a collection: the same in every process using the database. */
  public static long lockKey(int collectionId, String scope) {
    return of("deja-scope-lock\u0000" + collectionId + '\u0000' + scope);
  }
}
