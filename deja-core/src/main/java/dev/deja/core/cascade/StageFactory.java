package dev.deja.core.cascade;

import dev.deja.core.spec.Options;

/**
 * Builds stages of one type from their options. Core provides {@code exact}, {@code synonym} and {@code fuzzy};
 * other modules add types (deja-embed adds {@code semantic}) through {@link StageRegistry}.
 *
 * <p>Implementations validate every option and fail with an {@link dev.deja.core.InvalidInputException} naming it
 * (use {@link Options#rejectUnknown()}). Thread-safe.
 */
public interface StageFactory {

  /** The type name used in specs. */
  String type();

  /**
   * Builds a stage.
   *
   * @param name the stage's configured name
   * @param options its options, with paths for error messages ({@code stages.<name>.<key>})
   * @param context the collection spec (fields and analyzers) and the application's components (embedders)
   */
  Stage create(String name, Options options, StageContext context);
}
