package dev.deja.spark;

import dev.deja.core.InvalidInputException;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.StageSpec;
import dev.deja.core.store.MemoryCollectionStore;
import dev.deja.format.DejaConfig;
import dev.deja.format.Yaml;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What every task of the job needs to rebuild the collection the driver checked: the {@code deja.yaml} tree (read
 * once, on the driver, so that executors need no access to the file), the preset and its {@code --set} overrides, and
 * the job's options that rows are read with. The collection is built once per JVM and shared by its tasks.
 *
 * <p>Thread-safe: immutable; the per-JVM cache is concurrent.
 */
final class JobConfig implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Stage types whose candidates come from keys and terms alone, which the job finds by joins. */
  static final Set<String> SUPPORTED_STAGES = Set.of("exact", "fuzzy", "synonym", "record");

  private static final Map<JobConfig, DejaCollection> COLLECTIONS = new ConcurrentHashMap<>();

  private final LinkedHashMap<String, Object> tree;
  private final String source;
  private final String preset;
  private final ArrayList<String> settings;
  private final String tenant;
  private final String across;
  /** This copy's collection, once looked up: a task asks for it for every row and candidate. */
  private transient volatile DejaCollection collection;

  /**
   * @param config the deja.yaml, or null for the built-in presets
   * @param across the {@code --across} field, or null
   */
  JobConfig(Path config, String preset, List<String> settings, String tenant, String across) {
    if (config == null) {
      this.tree = new LinkedHashMap<>();
      this.source = "(defaults)";
    } else {
      this.tree = copy(Yaml.file(config));
      this.source = config.toString();
    }
    this.preset = preset;
    this.settings = new ArrayList<>(settings);
    this.tenant = tenant;
    this.across = across;
  }

  String preset() {
    return preset;
  }

  String tenant() {
    return tenant;
  }

  /** The {@code --across} field, or null. */
  String across() {
    return across;
  }

  /** The preset's spec, as {@code deja dedupe} loads it (same overrides, same validation). */
  CollectionSpec spec() {
    if (preset == null) {
      throw new InvalidInputException("--preset: required (" + String.join(", ", config().presetNames()) + ")");
    }
    return config().presetSpec(preset, settings);
  }

  private DejaConfig config() {
    return tree.isEmpty() ? DejaConfig.empty() : DejaConfig.of(tree, source);
  }

  /**
   * Refuses a spec whose candidates the joins cannot find as the in-memory store does: a time window (a window scan
   * and time filters need every item of the scope), recurring items, and stages that look candidates up by nearest
   * neighbour (semantic, combined: an exact search over all the scope's vectors, and embedding models too large to
   * ship to every executor).
   */
  static void requireSupported(CollectionSpec spec) {
    if (spec.window().isPresent()) {
      throw new InvalidInputException("preset '" + spec.name() + "' has a time window: the Spark job finds "
          + "candidates by joins on keys and terms only, and a window scan needs every item of the scope; use deja "
          + "dedupe for time-based presets");
    }
    if (spec.recurrence().isPresent()) {
      throw new InvalidInputException("preset '" + spec.name() + "' has recurring items, which the Spark job does "
          + "not expand; use deja dedupe");
    }
    for (StageSpec s : spec.stages()) {
      if (s.enabled() && !SUPPORTED_STAGES.contains(s.type())) {
        throw new InvalidInputException("stage '" + s.name() + "' (type " + s.type() + ") of preset '" + spec.name()
            + "' is not supported by the Spark job: it finds candidates by nearest-neighbour search over all "
            + "vectors of a scope (and needs an embedding model on every executor); supported stage types: "
            + String.join(", ", new TreeSet<>(SUPPORTED_STAGES)) + "; use deja dedupe for this preset");
      }
    }
  }

  /** The collection of this configuration, empty, built once per JVM: only its preparer and cascade are used. */
  DejaCollection collection() {
    DejaCollection c = collection;
    if (c == null) {
      c = COLLECTIONS.computeIfAbsent(this, j -> {
        CollectionSpec spec = j.spec();
        return DejaCollection.builder(spec).store(new MemoryCollectionStore(spec.name())).build();
      });
      collection = c;
    }
    return c;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof JobConfig j && tree.equals(j.tree) && source.equals(j.source)
        && Objects.equals(preset, j.preset) && settings.equals(j.settings);
  }

  @Override
  public int hashCode() {
    return Objects.hash(tree, source, preset, settings);
  }

  /** A deep copy of a YAML tree in serializable collections. */
  @SuppressWarnings("unchecked")
  private static LinkedHashMap<String, Object> copy(Map<String, Object> m) {
    LinkedHashMap<String, Object> out = new LinkedHashMap<>();
    m.forEach((k, v) -> out.put(k, copyValue(v)));
    return out;
  }

  @SuppressWarnings("unchecked")
  private static Object copyValue(Object v) {
    if (v instanceof Map<?, ?> m) {
      return copy((Map<String, Object>) m);
    }
    if (v instanceof List<?> l) {
      ArrayList<Object> out = new ArrayList<>();
      l.forEach(e -> out.add(copyValue(e)));
      return out;
    }
    return v;
  }
}
