package dev.deja.lucene;

import dev.deja.core.InvalidInputException;
import dev.deja.core.StoreException;
import dev.deja.core.store.StoreBackend;
import dev.deja.lucene.internal.Durable;
import dev.deja.lucene.internal.Failures;
import dev.deja.lucene.internal.StoreFormat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.Lock;
import org.apache.lucene.store.NativeFSLockFactory;
import org.apache.lucene.util.IOUtils;

/**
 * A Deja data directory: one Lucene index per collection, with a marker file naming the format and a lock that keeps
 * a second process (or a second backend in this process) out.
 *
 * <pre>
 * DIR/
 *   deja-store.json        format name and version, the Deja version that created it
 *   deja-store.lock        held (OS file lock) while a backend has the directory open
 *   collections/
 *     events/              the Lucene index of collection "events" (names are escaped: "My Events" → "%4Dy%20%45vents")
 * </pre>
 *
 * <p>Opening fails with a {@link StoreException} that says why when the directory is in use, is not a Deja data
 * directory (not empty and no marker), has a newer format, or cannot be written.
 *
 * <p>Thread-safe. Closing the backend closes every store it opened.
 */
public final class LuceneStoreBackend implements StoreBackend {
  static final String LOCK = "deja-store.lock";
  static final String COLLECTIONS = "collections";
  private static final String DROPPED = ".dropped-";
  /** Escaped collection names longer than this are refused (file names are limited to 255 bytes). */
  private static final int MAX_ENCODED_NAME = 200;

  private final Path dir;
  private final Path collectionsDir;
  private final FSDirectory lockDirectory;
  private final Lock lock;
  private final VectorSearch defaultVectorSearch;
  private final Function<Directory, Directory> wrap;
  private final Map<String, LuceneCollectionStore> open = new TreeMap<>();
  private boolean closed;

  private LuceneStoreBackend(Path dir, FSDirectory lockDirectory, Lock lock, VectorSearch vs,
      Function<Directory, Directory> wrap) {
    this.dir = dir;
    this.collectionsDir = dir.resolve(COLLECTIONS);
    this.lockDirectory = lockDirectory;
    this.lock = lock;
    this.defaultVectorSearch = vs;
    this.wrap = wrap;
  }

  /** Opens (creating if needed) a data directory; new collections use exact vector search. */
  public static LuceneStoreBackend open(Path dir) {
    return open(dir, VectorSearch.DEFAULT);
  }

  /** Opens (creating if needed) a data directory; new collections use the given vector search. */
  public static LuceneStoreBackend open(Path dir, VectorSearch defaultVectorSearch) {
    return open(dir, defaultVectorSearch, Function.identity());
  }

  /** Opens a data directory whose Lucene directories are wrapped (tests inject disk failures this way). */
  static LuceneStoreBackend open(Path dir, VectorSearch defaultVectorSearch, Function<Directory, Directory> wrap) {
    Path d = dir.toAbsolutePath().normalize();
    if (Files.exists(d) && !Files.isDirectory(d)) {
      throw new StoreException(d + " is not a directory: give a directory for Deja's data (it is created when "
          + "missing)", false);
    }
    try {
      Files.createDirectories(d);
    } catch (IOException e) {
      throw Failures.of("creating the data directory", d, e);
    }
    boolean marked = Files.exists(d.resolve(StoreFormat.FILE));
    if (!marked) {
      List<String> foreign = foreignEntries(d);
      if (!foreign.isEmpty()) {
        throw new StoreException(d + " is not a Deja data directory: it has no " + StoreFormat.FILE
            + " and is not empty (it has " + String.join(", ", foreign) + (foreign.size() == 5 ? ", …" : "")
            + "). Give an empty or new directory", false);
      }
    }
    FSDirectory lockDir = null;
    Lock lock = null;
    try {
      lockDir = FSDirectory.open(d);
      lock = NativeFSLockFactory.INSTANCE.obtainLock(lockDir, LOCK);
      if (!Files.exists(d.resolve(StoreFormat.FILE))) {
        StoreFormat.create(d);
      } else {
        StoreFormat.check(d);
      }
      Path cols = d.resolve(COLLECTIONS);
      if (Files.exists(cols) && !Files.isDirectory(cols)) {
        throw new StoreException(cols + " should be a directory but is a file: the data directory " + d
            + " is damaged", false);
      }
      Files.createDirectories(cols);
      removeDropped(cols);
      return new LuceneStoreBackend(d, lockDir, lock, defaultVectorSearch, wrap);
    } catch (IOException | RuntimeException e) {
      IOUtils.closeWhileHandlingException(lock, lockDir);
      if (e instanceof StoreException se) {
        throw se;
      }
      throw Failures.of("opening the data directory", d, e);
    }
  }

