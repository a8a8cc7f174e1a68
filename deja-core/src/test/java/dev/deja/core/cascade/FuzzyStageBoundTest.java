package dev.deja.core.cascade;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.Match;
import dev.deja.core.engine.Outcome;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.item.Item;
import dev.deja.core.measure.SequenceMeasure;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.SpecReader;
import dev.deja.core.store.MemoryCollectionStore;
import dev.deja.core.testing.Seeds;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The fuzzy stage skips candidates whose {@link dev.deja.core.measure.Measure#upperBound upper bound} is below its
 * lowest reported score: what it reports must be exactly what comparing every candidate reports.
 */
class FuzzyStageBoundTest {

  private static final String[] WORDS = {"tea", "green", "likes", "user", "coffee", "morning", "black", "prefers",
      "sugar", "without", "milk", "evening", "drinks", "never"};

  private static DejaCollection collection() {
    Map<String, Object> stages = new LinkedHashMap<>();
    stages.put("fuzzy", Map.of("type", "fuzzy", "field", "text", "measure", "sequence", "similarity_threshold", 0.9,
        "possible_threshold", 0.8, "lexical", "words"));
    CollectionSpec spec = SpecReader.read(Map.of("name", "facts", "fields", Map.of("text", Map.of("type", "text")),
        "stages", stages), "facts");
    AtomicLong ids = new AtomicLong();
    return DejaCollection.builder(spec).store(new MemoryCollectionStore("facts"))
        .ids(() -> "f" + ids.incrementAndGet()).build();
  }

  /** "base" and three to eight words of a small vocabulary: every fact shares "base", many are near each other. */
  private static String fact(Random r, List<String> earlier) {
    if (!earlier.isEmpty() && r.nextInt(3) == 0) {
      // One word changed, added or dropped from an earlier fact: near it, often above the thresholds.
      List<String> words = new ArrayList<>(List.of(earlier.get(r.nextInt(earlier.size())).split(" ")));
      int at = 1 + r.nextInt(words.size() - 1);
      switch (r.nextInt(3)) {
        case 0 -> words.set(at, WORDS[r.nextInt(WORDS.length)]);
        case 1 -> words.add(at, WORDS[r.nextInt(WORDS.length)]);
        default -> {
          if (words.size() > 2) {
            words.remove(at);
          }
        }
      }
      return String.join(" ", words);
    }
    StringBuilder sb = new StringBuilder("base");
    for (int i = 3 + r.nextInt(6); i > 0; i--) {
      sb.append(' ').append(WORDS[r.nextInt(WORDS.length)]);
    }
    return sb.toString();
  }

  @Test
  void reportsWhatComparingEveryCandidateReports() {
    Random r = Seeds.random("fuzzy bound");
    int skippable = 0;
    int reported = 0;
    for (int round = 0; round < 40; round++) {
      DejaCollection c = collection();
      List<String> texts = new ArrayList<>();
      Map<String, String> byId = new TreeMap<>();
      for (int i = 0; i < 40; i++) {
        String text = fact(r, texts);
        texts.add(text);
        String id = "s" + i;
        c.put(new PutRequest("t", Optional.of(id), Item.of("text", text), true));
        byId.put(id, text);
      }
      String probe = fact(r, texts);
      Map<String, Outcome> expected = new TreeMap<>();
      for (Map.Entry<String, String> e : byId.entrySet()) {
        double s = SequenceMeasure.INSTANCE.similarity(probe, e.getValue());
        if (SequenceMeasure.INSTANCE.upperBound(probe, e.getValue()) < 0.8) {
          skippable++;
        }
        if (s >= 0.9) {
          expected.put(e.getKey(), Outcome.DUPLICATE);
        } else if (s >= 0.8) {
          expected.put(e.getKey(), Outcome.POSSIBLE_DUPLICATE);
        }
      }
      Map<String, Outcome> actual = new TreeMap<>();
      for (Match m : c.check(CheckRequest.of("t", Item.of("text", probe))).matches()) {
        actual.put(m.id(), m.level());
        assertThat(m.score()).isEqualTo(SequenceMeasure.INSTANCE.similarity(probe, byId.get(m.id())));
      }
      assertThat(actual).as("probe '%s', %s", probe, Seeds.describe()).isEqualTo(expected);
      reported += actual.size();
    }
    // Not vacuous: pairs were skipped, and matches and possible ones were reported.
    assertThat(skippable).isGreaterThan(100);
    assertThat(reported).isGreaterThan(20);
  }
}
