package dev.deja.format;

import java.io.BufferedReader;
import java.io.IOException;

/**
 * Text read from users' files: a UTF-8 byte order mark at the start (which Excel's "CSV UTF-8" and many Windows
 * editors write) is not part of the text, so it does not become part of the first JSON line or the first CSV column's
 * name.
 *
 * <p>Thread-safe: stateless.
 */
public final class TextInput {
  private TextInput() {}

  private static final char BYTE_ORDER_MARK = '\uFEFF';

  /** The reader, past a byte order mark if the text starts with one; at its start otherwise. */
  public static BufferedReader withoutByteOrderMark(BufferedReader reader) throws IOException {
    reader.mark(1);
    if (reader.read() != BYTE_ORDER_MARK) {
      reader.reset();
    }
    return reader;
  }
}
