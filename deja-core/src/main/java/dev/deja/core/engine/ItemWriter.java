package dev.deja.core.engine;

import dev.deja.core.InvalidInputException;
import dev.deja.core.explain.Explanation;
import dev.deja.core.item.HistoryEntry;
import dev.deja.core.item.Item;
import dev.deja.core.item.ItemKeys;
import dev.deja.core.item.StoredItem;
import dev.deja.core.recur.Occurrences;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.PolicySpec;
import dev.deja.core.store.CollectionStore;
import dev.deja.core.store.Page;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * What a collection writes to its store once the policy has decided: a new item (a series with its materialised
 * occurrences), a merge into an existing one, and the removal of a series' occurrences. The caller holds the scope's
 * lock.
 *
 * <p>Thread-safe: immutable; the store is thread-safe.
 */
final class ItemWriter {
  private final CollectionSpec spec;
  private final CollectionStore store;
  private final Clock clock;
  private final Supplier<String> ids;
  private final ItemPreparer preparer;
  private final Optional<Occurrences> occurrences;

  ItemWriter(CollectionSpec spec, CollectionStore store, Clock clock, Supplier<String> ids, ItemPreparer preparer,
      Optional<Occurrences> occurrences) {
    this.spec = spec;
    this.store = store;
    this.clock = clock;
    this.ids = ids;
    this.preparer = preparer;
    this.occurrences = occurrences;
  }

  /** Whether the item is a recurring series (the collection has recurrence and the item a rule). */
  boolean isSeries(Item item) {
    return spec.recurrence().isPresent() && Occurrences.isSeries(spec.recurrence().get(), item);
  }

  /** The expander of this collection's series; refused when none is on the class path. */
  Occurrences occurrences() {
    return occurrences.orElseThrow(() -> new InvalidInputException("field '" + spec.recurrence().get().ruleField()
        + "': recurring items need a recurrence expander, and none is on the class path (add deja-calendar)"));
  }

  StoredItem create(ItemPreparer.Prepared p, Map<String, float[]> vectors, Optional<String> id,
      boolean bypassed, String note, Optional<List<Occurrences.Occurrence>> series) {
    Instant now = clock.instant();
    String newId = id.orElseGet(ids);
    // A series' master has no time of its own: only its occurrences are found by time, so that it never matches twice.
    ItemKeys keys = series.isEmpty() ? p.keys() : masterKeys(p.keys());
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
  private static ItemKeys masterKeys(ItemKeys k) {
    return new ItemKeys(k.scope(), k.status(), k.keys(), k.terms(), Optional.empty());
  }

  StoredItem merge(ItemPreparer.Prepared p, Map<String, float[]> vectors, Match best) {
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

  /**
   * Deletes the materialised occurrences of a stored series. Their ids are derived from the rule again when an expander
   * is available; the tenant's items are also scanned for occurrences linked to the series, so that none is left
   * behind when the rule's expansion differs (another expander version) or no expander is on the class path.
   */
  void dropOccurrences(StoredItem master) {
    Set<String> gone = new HashSet<>();
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
}
