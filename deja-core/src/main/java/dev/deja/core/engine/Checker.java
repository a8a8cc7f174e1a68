package dev.deja.core.engine;

import dev.deja.core.cascade.Probe;
import dev.deja.core.cascade.Stage;
import dev.deja.core.cascade.StageMatch;
import dev.deja.core.cascade.StageResult;
import dev.deja.core.cascade.VectorStage;
import dev.deja.core.explain.Explanation;
import dev.deja.core.guard.Guard;
import dev.deja.core.guard.GuardDecision;
import dev.deja.core.index.Candidate;
import dev.deja.core.index.CandidateQuery;
import dev.deja.core.index.DegradableIndex;
import dev.deja.core.index.VectorIndex;
import dev.deja.core.item.StoredItem;
import dev.deja.core.item.TimeSpan;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.store.CollectionStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The check of one prepared item against a collection's store: the scoped candidate lookup (keys, lexical terms,
 * nearest neighbours), the stages in cascade order, the guards on each match, and the explanation of it all. The
 * series logic and the policy live elsewhere ({@link SeriesChecks}, {@link DejaCollection#put}).
 *
 * <p>Thread-safe: immutable once built; the stages, guards and store are thread-safe.
 */
final class Checker {
  private final CollectionSpec spec;
  private final CollectionStore store;
  private final List<Stage> stages;
  private final List<VectorStage> vectorStages;
  private final Map<String, String> stageTypes;
  private final List<Guard> guards;
  private final ItemPreparer preparer;

  Checker(CollectionSpec spec, CollectionStore store, List<Stage> stages, List<Guard> guards, ItemPreparer preparer) {
    this.spec = spec;
    this.store = store;
    this.stages = List.copyOf(stages);
    List<VectorStage> vs = new ArrayList<>();
    Map<String, String> types = new HashMap<>();
    for (Stage s : stages) {
      if (s instanceof VectorStage v) {
        vs.add(v);
      }
      types.put(s.name(), s.type());
    }
    this.vectorStages = List.copyOf(vs);
    this.stageTypes = Map.copyOf(types);
    this.guards = List.copyOf(guards);
    this.preparer = preparer;
  }

  /** The stages that need an embedding of the new item. */
  List<VectorStage> vectorStages() {
    return vectorStages;
  }

  /** The embeddings of an item for the vector stages (warnings for stages whose embedder failed open). */
  ProbeVectors embed(dev.deja.core.item.Item item) {
    return ProbeVectors.of(vectorStages, item);
  }

  /** NEW when nothing matches, DUPLICATE when any match is one, else POSSIBLE_DUPLICATE. */
  static Outcome outcomeOf(List<Match> matches) {
    return matches.isEmpty() ? Outcome.NEW
        : matches.stream().anyMatch(m -> m.level() == Outcome.DUPLICATE) ? Outcome.DUPLICATE
        : Outcome.POSSIBLE_DUPLICATE;
  }

  /** The verdict on one prepared item (an occurrence of a series is one item here). */
  Verdict decide(ItemPreparer.Prepared p, Optional<String> excludeId, ProbeVectors vectors) {
    Optional<TimeSpan> time = p.keys().time();
    CandidateQuery q = new CandidateQuery(p.keys().scope(), spec.excludedStatuses(), excludeId,
        preparer.timeFilters(time), time.map(t -> OptionalLong.of(t.startMillis())).orElse(OptionalLong.empty()),
        spec.candidates().windowScan() && time.isPresent(), p.queryKeys(), p.keys().terms(),
        spec.candidates().maxPerLookup());
    // A store that can answer without its backing service (CalDAV's fail_open) says so; the verdict carries it.
    DegradableIndex.Lookup lookup = store instanceof DegradableIndex d ? d.lookup(q)
        : new DegradableIndex.Lookup(store.candidates(q), List.of());
    Map<String, Candidate> byId = new TreeMap<>();
    for (Candidate c : lookup.candidates()) {
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
          Set<String> src = new TreeSet<>(known.sources());
          src.add("vector");
          byId.put(known.id(), new Candidate(known.item(), src));
        }
      }
    }
    return decideAmong(p, excludeId, vectors, new ArrayList<>(byId.values()), lookup.warnings());
  }

  /**
   * The verdict on one prepared item against exactly these candidates (the lookup is done: by the store in
   * {@link #decide}, or by a caller that gathers candidates itself, such as a batch job's joins).
   *
   * @param candidates distinct by id
   * @param lookupWarnings what the lookup that found them warns of (a store that failed open)
   */
  Verdict decideAmong(ItemPreparer.Prepared p, Optional<String> excludeId, ProbeVectors vectors,
      List<Candidate> found, List<String> lookupWarnings) {
    Optional<TimeSpan> time = p.keys().time();
    Map<String, Candidate> byId = new TreeMap<>();
    for (Candidate c : found) {
      if (byId.put(c.id(), c) != null) {
        throw new IllegalArgumentException("candidate " + c.id() + " is given twice");
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
        .collect(Collectors.groupingBy(s -> s, TreeMap::new, Collectors.counting()));
    Explanation.Builder candNode = Explanation.of("candidates", "candidates").result("info")
        .message(candidates.size() + " candidate(s), at most " + spec.candidates().maxPerLookup() + " per lookup");
    bySource.forEach(candNode::evidence);
    root.detail(candNode.build());
    for (String w : lookupWarnings) {
      root.detail(Explanation.of("candidates", "store").result("degraded").message(w).build());
    }

    Map<String, StageMatch> matched = new LinkedHashMap<>();
    Map<String, String> matchedStage = new HashMap<>();
    List<String> warnings = new ArrayList<>(lookupWarnings);
    warnings.addAll(vectors.warnings());
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
      guarded(probe, time, byId.get(e.getKey()), e.getValue(), matchedStage.get(e.getKey()), root)
          .ifPresent(matches::add);
    }
    matches.sort(Match.ORDER);
    Outcome outcome = outcomeOf(matches);
    root.result(outcome.name().toLowerCase(Locale.ROOT))
        .message(outcome == Outcome.NEW ? "no stored item duplicates the new one"
            : matches.size() + " match(es); best: " + matches.get(0).id() + " via " + matches.get(0).stage());
    return new Verdict(outcome, matches, root.build(), warnings);
  }

  /**
   * A stage's match after the guards that apply to its stage's type: empty when one vetoes it (the veto is added to
   * the verdict's explanation), downgraded to POSSIBLE_DUPLICATE when one downgrades it.
   */
  private Optional<Match> guarded(Probe probe, Optional<TimeSpan> time, Candidate c, StageMatch m, String stageName,
      Explanation.Builder root) {
    Outcome level = m.level();
    List<Explanation> details = new ArrayList<>();
    details.add(Explanation.of("candidates", "candidates").result("info")
        .message("found by " + String.join(", ", c.sources())).build());
    details.add(m.explanation());
    windowNode(time, c.item()).ifPresent(details::add);
    for (Guard g : guards) {
      if (!g.appliesTo(stageTypes.get(stageName))) {
        continue;
      }
      GuardDecision d = g.inspect(probe, c.item(), m);
      details.add(d.explanation());
      if (d.effect() == GuardDecision.Effect.VETO) {
        root.detail(Explanation.of("match", c.id()).result("veto")
            .message("vetoed by a guard: " + details.get(details.size() - 1).message()).details(details).build());
        return Optional.empty();
      }
      if (d.effect() == GuardDecision.Effect.DOWNGRADE) {
        level = Outcome.POSSIBLE_DUPLICATE;
      }
    }
    Explanation ex = Explanation.of("match", c.id()).result(level == Outcome.DUPLICATE ? "match" : "possible")
        .message(m.explanation().message()).score(m.score()).details(details).build();
    return Optional.of(new Match(c.id(), m.score(), level, stageName, c.item(), ex));
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
}
