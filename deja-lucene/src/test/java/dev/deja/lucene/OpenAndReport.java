package dev.deja.lucene;

import dev.deja.core.StoreException;
import java.nio.file.Path;

/** A child process of {@link DataDirectoryIT}: tries to open a data directory and prints what happened. */
public final class OpenAndReport {
  private OpenAndReport() {}

  public static void main(String[] args) {
    try (LuceneStoreBackend b = LuceneStoreBackend.open(Path.of(args[0]))) {
      System.out.println("OPENED " + b.collections());
    } catch (StoreException e) {
      System.out.println("ERROR " + e.getMessage());
    }
  }
}
