package dev.deja.lucene.internal;

import dev.deja.core.StoreException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.ReadOnlyFileSystemException;
import java.util.Locale;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.IndexFormatTooNewException;
import org.apache.lucene.index.IndexFormatTooOldException;
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.store.LockObtainFailedException;

/**
 * Turns I/O and Lucene failures into {@link StoreException}s whose message says what happened in words a user acts
 * on: the directory is in use, the disk is full, the directory is read-only, the index is corrupt or too new.
 *
 * <p>Thread-safe: stateless.
 */
public final class Failures {
  private Failures() {}

  /**
   * A store exception for a failure while doing something with a directory.
   *
   * @param what what was being done, e.g. {@code "writing to collection 'events'"}
   * @param dir the directory concerned
   */
  public static StoreException of(String what, Path dir, Throwable e) {
    if (e instanceof StoreException se) {
      return se;
    }
    String reason = reason(e);
    if (e instanceof LockObtainFailedException) {
      return new StoreException("the data directory " + dir + " is in use by another Deja process or another open "
          + "store in this process; close it first (" + reason + ")", true, e);
    }
    if (isDiskFull(e)) {
      return new StoreException(what + " failed: the disk holding " + dir + " is full. Free space and retry; "
          + "writes acknowledged before are safe (" + reason + ")", true, e);
    }
    if (isReadOnly(e)) {
      return new StoreException(what + " failed: cannot write in " + dir + " (read-only file system or no "
          + "permission) (" + reason + ")", false, e);
    }
    if (e instanceof IndexFormatTooNewException) {
      return new StoreException("the index in " + dir + " was written by a newer Lucene than this Deja bundles ("
          + reason + "); upgrade Deja", false, e);
    }
    if (e instanceof IndexFormatTooOldException) {
      return new StoreException("the index in " + dir + " is too old for this Deja's Lucene (" + reason
          + "); open it with the previous Deja release first", false, e);
    }
    if (e instanceof CorruptIndexException) {
      return new StoreException("the index in " + dir + " is corrupt (" + reason + "); restore it from a backup",
          false, e);
    }
    if (e instanceof AlreadyClosedException) {
      return new StoreException(what + " failed: the store is closed" + (e.getCause() != null
          ? " after an earlier failure (" + reason(e.getCause()) + "); reopen it" : ""), false, e);
    }
    if (e instanceof NoSuchFileException) {
      return new StoreException(what + " failed: a file is missing in " + dir + " (" + reason + ")", false, e);
    }
    if (e instanceof IOException) {
      return new StoreException(what + " failed: I/O error in " + dir + " (" + reason + ")", true, e);
    }
    return new StoreException(what + " failed in " + dir + " (" + reason + ")", false, e);
  }

  /** Whether a failure (or one of its causes) says the device is full. */
  static boolean isDiskFull(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      String m = t.getMessage() == null ? "" : t.getMessage().toLowerCase(Locale.ROOT);
      if (m.contains("no space left") || m.contains("disk full") || m.contains("not enough space")) {
        return true;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return false;
  }

  private static boolean isReadOnly(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof AccessDeniedException || t instanceof ReadOnlyFileSystemException) {
        return true;
      }
      String m = t.getMessage() == null ? "" : t.getMessage().toLowerCase(Locale.ROOT);
      if (m.contains("read-only file system") || m.contains("permission denied")) {
        return true;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return false;
  }

  private static String reason(Throwable e) {
    if (e instanceof FileSystemException fse && fse.getReason() != null) {
      return e.getClass().getSimpleName() + ": " + fse.getFile() + ": " + fse.getReason();
    }
    return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
  }
}
