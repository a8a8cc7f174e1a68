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
    for (String name : c.presetOverrides().keySet()) {
      c.presetTree(name); // a new preset's base exists, and no preset is based on itself
    }
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

  /**
   * The {@code presets:} section, checked: each entry a mapping (or null); an entry under a name that is not a built-in
   * preset declares a new one, made from the preset its {@code preset:} key names (a built-in or another declared
   * preset) or, without that key, a full spec.
   */
  private Map<String, Object> presetOverrides() {
    Map<String, Object> p = asMap("presets");
    for (String name : p.keySet()) {
      Object v = p.get(name);
      if (v != null && !(v instanceof Map)) {
        throw new InvalidInputException(source + ": presets." + name + ": must be a mapping");
      }
      Map<?, ?> m = v == null ? Map.of() : (Map<?, ?>) v;
      if (!Presets.NAMES.contains(name) && !m.containsKey("preset")
          && !(m.containsKey("fields") && m.containsKey("stages"))) {
        // A misspelt built-in (calender) is an error, not a new, empty preset.
        throw new InvalidInputException(source + ": presets." + name + ": unknown preset; built-in presets: "
            + String.join(", ", Presets.NAMES) + "; a new preset names the one it is based on (preset: text) or is "
            + "a full spec (fields and stages)");
      }
      Object base = m.get("preset");
      if (base != null) {
        if (Presets.NAMES.contains(name)) {
          throw new InvalidInputException(source + ": presets." + name + ".preset: '" + name + "' is a built-in "
              + "preset, and this entry overrides it; declare a new preset under another name to base it on '"
              + base + "'");
        }
        if (!(base instanceof String b) || !(Presets.NAMES.contains(b) || p.containsKey(b))) {
          throw new InvalidInputException(source + ": presets." + name + ".preset: unknown preset '" + base
              + "'; presets: " + String.join(", ", presetNamesOf(p)));
        }
      }
    }
    return p;
  }

  private static List<String> presetNamesOf(Map<String, Object> declared) {
    List<String> out = new java.util.ArrayList<>(Presets.NAMES);
    for (String n : declared.keySet()) {
      if (!out.contains(n)) {
        out.add(n);
      }
    }
    return out;
  }

  /**
   * Every name {@code --preset} (and a collection's {@code preset:}) accepts: the built-in presets, the new presets the
   * {@code presets:} section declares, then the collections the {@code collections:} section declares.
   */
  public List<String> presetNames() {
    List<String> out = presetNamesOf(presetOverrides());
    for (String n : asMap("collections").keySet()) {
      if (!out.contains(n)) {
        out.add(n);
      }
    }
    return List.copyOf(out);
  }

  /**
   * The tree of a preset: a built-in one with this configuration's override applied, a preset the {@code presets:}
   * section declares, or a collection the {@code collections:} section declares, so that one definition serves every
   * command and the server.
   *
   * @throws InvalidInputException naming the known presets when there is no such preset or collection
   */
  public Map<String, Object> presetTree(String preset) {
    return presetTree(preset, new java.util.ArrayList<>());
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> presetTree(String preset, List<String> seen) {
    if (seen.contains(preset)) {
      seen.add(preset);
      throw new InvalidInputException(source + ": presets: a preset is based on itself: " + String.join(" → ", seen));
    }
    seen.add(preset);
    Map<String, Object> declared = presetOverrides();
    Object o = declared.get(preset);
    if (Presets.NAMES.contains(preset)) {
      Map<String, Object> base = Presets.tree(preset);
      if (preset.equals("calendar")) {
        base = CalendarSettings.apply(base, asMap("calendar"), source);
      }
      return o == null ? base : merge(base, (Map<String, Object>) o);
    }
    if (o != null) {
      Map<String, Object> own = new LinkedHashMap<>((Map<String, Object>) o);
      Object base = own.remove("preset");
      Map<String, Object> t = base == null ? (Map<String, Object>) Trees.deepCopy(own)
          : merge(presetTree((String) base, seen), own);
      if (!own.containsKey("description")) {
        t = Trees.set(t, "description", "Declared in " + source + (base == null ? "" : ", based on '" + base + "'")
            + ".");
      }
      return Trees.set(t, "name", preset);
    }
    Map<String, Object> collection = collectionTrees().get(preset);
    if (collection != null) {
      return collection;
    }
    List<String> collections = List.copyOf(asMap("collections").keySet());
    throw new InvalidInputException("unknown preset '" + preset + "'; presets: "
        + String.join(", ", presetNamesOf(declared))
        + (collections.isEmpty() ? "" : "; collections of " + source + ": " + String.join(", ", collections))
        + (tree.isEmpty() ? " (a preset or collection of a deja.yaml is found with --config FILE)" : ""));
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
      String path = s.substring(0, eq).strip();
      Trees.set(Map.of(), path, 0); // checks the path
      Map<String, Object> override = new LinkedHashMap<>();
      Map<String, Object> cur = override;
      String[] parts = path.split("\\.");
      for (int i = 0; i < parts.length - 1; i++) {
        Map<String, Object> next = new LinkedHashMap<>();
        cur.put(parts[i], next);
        cur = next;
      }
      cur.put(parts[parts.length - 1], Yaml.scalar(s.substring(eq + 1).strip()));
      out = merge(out, override);
    }
    return out;
  }

  /** The names one stage option goes by: giving one in an override replaces whichever the base gives. */
  private static final List<String> THRESHOLD_ALIASES = List.of("similarity_threshold", "fuzzy_threshold",
      "threshold");

  /**
   * {@link Trees#deepMerge}, except that a stage's threshold given in the override under one of its names
   * ({@code threshold}, {@code similarity_threshold}, {@code fuzzy_threshold}) replaces the base's under another,
   * so that {@code --set stages.semantic.threshold=0.8} works on a preset that writes {@code similarity_threshold}.
   */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> merge(Map<String, Object> base, Map<String, Object> override) {
    Map<String, Object> b = base;
    if (override.get("stages") instanceof Map<?, ?> os && base.get("stages") instanceof Map<?, ?> bs) {
      Map<String, Object> stages = new LinkedHashMap<>((Map<String, Object>) bs);
      for (Map.Entry<?, ?> e : os.entrySet()) {
        if (e.getValue() instanceof Map<?, ?> ostage && stages.get(String.valueOf(e.getKey())) instanceof Map<?, ?> bst
            && THRESHOLD_ALIASES.stream().anyMatch(ostage::containsKey)) {
          Map<String, Object> copy = new LinkedHashMap<>((Map<String, Object>) bst);
          THRESHOLD_ALIASES.stream().filter(a -> !ostage.containsKey(a)).forEach(copy::remove);
          stages.put(String.valueOf(e.getKey()), copy);
        }
      }
      b = new LinkedHashMap<>(base);
      b.put("stages", stages);
    }
    return Trees.deepMerge(b, override);
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
        if (c.containsKey(p) && !presetNamesOf(presetOverrides()).contains(p)) {
          throw new InvalidInputException(source + ": collections." + e.getKey() + ".preset: '" + p + "' is a "
              + "collection; base a collection on a preset (" + String.join(", ", presetNamesOf(presetOverrides()))
              + "), or declare the shared part under presets:");
        }
        merged = merge(presetTree(p), ct);
        merged.remove("preset");
        if (!ct.containsKey("description")) {
          merged.put("description", "Collection declared in " + source + ", based on '" + p + "'.");
        }
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
    for (String preset : presetNamesOf(presetOverrides())) {
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
