package dev.deja.core.guard;

import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.Options;

/** Builds guards of one type from their options; validates every option. Thread-safe. */
public interface GuardFactory {

  /** The type name used in specs. */
  String type();

  /** Builds a guard. */
  Guard create(String name, Options options, CollectionSpec spec);
}
