package dev.deja.lucene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.deja.core.StoreException;
import dev.deja.core.item.StoredItem;
import dev.deja.lucene.internal.StoreFormat;
import dev.deja.testkit.TestItems;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What opening a data directory does in every case that is not the happy path: clear errors, never corruption, and
 * old formats still open.
 */
class DataDirectoryIT {
  @TempDir
  Path tmp;

  @Test
  void aSecondBackendInTheSameProcessIsRefused() {
    Path dir = tmp.resolve("data");
    try (LuceneStoreBackend first = LuceneStoreBackend.open(dir)) {
      first.open("events").insert(TestItems.item("a").build());
      assertThatThrownBy(() -> LuceneStoreBackend.open(dir)).isInstanceOf(StoreException.class)
          .hasMessageContaining("is in use");
      assertThat(first.open("events").find("t1", "a")).isPresent();
    }
    try (LuceneStoreBackend again = LuceneStoreBackend.open(dir)) {
      assertThat(again.open("events").find("t1", "a")).isPresent();
    }
  }

  @Test
  void aSecondProcessIsRefused() throws Exception {
    Path dir = tmp.resolve("data");
    try (LuceneStoreBackend first = LuceneStoreBackend.open(dir)) {
      first.open("events");
      assertThat(openInChildProcess(dir)).startsWith("ERROR").contains("is in use by another Deja process");
    }
    assertThat(openInChildProcess(dir)).isEqualTo("OPENED [events]");
  }

