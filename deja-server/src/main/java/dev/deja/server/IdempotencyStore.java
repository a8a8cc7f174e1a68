package dev.deja.server;

import dev.deja.core.StoreException;
import dev.deja.core.store.ScopeLocks;
import dev.deja.format.Json;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The first result of each idempotent write, by tenant and {@code Idempotency-Key}, so that a retried put returns it
 * instead of writing again.
 *
 * <p>Records are kept for a retention period and at most a fixed number of them (oldest dropped first), in memory and
 * in an append-only log ({@code DATA/server/idempotency.jsonl}, one JSON line per record) that is read and compacted
 * at start, so results survive a restart. A retry with the same key but a different request (method, path or body)
 * is refused (422 {@code idempotency_key_reused}). Two concurrent requests with the same key run one after the other:
 * the second returns the first's result. Only results that wrote or decided something (2xx, and the 409 of a rejected
 * duplicate) are recorded; an error is not, so a retry after it runs again.
 *
 * <p>Thread-safe.
 */
public final class IdempotencyStore implements AutoCloseable {
  /** A recorded response. */
  public record Recorded(String fingerprint, int status, String body, Instant at) {}

  private final Path log;
  private final int maxEntries;
  private final Duration retention;
  private final Clock clock;
  private final ScopeLocks locks = new ScopeLocks();
  private final LinkedHashMap<String, Recorded> records = new LinkedHashMap<>();
  private BufferedWriter writer;

  /** Opens (creating) the log in {@code dir}, keeping records younger than {@code retention}, at most {@code max}. */
  public IdempotencyStore(Path dir, int maxEntries, Duration retention, Clock clock) {
    this.log = dir == null ? null : dir.resolve("idempotency.jsonl");
    this.maxEntries = maxEntries;
    this.retention = retention;
    this.clock = clock;
    if (log != null) {
      load();
    }
  }

  private void load() {
    try {
      if (Files.exists(log)) {
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
          if (line.isBlank()) {
            continue;
          }
          try {
            Map<String, Object> m = Json.object(line, "idempotency record");
            Recorded r = new Recorded((String) m.get("fingerprint"), ((Number) m.get("status")).intValue(),
                (String) m.get("body"), Instant.parse((String) m.get("at")));
            put((String) m.get("key"), r);
          } catch (RuntimeException e) {
            // A torn last line after a crash: skip it; the write it records was answered or not, never both.
          }
        }
      }
      expire();
      // Compact: rewrite only the live records, then append from there.
      StringBuilder sb = new StringBuilder();
      records.forEach((k, r) -> sb.append(line(k, r)).append('\n'));
      KeyStore.writeAtomically(log, sb.toString());
      writer = Files.newBufferedWriter(log, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new StoreException("cannot open the idempotency log " + log + ": " + e.getMessage(), false, e);
    }
  }

  private static String line(String key, Recorded r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("key", key);
    m.put("fingerprint", r.fingerprint());
    m.put("status", r.status());
    m.put("body", r.body());
    m.put("at", r.at().toString());
    return Json.write(m);
  }

  /**
   * Runs the request once per tenant and key: returns the recorded response when there is one (refusing a different
   * request under the same key), else runs {@code work} and records its response when it is worth replaying.
   *
   * @param fingerprint what identifies the request (method, path, body digest)
   */
  public Recorded once(String tenant, String key, String fingerprint, Supplier<Recorded> work) {
    String k = tenant + '\u0000' + key;
    return locks.withLock(k, () -> {
      Optional<Recorded> seen = find(k);
      if (seen.isPresent()) {
        if (!seen.get().fingerprint().equals(fingerprint)) {
          throw new ApiException(422, "idempotency_key_reused", "Idempotency-Key '" + key + "' was used for a "
              + "different request; use a new key for a new request", Map.of("idempotency_key", key));
        }
        return seen.get();
      }
      Recorded r = work.get();
      if (r.status() < 300 || r.status() == 409) {
        record(k, r);
      }
      return r;
    });
  }

  private synchronized Optional<Recorded> find(String k) {
    expire();
    return Optional.ofNullable(records.get(k));
  }

  private synchronized void record(String k, Recorded r) {
    put(k, r);
    if (writer != null) {
      try {
        writer.write(line(k, r));
        writer.write('\n');
        writer.flush();
      } catch (IOException e) {
        // The write itself succeeded; losing its replay record only matters after a restart. Say so, keep serving.
        org.slf4j.LoggerFactory.getLogger(IdempotencyStore.class).warn("cannot append to {}: {}", log,
            e.getMessage());
      }
    }
  }

  private void put(String k, Recorded r) {
    records.remove(k);
    records.put(k, r);
    while (records.size() > maxEntries) {
      String eldest = records.keySet().iterator().next();
      records.remove(eldest);
    }
  }

  private void expire() {
    Instant cutoff = clock.instant().minus(retention);
    records.values().removeIf(r -> r.at().isBefore(cutoff));
  }

  /** How many records are held. */
  public synchronized int size() {
    return records.size();
  }

  @Override
  public synchronized void close() {
    if (writer != null) {
      try {
        writer.close();
      } catch (IOException e) {
        // Every record was flushed when written; nothing is lost by a failing close.
      }
      writer = null;
    }
  }
}
