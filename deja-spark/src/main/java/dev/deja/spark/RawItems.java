package dev.deja.spark;

import dev.deja.core.InvalidInputException;
import dev.deja.core.item.Item;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.FieldSpec;
import dev.deja.format.BatchRows;
import dev.deja.format.Json;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * How one input row becomes an item, with the rules {@code deja dedupe} reads its files by: a JSON Lines object (flat,
 * with optional {@code "id"} and {@code "tenant"}, or a scenario's {@code {"id", "record"}} line, check lines skipped)
 * or a CSV row (cells as text, typed by the collection's fields: a {@code list} field's values separated by {@code ;},
 * a blank cell an absent value, columns that are no field ignored). A Parquet row is read as a flat JSON object.
 *
 * <p>Thread-safe: stateless.
 */
final class RawItems {
  private RawItems() {}

  /** How a row's {@code raw} text is to be read. */
  enum Kind {
    /** A JSON object as a line of a JSON Lines file (or a Parquet row written as one). */
    JSON,
    /** The cells of a CSV row, as a JSON object of strings. */
    CSV
  }

  /**
   * One item of the input.
   *
   * @param id its id (every row of the Spark job's input needs one)
   * @param tenant its tenant, if it names one
   * @param item its fields
   * @param side the value of the {@code --across} field, if asked for and present
   */
  record Entry(String id, Optional<String> tenant, Item item, Optional<String> side) {}

  /**
   * Whether a JSON Lines line is an item at all: not blank, and not a scenario's check line ({@code "op"} other than
   * {@code "add"} beside a {@code "record"}).
   */
  static boolean isItemLine(String line) {
    if (line == null || line.isBlank()) {
      return false;
    }
    if (!line.contains("\"record\"")) {
      return true; // only a scenario line (with "record") can be something other than an item
    }
    Map<String, Object> o;
    try {
      o = Json.objectOnLine(line, "line");
    } catch (InvalidInputException e) {
      return true; // reported, with its line, when it is read as an item
    }
    Object op = o.get("op");
    return !o.containsKey("record") || op == null || "add".equals(op);
  }

  /**
   * Reads a row.
   *
   * @param where {@code file:line}, for messages
   * @param across the {@code --across} field, or null
   */
  static Entry read(Kind kind, String raw, String where, CollectionSpec spec, String across) {
    Entry e = kind == Kind.CSV ? csv(raw, where, spec, across) : json(raw, where, spec, across);
    if (across != null && e.side().isEmpty()) {
      throw new InvalidInputException(where + ": no '" + across + "' value (--across " + across + ")");
    }
    return e;
  }

  private static Entry json(String line, String where, CollectionSpec spec, String across) {
    Map<String, Object> raw = Json.objectOnLine(line, where);
    Map<String, Object> o = new LinkedHashMap<>(raw);
    Optional<String> id = BatchRows.optionalString(o.remove("id"), where + ": 'id'");
    Optional<String> tenant = BatchRows.optionalString(o.remove("tenant"), where + ": 'tenant'");
    Map<String, Object> fields = o;
    if (o.containsKey("record")) {
      if (!(o.get("record") instanceof Map<?, ?>)) {
        throw new InvalidInputException(where + ": 'record' must be an object");
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> rec = (Map<String, Object>) o.get("record");
      fields = rec;
    }
    Optional<String> side = Optional.empty();
    if (across != null) {
      Object v = raw.get(across);
      if (v == null && raw.get("record") instanceof Map<?, ?> rec) {
        v = rec.get(across);
      }
      side = v instanceof String s && !s.isBlank() ? Optional.of(s) : Optional.empty();
      if (!spec.fields().containsKey(across)) {
        fields = new LinkedHashMap<>(fields);
        fields.remove(across);
      }
    }
    return entry(id, tenant, fields, side, where);
  }

  private static Entry csv(String raw, String where, CollectionSpec spec, String across) {
    Map<String, Object> cells = Json.objectOnLine(raw, where);
    Optional<String> id = BatchRows.cell(cells.get("id"));
    Optional<String> tenant = BatchRows.cell(cells.get("tenant"));
    Map<String, Object> fields = new LinkedHashMap<>();
    for (FieldSpec f : spec.fields().values()) {
      Object v = cells.get(f.name());
      if (v == null || v.toString().isBlank()) {
        continue;
      }
      fields.put(f.name(), f.cellValue(v.toString().strip(), where));
    }
    Optional<String> side = across == null ? Optional.empty() : BatchRows.cell(cells.get(across));
    return entry(id, tenant, fields, side, where);
  }

  private static Entry entry(Optional<String> id, Optional<String> tenant, Map<String, Object> fields,
      Optional<String> side, String where) {
    if (id.isEmpty()) {
      throw new InvalidInputException(where + ": no 'id': the Spark job needs an id on every row (deja dedupe "
          + "numbers rows without one in file order, which a partitioned job cannot do in one pass)");
    }
    try {
      return new Entry(id.get(), tenant, new Item(fields), side);
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException(where + ": " + e.getMessage(), e);
    }
  }
}
