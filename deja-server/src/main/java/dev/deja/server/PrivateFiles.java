package dev.deja.server;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Files and directories only the server's user may read: the key digests, the idempotency log (which holds response
 * bodies, and so items), and the data directories the server creates ({@code rwx------} and {@code rw-------}), so
 * that other accounts on the machine read neither keys nor tenants' data whatever the process's umask.
 *
 * <p>On a file system without POSIX permissions (Windows) the files are created as the system makes them. Directories
 * that exist already keep their mode (an operator may have chosen it); secret files are narrowed when found wider.
 * Thread-safe: stateless.
 */
final class PrivateFiles {
  static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("rwx------");
  static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");

  private PrivateFiles() {}

  /** Creates the directory and any missing parents, those it creates {@code rwx------}. */
  static void createDirectories(Path dir) throws IOException {
    Path abs = dir.toAbsolutePath().normalize();
    List<Path> missing = new ArrayList<>();
    for (Path p = abs; p != null && !Files.exists(p); p = p.getParent()) {
      missing.add(0, p);
    }
    for (Path p : missing) {
      try {
        if (posix(p)) {
          Files.createDirectory(p, PosixFilePermissions.asFileAttribute(DIRECTORY));
          // The mode given at creation is narrowed by the umask only, never widened; set it exactly.
          Files.setPosixFilePermissions(p, DIRECTORY);
        } else {
          Files.createDirectory(p);
        }
      } catch (FileAlreadyExistsException raced) {
        // Created meanwhile (another instance starting): it is there, which is what was asked.
      }
    }
  }

  /** Writes a file through a temporary one (fsynced, then moved over it), {@code rw-------}. */
  static void writeAtomically(Path file, String text) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.deleteIfExists(tmp);
    if (posix(file)) {
      FileAttribute<Set<PosixFilePermission>> mode = PosixFilePermissions.asFileAttribute(FILE);
      Files.createFile(tmp, mode);
    }
    Files.writeString(tmp, text, StandardCharsets.UTF_8);
    try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
      ch.force(true);
    }
    try {
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /** Narrows an existing secret file to {@code rw-------}; whether it had to (it was readable by others). */
  static boolean narrow(Path file) throws IOException {
    if (!Files.exists(file) || !posix(file)) {
      return false;
    }
    if (Files.getPosixFilePermissions(file).equals(FILE)) {
      return false;
    }
    Files.setPosixFilePermissions(file, FILE);
    return true;
  }

  private static boolean posix(Path p) {
    Path existing = p.toAbsolutePath();
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    return existing != null && existing.getFileSystem().supportedFileAttributeViews().contains("posix");
  }
}
