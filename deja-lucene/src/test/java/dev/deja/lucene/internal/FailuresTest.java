package dev.deja.lucene.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.StoreException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import org.apache.lucene.store.LockObtainFailedException;
import org.junit.jupiter.api.Test;

/** The messages users see for the failures that cannot be provoked portably in a test (a full disk). */
class FailuresTest {
  private final Path dir = Path.of("/var/lib/deja");

  @Test
  void aFullDiskSaysSoAndIsRetriable() {
    StoreException e = Failures.of("writing to collection 'events'", dir,
        new FileSystemException("/var/lib/deja/collections/events/wal/wal-1.log", null, "No space left on device"));
    assertThat(e.getMessage()).contains("the disk holding /var/lib/deja is full")
        .contains("writes acknowledged before are safe");
    assertThat(e.isRetriable()).isTrue();
    assertThat(Failures.of("x", dir, new IOException("write failed", new IOException("No space left on device")))
        .getMessage()).contains("is full");
  }

  @Test
  void aReadOnlyDirectorySaysSo() {
    StoreException e = Failures.of("creating the data directory", dir, new AccessDeniedException("/var/lib/deja"));
    assertThat(e.getMessage()).contains("cannot write in /var/lib/deja")
        .contains("read-only file system or no permission");
    assertThat(e.isRetriable()).isFalse();
    assertThat(Failures.of("x", dir, new FileSystemException("/a", null, "Read-only file system")).getMessage())
        .contains("read-only");
  }

  @Test
  void aHeldLockSaysTheDirectoryIsInUse() {
    assertThat(Failures.of("opening", dir, new LockObtainFailedException("Lock held by another program"))
        .getMessage()).contains("is in use by another Deja process");
  }
}
