package dev.deja.core.cascade;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.guard.Lexicon;
import dev.deja.core.lexical.WordKnowledge;
import dev.deja.core.lexical.WordRelation;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The {@code defined} signal reads definitions only for a stage that weighs it, alone or in a product. */
class PairFeaturesDefinitionsTest {
  private static final String A = "My husband doesn't eat meat.";
  private static final String B = "My husband is vegetarian.";

  /** Knows one definition, and counts how often definitions are asked for. */
  private static final class Definitions implements WordKnowledge {
    final AtomicInteger asked = new AtomicInteger();

    @Override
    public String source() {
      return "test";
    }

    @Override
    public WordRelation relate(String a, String b) {
      return new WordRelation(WordRelation.Kind.UNKNOWN, "");
    }

    @Override
    public Set<String> definitionWords(String word) {
      asked.incrementAndGet();
      return word.equals("vegetarian") ? Set.of("someone", "who", "eats", "no", "meat") : Set.of();
    }
  }

  private static double[] values(List<String> names, WordKnowledge k) {
    PairFeatures f = new PairFeatures(names, "test", Lexicon.ENGLISH, k, Duration.ZERO);
    return f.complete(f.cheap(A, B, A, B, 0.5, Optional.empty(), Optional.empty()), A, B).values();
  }

  @Test
  void aStageThatWeighsDefinedGetsIt() {
    Definitions k = new Definitions();
    assertThat(values(List.of("defined"), k)[0]).isEqualTo(1.0);
    assertThat(values(List.of("defined*sequence", "sequence"), k)[0]).isPositive();
  }

  @Test
  void aStageThatDoesNotReadsNoDefinition() {
    Definitions k = new Definitions();
    values(List.of("matched_share", "sequence", "negation_mismatch*sequence"), k);
    assertThat(k.asked).hasValue(0);
  }
}
