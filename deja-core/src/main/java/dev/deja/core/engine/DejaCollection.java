package dev.deja.core.engine;

import dev.deja.core.InvalidInputException;
import dev.deja.core.cascade.CascadeCheck;
import dev.deja.core.cascade.Stage;
import dev.deja.core.cascade.StageContext;
import dev.deja.core.cascade.StageRegistry;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.embed.EmbedderProviders;
import dev.deja.core.explain.Explanation;
import dev.deja.core.guard.GuardRegistry;
import dev.deja.core.index.Candidate;
import dev.deja.core.index.VectorIndex;
import dev.deja.core.item.FieldType;
import dev.deja.core.item.Item;
import dev.deja.core.item.ItemIds;
import dev.deja.core.item.StoredItem;
import dev.deja.core.judge.JudgeListener;
import dev.deja.core.judge.JudgeProvider;
import dev.deja.core.judge.Judging;
import dev.deja.core.recur.Occurrences;
import dev.deja.core.recur.RecurrenceExpander;
import dev.deja.core.recur.RecurrenceExpanders;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.PolicySpec;
import dev.deja.core.store.CollectionStore;
import dev.deja.core.store.Page;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * A collection: a spec bound to a store. The engine's entry point for checks and writes.
 *
 * <p>{@link #check} is a dry run: it never writes. {@link #put} runs the same check and applies the policy (create,
 * reject, merge) while holding the scope's lock, so that of N concurrent puts of the same real-world item exactly one
 * is created. The same input, data and configuration always give the same verdict: candidates are gathered
 * deterministically and matches sorted by score, then id. Time comes from the injected {@link Clock}.
 *
 * <pre>{@code
 * DejaCollection events = DejaCollection.builder(spec).store(new MemoryCollectionStore("events")).build();
 * WriteResult r = events.put(PutRequest.of("family", Item.of("title", "Dentist", "start", "2026-03-02T14:00")));
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class DejaCollection {
  private final CollectionSpec spec;
  private final CollectionStore store;
  private final ItemPreparer preparer;
  private final String displayField;
  private final Checker checker;
  private final SeriesChecks series;
  private final ItemWriter writer;
  private final CollectionSearch searcher;

  private DejaCollection(Builder b) {
    this.spec = b.spec;
    this.store = Objects.requireNonNull(b.store, "store");
    List<Stage> stages = b.stageRegistry.build(new StageContext(spec, b.embedders,
        new Judging(b.judges, b.judgeListener, b.clock)));
    // A cascade that no candidate can reach would answer NEW to everything: refused, naming the stage.
    CascadeCheck.requireFed(spec, stages, store instanceof VectorIndex);
    this.preparer = new ItemPreparer(spec, stages);
    this.displayField = spec.fields().values().stream().filter(f -> f.type() == FieldType.TEXT)
        .map(f -> f.name()).findFirst().orElse(spec.fields().keySet().iterator().next());
    this.checker = new Checker(spec, store, stages, b.guardRegistry.build(spec), preparer);
    this.series = new SeriesChecks(spec, preparer, checker, displayField);
    Optional<Occurrences> occurrences = spec.recurrence().flatMap(r -> b.recurrence.or(RecurrenceExpanders::find)
        .map(x -> new Occurrences(r, spec.window().orElseThrow(), x)));
    this.writer = new ItemWriter(spec, store, b.clock, b.ids, preparer, occurrences);
    this.searcher = new CollectionSearch(spec, store, stages, checker.vectorStages(), preparer);
  }

  /** A builder for a collection with this spec. */
  public static Builder builder(CollectionSpec spec) {
    return new Builder(spec);
  }

  public CollectionSpec spec() {
    return spec;
  }

  public CollectionStore store() {
    return store;
  }

  /** The collection's name. */
  public String name() {
    return spec.name();
  }

  /** Validates an item and returns what would be stored for it (keys, scope), without storing it. */
  public ItemPreparer.Prepared prepare(String tenant, Item item) {
    return preparer.prepare(tenant, item);
  }

  /** Would this item be a duplicate? A dry run: nothing is written. */
  public Verdict check(CheckRequest request) {
    ItemPreparer.Prepared p = preparer.prepare(request.tenant(), request.item());
    if (writer.isSeries(p.item())) {
      return series.series(p, request.excludeId(), checker.embed(p.item()), writer.occurrences().of(p.item()));
    }
    return series.single(p, request.excludeId(), checker.embed(p.item()));
  }

  /**
   * The verdict on a prepared item against exactly these candidates, as {@link #check} gives it when the store's lookup
   * returns them: the same stages, guards and explanation, but no lookup in the store and no nearest-neighbour search.
   * For a batch engine that finds candidates itself (deja-spark joins on the keys and terms {@link #prepare} gives,
   * with the rules of {@link dev.deja.core.store.MemoryCollectionStore#candidates}); a series item is refused (its
   * occurrences need the store's time-window lookup).
   *
   * @param p the item, from {@link #prepare}
   * @param excludeId the id the item is stored under, if it is (never one of the candidates)
   * @param candidates distinct stored items, each with the lookups that found it
   */
  public Verdict checkAmong(ItemPreparer.Prepared p, Optional<String> excludeId, List<Candidate> candidates) {
    if (writer.isSeries(p.item())) {
      throw new InvalidInputException("a recurring item is checked occurrence by occurrence against the store; "
          + "checkAmong takes single items only");
    }
    for (Candidate c : candidates) {
      if (excludeId.isPresent() && excludeId.get().equals(c.id())) {
        throw new IllegalArgumentException("candidate " + c.id() + " is the excluded item itself");
      }
    }
    return series.singleAmong(p, excludeId, checker.embed(p.item()), candidates);
  }

  /**
   * Checks the item and applies the policy atomically for its scope: creates it, rejects it (with the matches and how
   * to override), or merges it into the existing duplicate (which is refreshed, never destroyed).
   */
  public WriteResult put(PutRequest request) {
    ItemPreparer.Prepared p = preparer.prepare(request.tenant(), request.item());
    // Embedding happens before the scope lock is taken: it is the slow part and needs no lock.
    ProbeVectors vectors = checker.embed(p.item());
    Optional<List<Occurrences.Occurrence>> occs = writer.isSeries(p.item())
        ? Optional.of(writer.occurrences().of(p.item())) : Optional.empty();
    return store.inScope(p.keys().scope(), () -> {
      if (request.id().isPresent() && store.find(request.tenant(), request.id().get()).isPresent()) {
        throw new InvalidInputException("an item with id '" + request.id().get() + "' already exists");
      }
      Verdict v = occs.isPresent() ? series.series(p, Optional.empty(), vectors, occs.get())
          : series.single(p, Optional.empty(), vectors);
      return apply(request, p, vectors, occs, v);
    });
  }

  /**
   * Stores an item as it is, without checking it: for batch de-duplication, which stores every item of a file first and
   * then checks each against all the others (a check at load time would only see the items before it, and cost as
   * much again). The item is embedded and, for a recurring series, expanded as {@link #put} does; an id that exists is
   * refused.
   *
   * @param id the item's id; empty to have one made
   */
  public StoredItem load(String tenant, Optional<String> id, Item item) {
    return load(prepareLoad(tenant, id, item));
  }

  /**
   * The slow, store-free half of {@link #load(String, Optional, Item)}: validates, analyses and embeds the item and
   * expands a series. Thread-safe, so a batch prepares items on every core and stores them in file order with
   * {@link #load(Loadable)}.
   */
  public Loadable prepareLoad(String tenant, Optional<String> id, Item item) {
    ItemPreparer.Prepared p = preparer.prepare(tenant, item);
    ProbeVectors vectors = checker.embed(p.item());
    Optional<List<Occurrences.Occurrence>> occs = writer.isSeries(p.item())
        ? Optional.of(writer.occurrences().of(p.item())) : Optional.empty();
    return new Loadable(this, tenant, id, p, vectors, occs);
  }

  /** Stores an item prepared by {@link #prepareLoad} of this collection, unchecked; an id that exists is refused. */
  public StoredItem load(Loadable l) {
    if (l.collection != this) {
      throw new IllegalArgumentException("the item was prepared by another collection");
    }
    return store.inScope(l.prepared.keys().scope(), () -> {
      if (l.id.isPresent() && store.find(l.tenant, l.id.get()).isPresent()) {
        throw new InvalidInputException("an item with id '" + l.id.get() + "' already exists");
      }
      return writer.create(l.prepared, l.vectors.vectors(), l.id, false, "", l.occurrences);
    });
  }

  /** An item made ready to store by {@link #prepareLoad}. Immutable. */
  public static final class Loadable {
    private final DejaCollection collection;
    private final String tenant;
    private final Optional<String> id;
    private final ItemPreparer.Prepared prepared;
    private final ProbeVectors vectors;
    private final Optional<List<Occurrences.Occurrence>> occurrences;

    private Loadable(DejaCollection collection, String tenant, Optional<String> id, ItemPreparer.Prepared prepared,
        ProbeVectors vectors, Optional<List<Occurrences.Occurrence>> occurrences) {
      this.collection = collection;
      this.tenant = tenant;
      this.id = id;
      this.prepared = prepared;
      this.vectors = vectors;
      this.occurrences = occurrences;
    }
  }

  /**
   * The policy's answer to a verdict, under the scope's lock: create, reject, merge, or create with a warning. The
   * verdict's warnings (a store or an embedder that failed open, a judge that could not answer) come first in the
   * result's.
   */
  private WriteResult apply(PutRequest request, ItemPreparer.Prepared p, ProbeVectors vectors,
      Optional<List<Occurrences.Occurrence>> occs, Verdict v) {
    if (request.force()) {
      StoredItem created = writer.create(p, vectors.vectors(), request.id(), v.isDuplicate(),
          v.isDuplicate() ? "created with force although it duplicates " + ids(v) : "", occs);
      String msg = v.isDuplicate()
          ? "Created " + created.id() + "; the duplicate check was bypassed (similar: " + describe(v) + ")."
          : "Created " + created.id() + ".";
      return new WriteResult(Action.CREATED, Optional.of(created), v, v.isDuplicate(), v.warnings(), msg);
    }
    PolicySpec.Mode mode = switch (v.outcome()) {
      case NEW -> PolicySpec.Mode.ALLOW;
      case DUPLICATE -> spec.policy().onDuplicate();
      case POSSIBLE_DUPLICATE -> spec.policy().onPossibleDuplicate();
    };
    switch (mode) {
      case REJECT -> {
        return new WriteResult(Action.REJECTED, Optional.empty(), v, false, v.warnings(),
            "Not created: it " + (v.outcome() == Outcome.DUPLICATE ? "duplicates" : "may duplicate") + " "
                + describe(v) + ". To create it anyway, retry with force=true (bypass_duplicate_check=true).");
      }
      case MERGE -> {
        Match best = v.matches().stream().filter(m -> m.level() == Outcome.DUPLICATE).findFirst()
            .orElse(v.matches().get(0));
        StoredItem merged = writer.merge(p, vectors.vectors(), best);
        return new WriteResult(Action.MERGED, Optional.of(merged), v, false, v.warnings(),
            "Merged into existing " + best.id() + " (similarity " + Explanation.format(best.score())
                + ", stage " + best.stage() + "): its timestamp was refreshed and the new item kept in its "
                + "history. Use force=true to store it anyway.");
      }
      case WARN -> {
        StoredItem created = writer.create(p, vectors.vectors(), request.id(), false, "", occs);
        String warning = "it may duplicate " + describe(v);
        List<String> warnings = new ArrayList<>(v.warnings());
        warnings.add(warning);
        return new WriteResult(Action.CREATED, Optional.of(created), v, false, warnings,
            "Created " + created.id() + ", but " + warning + ".");
      }
      case ALLOW -> {
        StoredItem created = writer.create(p, vectors.vectors(), request.id(), false, "", occs);
        return new WriteResult(Action.CREATED, Optional.of(created), v, false, v.warnings(),
            "Created " + created.id() + ".");
      }
      default -> throw new IllegalStateException("unknown mode " + mode);
    }
  }

  /**
   * Stored items similar to a text, scored by the collection's first scoring stage (fuzzy, semantic or combined), at
   * or above the threshold; with a time range, items happening in it, nearest to its start first, then by score;
   * without one, by score, then id.
   */
  public List<SearchHit> search(SearchRequest request) {
    return searcher.search(request);
  }

  /**
   * The item with this id, if the tenant has it. An id no item can have ({@link ItemIds#couldExist}) is not looked up:
   * a store would alter it on the way (an unpaired surrogate becomes {@code ?} or U+FFFD) and could find another item.
   */
  public Optional<StoredItem> get(String tenant, String id) {
    return ItemIds.couldExist(id) ? store.find(tenant, id) : Optional.empty();
  }

  /** Deletes an item; whether the tenant had it. */
  public boolean delete(String tenant, String id) {
    Optional<StoredItem> found = get(tenant, id);
    if (found.isEmpty()) {
      return false;
    }
    if (!writer.isSeries(found.get().item())) {
      return store.delete(tenant, id);
    }
    // A series' occurrences go with it, under the scope's lock so that no check sees half a series.
    return store.inScope(found.get().keys().scope(), () -> {
      writer.dropOccurrences(found.get());
      return store.delete(tenant, id);
    });
  }

  /** A page of a tenant's items, by id; materialised occurrences of series are not listed (their series is). */
  public Page list(String tenant, Optional<String> afterId, int limit) {
    afterId.ifPresent(a -> ItemIds.requireStored("after", a));
    Page page = store.list(Optional.of(tenant), afterId, limit);
    if (spec.recurrence().isEmpty()) {
      return page;
    }
    List<StoredItem> kept = page.items().stream()
        .filter(i -> Occurrences.seriesOf(i).isEmpty()).collect(Collectors.toList());
    return new Page(kept, page.nextAfter());
  }

  /** How many items the tenant has (a series counts once, not per occurrence). */
  public long count(String tenant) {
    if (spec.recurrence().isEmpty()) {
      return store.count(Optional.of(tenant));
    }
    long n = 0;
    Optional<String> after = Optional.empty();
    do {
      Page page = store.list(Optional.of(tenant), after, 1000);
      n += page.items().stream().filter(i -> Occurrences.seriesOf(i).isEmpty()).count();
      after = page.nextAfter();
    } while (after.isPresent());
    return n;
  }

  private String describe(Verdict v) {
    List<String> parts = new ArrayList<>();
    for (Match m : v.matches()) {
      String title = m.item().item().findString(displayField).orElse("");
      parts.add(m.id() + (title.isEmpty() ? "" : " ('" + title + "')") + " score " + Explanation.format(m.score()));
    }
    return String.join(", ", parts);
  }

  private static String ids(Verdict v) {
    return v.matches().stream().map(Match::id).collect(Collectors.joining(", "));
  }

  /** Builds a {@link DejaCollection}; not thread-safe. */
  public static final class Builder {
    private final CollectionSpec spec;
    private CollectionStore store;
    private Clock clock = Clock.systemUTC();
    private Supplier<String> ids = () -> UUID.randomUUID().toString();
    private StageRegistry stageRegistry = StageRegistry.defaults();
    private GuardRegistry guardRegistry = GuardRegistry.defaults();
    private EmbedderProvider embedders = EmbedderProviders.defaults();
    private Optional<RecurrenceExpander> recurrence = Optional.empty();
    private JudgeProvider judges = JudgeProvider.none();
    private JudgeListener judgeListener = JudgeListener.NONE;

    private Builder(CollectionSpec spec) {
      this.spec = Objects.requireNonNull(spec, "spec");
    }

    public Builder store(CollectionStore s) {
      this.store = Objects.requireNonNull(s, "store");
      return this;
    }

    public Builder clock(Clock c) {
      this.clock = Objects.requireNonNull(c, "clock");
      return this;
    }

    /** Where ids of new items come from when the caller gives none (random UUIDs by default). */
    public Builder ids(Supplier<String> idSupplier) {
      this.ids = Objects.requireNonNull(idSupplier, "ids");
      return this;
    }

    public Builder stages(StageRegistry r) {
      this.stageRegistry = Objects.requireNonNull(r, "stage registry");
      return this;
    }

    public Builder guards(GuardRegistry r) {
      this.guardRegistry = Objects.requireNonNull(r, "guard registry");
      return this;
    }

    /** Where embedders for semantic stages come from (by default: providers registered as services). */
    public Builder embedders(EmbedderProvider p) {
      this.embedders = Objects.requireNonNull(p, "embedders");
      return this;
    }

    /**
     * Where the judges of stages with a {@code judge:} option come from, by endpoint name (by default none: a spec
     * that names a judge fails to build). The judges' per-minute budgets run on this builder's clock.
     */
    public Builder judges(JudgeProvider p) {
      this.judges = Objects.requireNonNull(p, "judges");
      return this;
    }

    /** Who hears the judges' calls, cache hits, disagreements and fallbacks (metrics; by default nobody). */
    public Builder judgeListener(JudgeListener l) {
      this.judgeListener = Objects.requireNonNull(l, "judge listener");
      return this;
    }

    /**
     * The expander of recurring items' rules (by default: the one registered as a service, e.g. by deja-calendar).
     */
    public Builder recurrence(RecurrenceExpander expander) {
      this.recurrence = Optional.of(Objects.requireNonNull(expander, "expander"));
      return this;
    }

    /**
     * Builds the collection; fails with an {@link InvalidInputException} when a stage or guard is misconfigured, or when
     * the cascade can never match: no stage is switched on, or no candidate lookup reaches a stage with this store
     * ({@link CascadeCheck#requireFed}).
     */
    public DejaCollection build() {
      return new DejaCollection(this);
    }
  }
}
