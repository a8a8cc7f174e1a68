package dev.deja.testkit;

import dev.deja.core.index.Candidate;
import dev.deja.core.index.CandidateQuery;
import dev.deja.core.item.ItemKeys;
import dev.deja.core.item.StoredItem;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The candidate lookup contract written as plainly as possible, to compare real indexes against: scan every item,
 * apply the filter, compute each lookup, cap, union, sort by id.
 */
public final class ReferenceCandidates {
  private ReferenceCandidates() {}

  public static List<Candidate> candidates(List<StoredItem> all, CandidateQuery q) {
    List<StoredItem> admitted = new ArrayList<>();
    for (StoredItem i : all) {
      if (q.admits(i)) {
        admitted.add(i);
      }
    }
    Map<String, Set<String>> sources = new TreeMap<>();
    if (q.windowScan()) {
      List<StoredItem> w = new ArrayList<>(admitted);
      w.sort(Comparator.comparingLong(q::timeDistance).thenComparing(StoredItem::id));
      for (StoredItem i : w.subList(0, Math.min(q.maxPerLookup(), w.size()))) {
        sources.computeIfAbsent(i.id(), k -> new TreeSet<>()).add("window");
      }
    }
    if (!q.keys().isEmpty()) {
      List<StoredItem> k = new ArrayList<>();
      for (StoredItem i : admitted) {
        boolean any = false;
        for (String key : i.keys().keys()) {
          if (q.keys().contains(key)) {
            any = true;
          }
        }
        if (any) {
          k.add(i);
        }
      }
      k.sort(Comparator.comparing(StoredItem::id));
      for (StoredItem i : k.subList(0, Math.min(q.maxPerLookup(), k.size()))) {
        for (String key : i.keys().keys()) {
          if (q.keys().contains(key)) {
            sources.computeIfAbsent(i.id(), x -> new TreeSet<>()).add(ItemKeys.sourceOf(key));
          }
        }
      }
    }
    if (!q.terms().isEmpty()) {
      List<StoredItem> t = new ArrayList<>();
      Map<String, Integer> shared = new TreeMap<>();
      for (StoredItem i : admitted) {
        int n = 0;
        for (String term : i.keys().terms()) {
          if (q.terms().contains(term)) {
            n++;
          }
        }
        if (n > 0) {
          t.add(i);
          shared.put(i.id(), n);
        }
      }
      t.sort(Comparator.<StoredItem>comparingInt(i -> -shared.get(i.id())).thenComparing(StoredItem::id));
      for (StoredItem i : t.subList(0, Math.min(q.maxPerLookup(), t.size()))) {
        sources.computeIfAbsent(i.id(), x -> new TreeSet<>()).add("lexical");
      }
    }
    Map<String, StoredItem> byId = new TreeMap<>();
    for (StoredItem i : admitted) {
      byId.put(i.id(), i);
    }
    List<Candidate> out = new ArrayList<>();
    sources.forEach((id, s) -> out.add(new Candidate(byId.get(id), s)));
    return out;
  }
}
