package dev.deja.format;

import dev.deja.core.InvalidInputException;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.judge.JudgeException;
import dev.deja.core.judge.JudgeListener;
import dev.deja.core.judge.JudgeProvider;
import dev.deja.core.judge.JudgeRequest;
import dev.deja.core.judge.Judgement;
import dev.deja.core.judge.PairJudge;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.SpecReader;
import dev.deja.core.spec.Trees;
import dev.deja.core.store.StoreBackend;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The collections of a store backend by name: created from a preset (plus overrides) or a full spec, persisted with
 * the backend ({@link StoreBackend#define}) so they survive a restart, and the collections a {@code deja.yaml}
 * declares.
 *
 * <p>A collection's definition is stored resolved (the preset merged with the overrides at creation time), so that a
 * later change to a built-in preset never changes the verdicts of an existing collection. A stored collection that
 * this version refuses to build (its configuration can never match, say: {@link dev.deja.core.cascade.CascadeCheck})
 * does not make the others unusable: it is left out of {@link #names()}, {@link #find} says why, and it can be
 * dropped. Thread-safe.
 */
public final class Catalog implements AutoCloseable {
  private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9_-]{0,63}");

  private final StoreBackend backend;
  private final DejaConfig config;
  private final EmbedderProvider embedders;
  private final Clock clock;
  private final JudgeProvider judges;
  private final JudgeListener judgeListener;
  private final ConcurrentHashMap<String, DejaCollection> open = new ConcurrentHashMap<>();
  /** Stored collections that could not be built, with why. */
  private final ConcurrentHashMap<String, InvalidInputException> refused = new ConcurrentHashMap<>();

  /**
   * Opens the catalog: every collection defined in the backend, then the collections {@code config} declares that do
   * not exist yet (created). A collection whose stage has a {@code judge} cannot be built (no judges).
   */
  public Catalog(StoreBackend backend, DejaConfig config, EmbedderProvider embedders, Clock clock) {
    this(backend, config, embedders, JudgeProvider.none(), JudgeListener.NONE, clock);
  }

  /**
   * Opens the catalog with judges for stages that have a {@code judge} option: each collection gets its own judge
   * steps (cache and budget per collection), heard by {@code judgeListener}.
   */
  public Catalog(StoreBackend backend, DejaConfig config, EmbedderProvider embedders, JudgeProvider judges,
      JudgeListener judgeListener, Clock clock) {
    this.backend = backend;
    this.config = config;
    this.embedders = embedders;
    this.judges = judges;
    this.judgeListener = judgeListener;
    this.clock = clock;
    for (String name : backend.collections()) {
      try {
        backend.definition(name).ifPresent(def -> open.put(name, reopen(name, resolvedOf(name, def))));
      } catch (InvalidInputException e) {
        refused.put(name, e);
      }
    }
    for (String name : config.collections().keySet()) {
      if (!open.containsKey(name)) {
        Map<String, Object> tree = config.collectionTree(name).orElseThrow();
        create(name, tree);
      }
    }
  }

  /** Whether a name is a valid collection name: lower-case letters, digits, '-' and '_', at most 64. */
  public static boolean isValidName(String name) {
    return name != null && NAME.matcher(name).matches();
  }

  /**
   * Creates a collection from a definition tree: {@code {"preset": "calendar", ...overrides}} or a full spec.
   *
   * @throws InvalidInputException when the name is invalid or taken, or the definition is wrong
   */
  public synchronized DejaCollection create(String name, Map<String, Object> definition) {
    if (!isValidName(name)) {
      throw new InvalidInputException("name: '" + name + "' is not a valid collection name (lower-case letters, "
          + "digits, '-' and '_', starting with a letter or digit, at most 64)");
    }
    if (find(name).isPresent()) {
      throw new CollectionExistsException(name);
    }
    Map<String, Object> resolved = resolve(definition);
    resolved.put("name", name);
    DejaCollection c = build(name, resolved);
    Map<String, Object> stored = new LinkedHashMap<>();
    stored.put("format", 1);
    stored.put("request", definition);
    stored.put("resolved", resolved);
    backend.define(name, Json.write(stored));
    open.put(name, c);
    return c;
  }

  /**
   * The collection with this name. One this catalog has not seen is looked up in the backend: another process sharing
   * it (several servers on one PostgreSQL store) may have created it since this catalog was opened.
   *
   * @throws InvalidInputException when the collection is stored with a definition that cannot be built (why, and that
   *     it can be dropped and created again)
   */
  public Optional<DejaCollection> find(String name) {
    DejaCollection c = open.get(name);
    if (c != null || !isValidName(name)) {
      return Optional.ofNullable(c);
    }
    InvalidInputException why = refused.get(name);
    if (why == null) {
      try {
        return backend.definition(name).map(def -> open.computeIfAbsent(name, n -> reopen(n, resolvedOf(n, def))));
      } catch (InvalidInputException e) {
        refused.put(name, e);
        why = e;
      }
    }
    throw new InvalidInputException("collection '" + name + "' is stored with a definition that is refused: "
        + why.getMessage() + "; drop the collection and create it again", why);
  }

  /**
   * The collection names, sorted (including those another process sharing the backend created), without those stored
   * with a definition that is refused ({@link #find} says why).
   */
  public List<String> names() {
    for (String name : backend.collections()) {
      if (!refused.containsKey(name)) {
        try {
          find(name);
        } catch (InvalidInputException e) {
          // recorded as refused: left out of the names
        }
      }
    }
    List<String> n = new ArrayList<>(open.keySet());
    n.sort(null);
    return n;
  }

  /** The resolved definition of a collection (its full spec tree). */
  public Optional<Map<String, Object>> definition(String name) {
    if (!open.containsKey(name)) {
      return Optional.empty();
    }
    return backend.definition(name).map(def -> resolvedOf(name, def));
  }

  /** Deletes a collection and its items; whether it existed. */
  public synchronized boolean drop(String name) {
    DejaCollection c = open.remove(name);
    if (c == null && refused.remove(name) == null) {
      return false;
    }
    backend.drop(name);
    return true;
  }

  @Override
  public void close() {
    open.clear();
    backend.close();
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> resolve(Map<String, Object> definition) {
    Object preset = definition.get("preset");
    Map<String, Object> tree;
    if (preset != null) {
      if (!(preset instanceof String p)) {
        throw new InvalidInputException("preset: must be a string");
      }
      tree = DejaConfig.merge(config.presetTree(p), definition);
    } else {
      tree = (Map<String, Object>) Trees.deepCopy(definition);
    }
    tree.remove("preset");
    return tree;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> resolvedOf(String name, String stored) {
    Map<String, Object> def = Json.object(stored, "definition of collection '" + name + "'");
    Object r = def.get("resolved");
    if (!(r instanceof Map)) {
      throw new InvalidInputException("the stored definition of collection '" + name + "' is not readable");
    }
    return (Map<String, Object>) r;
  }

  private DejaCollection build(String name, Map<String, Object> tree) {
    return build(name, tree, judges);
  }

  /**
   * A stored collection, opened again. A judge endpoint its stages name that this process does not have (the
   * configuration changed since it was created) does not make the collection, or the catalog, unusable: that judge
   * fails every call as not configured, so the in-process decision is used and every verdict's warnings say why.
   */
  private DejaCollection reopen(String name, Map<String, Object> tree) {
    return build(name, tree, endpoint -> judges.find(endpoint).or(() -> Optional.of(missing(endpoint))));
  }

  private DejaCollection build(String name, Map<String, Object> tree, JudgeProvider with) {
    // Validated with this catalog's embedders, so that a stage naming a remote embedder of the deja.yaml is accepted.
    CollectionSpec spec = DejaConfig.validated(SpecReader.read(tree, name), embedders).withName(name);
    return DejaCollection.builder(spec).store(backend.open(name)).embedders(embedders).judges(with)
        .judgeListener(judgeListener).clock(clock).build();
  }

  private static PairJudge missing(String endpoint) {
    return new PairJudge() {
      @Override
      public String model() {
        return endpoint;
      }

      @Override
      public Judgement judge(JudgeRequest request, Duration timeout) {
        throw new JudgeException(JudgeException.Failure.NOT_CONFIGURED, "judge endpoint '" + endpoint + "' is not "
            + "configured here (no such entry under judges:)");
      }
    };
  }

  /** A collection with this name exists already. */
  public static final class CollectionExistsException extends InvalidInputException {
    private static final long serialVersionUID = 1L;

    public CollectionExistsException(String name) {
      super("collection '" + name + "' exists already");
    }
  }
}
