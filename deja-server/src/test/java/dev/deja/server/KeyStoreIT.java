package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Keys on disk: only digests are stored; a generated admin key is shown once and works after a restart. */
class KeyStoreIT {
  @Test
  void keysAreStoredHashedAndSurviveARestart(@TempDir Path dir) throws Exception {
    KeyStore.Opened first = KeyStore.open(dir, Optional.empty(), Clock.systemUTC());
    String admin = first.generatedAdminKey().orElseThrow();
    String key = first.keys().create("acme");
    assertThat(first.keys().identify(key)).map(KeyStore.Caller::tenant).contains("acme");
    assertThat(first.keys().identify(admin)).map(KeyStore.Caller::admin).contains(true);

    String onDisk = Files.readString(dir.resolve("keys.json")) + Files.readString(dir.resolve("admin-key.sha256"));
    assertThat(onDisk).doesNotContain(key).doesNotContain(admin).doesNotContain(key.substring(8));

    KeyStore.Opened second = KeyStore.open(dir, Optional.empty(), Clock.systemUTC());
    assertThat(second.generatedAdminKey()).as("generated only once").isEmpty();
    assertThat(second.keys().identify(admin)).map(KeyStore.Caller::admin).contains(true);
    assertThat(second.keys().identify(key)).map(KeyStore.Caller::tenant).contains("acme");
    assertThat(second.keys().revoke(key)).isTrue();

    KeyStore.Opened third = KeyStore.open(dir, Optional.of("configured-admin-key-123"), Clock.systemUTC());
    assertThat(third.keys().identify(key)).isEmpty();
    assertThat(third.keys().identify(admin)).as("a configured admin key replaces the generated one").isEmpty();
    assertThat(third.keys().identify("configured-admin-key-123")).map(KeyStore.Caller::admin).contains(true);
    assertThat(third.keys().identify("")).isEmpty();
  }
}
