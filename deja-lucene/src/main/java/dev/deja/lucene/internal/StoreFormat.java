package dev.deja.lucene.internal;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.deja.core.StoreException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.lucene.util.Version;

/**
 * The marker file {@code deja-store.json} at the root of a data directory: what wrote the directory and in which
 * layout, checked on every open.
 *
 * <pre>{@code
 * {"format": "deja-lucene", "format_version": 2, "created_by": "0.1.0", "lucene_version": "9.12.3"}
 * }</pre>
 *
 * <p>{@code format_version} changes only when the directory layout or the document schema changes incompatibly.
 * Opening checks it: a version between {@link #OLDEST_READABLE} and {@link #CURRENT} opens (older ones are migrated
 * in place by {@link #migrate}, which rewrites this file last, so an interrupted migration is redone), a newer one is
 * refused with a message naming both versions. The Lucene index inside each collection carries its own format, which
 * Lucene checks (Lucene 9 reads indexes written by Lucene 8 and 9).
 *
 * <p>Formats: 1, the item as JSON in a stored field; 2, as Smile in binary doc values, so that a candidate's item is
 * read without decompressing a stored-fields block and parsed faster (memory checks at 1M items: p50 6.5 → 3.4 ms,
 * p99 13.2 → 6.7 ms; the price is disk, 1.71 → 2.02 GB there and 350 → 836 MB for 1M calendar events: PERFORMANCE.md).
 * Format 2 reads format 1's documents and logs as they are, so the migration only rewrites the marker; a format-1
 * build refuses a migrated directory (newer format) instead of failing on its first new document.
 *
 * <p>Thread-safe: stateless.
 */
public final class StoreFormat {
  /** The marker file's name. */
  public static final String FILE = "deja-store.json";
  /** The format name. */
  public static final String NAME = "deja-lucene";
  /** The layout this build writes. */
  public static final int CURRENT = 2;
  /** The oldest layout this build opens. */
  public static final int OLDEST_READABLE = 1;

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private StoreFormat() {}

  /** The Deja version of this build ({@code development} when run from an IDE without filtered resources). */
  public static String dejaVersion() {
    try (InputStream in = StoreFormat.class.getResourceAsStream("/dev/deja/lucene/deja-lucene.properties")) {
      if (in == null) {
        return "development";
      }
      Properties p = new Properties();
      p.load(in);
      String v = p.getProperty("deja.version", "development");
      return v.startsWith("${") ? "development" : v;
    } catch (IOException e) {
      return "development";
    }
  }

  /** Writes the marker of a new data directory (atomically, durably). */
  public static void create(Path dir) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("format", NAME);
    m.put("format_version", CURRENT);
    m.put("created_by", dejaVersion());
    m.put("lucene_version", Version.LATEST.toString());
    m.put("about", "A Deja data directory (Apache Lucene indexes, one per collection). Do not edit.");
    write(dir, m);
  }

  /**
   * Reads and checks the marker of an existing data directory; migrates an older readable layout.
   *
   * @return the format version found
   * @throws StoreException when the marker is unreadable, of another format, or newer than this build
   */
  public static int check(Path dir) {
    Path file = dir.resolve(FILE);
    Map<String, Object> m;
    try {
      m = JSON.readValue(file.toFile(), new TypeReference<LinkedHashMap<String, Object>>() {});
    } catch (IOException e) {
      throw new StoreException(file + " is not a valid Deja store marker (" + e.getClass().getSimpleName() + ": "
          + e.getMessage().lines().findFirst().orElse("") + "); is " + dir + " a Deja data directory?", false, e);
    }
    if (!NAME.equals(m.get("format"))) {
      throw new StoreException(file + " says format '" + m.get("format") + "', expected '" + NAME + "': " + dir
          + " is not a Deja Lucene data directory", false);
    }
    if (!(m.get("format_version") instanceof Integer v)) {
      throw new StoreException(file + ": format_version must be a whole number, got " + m.get("format_version"),
          false);
    }
    Object by = m.getOrDefault("created_by", "an unknown version");
    if (v > CURRENT) {
      throw new StoreException(dir + " has data format " + v + " (created by Deja " + by + "), which is newer than "
          + "this Deja " + dejaVersion() + " understands (formats " + OLDEST_READABLE + " to " + CURRENT
          + "); upgrade Deja to open it", false);
    }
    if (v < OLDEST_READABLE) {
      throw new StoreException(dir + " has data format " + v + " (created by Deja " + by + "), which this Deja "
          + dejaVersion() + " no longer reads (formats " + OLDEST_READABLE + " to " + CURRENT + "); open it with "
          + "an older Deja release first, which migrates it", false);
    }
    if (v < CURRENT) {
      migrate(dir, v, m);
    }
    return v;
  }

  /**
   * Brings a directory of an older readable format up to {@link #CURRENT}. Each step is idempotent; the marker is
   * rewritten only after all steps, so a crash midway repeats the migration on the next open.
   */
  static void migrate(Path dir, int from, Map<String, Object> marker) {
    Map<String, Object> m = new LinkedHashMap<>(marker);
    for (int v = from; v < CURRENT; v++) {
      switch (v) {
        case 1 -> {
          // 1 → 2: nothing to rewrite. Old documents keep their stored field, which format 2 reads when a document
          // has no item doc values; new documents get doc values.
        }
        default -> throw new IllegalStateException("no migration from format " + v);
      }
    }
    m.put("format_version", CURRENT);
    m.put("migrated_by", dejaVersion());
    write(dir, m);
  }

  private static void write(Path dir, Map<String, Object> m) {
    Path tmp = dir.resolve(FILE + ".tmp");
    try {
      Files.write(tmp, JSON.writeValueAsBytes(m));
      try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
        ch.force(true);
      }
      Files.move(tmp, dir.resolve(FILE), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      Durable.syncDirectory(dir);
    } catch (IOException e) {
      throw Failures.of("writing " + FILE, dir, e);
    }
  }
}
