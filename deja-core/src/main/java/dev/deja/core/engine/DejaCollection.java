package dev.deja.core.engine;

import dev.deja.core.InvalidInputException;
import dev.deja.core.cascade.CascadeCheck;
import dev.deja.core.cascade.Probe;
import dev.deja.core.cascade.Stage;
import dev.deja.core.cascade.StageContext;
import dev.deja.core.cascade.StageMatch;
import dev.deja.core.cascade.StageRegistry;
import dev.deja.core.cascade.StageResult;
import dev.deja.core.cascade.VectorStage;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.embed.EmbedderProviders;
import dev.deja.core.embed.EmbeddingException;
import dev.deja.core.explain.Explanation;
import dev.deja.core.guard.Guard;
import dev.deja.core.guard.GuardDecision;
import dev.deja.core.guard.GuardRegistry;
import dev.deja.core.index.Candidate;
import dev.deja.core.index.CandidateQuery;
import dev.deja.core.index.VectorIndex;
import dev.deja.core.item.FieldType;
import dev.deja.core.item.HistoryEntry;
import dev.deja.core.item.Item;
import dev.deja.core.item.ItemIds;
import dev.deja.core.item.StoredItem;
import dev.deja.core.item.TimeSpan;
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
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
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
  private final Clock clock;
  private final Supplier<String> ids;
  private final List<Stage> stages;
  private final List<VectorStage> vectorStages;
  private final Map<String, String> stageTypes;
  private final List<Guard> guards;
  private final ItemPreparer preparer;
  private final String displayField;
  private final Optional<Occurrences> occurrences;

  private DejaCollection(Builder b) {
    this.spec = b.spec;
    this.store = Objects.requireNonNull(b.store, "store");
    this.clock = b.clock;
    this.ids = b.ids;
    this.stages = b.stageRegistry.build(new StageContext(spec, b.embedders,
        new Judging(b.judges, b.judgeListener, b.clock)));
    // A cascade that no candidate can reach would answer NEW to everything: refused, naming the stage.
    CascadeCheck.requireFed(spec, stages, store instanceof VectorIndex);
    List<VectorStage> vs = new ArrayList<>();
    for (Stage s : stages) {
      if (s instanceof VectorStage v) {
        vs.add(v);
      }
    }
    this.vectorStages = List.copyOf(vs);
    Map<String, String> types = new HashMap<>();
    for (Stage s : stages) {
      types.put(s.name(), s.type());
    }
    this.stageTypes = types;
    this.guards = b.guardRegistry.build(spec);
    this.preparer = new ItemPreparer(spec, stages);
    this.displayField = spec.fields().values().stream().filter(f -> f.type() == FieldType.TEXT)
        .map(f -> f.name()).findFirst().orElse(spec.fields().keySet().iterator().next());
    this.occurrences = spec.recurrence().flatMap(r -> b.recurrence.or(RecurrenceExpanders::find)
        .map(x -> new Occurrences(r, spec.window().orElseThrow(), x)));
  }

  /** Whether the item is a recurring series (the collection has recurrence and the item a rule). */
  private boolean isSeries(Item item) {
    return spec.recurrence().isPresent() && Occurrences.isSeries(spec.recurrence().get(), item);
  }

  private Occurrences occurrences() {
    return occurrences.orElseThrow(() -> new InvalidInputException("field '" + spec.recurrence().get().ruleField()
        + "': recurring items need a recurrence expander, and none is on the class path (add deja-calendar)"));
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
    if (isSeries(p.item())) {
      return decideSeries(p, request.excludeId(), embed(p.item()), occurrences().of(p.item()));
    }
    return seriesView(decide(p, request.excludeId(), embed(p.item())), request.excludeId());
  }

  /**
   * A series is checked occurrence by occurrence (each within the horizon, through the ordinary time-window lookup);
   * the matches of all occurrences are merged, one per stored series or item (its best).
   */
  private Verdict decideSeries(ItemPreparer.Prepared master, Optional<String> excludeId, ProbeVectors vectors,
      List<Occurrences.Occurrence> occs) {
    Map<String, Match> best = new LinkedHashMap<>();
    List<String> warnings = new ArrayList<>(vectors.warnings());
    Explanation.Builder root = Explanation.of("verdict", spec.name());
    int shown = 0;
    int withMatches = 0;
    for (Occurrences.Occurrence o : occs) {
      ItemPreparer.Prepared p = preparer.prepare(master.tenant(), o.item());
      Verdict v = seriesView(decide(p, excludeId, new ProbeVectors(vectors.vectors(), List.of())), excludeId);
      if (v.matches().isEmpty()) {
        continue;
      }
      withMatches++;
      if (shown++ < 3) {
        root.detail(Explanation.of("occurrence", o.start()).result(v.outcome().name().toLowerCase(java.util.Locale.ROOT))
            .message("occurrence " + o.start() + " of the new series").detail(v.explanation()).build());
      }
      for (Match m : v.matches()) {
        Match prev = best.get(m.id());
        if (prev == null || Match.ORDER.compare(m, prev) < 0) {
          best.put(m.id(), m);
        }
      }
      for (String w : v.warnings()) {
        if (!warnings.contains(w)) {
          warnings.add(w);
        }
      }
    }
    List<Match> matches = new ArrayList<>(best.values());
    matches.sort(Match.ORDER);
    Outcome outcome = outcomeOf(matches);
    root.result(outcome.name().toLowerCase(java.util.Locale.ROOT))
        .message("series of " + occs.size() + " occurrence(s) from " + occs.get(0).start() + " to "
            + occs.get(occs.size() - 1).start() + ": " + (matches.isEmpty() ? "no stored item duplicates any of them"
            : withMatches + " occurrence(s) match; " + matches.size() + " match(es); best: " + matches.get(0).id()
                + " via " + matches.get(0).stage()))
        .evidence("occurrences_checked", occs.size());
    return new Verdict(outcome, matches, root.build(), warnings);
  }

  /**
   * Matches on materialised occurrences name their series: the match's id becomes the series' id (the item a user
   * can get or delete), its item stays the occurrence (with the occurrence's start), and its explanation says which
   * occurrence matched. Of several occurrences of one series, the best match is kept. The occurrences of the excluded
   * item (a series being edited) never match: the candidate query excludes only the master's own id.
   */
  private Verdict seriesView(Verdict v, Optional<String> excludeId) {
    if (spec.recurrence().isEmpty() || v.matches().isEmpty()) {
      return v;
    }
    Map<String, Match> byId = new LinkedHashMap<>();
    boolean changed = false;
    int excluded = 0;
    for (Match m : v.matches()) {
      Optional<String> series = Occurrences.seriesOf(m.item());
      Match mapped = m;
      if (series.isPresent() && series.equals(excludeId)) {
        changed = true;
        excluded++;
        continue;
      }
      if (series.isPresent()) {
        changed = true;
        String title = m.item().item().findString(displayField).orElse("");
        String when = Occurrences.occurrenceOf(m.item()).orElse("?");
        Explanation occ = Explanation.of("occurrence", m.item().id()).result("info")
            .message("occurrence " + when + " of series " + series.get() + (title.isEmpty() ? "" : " ('" + title
                + "')"))
            .evidence("series", series.get()).evidence("occurrence", when).build();
        Explanation e = Explanation.of("match", series.get()).result(m.explanation().result())
            .message(m.explanation().message() + " (occurrence " + when + " of series " + series.get() + ")")
            .score(m.score()).detail(occ).details(m.explanation().details()).build();
        mapped = new Match(series.get(), m.score(), m.level(), m.stage(), m.item(), e);
      }
      if (!byId.containsKey(mapped.id())) {
        byId.put(mapped.id(), mapped);
      }
    }
    if (!changed) {
      return v;
    }
    List<Match> matches = new ArrayList<>(byId.values());
    matches.sort(Match.ORDER);
    Outcome outcome = outcomeOf(matches);
    Explanation explanation = excluded == 0 ? v.explanation() : Explanation.of("verdict", spec.name())
        .result(outcome.name().toLowerCase(java.util.Locale.ROOT))
        .message(excluded + " match(es) on occurrences of the excluded series " + excludeId.orElse("")
            + " dropped" + (matches.isEmpty() ? "; no other stored item duplicates the new one" : ""))
        .evidence("exclude_id", excludeId.orElse("")).detail(v.explanation()).build();
    return new Verdict(outcome, matches, explanation, v.warnings());
  }

  private static Outcome outcomeOf(List<Match> matches) {
    return matches.isEmpty() ? Outcome.NEW
        : matches.stream().anyMatch(m -> m.level() == Outcome.DUPLICATE) ? Outcome.DUPLICATE
        : Outcome.POSSIBLE_DUPLICATE;
  }

  /** The vectors of an item for every vector stage, and warnings for stages whose embedder failed open. */
  private record ProbeVectors(Map<String, float[]> vectors, List<String> warnings) {}

  private ProbeVectors embed(Item item) {
    if (vectorStages.isEmpty()) {
      return new ProbeVectors(Map.of(), List.of());
    }
    Map<String, float[]> out = new LinkedHashMap<>();
    List<String> warnings = new ArrayList<>();
    for (VectorStage s : vectorStages) {
      if (out.containsKey(s.vectorName())) {
        continue;
      }
      try {
        s.vectorOf(item).ifPresent(v -> out.put(s.vectorName(), v));
      } catch (EmbeddingException e) {
        if (s.failClosed()) {
          throw e;
        }
        warnings.add("stage '" + s.name() + "' has no embedding for the new item: the embedder failed ("
            + e.getMessage() + "); failing open as configured (" + (s.type().equals("semantic")
                ? "the stage is skipped" : "the stage runs without the cosine feature") + ")");
      }
    }
    return new ProbeVectors(out, warnings);
  }

  /**
   * Checks the item and applies the policy atomically for its scope: creates it, rejects it (with the matches and how
   * to override), or merges it into the existing duplicate (which is refreshed, never destroyed).
   */
  public WriteResult put(PutRequest request) {
    ItemPreparer.Prepared p = preparer.prepare(request.tenant(), request.item());
    // Embedding happens before the scope lock is taken: it is the slow part and needs no lock.
    ProbeVectors vectors = embed(p.item());
    Optional<List<Occurrences.Occurrence>> series = isSeries(p.item())
        ? Optional.of(occurrences().of(p.item())) : Optional.empty();
    return store.inScope(p.keys().scope(), () -> {
      if (request.id().isPresent() && store.find(request.tenant(), request.id().get()).isPresent()) {
        throw new InvalidInputException("an item with id '" + request.id().get() + "' already exists");
      }
      Verdict v = series.isPresent() ? decideSeries(p, Optional.empty(), vectors, series.get())
          : seriesView(decide(p, Optional.empty(), vectors), Optional.empty());
      if (request.force()) {
        StoredItem created = create(p, vectors.vectors(), request.id(), v.isDuplicate(),
            v.isDuplicate() ? "created with force although it duplicates " + ids(v) : "", series);
        String msg = v.isDuplicate()
            ? "Created " + created.id() + "; the duplicate check was bypassed (similar: " + describe(v) + ")."
            : "Created " + created.id() + ".";
        return new WriteResult(Action.CREATED, Optional.of(created), v, v.isDuplicate(), List.of(), msg);
      }
      PolicySpec.Mode mode = switch (v.outcome()) {
        case NEW -> PolicySpec.Mode.ALLOW;
        case DUPLICATE -> spec.policy().onDuplicate();
        case POSSIBLE_DUPLICATE -> spec.policy().onPossibleDuplicate();
      };
      switch (mode) {
        case REJECT -> {
          return new WriteResult(Action.REJECTED, Optional.empty(), v, false, List.of(),
              "Not created: it " + (v.outcome() == Outcome.DUPLICATE ? "duplicates" : "may duplicate") + " "
                  + describe(v) + ". To create it anyway, retry with force=true (bypass_duplicate_check=true).");
        }
        case MERGE -> {
          Match best = v.matches().stream().filter(m -> m.level() == Outcome.DUPLICATE).findFirst()
              .orElse(v.matches().get(0));
          StoredItem merged = merge(p, vectors.vectors(), best);
          return new WriteResult(Action.MERGED, Optional.of(merged), v, false, List.of(),
              "Merged into existing " + best.id() + " (similarity " + Explanation.format(best.score())
                  + ", stage " + best.stage() + "): its timestamp was refreshed and the new item kept in its "
                  + "history. Use force=true to store it anyway.");
        }
        case WARN -> {
          StoredItem created = create(p, vectors.vectors(), request.id(), false, "", series);
          String warning = "it may duplicate " + describe(v);
          return new WriteResult(Action.CREATED, Optional.of(created), v, false, List.of(warning),
              "Created " + created.id() + ", but " + warning + ".");
        }
        case ALLOW -> {
          StoredItem created = create(p, vectors.vectors(), request.id(), false, "", series);
          return new WriteResult(Action.CREATED, Optional.of(created), v, false, List.of(),
              "Created " + created.id() + ".");
        }
        default -> throw new IllegalStateException("unknown mode " + mode);
      }
    });
  }

  /**
   * Stored items similar to a text, scored by the collection's first scoring stage (fuzzy, semantic or combined), at
   * or above the threshold; with a time range, items happening in it, nearest to its start first, then by score;
   * without one, by score, then id.
   */
  public java.util.List<SearchHit> search(SearchRequest request) {
    dev.deja.core.cascade.Scorer scorer = stages.stream().filter(s -> s instanceof dev.deja.core.cascade.Scorer)
        .map(s -> (dev.deja.core.cascade.Scorer) s).findFirst().orElseThrow(() -> new InvalidInputException(
            "collection '" + spec.name() + "' has no fuzzy, semantic or combined stage to search with"));
    Item probeItem = request.scope().with(scorer.field(), request.text());
    ItemPreparer.Prepared p = preparer.prepareForSearch(request.tenant(), probeItem);
    List<dev.deja.core.index.TimeFilter> time = new ArrayList<>();
    java.util.OptionalLong near = OptionalLong.empty();
    if (spec.window().isPresent() && (request.from().isPresent() || request.to().isPresent())) {
      long from = request.from().map(Instant::toEpochMilli).orElse(Long.MIN_VALUE / 4);
      long to = request.to().map(Instant::toEpochMilli).orElse(Long.MAX_VALUE / 4);
      java.time.ZoneId zone = spec.window().get().defaultZone();
      long fromDay = request.from().map(i -> i.atZone(zone).toLocalDate().toEpochDay()).orElse(Long.MIN_VALUE / 4);
      long toDay = request.to().map(i -> i.atZone(zone).toLocalDate().toEpochDay()).orElse(Long.MAX_VALUE / 4);
      time.add(new dev.deja.core.index.TimeFilter(dev.deja.core.index.TimeFilter.Kind.TIMED_START_BETWEEN, from, to));
      time.add(new dev.deja.core.index.TimeFilter(dev.deja.core.index.TimeFilter.Kind.ALL_DAY_OVERLAPPING, fromDay,
          toDay));
      near = request.from().isPresent() ? OptionalLong.of(from) : OptionalLong.empty();
    }
    int cap = Math.max(spec.candidates().maxPerLookup(), request.limit() * 5);
    CandidateQuery q = new CandidateQuery(p.keys().scope(), spec.excludedStatuses(), Optional.empty(), time, near,
        !time.isEmpty(), p.queryKeys(), p.keys().terms(), cap);
    Map<String, Candidate> byId = new java.util.TreeMap<>();
    for (Candidate c : store.candidates(q)) {
      byId.put(c.id(), c);
    }
    ProbeVectors vectors = embed(probeItem);
    for (VectorStage s : vectorStages) {
      float[] v = vectors.vectors().get(s.vectorName());
      if (v != null && store instanceof VectorIndex vi) {
        for (VectorIndex.ScoredCandidate hit : vi.nearest(q, s.vectorName(), v, Math.max(s.neighbours(), cap))) {
          byId.putIfAbsent(hit.candidate().id(), hit.candidate());
        }
      }
    }
    double threshold = request.threshold().orElse(scorer.threshold());
    Probe probe = new Probe(request.tenant(), probeItem, Optional.empty(), vectors.vectors());
    List<SearchHit> hits = new ArrayList<>();
    for (Candidate c : byId.values()) {
      java.util.OptionalDouble score = scorer.score(probe, c.item());
      if (score.isEmpty() || score.getAsDouble() < threshold) {
        continue;
      }
      java.util.OptionalLong distance = near.isPresent() && c.item().keys().time().isPresent()
          ? OptionalLong.of(Math.abs(c.item().keys().time().get().startMillis() - near.getAsLong()))
          : OptionalLong.empty();
      hits.add(new SearchHit(c.item(), score.getAsDouble(), distance, Explanation.of("search", scorer.name())
          .result("match").score(score.getAsDouble()).threshold(threshold)
          .message(scorer.type() + " similarity of '" + request.text() + "' and '"
              + c.item().item().findString(scorer.field()).orElse("") + "'")
          .evidence("found_by", String.join(", ", c.sources())).build()));
    }
    java.util.Comparator<SearchHit> bySimilarity = java.util.Comparator.comparingDouble(SearchHit::score).reversed()
        .thenComparing(h -> h.item().id());
    if (near.isPresent()) {
      hits.sort(java.util.Comparator.<SearchHit>comparingLong(h -> h.timeDistanceMillis().orElse(Long.MAX_VALUE))
          .thenComparing(bySimilarity));
    } else {
      hits.sort(bySimilarity);
    }
    if (spec.recurrence().isPresent()) {
      // One hit per series: its best-placed occurrence (or its master, in a search without a time range).
      java.util.Set<String> seen = new java.util.HashSet<>();
      hits.removeIf(h -> !seen.add(Occurrences.seriesOf(h.item()).orElse(h.item().id())));
    }
    return hits.size() > request.limit() ? List.copyOf(hits.subList(0, request.limit())) : List.copyOf(hits);
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
    if (!isSeries(found.get().item())) {
      return store.delete(tenant, id);
    }
    // A series' occurrences go with it, under the scope's lock so that no check sees half a series.
    return store.inScope(found.get().keys().scope(), () -> {
      dropOccurrences(found.get());
      return store.delete(tenant, id);
    });
  }

  /**
   * Deletes the materialised occurrences of a stored series. Their ids are derived from the rule again when an expander
   * is available; the tenant's items are also scanned for occurrences linked to the series, so that none is left
   * behind when the rule's expansion differs (another expander version) or no expander is on the class path.
   */
  private void dropOccurrences(StoredItem master) {
    java.util.Set<String> gone = new java.util.HashSet<>();
    if (occurrences.isPresent()) {
      for (Occurrences.Occurrence o : occurrences.get().of(master.item())) {
        String oid = Occurrences.id(master.id(), o);
        if (store.delete(master.tenant(), oid)) {
          gone.add(oid);
        }
      }
    }
    Optional<String> after = Optional.empty();
    List<String> orphans = new ArrayList<>();
    do {
      Page page = store.list(Optional.of(master.tenant()), after, 1000);
      for (StoredItem i : page.items()) {
        if (Occurrences.seriesOf(i).filter(master.id()::equals).isPresent() && !gone.contains(i.id())) {
          orphans.add(i.id());
        }
      }
      after = page.nextAfter();
    } while (after.isPresent());
    orphans.forEach(o -> store.delete(master.tenant(), o));
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

  private StoredItem create(ItemPreparer.Prepared p, Map<String, float[]> vectors, Optional<String> id,
      boolean bypassed, String note, Optional<List<Occurrences.Occurrence>> series) {
    Instant now = clock.instant();
    String newId = id.orElseGet(ids);
    // A series' master has no time of its own: only its occurrences are found by time, so that it never matches twice.
    dev.deja.core.item.ItemKeys keys = series.isEmpty() ? p.keys() : masterKeys(p.keys());
    StoredItem item = new StoredItem(newId, p.tenant(), p.item(), keys, vectors, 1, now, now,
        List.of(new HistoryEntry(now, bypassed ? "CREATED_BYPASS" : "CREATED", Optional.empty(), note)));
    store.insert(item);
    series.ifPresent(occs -> materialise(item, occs));
    return item;
  }

  /** Stores one item per occurrence of a series, each found by its own time and linked to its master. */
  private void materialise(StoredItem master, List<Occurrences.Occurrence> occs) {
    Instant now = clock.instant();
    for (Occurrences.Occurrence o : occs) {
      ItemPreparer.Prepared op = preparer.prepare(master.tenant(), o.item());
      store.insert(new StoredItem(Occurrences.id(master.id(), o), master.tenant(),
          Occurrences.linked(o, master.id()), op.keys(), master.vectors(), 1, now, now,
          List.of(new HistoryEntry(now, "OCCURRENCE", Optional.empty(), "occurrence " + o.start()
              + " of series " + master.id()))));
    }
  }

  /** A series' master keys: without a time, so that only its occurrences are found by time (never the master too). */
  private static dev.deja.core.item.ItemKeys masterKeys(dev.deja.core.item.ItemKeys k) {
    return new dev.deja.core.item.ItemKeys(k.scope(), k.status(), k.keys(), k.terms(), Optional.empty());
  }

  private StoredItem merge(ItemPreparer.Prepared p, Map<String, float[]> vectors, Match best) {
    Instant now = clock.instant();
    StoredItem existing = store.find(p.tenant(), best.id()).orElseThrow(
        () -> new IllegalStateException("matched item " + best.id() + " vanished inside its scope lock"));
    String note = "merged a duplicate (similarity " + Explanation.format(best.score()) + ", stage " + best.stage()
        + ")";
    StoredItem merged;
    if (spec.policy().merge() == PolicySpec.MergeStrategy.REPLACE) {
      // Replacing a series replaces its occurrences: the old ones go, the new item's (if it is a series) come.
      boolean wasSeries = isSeries(existing.item());
      boolean isSeries = isSeries(p.item());
      List<Occurrences.Occurrence> occs = isSeries ? occurrences().of(p.item()) : List.of();
      if (wasSeries) {
        dropOccurrences(existing);
      }
      StoredItem replaced = existing.withItem(p.item(), isSeries ? masterKeys(p.keys()) : p.keys(), vectors);
      merged = replaced.touched(now, new HistoryEntry(now, "REPLACED", Optional.of(existing.item()), note
          + "; previous fields kept here"));
      if (isSeries) {
        store.replace(merged);
        materialise(merged, occs);
        return merged;
      }
    } else {
      merged = existing.touched(now, new HistoryEntry(now, "MERGED", Optional.of(p.item()), note));
    }
    store.replace(merged);
    return merged;
  }

  private Verdict decide(ItemPreparer.Prepared p, Optional<String> excludeId, ProbeVectors vectors) {
    Optional<TimeSpan> time = p.keys().time();
    CandidateQuery q = new CandidateQuery(p.keys().scope(), spec.excludedStatuses(), excludeId,
        preparer.timeFilters(time), time.map(t -> OptionalLong.of(t.startMillis())).orElse(OptionalLong.empty()),
        spec.candidates().windowScan() && time.isPresent(), p.queryKeys(), p.keys().terms(),
        spec.candidates().maxPerLookup());
    Map<String, Candidate> byId = new java.util.TreeMap<>();
    for (Candidate c : store.candidates(q)) {
      byId.put(c.id(), c);
    }
    for (VectorStage s : vectorStages) {
      float[] v = vectors.vectors().get(s.vectorName());
      if (v == null || !(store instanceof VectorIndex vi)) {
        continue;
      }
      for (VectorIndex.ScoredCandidate hit : vi.nearest(q, s.vectorName(), v, s.neighbours())) {
        Candidate known = byId.get(hit.candidate().id());
        if (known == null) {
          byId.put(hit.candidate().id(), hit.candidate());
        } else {
          java.util.Set<String> src = new java.util.TreeSet<>(known.sources());
          src.add("vector");
          byId.put(known.id(), new Candidate(known.item(), src));
        }
      }
    }
    List<Candidate> candidates = new ArrayList<>(byId.values());
    Probe probe = new Probe(p.tenant(), p.item(), time, vectors.vectors());

    Explanation.Builder root = Explanation.of("verdict", spec.name());
    Explanation.Builder scopeNode = Explanation.of("scope", "scope").result("info")
        .message("only items of tenant '" + p.tenant() + "' with equal scope fields"
            + (spec.excludedStatuses().isEmpty() ? "" : ", status not in " + spec.excludedStatuses())
            + (excludeId.map(id -> ", excluding " + id).orElse("")) + " are compared");
    p.scopeValues().forEach(scopeNode::evidence);
    root.detail(scopeNode.build());
    Map<String, Long> bySource = candidates.stream().flatMap(c -> c.sources().stream())
        .collect(Collectors.groupingBy(s -> s, java.util.TreeMap::new, Collectors.counting()));
    Explanation.Builder candNode = Explanation.of("candidates", "candidates").result("info")
        .message(candidates.size() + " candidate(s), at most " + spec.candidates().maxPerLookup() + " per lookup");
    bySource.forEach(candNode::evidence);
    root.detail(candNode.build());

    Map<String, StageMatch> matched = new LinkedHashMap<>();
    Map<String, String> matchedStage = new HashMap<>();
    List<String> warnings = new ArrayList<>(vectors.warnings());
    for (int i = 0; i < stages.size(); i++) {
      Stage s = stages.get(i);
      List<Candidate> remaining = new ArrayList<>();
      for (Candidate c : candidates) {
        StageMatch m = matched.get(c.id());
        if (m == null || m.level() != Outcome.DUPLICATE) {
          remaining.add(c);
        }
      }
      StageResult r = s.evaluate(probe, remaining);
      warnings.addAll(r.warnings());
      root.detail(r.explanation());
      for (StageMatch m : r.matches()) {
        if (!byId.containsKey(m.id())) {
          throw new IllegalStateException("stage " + s.name() + " matched " + m.id() + ", which is not a candidate");
        }
        StageMatch prev = matched.get(m.id());
        if (prev == null || prev.level() == Outcome.POSSIBLE_DUPLICATE && m.level() == Outcome.DUPLICATE) {
          matched.put(m.id(), m);
          matchedStage.put(m.id(), s.name());
        }
      }
      if (spec.earlyTermination() && !r.matches().isEmpty()) {
        if (i + 1 < stages.size()) {
          root.detail(Explanation.of("cascade", "early_termination").result("info")
              .message("stopped after stage '" + s.name() + "' found a match; later stages did not run").build());
        }
        break;
      }
    }

    List<Match> matches = new ArrayList<>();
    for (Map.Entry<String, StageMatch> e : matched.entrySet()) {
      Candidate c = byId.get(e.getKey());
      StageMatch m = e.getValue();
      String stageName = matchedStage.get(e.getKey());
      Outcome level = m.level();
      List<Explanation> details = new ArrayList<>();
      details.add(Explanation.of("candidates", "candidates").result("info")
          .message("found by " + String.join(", ", c.sources())).build());
      details.add(m.explanation());
      windowNode(time, c.item()).ifPresent(details::add);
      boolean vetoed = false;
      for (Guard g : guards) {
        if (!g.appliesTo(stageTypes.get(stageName))) {
          continue;
        }
        GuardDecision d = g.inspect(probe, c.item(), m);
        details.add(d.explanation());
        if (d.effect() == GuardDecision.Effect.VETO) {
          vetoed = true;
          break;
        }
        if (d.effect() == GuardDecision.Effect.DOWNGRADE) {
          level = Outcome.POSSIBLE_DUPLICATE;
        }
      }
      if (vetoed) {
        root.detail(Explanation.of("match", c.id()).result("veto")
            .message("vetoed by a guard: " + details.get(details.size() - 1).message()).details(details).build());
        continue;
      }
      Explanation ex = Explanation.of("match", c.id()).result(level == Outcome.DUPLICATE ? "match" : "possible")
          .message(m.explanation().message()).score(m.score()).details(details).build();
      matches.add(new Match(c.id(), m.score(), level, stageName, c.item(), ex));
    }
    matches.sort(Match.ORDER);
    Outcome outcome = outcomeOf(matches);
    root.result(outcome.name().toLowerCase(java.util.Locale.ROOT))
        .message(outcome == Outcome.NEW ? "no stored item duplicates the new one"
            : matches.size() + " match(es); best: " + matches.get(0).id() + " via " + matches.get(0).stage());
    return new Verdict(outcome, matches, root.build(), warnings);
  }

  private static Optional<Explanation> windowNode(Optional<TimeSpan> mine, StoredItem other) {
    if (mine.isEmpty() || other.keys().time().isEmpty()) {
      return Optional.empty();
    }
    TimeSpan a = mine.get();
    TimeSpan b = other.keys().time().get();
    Explanation.Builder e = Explanation.of("window", "time").result("pass");
    if (a.allDay() && b.allDay()) {
      e.message(a.startDay() == b.startDay() && a.endDay() == b.endDay() ? "all-day on the same date(s)"
          : "all-day on overlapping dates");
    } else if (!a.allDay() && !b.allDay()) {
      long minutes = Duration.ofMillis(b.startMillis() - a.startMillis()).toMinutes();
      e.message("starts " + Math.abs(minutes) + " minute(s) " + (minutes >= 0 ? "after" : "before") + " the new item")
          .evidence("time_delta_minutes", minutes);
    } else {
      e.message("a timed and an all-day item on the same date");
    }
    return Optional.of(e.build());
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
