package dev.deja.core.spec;

import dev.deja.core.InvalidInputException;
import dev.deja.core.item.FieldType;
import java.util.Objects;

/**
 * One declared field of a collection.
 *
 * @param name the field name as it appears in items
 * @param type how values are parsed and validated
 * @param analyzer the analyzer stages use for this field unless they name another ({@code standard} by default)
 * @param required whether every item must have a non-blank value
 */
public record FieldSpec(String name, FieldType type, String analyzer, boolean required) {
  public FieldSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(analyzer, "analyzer");
  }

  /**
   * A non-blank text cell (a CSV column) as this field's value: a {@code list} field's values separated by {@code ;},
   * a number for a {@code number} field, {@code true}/{@code false} for a {@code boolean}, else the text. The batch
   * commands and the Spark job read CSV by this one rule, so that both see the same items.
   *
   * @param where {@code file:line}, for messages
   */
  public Object cellValue(String cell, String where) {
    switch (type) {
      case LIST:
        return java.util.Arrays.stream(cell.split(";")).map(String::strip).filter(s -> !s.isEmpty()).toList();
      case NUMBER:
        try {
          return cell.contains(".") || cell.contains("e") || cell.contains("E") ? (Object) Double.parseDouble(cell)
              : (Object) Long.parseLong(cell);
        } catch (NumberFormatException e) {
          throw new InvalidInputException(where + ": column '" + name + "': '" + cell + "' is not a number", e);
        }
      case BOOLEAN:
        if (cell.equalsIgnoreCase("true") || cell.equalsIgnoreCase("false")) {
          return Boolean.parseBoolean(cell.toLowerCase(java.util.Locale.ROOT));
        }
        throw new InvalidInputException(where + ": column '" + name + "': '" + cell + "' is not true or false");
      default:
        return cell;
    }
  }
}
