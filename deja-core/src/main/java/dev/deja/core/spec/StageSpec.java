package dev.deja.core.spec;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One stage of the cascade as configured: its name, its type ({@code exact}, {@code synonym}, {@code fuzzy},
 * {@code semantic}, …), whether it is enabled, and its type-specific options (validated when the stage is built).
 *
 * @param name unique within the collection; appears in verdicts
 * @param type the stage type, resolved by a {@link dev.deja.core.cascade.StageFactory}
 * @param enabled whether the stage runs
 * @param options type-specific options, in the order given
 */
public record StageSpec(String name, String type, boolean enabled, Map<String, Object> options) {
  public StageSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
  }
}
