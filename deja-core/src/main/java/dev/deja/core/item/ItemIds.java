package dev.deja.core.item;

import dev.deja.core.InvalidInputException;

/**
 * The limits of an item id, the same in every store: Unicode text ({@link UnicodeText}), without U+0000, at most
 * {@value #MAX_BYTES} bytes as UTF-8.
 *
 * <p>1,024 bytes: far above the 36 of a generated id or the UIDs calendar clients send, and far below what the stores
 * can index — PostgreSQL's b-tree holds at most 2,704 bytes per index entry (an incompressible id longer than that
 * fails on insert), Lucene's term index 32,766. A series' occurrences add {@value #OCCURRENCE_SUFFIX_BYTES} bytes
 * ({@code ~20260302T0900}), so a stored id has at most {@link #MAX_STORED_BYTES}.
 *
 * <p>Thread-safe: stateless.
 */
public final class ItemIds {
  /** The most UTF-8 bytes of an id a caller gives. */
  public static final int MAX_BYTES = 1024;
  /** The most bytes a series' occurrence adds to its master's id. */
  public static final int OCCURRENCE_SUFFIX_BYTES = 16;
  /** The most UTF-8 bytes of a stored id. */
  public static final int MAX_STORED_BYTES = MAX_BYTES + OCCURRENCE_SUFFIX_BYTES;

  private ItemIds() {}

  /**
   * The id of a new item, when it is within the limits.
   *
   * @param what what it is, for the message ({@code "id"})
   * @throws InvalidInputException naming {@code what} and the limit broken
   */
  public static String requireNew(String what, String id) {
    return require(what, id, MAX_BYTES);
  }

  /**
   * An id a caller names to look one up (an excluded id, a cursor), when it is one that could exist: a stored id.
   *
   * @throws InvalidInputException naming {@code what} and the limit broken
   */
  public static String requireStored(String what, String id) {
    return require(what, id, MAX_STORED_BYTES);
  }

  /** Whether a stored item could have this id (well-formed, no U+0000, within {@link #MAX_STORED_BYTES}). */
  public static boolean couldExist(String id) {
    return UnicodeText.isWellFormed(id) && id.indexOf('\u0000') < 0 && utf8Length(id) <= MAX_STORED_BYTES;
  }

  private static String require(String what, String id, int max) {
    if (id.isBlank()) {
      throw new InvalidInputException(what + ": must not be blank");
    }
    UnicodeText.require(what, id);
    if (id.indexOf('\u0000') >= 0) {
      throw new InvalidInputException(what + ": must not contain U+0000");
    }
    int bytes = utf8Length(id);
    if (bytes > max) {
      throw new InvalidInputException(what + ": at most " + max + " bytes as UTF-8, got " + bytes);
    }
    return id;
  }

  /** The length of a well-formed string as UTF-8, without encoding it. */
  private static int utf8Length(String s) {
    int n = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        n += 1;
      } else if (c < 0x800) {
        n += 2;
      } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
        n += 4;
        i++;
      } else {
        n += 3;
      }
    }
    return n;
  }
}
