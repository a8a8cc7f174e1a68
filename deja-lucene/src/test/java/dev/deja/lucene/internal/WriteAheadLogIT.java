package dev.deja.lucene.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The write-ahead log: records come back in order, a torn tail is cut off, old files are deleted. */
class WriteAheadLogIT {
  @TempDir
  Path dir;

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void recordsAfterTheCheckpointComeBackInOrderAndATornTailIsCut() throws IOException {
    try (WriteAheadLog log = WriteAheadLog.open(dir)) {
      log.startFile(1);
      for (int i = 1; i <= 5; i++) {
        log.append(i, WalRecords.DELETE, bytes("id" + i));
      }
      log.sync(log.current());
    }
    Path file = dir.resolve(String.format("wal-%020d.log", 1));
    long whole = Files.size(file);
    // A crash in the middle of the sixth record: its header and half its payload reached the disk.
    Files.write(file, new byte[] {0, 0, 0, 20, 0, 0, 0, 0, 0, 0, 0, 6, 2, 'i', 'd'}, StandardOpenOption.APPEND);
    try (WriteAheadLog log = WriteAheadLog.open(dir)) {
      List<WriteAheadLog.Entry> entries = log.readAfter(2);
      assertThat(entries).extracting(WriteAheadLog.Entry::seq).containsExactly(3L, 4L, 5L);
      assertThat(WalRecords.deletedId(entries.get(0).payload())).isEqualTo("id3");
    }
    assertThat(Files.size(file)).isEqualTo(whole);
  }

  @Test
  void aCorruptedRecordEndsTheLog() throws IOException {
    try (WriteAheadLog log = WriteAheadLog.open(dir)) {
      log.startFile(1);
      for (int i = 1; i <= 3; i++) {
        log.append(i, WalRecords.DELETE, bytes("id" + i));
      }
    }
    Path file = dir.resolve(String.format("wal-%020d.log", 1));
    byte[] all = Files.readAllBytes(file);
    all[all.length - 6] ^= 0x55; // a payload byte of the last record
    Files.write(file, all);
    try (WriteAheadLog log = WriteAheadLog.open(dir)) {
      assertThat(log.readAfter(0)).extracting(WriteAheadLog.Entry::seq).containsExactly(1L, 2L);
    }
  }

  @Test
  void filesBeforeACheckpointAreDeleted() throws IOException {
    try (WriteAheadLog log = WriteAheadLog.open(dir)) {
      log.startFile(1);
      log.append(1, WalRecords.DELETE, bytes("a"));
      log.startFile(2);
      log.append(2, WalRecords.DELETE, bytes("b"));
      log.startFile(3);
      log.deleteUpTo(2);
      try (var s = Files.list(dir)) {
        assertThat(s.map(p -> p.getFileName().toString()).sorted().toList())
            .containsExactly(String.format("wal-%020d.log", 3));
      }
    }
  }
}
