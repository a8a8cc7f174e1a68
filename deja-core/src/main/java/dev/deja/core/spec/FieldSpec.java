package dev.deja.core.spec;

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
}
