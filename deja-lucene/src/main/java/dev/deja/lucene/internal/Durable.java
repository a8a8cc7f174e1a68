package dev.deja.lucene.internal;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.lucene.util.IOUtils;

/** File-system durability helpers. Thread-safe: stateless. */
public final class Durable {
  private Durable() {}

  /** Makes a directory's entries (created, renamed, deleted files) durable. */
  public static void syncDirectory(Path dir) throws IOException {
    IOUtils.fsync(dir, true);
  }

  /** Makes a file's content durable. */
  public static void syncFile(Path file) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
      ch.force(true);
    }
  }
}
