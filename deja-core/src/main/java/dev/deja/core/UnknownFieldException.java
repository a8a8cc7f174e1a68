package dev.deja.core;

/**
 * An item has a field its collection does not declare. A caller that reads items from labelled data, where extra
 * fields are often metadata ({@code source_id}), can name its way to drop them.
 */
public final class UnknownFieldException extends InvalidInputException {
  private static final long serialVersionUID = 1L;

  private final String field;

  public UnknownFieldException(String field, String message) {
    super(message);
    this.field = field;
  }

  /** The field's name as the item wrote it. */
  public String field() {
    return field;
  }
}
