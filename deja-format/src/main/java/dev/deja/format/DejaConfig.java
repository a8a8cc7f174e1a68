package dev.deja.format;

import dev.deja.core.InvalidInputException;
import dev.deja.core.cascade.StageContext;
import dev.deja.core.cascade.CascadeCheck;
import dev.deja.core.cascade.Stage;
import dev.deja.core.cascade.StageRegistry;
import dev.deja.core.embed.Embedder;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.embed.EmbedderProviders;
import dev.deja.core.embed.EmbeddingException;
import dev.deja.core.embed.RemoteEmbedderSpec;
import dev.deja.core.guard.GuardRegistry;
import dev.deja.core.judge.Judging;
import dev.deja.core.judge.RemoteJudgeSpec;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.SpecReader;
import dev.deja.core.spec.Trees;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A user's {@code deja.yaml}: overrides of the built-in presets, named collections and remote embedders (plus sections
 * read by other modules, such as {@code server}).
 *
 * <pre>{@code
 * presets:                 # change a preset wherever it is used
 *   calendar:
 *     time_window: {time_window_hours: 3}
 * collections:             # named collections, each a preset plus overrides (or a full spec)
 *   family:
 *     preset: calendar
 *     stages: {fuzzy: {similarity_threshold: 0.4}}
 * calendar:                # the calendar design's keys, mapped onto the calendar preset (CalendarSettings)
 *   duplicate_detection: {similarity_strategy: embedding, similarity_threshold: 0.49, time_window_hours: 2}
 * embedders:               # remote embedders by name; a semantic stage then says model: cloud
 *   cloud: {type: openai, base_url: "https://api.openai.com/v1", model: text-embedding-3-small, dimension: 1536,
 *           api_key_env: OPENAI_API_KEY}
 * judges:                  # LLM judges by name; a stage then says judge: {endpoint: local, band: [0.45, 0.85]}
 *   local: {type: openai, base_url: "http://localhost:11434/v1", model: "llama3.1:8b"}
 * }</pre>
 *
 * <p>The {@code embedders:} and {@code judges:} entries are read here ({@link #embedders()}, {@link #judges()}) and
 * built into clients by deja-embed ({@code dev.deja.embed.Embedders}, {@code dev.deja.embed.Judges}), so this module
 * needs no HTTP client.
 *
 * <p>Overrides deep-merge onto the preset's tree: objects merge key by key, other values replace, {@code null} removes
 * (see {@link Trees#deepMerge}). Immutable; thread-safe.
 */
public final class DejaConfig {
  private final Map<String, Object> tree;
  private final String source;

  private DejaConfig(Map<String, Object> tree, String source) {
    this.tree = Collections.unmodifiableMap(new LinkedHashMap<>(tree));
    this.source = source;
  }

  /** No configuration: the presets as shipped. */
  public static DejaConfig empty() {
    return new DejaConfig(Map.of(), "(defaults)");
  }

  /** Reads a {@code deja.yaml}. */
  public static DejaConfig load(Path path) {
    return of(Yaml.file(path), path.toString());
  }

  /** A configuration from a tree (for tests and embedding). */
  public static DejaConfig of(Map<String, Object> tree, String source) {
    DejaConfig c = new DejaConfig(tree, source);
    c.presetOverrides();
    CalendarSettings.apply(Presets.tree("calendar"), c.asMap("calendar"), c.source);
    c.embedders();
    c.judges();
    c.collectionTrees();
    return c;
  }

  /** Where the configuration came from, for messages. */
  public String source() {
    return source;
  }

  /** A top-level section as an object (empty when absent). */
  public Map<String, Object> section(String name) {
    return asMap(name);
  }

  private Map<String, Object> asMap(String name) {
    Object v = tree.get(name);
    if (v == null) {
      return Map.of();
    }
    if (!(v instanceof Map<?, ?> m)) {
      throw new InvalidInputException(source + ": '" + name + "' must be a mapping");
    }
    Map<String, Object> out = new LinkedHashMap<>();
    m.forEach((k, val) -> out.put(String.valueOf(k), val));
    return out;
  }

  private Map<String, Object> presetOverrides() {
    Map<String, Object> p = asMap("presets");
    for (String name : p.keySet()) {
      if (!Presets.NAMES.contains(name)) {
        throw new InvalidInputException(source + ": presets." + name + ": unknown preset; presets: "
            + String.join(", ", Presets.NAMES));
      }
      if (p.get(name) != null && !(p.get(name) instanceof Map)) {
        throw new InvalidInputException(source + ": presets." + name + ": must be a mapping");
      }
    }
    return p;
  }

  /** The preset's tree with this configuration's override applied. */
  @SuppressWarnings("unchecked")
  public Map<String, Object> presetTree(String preset) {
    Map<String, Object> base = Presets.tree(preset);
    if (preset.equals("calendar")) {
      base = CalendarSettings.apply(base, asMap("calendar"), source);
    }
    Object o = presetOverrides().get(preset);
    return o == null ? base : Trees.deepMerge(base, (Map<String, Object>) o);
  }

  /**
   * The preset's spec with this configuration's override and then command-line settings applied.
   *
   * @param settings {@code path=value} strings, e.g. {@code stages.fuzzy.similarity_threshold=0.4}; values are typed
   *     as YAML scalars
   */
  public CollectionSpec presetSpec(String preset, List<String> settings) {
    Map<String, Object> t = presetTree(preset);
    t = applySettings(t, settings);
    try {
      return validated(SpecReader.read(t, preset), validationEmbedders(), validationJudging());
    } catch (InvalidInputException e) {
      throw new InvalidInputException("preset '" + preset + "'" + (tree.isEmpty() ? "" : " (with " + source + ")")
          + ": " + e.getMessage(), e);
    }
  }

  /** Applies {@code path=value} settings to a tree. */
  public static Map<String, Object> applySettings(Map<String, Object> t, List<String> settings) {
    Map<String, Object> out = t;
    for (String s : settings) {
      int eq = s.indexOf('=');
      if (eq <= 0) {
        throw new InvalidInputException("--set '" + s + "': expected path=value, e.g. "
            + "stages.fuzzy.similarity_threshold=0.4");
      }
      out = Trees.set(out, s.substring(0, eq).strip(), Yaml.scalar(s.substring(eq + 1).strip()));
    }
    return out;
  }

  private Map<String, Map<String, Object>> collectionTrees() {
    Map<String, Map<String, Object>> out = new LinkedHashMap<>();
    Map<String, Object> c = asMap("collections");
    for (Map.Entry<String, Object> e : c.entrySet()) {
      if (!(e.getValue() instanceof Map<?, ?>)) {
        throw new InvalidInputException(source + ": collections." + e.getKey() + ": must be a mapping");
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> ct = (Map<String, Object>) e.getValue();
      Object preset = ct.get("preset");
      Map<String, Object> merged;
      if (preset != null) {
        if (!(preset instanceof String p)) {
          throw new InvalidInputException(source + ": collections." + e.getKey() + ".preset: must be a string");
        }
        merged = Trees.deepMerge(presetTree(p), ct);
      } else {
        merged = ct;
      }
      merged = Trees.set(merged, "name", e.getKey());
      out.put(e.getKey(), merged);
    }
    return out;
  }

  /** The named collections this configuration declares, in order. */
  public Map<String, CollectionSpec> collections() {
    Map<String, CollectionSpec> out = new LinkedHashMap<>();
    collectionTrees().forEach((name, t) -> {
      try {
        out.put(name, validated(SpecReader.read(t, name), validationEmbedders(), validationJudging()));
      } catch (InvalidInputException e) {
        throw new InvalidInputException(source + ": collections." + name + ": " + e.getMessage(), e);
      }
    });
    return out;
  }

  /**
   * The spec, after checking that its stages and guards build (their options are validated when built), with the
   * stage and guard types available on the class path, and that the cascade as a whole can match: a stage switched
   * on, every enabled stage reached by some candidate lookup, every threshold reachable ({@link CascadeCheck}).
   */
  public static CollectionSpec validated(CollectionSpec spec) {
    return validated(spec, EmbedderProviders.forValidation());
  }

  /** The spec, after checking that its stages and guards build with embedders from this provider. */
  public static CollectionSpec validated(CollectionSpec spec, EmbedderProvider embedders) {
    return validated(spec, embedders, Judging.placeholders());
  }

  /**
   * The spec, after checking that its stages and guards build with embedders from this provider and judge endpoints
   * from this one (never called: validation only).
   */
  public static CollectionSpec validated(CollectionSpec spec, EmbedderProvider embedders, Judging judging) {
    List<Stage> stages = StageRegistry.defaults().build(new StageContext(spec, embedders, judging));
    GuardRegistry.defaults().build(spec);
    // The store is not known here: assume it searches vectors (every store but a CalDAV calendar does); building the
    // collection on its store checks again with the store's own answer.
    CascadeCheck.requireFed(spec, stages, true);
    CascadeCheck.requireReachableThresholds(stages);
    return spec;
  }

  /**
   * The remote judges of the {@code judges:} section, by name, in order (empty when absent). Checked when the
   * configuration is loaded: every key, the address.
   */
  public Map<String, RemoteJudgeSpec> judges() {
    Map<String, RemoteJudgeSpec> out = new LinkedHashMap<>();
    for (Map.Entry<String, Object> e : asMap("judges").entrySet()) {
      String path = "judges." + e.getKey();
      try {
        out.put(e.getKey(), RemoteJudgeSpec.read(e.getKey(), e.getValue(), path));
      } catch (InvalidInputException ex) {
        throw new InvalidInputException(source + ": " + ex.getMessage(), ex);
      }
    }
    return Collections.unmodifiableMap(out);
  }

  /**
   * For validating specs: the endpoint names of the {@code judges:} section, each a judge that is never called, so
   * that a stage naming an endpoint that is not configured is an error when the configuration is read.
   */
  public Judging validationJudging() {
    Map<String, RemoteJudgeSpec> remote = judges();
    return Judging.of(name -> remote.containsKey(name) ? Optional.of(Judging.placeholder(name)) : Optional.empty());
  }

  /**
   * The remote embedders of the {@code embedders:} section, by name, in order (empty when absent). Checked when the
   * configuration is loaded: every key, the address, the dimension.
   */
  public Map<String, RemoteEmbedderSpec> embedders() {
    Map<String, RemoteEmbedderSpec> out = new LinkedHashMap<>();
    for (Map.Entry<String, Object> e : asMap("embedders").entrySet()) {
      String path = "embedders." + e.getKey();
      try {
        out.put(e.getKey(), RemoteEmbedderSpec.read(e.getKey(), e.getValue(), path));
      } catch (InvalidInputException ex) {
        throw new InvalidInputException(source + ": " + ex.getMessage(), ex);
      }
    }
    return Collections.unmodifiableMap(out);
  }

  /**
   * For validating specs: the configured remote names (as placeholders that never call the endpoint), then what
   * {@link EmbedderProviders#forValidation()} knows. Reading a configuration never opens a connection.
   */
  private EmbedderProvider validationEmbedders() {
    Map<String, RemoteEmbedderSpec> remote = embedders();
    if (remote.isEmpty()) {
      return EmbedderProviders.forValidation();
    }
    EmbedderProvider rest = EmbedderProviders.forValidation();
    return model -> {
      RemoteEmbedderSpec r = remote.get(model);
      return r == null ? rest.find(model) : Optional.of(placeholder(r));
    };
  }

  private static Embedder placeholder(RemoteEmbedderSpec r) {
    return new Embedder() {
      @Override
      public String model() {
        return r.name() + ":" + r.model();
      }

      @Override
      public int dimension() {
        return r.dimension();
      }

      @Override
      public float[] embed(String text) {
        throw new EmbeddingException("embedder '" + r.name() + "' was configured for validation only", false);
      }
    };
  }

  /**
   * Checks every built-in preset with this configuration's overrides and every collection it declares, as
   * {@link #presetSpec} and {@link #collections()} do, so that a server refuses at its start a configuration that a
   * tenant's first request would otherwise find out about (the memory, calendar and glossary collections are made from
   * their presets on first use).
   *
   * @return this configuration
   * @throws InvalidInputException naming the preset or collection and what is wrong with it
   */
  public DejaConfig validateAll() {
    for (String preset : Presets.NAMES) {
      presetSpec(preset, List.of());
    }
    collections();
    return this;
  }

  /** The tree of a declared collection, if any. */
  public Optional<Map<String, Object>> collectionTree(String name) {
    return Optional.ofNullable(collectionTrees().get(name));
  }
}
