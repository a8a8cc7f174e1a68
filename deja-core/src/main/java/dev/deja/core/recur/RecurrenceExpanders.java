package dev.deja.core.recur;

import java.util.Optional;
import java.util.ServiceLoader;

/** The recurrence expander registered as a service by a module on the class path. Thread-safe. */
public final class RecurrenceExpanders {
  private RecurrenceExpanders() {}

  /** The first {@link RecurrenceExpander} registered as a service, in class-path order; empty when none is. */
  public static Optional<RecurrenceExpander> find() {
    return ServiceLoader.load(RecurrenceExpander.class, RecurrenceExpanders.class.getClassLoader()).findFirst();
  }
}