  private static String openInChildProcess(Path dir) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), OpenAndReport.class.getName(),
        dir.toString()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return out;
  }

  @Test
  void aDirectoryThatIsNotADejaStoreIsRefusedAndLeftUntouched() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("photos"));
    Files.writeString(dir.resolve("holiday.jpg"), "not a store");
    assertThatThrownBy(() -> LuceneStoreBackend.open(dir)).isInstanceOf(StoreException.class)
        .hasMessageContaining("is not a Deja data directory").hasMessageContaining("'holiday.jpg'")
        .hasMessageContaining("Give an empty or new directory");
    try (Stream<Path> s = Files.list(dir)) {
      assertThat(s.map(p -> p.getFileName().toString()).toList()).containsExactly("holiday.jpg");
    }
  }

  @Test
  void aFileWhereTheDirectoryShouldBeIsRefused() throws IOException {
    Path file = Files.writeString(tmp.resolve("data"), "x");
    assertThatThrownBy(() -> LuceneStoreBackend.open(file)).isInstanceOf(StoreException.class)
        .hasMessageContaining("is not a directory");
    assertThatThrownBy(() -> LuceneStoreBackend.open(file.resolve("below"))).isInstanceOf(StoreException.class)
        .hasMessageContaining("creating the data directory failed");
  }

  @Test
  void aDamagedLayoutIsReported() throws IOException {
    Path dir = tmp.resolve("data");
    LuceneStoreBackend.open(dir).close();
    Files.delete(dir.resolve(LuceneStoreBackend.COLLECTIONS));
    Files.writeString(dir.resolve(LuceneStoreBackend.COLLECTIONS), "oops");
    assertThatThrownBy(() -> LuceneStoreBackend.open(dir)).isInstanceOf(StoreException.class)
        .hasMessageContaining("should be a directory but is a file");
  }

  @Test
  void aReadOnlyDirectoryGivesAClearError() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("ro"));
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("r-xr-xr-x"));
    try {
      // As root, permissions are not enforced; the error cannot be provoked this way then.
      assumeThat(Files.isWritable(dir)).as("permissions are enforced (not running as root)").isFalse();
      assertThatThrownBy(() -> LuceneStoreBackend.open(dir)).isInstanceOf(StoreException.class)
          .hasMessageContaining("cannot write in").hasMessageContaining("read-only file system or no permission");
    } finally {
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
  }

  @Test
  void aNewerFormatIsRefusedWithBothVersions() throws IOException {
    Path dir = tmp.resolve("data");
    LuceneStoreBackend.open(dir).close();
    rewriteMarker(dir, "\"format_version\" : " + StoreFormat.CURRENT, "\"format_version\" : 99");
    assertThatThrownBy(() -> LuceneStoreBackend.open(dir)).isInstanceOf(StoreException.class)
        .hasMessageContaining("data format 99").hasMessageContaining("newer than this Deja")
        .hasMessageContaining("upgrade Deja");
  }

  @Test
  void aCorruptMarkerIsReported() throws IOException {
    Path dir = tmp.resolve("data");
    LuceneStoreBackend.open(dir).close();
    Files.writeString(dir.resolve(StoreFormat.FILE), "{not json");
    assertThatThrownBy(() -> LuceneStoreBackend.open(dir)).isInstanceOf(StoreException.class)
        .hasMessageContaining("is not a valid Deja store marker");
    Files.writeString(dir.resolve(StoreFormat.FILE), "{\"format\": \"something-else\", \"format_version\": 1}");
    assertThatThrownBy(() -> LuceneStoreBackend.open(dir)).isInstanceOf(StoreException.class)
        .hasMessageContaining("is not a Deja Lucene data directory");
  }

  @Test
  void aDirectoryCreatedByAnOlderDejaOpens() throws IOException {
    Path dir = tmp.resolve("data");
    try (LuceneStoreBackend b = LuceneStoreBackend.open(dir)) {
      b.open("events").insert(TestItems.item("a").build());
    }
    rewriteMarker(dir, "\"created_by\" : \"" + StoreFormat.dejaVersion() + "\"", "\"created_by\" : \"0.0.1\"");
    try (LuceneStoreBackend b = LuceneStoreBackend.open(dir)) {
      assertThat(b.open("events").find("t1", "a")).isPresent();
    }
  }

  /** A directory written by an earlier build, committed to the repository, opens with every item intact. */
  @Test
  void theCommittedFormatOneFixtureOpens() throws IOException {
    Path dir = tmp.resolve("format-1");
    copy(Path.of("src", "test", "resources", "fixtures", "format-1"), dir);
    try (LuceneStoreBackend b = LuceneStoreBackend.open(dir)) {
      assertThat(b.collections()).containsExactly("events");
      assertThat(b.definition("events")).contains(FormatFixtures.DEFINITION);
      LuceneCollectionStore events = b.open("events");
      for (StoredItem expected : FormatFixtures.items()) {
        assertThat(events.find(expected.tenant(), expected.id())).contains(expected);
      }
      assertThat(events.count(Optional.empty())).isEqualTo(3);
      assertThat(events.list(Optional.of("fam"), Optional.empty(), 10).items()).extracting(StoredItem::id)
          .containsExactly("e1", "e2");
    }
    assertThat(Files.readString(dir.resolve(StoreFormat.FILE))).as("migrated marker")
        .contains("\"format_version\" : " + StoreFormat.CURRENT).contains("\"migrated_by\"");
    // Format-1 documents (stored field) and format-2 documents (doc values) side by side, also after a restart.
    StoredItem added = TestItems.item("e9").tenant("fam").build();
    try (LuceneStoreBackend b = LuceneStoreBackend.open(dir)) {
      b.open("events").insert(added);
    }
    try (LuceneStoreBackend b = LuceneStoreBackend.open(dir)) {
      LuceneCollectionStore events = b.open("events");
      for (StoredItem expected : FormatFixtures.items()) {
        assertThat(events.find(expected.tenant(), expected.id())).contains(expected);
      }
      assertThat(events.find("fam", "e9")).contains(added);
      assertThat(events.list(Optional.of("fam"), Optional.empty(), 10).items()).extracting(StoredItem::id)
          .containsExactly("e1", "e2", "e9");
    }
  }

  private static void rewriteMarker(Path dir, String from, String to) throws IOException {
    Path f = dir.resolve(StoreFormat.FILE);
    String s = Files.readString(f);
    assertThat(s).contains(from);
    Files.writeString(f, s.replace(from, to));
  }

  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> s = Files.walk(from)) {
      for (Path p : s.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
  }

  @Test
  void droppedCollectionsLeaveNothingBehind() {
    Path dir = tmp.resolve("data");
    try (LuceneStoreBackend b = LuceneStoreBackend.open(dir)) {
      b.open("a").insert(TestItems.item("x").build());
      b.open("b");
      assertThat(b.drop("a")).isTrue();
      assertThat(b.collections()).isEqualTo(List.of("b"));
    }
    assertThat(dir.resolve(LuceneStoreBackend.COLLECTIONS).toFile().list()).containsExactly("b");
  }
}
