package com.example.dedupe;

import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.engine.Verdict;
import dev.deja.core.engine.WriteResult;
import dev.deja.core.item.Item;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.store.MemoryCollectionStore;
import dev.deja.format.Presets;

/** Deja from Java: a calendar collection, one event written, a reworded copy of it checked. */
public final class Example {
  private Example() {}

  public static void main(String[] args) {
    CollectionSpec spec = Presets.spec("calendar");            // or DejaConfig.load(path).presetSpec(name, List.of())
    DejaCollection events = DejaCollection.builder(spec)
        .store(new MemoryCollectionStore("events"))             // or LuceneStoreBackend.open(dir).open("events")
        .build();                                               // models and word knowledge come with deja-engine

    String tenant = "family-42";                                // whose items: other tenants' never match
    WriteResult created = events.put(PutRequest.of(tenant,
        Item.of("title", "Soccer practice", "start", "2026-03-04T17:00", "end", "2026-03-04T18:30")));
    System.out.println(created.action() + " " + created.item().orElseThrow().id());

    Verdict v = events.check(CheckRequest.of(tenant,
        Item.of("title", "Kids football training", "start", "2026-03-04T17:30")));
    System.out.println(v.outcome());                           // DUPLICATE
    v.matches().forEach(m -> System.out.println("  " + m.id() + " score " + m.score() + " via " + m.stage()));
    System.out.print(v.explanation().render());                // why, as a tree
  }
}
