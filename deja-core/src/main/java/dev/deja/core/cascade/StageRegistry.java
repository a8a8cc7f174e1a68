package dev.deja.core.cascade;

import dev.deja.core.InvalidInputException;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.Options;
import dev.deja.core.spec.StageSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The stage types available to a collection: the built-in ones plus any added by other modules.
 *
 * <p>Immutable; thread-safe. {@link #builtIn()} has {@code exact}, {@code synonym}, {@code fuzzy} and {@code semantic}.
 */
public final class StageRegistry {
  private final Map<String, StageFactory> factories;

  private StageRegistry(Map<String, StageFactory> factories) {
    this.factories = Collections.unmodifiableMap(new TreeMap<>(factories));
  }

  /** The built-in stage types. */
  public static StageRegistry builtIn() {
    Map<String, StageFactory> m = new TreeMap<>();
    for (StageFactory f : List.of(ExactStage.FACTORY, SynonymStage.FACTORY, FuzzyStage.FACTORY, SemanticStage.FACTORY,
        CombinedStage.FACTORY, RecordStage.FACTORY)) {
      m.put(f.type(), f);
    }
    return new StageRegistry(m);
  }

  /**
   * The built-in stage types plus every {@link StageFactory} registered as a service
   * ({@code META-INF/services/dev.deja.core.cascade.StageFactory}) by modules on the class path, such as deja-embed's
   * {@code semantic}.
   */
  public static StageRegistry defaults() {
    StageRegistry r = builtIn();
    for (StageFactory f : java.util.ServiceLoader.load(StageFactory.class, StageRegistry.class.getClassLoader())) {
      r = r.with(f);
    }
    return r;
  }

  /** A registry with one more stage type (replacing one of the same name). */
  public StageRegistry with(StageFactory factory) {
    Map<String, StageFactory> m = new TreeMap<>(factories);
    m.put(factory.type(), factory);
    return new StageRegistry(m);
  }

  /** The registered type names. */
  public java.util.Set<String> types() {
    return factories.keySet();
  }

  /** Builds the enabled stages of a spec, in order, without embedders. */
  public List<Stage> build(CollectionSpec spec) {
    return build(new StageContext(spec, dev.deja.core.embed.EmbedderProvider.none()));
  }

  /** Builds the enabled stages of a spec, in order. */
  public List<Stage> build(StageContext context) {
    CollectionSpec spec = context.spec();
    List<Stage> out = new ArrayList<>();
    for (StageSpec s : spec.stages()) {
      StageFactory f = factories.get(s.type());
      if (f == null) {
        throw new InvalidInputException("stages." + s.name() + ".type: unknown stage type '" + s.type()
            + "'; known types: " + String.join(", ", factories.keySet()));
      }
      Stage stage = f.create(s.name(), new Options("stages." + s.name(), s.options()).alsoKnown("type", "enabled"),
          s.enabled() ? context : context.forDisabledStage());
      if (s.enabled()) {
        out.add(stage);
        // Only a stage that runs makes its keys: a disabled one's values are not stored.
        stage.storedValues().forEach((v, prefix) -> context.storesValue(v.field(), v.analyzer(), prefix));
      }
    }
    return out;
  }
}
