package dev.deja.stream;

import java.util.Objects;

/**
 * One unit of a streamed answer: a sentence, a list line, a heading, a table row or a line of code, as the
 * {@link UnitSplitter} cut it, with where it stands.
 *
 * <p>The white space between units is not part of any unit; {@code text} never starts or ends with white space
 * (except code lines, which keep their indentation and line break).
 *
 * @param text the unit as written, list marker included
 * @param kind what kind of unit it is
 * @param index the unit's position among the response's units, from 0
 * @param offset where the unit starts in the response's text (in UTF-16 chars)
 * @param listId for list items, the list they belong to (items of one list share it); 0 otherwise
 * @param nested whether a list item is indented under another item
 * @param section how many headings came before the unit
 * @param heading the body of the last heading before the unit (a {@code #} heading or a label line such as
 *     "Version 2 (friendly):"), empty when none
 */
public record Unit(String text, UnitKind kind, int index, long offset, int listId, boolean nested, int section,
    String heading) {
  public Unit {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(heading, "heading");
    if (index < 0 || offset < 0 || listId < 0 || section < 0) {
      throw new IllegalArgumentException("index, offset, list id and section must not be negative");
    }
  }

  /** A unit without a heading. */
  public Unit(String text, UnitKind kind, int index, long offset, int listId, boolean nested, int section) {
    this(text, kind, index, offset, listId, nested, section, "");
  }

  /** A sentence at index 0, for comparing texts outside a stream. */
  public static Unit sentence(String text) {
    return new Unit(text, UnitKind.SENTENCE, 0, 0, 0, false, 0);
  }

  /** The text without a list marker ("1. ", "- ") or heading marker ("## "). */
  public String body() {
    return UnitSplitter.stripMarker(text, kind);
  }
}