  /** Entries other than an unfinished initialisation's lock file (at most 5, for the message). */
  private static List<String> foreignEntries(Path d) {
    List<String> out = new ArrayList<>();
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(d)) {
      for (Path p : ds) {
        String n = p.getFileName().toString();
        if (!n.equals(LOCK) && !n.equals(StoreFormat.FILE + ".tmp") && out.size() < 5) {
          out.add("'" + n + "'");
        }
      }
    } catch (IOException e) {
      throw Failures.of("reading the data directory", d, e);
    }
    return out;
  }

  private static void removeDropped(Path cols) throws IOException {
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(cols, DROPPED + "*")) {
      for (Path p : ds) {
        IOUtils.rm(p);
      }
    }
  }

  /** The data directory. */
  public Path directory() {
    return dir;
  }

  /** The vector search that new collections get unless {@link #open(String, VectorSearch)} says otherwise. */
  public VectorSearch defaultVectorSearch() {
    return defaultVectorSearch;
  }

  @Override
  public LuceneCollectionStore open(String collection) {
    return open(collection, defaultVectorSearch);
  }

  /**
   * Opens (creating if needed) a collection; a new collection gets the given vector search, an existing one keeps
   * the one it was created with ({@link LuceneCollectionStore#vectorSearch()}).
   */
  public synchronized LuceneCollectionStore open(String collection, VectorSearch vectorSearch) {
    ensureOpen();
    LuceneCollectionStore s = open.get(collection);
    if (s != null) {
      return s;
    }
    Path p = collectionsDir.resolve(encode(collection));
    LuceneCollectionStore[] ref = new LuceneCollectionStore[1];
    ref[0] = LuceneCollectionStore.open(collection, p, vectorSearch, wrap, () -> forget(collection, ref[0]));
    open.put(collection, ref[0]);
    return ref[0];
  }

  private synchronized void forget(String collection, LuceneCollectionStore store) {
    open.remove(collection, store);
  }

  @Override
  public boolean drop(String collection) {
    LuceneCollectionStore s;
    synchronized (this) {
      ensureOpen();
      s = open.remove(collection);
    }
    if (s != null) {
      s.close();
    }
    synchronized (this) {
      Path p = collectionsDir.resolve(encode(collection));
      if (!Files.isDirectory(p)) {
        return false;
      }
      try {
        // Rename first (atomic), so a crash mid-delete never leaves a half-deleted index that looks like a collection.
        Path gone = collectionsDir.resolve(DROPPED + System.nanoTime());
        Files.move(p, gone, StandardCopyOption.ATOMIC_MOVE);
        Durable.syncDirectory(collectionsDir);
        IOUtils.rm(gone);
      } catch (IOException e) {
        throw Failures.of("dropping collection '" + collection + "'", p, e);
      }
      return true;
    }
  }

  @Override
  public synchronized List<String> collections() {
    ensureOpen();
    List<String> names = new ArrayList<>();
    try (Stream<Path> s = Files.list(collectionsDir)) {
      s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).filter(n -> !n.startsWith("."))
          .forEach(n -> names.add(decode(n)));
    } catch (IOException e) {
      throw Failures.of("listing collections", collectionsDir, e);
    }
    names.sort(null);
    return names;
  }

  @Override
  public void define(String collection, String definition) {
    open(collection).define(definition);
  }

  /** One process owns a Lucene data directory, so this process's lock makes the check and the write atomic. */
  @Override
  public synchronized boolean defineIfAbsent(String collection, String definition) {
    if (definition(collection).isPresent()) {
      return false;
    }
    define(collection, definition);
    return true;
  }

  @Override
  public Optional<String> definition(String collection) {
    synchronized (this) {
      ensureOpen();
      if (!open.containsKey(collection) && !Files.isDirectory(collectionsDir.resolve(encode(collection)))) {
        return Optional.empty();
      }
    }
    return open(collection).definition();
  }

  @Override
  public void close() {
    List<LuceneCollectionStore> stores;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      stores = new ArrayList<>(open.values());
      open.clear();
    }
    RuntimeException first = null;
    for (LuceneCollectionStore s : stores) {
      try {
        s.close();
      } catch (RuntimeException e) {
        if (first == null) {
          first = e;
        } else {
          first.addSuppressed(e);
        }
      }
    }
    IOUtils.closeWhileHandlingException(lock, lockDirectory);
    if (first != null) {
      throw first;
    }
  }

  private void ensureOpen() {
    if (closed) {
      throw new StoreException("the Lucene store backend of " + dir + " is closed", false);
    }
  }

  /**
   * A collection name as a file name: ASCII lower-case letters, digits, '-' and '_' stay, every other UTF-8 byte
   * becomes {@code %XX} (so names differing only in case stay distinct on case-insensitive file systems).
   */
  static String encode(String collection) {
    if (collection.isBlank()) {
      throw new InvalidInputException("collection name must not be blank");
    }
    StringBuilder sb = new StringBuilder();
    for (byte b : collection.getBytes(StandardCharsets.UTF_8)) {
      char c = (char) (b & 0xff);
      if (c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
        sb.append(c);
      } else {
        sb.append('%').append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xf, 16)))
            .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
      }
    }
    if (sb.length() > MAX_ENCODED_NAME) {
      throw new InvalidInputException("collection name is too long for the Lucene store ('" + collection + "')");
    }
    return sb.toString();
  }

  /** The inverse of {@link #encode}. */
  static String decode(String fileName) {
    byte[] out = new byte[fileName.length()];
    int n = 0;
    for (int i = 0; i < fileName.length(); i++) {
      char c = fileName.charAt(i);
      if (c == '%' && i + 2 < fileName.length() + 0 && i + 2 <= fileName.length() - 1) {
        out[n++] = (byte) Integer.parseInt(fileName.substring(i + 1, i + 3), 16);
        i += 2;
      } else {
        out[n++] = (byte) c;
      }
    }
    return new String(out, 0, n, StandardCharsets.UTF_8);
  }
}
