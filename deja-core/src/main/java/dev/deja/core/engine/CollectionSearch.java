package dev.deja.core.engine;

import dev.deja.core.InvalidInputException;
import dev.deja.core.cascade.Probe;
import dev.deja.core.cascade.Scorer;
import dev.deja.core.cascade.Stage;
import dev.deja.core.cascade.VectorStage;
import dev.deja.core.explain.Explanation;
import dev.deja.core.index.Candidate;
import dev.deja.core.index.CandidateQuery;
import dev.deja.core.index.TimeFilter;
import dev.deja.core.index.VectorIndex;
import dev.deja.core.item.Item;
import dev.deja.core.recur.Occurrences;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.store.CollectionStore;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;

/**
 * Search in a collection: stored items similar to a text, scored by the collection's first scoring stage.
 *
 * <p>Thread-safe: immutable; the stages and store are thread-safe.
 */
final class CollectionSearch {
  private final CollectionSpec spec;
  private final CollectionStore store;
  private final List<Stage> stages;
  private final List<VectorStage> vectorStages;
  private final ItemPreparer preparer;

  CollectionSearch(CollectionSpec spec, CollectionStore store, List<Stage> stages, List<VectorStage> vectorStages,
      ItemPreparer preparer) {
    this.spec = spec;
    this.store = store;
    this.stages = List.copyOf(stages);
    this.vectorStages = List.copyOf(vectorStages);
    this.preparer = preparer;
  }

  /** See {@link DejaCollection#search}. */
  List<SearchHit> search(SearchRequest request) {
    Scorer scorer = stages.stream().filter(s -> s instanceof Scorer).map(s -> (Scorer) s).findFirst()
        .orElseThrow(() -> new InvalidInputException(
            "collection '" + spec.name() + "' has no fuzzy, semantic or combined stage to search with"));
    Item probeItem = request.scope().with(scorer.field(), request.text());
    ItemPreparer.Prepared p = preparer.prepareForSearch(request.tenant(), probeItem);
    List<TimeFilter> time = new ArrayList<>();
    OptionalLong near = OptionalLong.empty();
    if (spec.window().isPresent() && (request.from().isPresent() || request.to().isPresent())) {
      long from = request.from().map(Instant::toEpochMilli).orElse(Long.MIN_VALUE / 4);
      long to = request.to().map(Instant::toEpochMilli).orElse(Long.MAX_VALUE / 4);
      ZoneId zone = spec.window().get().defaultZone();
      long fromDay = request.from().map(i -> i.atZone(zone).toLocalDate().toEpochDay()).orElse(Long.MIN_VALUE / 4);
      long toDay = request.to().map(i -> i.atZone(zone).toLocalDate().toEpochDay()).orElse(Long.MAX_VALUE / 4);
      time.add(new TimeFilter(TimeFilter.Kind.TIMED_START_BETWEEN, from, to));
      time.add(new TimeFilter(TimeFilter.Kind.ALL_DAY_OVERLAPPING, fromDay, toDay));
      near = request.from().isPresent() ? OptionalLong.of(from) : OptionalLong.empty();
    }
    int cap = Math.max(spec.candidates().maxPerLookup(), request.limit() * 5);
    CandidateQuery q = new CandidateQuery(p.keys().scope(), spec.excludedStatuses(), Optional.empty(), time, near,
        !time.isEmpty(), p.queryKeys(), p.keys().terms(), cap);
    Map<String, Candidate> byId = new TreeMap<>();
    for (Candidate c : store.candidates(q)) {
      byId.put(c.id(), c);
    }
    ProbeVectors vectors = ProbeVectors.of(vectorStages, probeItem);
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
      OptionalDouble score = scorer.score(probe, c.item());
      if (score.isEmpty() || score.getAsDouble() < threshold) {
        continue;
      }
      OptionalLong distance = near.isPresent() && c.item().keys().time().isPresent()
          ? OptionalLong.of(Math.abs(c.item().keys().time().get().startMillis() - near.getAsLong()))
          : OptionalLong.empty();
      hits.add(new SearchHit(c.item(), score.getAsDouble(), distance, Explanation.of("search", scorer.name())
          .result("match").score(score.getAsDouble()).threshold(threshold)
          .message(scorer.type() + " similarity of '" + request.text() + "' and '"
              + c.item().item().findString(scorer.field()).orElse("") + "'")
          .evidence("found_by", String.join(", ", c.sources())).build()));
    }
    Comparator<SearchHit> bySimilarity = Comparator.comparingDouble(SearchHit::score).reversed()
        .thenComparing(h -> h.item().id());
    if (near.isPresent()) {
      hits.sort(Comparator.<SearchHit>comparingLong(h -> h.timeDistanceMillis().orElse(Long.MAX_VALUE))
          .thenComparing(bySimilarity));
    } else {
      hits.sort(bySimilarity);
    }
    if (spec.recurrence().isPresent()) {
      // One hit per series: its best-placed occurrence (or its master, in a search without a time range).
      Set<String> seen = new HashSet<>();
      hits.removeIf(h -> !seen.add(Occurrences.seriesOf(h.item()).orElse(h.item().id())));
    }
    return hits.size() > request.limit() ? List.copyOf(hits.subList(0, request.limit())) : List.copyOf(hits);
  }
}
