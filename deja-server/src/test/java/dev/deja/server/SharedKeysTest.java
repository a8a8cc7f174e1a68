package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.StoreException;
import dev.deja.testkit.MutableClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keys in records that other instances change (the PostgreSQL table of several servers): a key another instance
 * created works after at most a second, one it revoked stops working within five, and an unreadable store leaves the
 * last keys read in use. A fake of the shared table stands for the database here; PostgresApiKeysIT and
 * TwoServersPostgresIT cover the real one.
 */
class SharedKeysTest {
  /** The shared table, as every instance sees it. */
  static final class FakeTable implements KeyStore.Records {
    final Map<String, KeyStore.Entry> rows = new LinkedHashMap<>();
    boolean down;
    int loads;

    @Override
    public synchronized Map<String, KeyStore.Entry> load() {
      loads++;
      if (down) {
        throw new StoreException("database unreachable", true);
      }
      return new LinkedHashMap<>(rows);
    }

    @Override
    public synchronized void add(KeyStore.Entry e) {
      rows.put(e.sha256(), e);
    }

    @Override
    public synchronized boolean remove(String sha256) {
      return rows.remove(sha256) != null;
    }

    @Override
    public boolean shared() {
      return true;
    }
  }

  @TempDir
  Path dir;

  @Test
  void keysCreatedAndRevokedThroughAnotherInstanceAreHonouredWithinTheRefreshTimes() throws Exception {
    FakeTable table = new FakeTable();
    MutableClock clock = new MutableClock(Instant.parse("2026-03-02T10:00:00Z"));
    KeyStore a = KeyStore.open(dir.resolve("a"), Optional.of("admin-key-of-both-0123"), clock, table).keys();
    KeyStore b = KeyStore.open(dir.resolve("b"), Optional.of("admin-key-of-both-0123"), clock, table).keys();

    String key = a.create("acme");
    assertThat(a.identify(key)).map(KeyStore.Caller::tenant).contains("acme");
    assertThat(b.identify(key)).as("b read the table before the key existed, less than a second ago").isEmpty();
    clock.advance(Duration.ofMillis(1_001));
    assertThat(b.identify(key)).as("an unknown key reloads at most every second").map(KeyStore.Caller::tenant)
        .contains("acme");
    int loads = table.loads;
    assertThat(b.identify("dk_not-a-key")).isEmpty();
    assertThat(table.loads).as("unknown keys do not reload more than once a second").isEqualTo(loads);

    assertThat(a.revoke(key)).isTrue();
    assertThat(a.identify(key)).as("revoked on a: refused by a at once").isEmpty();
    clock.advance(Duration.ofMillis(3_000));
    assertThat(b.identify(key)).as("b's snapshot is 3 s old: still accepted").isPresent();
    clock.advance(Duration.ofMillis(2_001));
    assertThat(b.identify(key)).as("older than 5 s: reloaded, refused").isEmpty();
    assertThat(b.revoke(key)).as("already revoked").isFalse();

    assertThat(Files.exists(dir.resolve("a").resolve("keys.json"))).as("nothing on disk but the admin key").isFalse();
  }

  @Test
  void anUnreadableTableLeavesTheLastKeysReadInUse() {
    FakeTable table = new FakeTable();
    MutableClock clock = new MutableClock(Instant.parse("2026-03-02T10:00:00Z"));
    KeyStore keys = KeyStore.open(dir, Optional.of("admin-key-0123456789"), clock, table).keys();
    String key = keys.create("acme");
    table.down = true;
    clock.advance(Duration.ofSeconds(10));
    assertThat(keys.identify(key)).map(KeyStore.Caller::tenant).contains("acme");
    assertThat(keys.identify("admin-key-0123456789")).map(KeyStore.Caller::admin).contains(true);
    table.down = false;
    table.rows.clear();
    clock.advance(Duration.ofSeconds(10));
    assertThat(keys.identify(key)).as("read again once the table answers").isEmpty();
  }
}
