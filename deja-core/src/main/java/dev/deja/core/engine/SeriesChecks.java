package dev.deja.core.engine;

import dev.deja.core.explain.Explanation;
import dev.deja.core.recur.Occurrences;
import dev.deja.core.spec.CollectionSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Checks in a collection with recurrence: a new series is checked occurrence by occurrence, and matches on stored
 * series' materialised occurrences are shown as matches on their series.
 *
 * <p>Thread-safe: immutable.
 */
final class SeriesChecks {
  private final CollectionSpec spec;
  private final ItemPreparer preparer;
  private final Checker checker;
  private final String displayField;

  SeriesChecks(CollectionSpec spec, ItemPreparer preparer, Checker checker, String displayField) {
    this.spec = spec;
    this.preparer = preparer;
    this.checker = checker;
    this.displayField = displayField;
  }

  /** The verdict on a single item, its matches on occurrences named by their series. */
  Verdict single(ItemPreparer.Prepared p, Optional<String> excludeId, ProbeVectors vectors) {
    return seriesView(checker.decide(p, excludeId, vectors), excludeId);
  }

  /** The verdict on a single item against given candidates (no lookup), its matches on occurrences named by series. */
  Verdict singleAmong(ItemPreparer.Prepared p, Optional<String> excludeId, ProbeVectors vectors,
      List<dev.deja.core.index.Candidate> candidates) {
    return seriesView(checker.decideAmong(p, excludeId, vectors, candidates, List.of()), excludeId);
  }

  /**
   * A series is checked occurrence by occurrence (each within the horizon, through the ordinary time-window lookup);
   * the matches of all occurrences are merged, one per stored series or item (its best).
   */
  Verdict series(ItemPreparer.Prepared master, Optional<String> excludeId, ProbeVectors vectors,
      List<Occurrences.Occurrence> occs) {
    Map<String, Match> best = new LinkedHashMap<>();
    List<String> warnings = new ArrayList<>(vectors.warnings());
    Explanation.Builder root = Explanation.of("verdict", spec.name());
    int shown = 0;
    int withMatches = 0;
    for (Occurrences.Occurrence o : occs) {
      ItemPreparer.Prepared p = preparer.prepare(master.tenant(), o.item());
      Verdict v = single(p, excludeId, vectors.withoutWarnings());
      if (v.matches().isEmpty()) {
        continue;
      }
      withMatches++;
      if (shown++ < 3) {
        root.detail(Explanation.of("occurrence", o.start()).result(v.outcome().name().toLowerCase(Locale.ROOT))
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
    Outcome outcome = Checker.outcomeOf(matches);
    root.result(outcome.name().toLowerCase(Locale.ROOT))
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
    Outcome outcome = Checker.outcomeOf(matches);
    Explanation explanation = excluded == 0 ? v.explanation() : Explanation.of("verdict", spec.name())
        .result(outcome.name().toLowerCase(Locale.ROOT))
        .message(excluded + " match(es) on occurrences of the excluded series " + excludeId.orElse("")
            + " dropped" + (matches.isEmpty() ? "; no other stored item duplicates the new one" : ""))
        .evidence("exclude_id", excludeId.orElse("")).detail(v.explanation()).build();
    return new Verdict(outcome, matches, explanation, v.warnings());
  }
}
