package dev.deja.calendar;

import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.store.CollectionStore;
import dev.deja.format.Presets;
import dev.deja.testkit.HashingEmbedder;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/** Shared fixtures: the calendar preset with the deterministic hashing embedder standing in for MiniLM. */
final class CalendarTests {
  static final Clock CLOCK = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);

  private CalendarTests() {}

  static EmbedderProvider embedders() {
    return EmbedderProvider.of(Map.of("all-minilm-l6-v2", new HashingEmbedder("all-minilm-l6-v2", 384)));
  }

  static CollectionSpec calendarSpec() {
    return Presets.spec("calendar").withName("family");
  }

  static DejaCollection collection(CollectionStore store) {
    AtomicLong seq = new AtomicLong();
    return DejaCollection.builder(calendarSpec()).store(store).embedders(embedders()).clock(CLOCK)
        .ids(() -> "ev-" + seq.incrementAndGet()).build();
  }
}
