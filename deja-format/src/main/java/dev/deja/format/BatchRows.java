package dev.deja.format;

import dev.deja.core.InvalidInputException;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.FieldSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code deja dedupe} and the Spark job share about a batch file of items: the rules its header must meet, how a
 * row's id and tenant are read, and the JSON shape of a duplicate link. One place, so that the two give the same
 * errors and the same output for the same file. Thread-safe: stateless.
 */
public final class BatchRows {
  private BatchRows() {}

  /**
   * A CSV header against the collection's fields: every required field has a column, and at least one column is a
   * field ({@code name} names the file in messages, as {@code name:1}).
   */
  public static void checkHeader(String name, List<String> header, CollectionSpec spec) {
    for (FieldSpec f : spec.fields().values()) {
      if (f.required() && !header.contains(f.name())) {
        throw new InvalidInputException(name + ":1: no column '" + f.name() + "', a required field of '"
            + spec.name() + "'; the header has " + header + "; fields: " + spec.fields().keySet());
      }
    }
    if (spec.fields().keySet().stream().noneMatch(header::contains)) {
      throw new InvalidInputException(name + ":1: no column is a field of '" + spec.name() + "' (fields: "
          + spec.fields().keySet() + "; the header has " + header + ")");
    }
  }

  /** A CSV cell: empty when missing or blank, else stripped. */
  public static Optional<String> cell(Object s) {
    return s == null || s.toString().isBlank() ? Optional.empty() : Optional.of(s.toString().strip());
  }

  /** A JSON member that must be a non-blank string when present ({@code where} names it in the message). */
  public static Optional<String> optionalString(Object v, String where) {
    if (v == null) {
      return Optional.empty();
    }
    if (!(v instanceof String s) || s.isBlank()) {
      throw new InvalidInputException(where + " must be a non-blank string");
    }
    return Optional.of(s);
  }

  /** A link as the JSON output shows it: its ids, the score to four decimals, the stage and the reason. */
  public static Map<String, Object> linkJson(String a, String b, double score, String stage, String reason) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("a", a);
    m.put("b", b);
    m.put("score", Math.round(score * 10_000) / 10_000.0);
    m.put("stage", stage);
    m.put("reason", reason);
    return m;
  }
}
