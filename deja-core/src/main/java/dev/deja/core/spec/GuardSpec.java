package dev.deja.core.spec;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A guard as configured: it vetoes or downgrades matches of the listed stages on evidence similarity cannot see.
 *
 * @param name unique within the collection
 * @param type the guard type, resolved by a {@link dev.deja.core.guard.GuardFactory}
 * @param options type-specific options
 */
public record GuardSpec(String name, String type, Map<String, Object> options) {
  public GuardSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
  }
}
