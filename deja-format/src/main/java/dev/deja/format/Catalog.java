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
import java.util.UUID;
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
  /** The collections built, each with the stored definition it was built from. */
  private final ConcurrentHashMap<String, Built> open = new ConcurrentHashMap<>();
  /** Stored definitions that could not be built, with why. */
  private final ConcurrentHashMap<String, Refused> refused = new ConcurrentHashMap<>();

  private record Built(String definition, DejaCollection collection) {}

  private record Refused(String definition, InvalidInputException why) {}

  /**
   * Opens the catalog with no judges: a collection whose stage has a {@code judge} cannot be built.
   */
  public Catalog(StoreBackend backend, DejaConfig config, EmbedderProvider embedders, Clock clock) {
    this(backend, config, embedders, JudgeProvider.none(), JudgeListener.NONE, clock);
  }

  /**
   * Opens the catalog: every collection defined in the backend, then the collections {@code config} declares that do
   * not exist yet (created; one another process sharing the backend created meanwhile is used as it is). Each
   * collection gets its own judge steps (cache and budget per collection), heard by {@code judgeListener}.
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
        find(name);
      } catch (InvalidInputException e) {
        // recorded as refused
      }
    }
    for (String name : config.collections().keySet()) {
      if (!open.containsKey(name)) {
        Map<String, Object> tree = config.collectionTree(name).orElseThrow();
        try {
          create(name, tree);
        } catch (CollectionExistsException e) {
          // Another process sharing the backend declared it at the same moment: its definition is the one.
        }
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
    // Tells this creation from an earlier one with the same request: a process that still holds the collection as it
    // was before a drop and re-create (by another process) sees that it changed.
    stored.put("created", UUID.randomUUID().toString());
    stored.put("request", definition);
    stored.put("resolved", resolved);
    String text = Json.write(stored);
    // Of several processes creating one name at once, one records its definition; the others are told it exists.
    if (!backend.defineIfAbsent(name, text)) {
      throw new CollectionExistsException(name);
    }
    open.put(name, new Built(text, c));
    refused.remove(name);
    return c;
  }

  /**
   * The collection with this name, as the backend defines it now: its definition is read from the backend at each
   * call (for a backend shared by several processes, from the database), so a collection another process created,
   * dropped or re-created since is seen at once; it is built again only when its definition changed.
   *
   * @throws InvalidInputException when the collection is stored with a definition that cannot be built (why, and that
   *     it can be dropped and created again)
   */
  public Optional<DejaCollection> find(String name) {
    if (!isValidName(name)) {
      return Optional.empty();
    }
    Optional<String> def = backend.definition(name);
    if (def.isEmpty()) {
      open.remove(name);
      refused.remove(name);
      return Optional.empty();
    }
    String text = def.get();
    Built built = open.get(name);
    if (built != null && built.definition().equals(text)) {
      return Optional.of(built.collection());
    }
    Refused no = refused.get(name);
    if (no == null || !no.definition().equals(text)) {
      try {
        DejaCollection c = reopen(name, resolvedOf(name, text));
        open.put(name, new Built(text, c));
        refused.remove(name);
        return Optional.of(c);
      } catch (InvalidInputException e) {
        open.remove(name);
        no = new Refused(text, e);
        refused.put(name, no);
      }
    }
    throw new InvalidInputException("collection '" + name + "' is stored with a definition that is refused: "
        + no.why().getMessage() + "; drop the collection and create it again", no.why());
  }

  /**
   * The collection names, sorted (including those another process sharing the backend created), without those stored
   * with a definition that is refused ({@link #find} says why).
   */
  public List<String> names() {
    List<String> n = new ArrayList<>();
    for (String name : backend.collections()) {
      try {
        if (find(name).isPresent()) {
          n.add(name);
        }
      } catch (InvalidInputException e) {
        // recorded as refused: left out of the names
      }
    }
    n.sort(null);
    return n;
  }

  /** The resolved definition of a collection (its full spec tree). */
  public Optional<Map<String, Object>> definition(String name) {
    if (find(name).isEmpty()) {
      return Optional.empty();
    }
    Built b = open.get(name);
    return b == null ? Optional.empty() : Optional.of(resolvedOf(name, b.definition()));
  }

  /** Deletes a collection and its items; whether it existed (here or as another process sharing the backend defined it). */
  public synchronized boolean drop(String name) {
    boolean known = open.remove(name) != null | refused.remove(name) != null;
    boolean defined = isValidName(name) && backend.definition(name).isPresent();
    if (!known && !defined) {
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
