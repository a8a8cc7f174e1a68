package dev.deja.core.guard;

import dev.deja.core.InvalidInputException;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.GuardSpec;
import dev.deja.core.spec.Options;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The guard types available to a collection. Immutable; thread-safe.
 */
public final class GuardRegistry {
  private final Map<String, GuardFactory> factories;

  private GuardRegistry(Map<String, GuardFactory> factories) {
    this.factories = Collections.unmodifiableMap(new TreeMap<>(factories));
  }

  /** A registry without guard types; add them with {@link #with}. */
  public static GuardRegistry empty() {
    return new GuardRegistry(Map.of());
  }

  /**
   * The built-in guards ({@link Guards}) and every {@link GuardFactory} registered as a service ({@code META-INF/services/dev.deja.core.guard.GuardFactory}) by
   * modules on the class path.
   */
  public static GuardRegistry defaults() {
    GuardRegistry r = Guards.registry();
    for (GuardFactory f : java.util.ServiceLoader.load(GuardFactory.class, GuardRegistry.class.getClassLoader())) {
      r = r.with(f);
    }
    return r;
  }

  /** A registry with one more guard type. */
  public GuardRegistry with(GuardFactory factory) {
    Map<String, GuardFactory> m = new TreeMap<>(factories);
    m.put(factory.type(), factory);
    return new GuardRegistry(m);
  }

  /** The registered type names. */
  public java.util.Set<String> types() {
    return factories.keySet();
  }

  /** Builds the guards of a spec, in order. */
  public List<Guard> build(CollectionSpec spec) {
    List<Guard> out = new ArrayList<>();
    for (GuardSpec g : spec.guards()) {
      GuardFactory f = factories.get(g.type());
      if (f == null) {
        throw new InvalidInputException("guards." + g.name() + ".type: unknown guard type '" + g.type()
            + "'; known types: " + (factories.isEmpty() ? "(none)" : String.join(", ", factories.keySet())));
      }
      out.add(f.create(g.name(), new Options("guards." + g.name(), g.options()).alsoKnown("type", "enabled"), spec));
    }
    return out;
  }
}
