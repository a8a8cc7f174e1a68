package dev.deja.lucene.internal;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/**
 * An append-only log of a collection's writes, so that a write is durable after one small fsync instead of a Lucene
 * commit (which flushes segments and fsyncs many files). The Lucene index is committed in the background with the
 * sequence number of the last write it contains; on open, the writes logged after that number are replayed.
 *
 * <p>Files {@code wal-<first seq>.log}, each a sequence of records
 * {@code [int payload length][long seq][byte op][payload][int CRC-32 of seq, op and payload]}. A record cut short by a
 * crash (a torn tail) fails its length or checksum and ends the replay there; the file is truncated to its last whole
 * record. When the log is rolled to a new file the old one is fsynced first, so a write is never left in a file that
 * nobody syncs.
 *
 * <p>Not thread-safe: the owning store serialises appends and rolls.
 */
public final class WriteAheadLog implements Closeable {
  private static final int HEADER = Integer.BYTES + Long.BYTES + 1;
  private static final int MAX_RECORD = 256 * 1024 * 1024;

  private final Path dir;
  private FileChannel out;
  private Path outPath;
  private long position;

  /** One logged write. */
  public record Entry(long seq, byte op, byte[] payload) {}

  private WriteAheadLog(Path dir) {
    this.dir = dir;
  }

  /** Opens the log directory (created if missing); call {@link #readAfter} then {@link #startFile}. */
  public static WriteAheadLog open(Path dir) throws IOException {
    Files.createDirectories(dir);
    return new WriteAheadLog(dir);
  }

  /** The log files, oldest first. */
  private List<Path> files() throws IOException {
    List<Path> out = new ArrayList<>();
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "wal-*.log")) {
      ds.forEach(out::add);
    }
    out.sort(null);
    return out;
  }

  private static long firstSeq(Path p) {
    String n = p.getFileName().toString();
    return Long.parseLong(n.substring(4, n.length() - 4));
  }

  /**
   * The whole records with a sequence number above {@code checkpoint}, in order. A torn record ends the log: its file
   * is truncated there and later files (which cannot exist unless a roll outran a crash) are ignored.
   */
  public List<Entry> readAfter(long checkpoint) throws IOException {
    List<Entry> out = new ArrayList<>();
    for (Path p : files()) {
      try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
        long size = ch.size();
        long pos = 0;
        boolean torn = false;
        ByteBuffer head = ByteBuffer.allocate(HEADER);
        while (pos < size) {
          head.clear();
          if (size - pos < HEADER + Integer.BYTES || ch.read(head, pos) < HEADER) {
            torn = true;
            break;
          }
          head.flip();
          int len = head.getInt();
          long seq = head.getLong();
          byte op = head.get();
          if (len < 0 || len > MAX_RECORD || size - pos < HEADER + len + Integer.BYTES) {
            torn = true;
            break;
          }
          ByteBuffer body = ByteBuffer.allocate(len + Integer.BYTES);
          while (body.hasRemaining() && ch.read(body, pos + HEADER + body.position()) > 0) {
            // read fully
          }
          body.flip();
          byte[] payload = new byte[len];
          body.get(payload);
          int crc = body.getInt();
          if (crc != crc(seq, op, payload)) {
            torn = true;
            break;
          }
          if (seq > checkpoint) {
            out.add(new Entry(seq, op, payload));
          }
          pos += HEADER + len + Integer.BYTES;
        }
        if (torn) {
          ch.truncate(pos);
          ch.force(true);
          return out;
        }
      }
    }
    return out;
  }

  /** Starts a new file for records from {@code firstSeq} on, syncing and closing the current one. */
  public void startFile(long firstSeq) throws IOException {
    Path p = dir.resolve(String.format("wal-%020d.log", firstSeq));
    if (p.equals(outPath)) {
      return;
    }
    closeCurrent();
    out = FileChannel.open(p, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    position = out.size();
    outPath = p;
    Durable.syncDirectory(dir);
  }

  /** Appends a record (not yet durable: see {@link #sync}). On failure nothing of it stays in the file. */
  public void append(long seq, byte op, byte[] payload) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(HEADER + payload.length + Integer.BYTES);
    b.putInt(payload.length).putLong(seq).put(op).put(payload).putInt(crc(seq, op, payload));
    b.flip();
    long start = position;
    try {
      while (b.hasRemaining()) {
        position += out.write(b, position);
      }
    } catch (IOException e) {
      try {
        out.truncate(start);
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      position = start;
      throw e;
    }
  }

  /** Makes every record appended so far durable. */
  public void sync(FileChannel channel) throws IOException {
    channel.force(false);
  }

  /** The file records are appended to now (sync it to make appended records durable). */
  public FileChannel current() {
    return out;
  }

  /** Bytes in the current file. */
  public long currentSize() {
    return position;
  }

  /** Deletes files whose records all have sequence numbers at or below {@code checkpoint}. */
  public void deleteUpTo(long checkpoint) throws IOException {
    List<Path> fs = files();
    for (int i = 0; i + 1 < fs.size(); i++) {
      if (firstSeq(fs.get(i + 1)) <= checkpoint + 1 && !fs.get(i).equals(outPath)) {
        Files.deleteIfExists(fs.get(i));
      }
    }
  }

  private void closeCurrent() throws IOException {
    if (out != null) {
      out.force(false);
      out.close();
      out = null;
      outPath = null;
    }
  }

  @Override
  public void close() throws IOException {
    closeCurrent();
  }

  private static int crc(long seq, byte op, byte[] payload) {
    CRC32 c = new CRC32();
    ByteBuffer b = ByteBuffer.allocate(Long.BYTES + 1);
    b.putLong(seq).put(op);
    c.update(b.array());
    c.update(payload);
    return (int) c.getValue();
  }
}
