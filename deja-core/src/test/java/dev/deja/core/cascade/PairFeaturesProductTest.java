package dev.deja.core.cascade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import dev.deja.core.guard.Lexicon;
import dev.deja.core.lexical.WordKnowledge;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Products of two features: two text signals, or a text signal and one of the stage's cheap features. */
class PairFeaturesProductTest {
  private static final String A = "Rosa book club";
  private static final String B = "Rosa book club (Las Lectoras)";

  private static double[] values(List<String> names, double cosine) {
    PairFeatures f = new PairFeatures(names, "stage", Lexicon.ENGLISH, WordKnowledge.none(), Duration.ZERO);
    return f.complete(f.cheap(A, B, A, B, cosine, Optional.empty(), Optional.empty()), A, B).values();
  }

  @Test
  void aCheapFactorMultipliesTheSignalByTheStagesOwnValue() {
    double[] x = values(List.of("cosine", "matched_share", "cosine*matched_share", "matched_share*cosine"), 0.8);
    assertThat(x[0]).isEqualTo(0.8);
    assertThat(x[1]).isPositive();
    assertThat(x[2]).isCloseTo(0.8 * x[1], org.assertj.core.data.Offset.offset(1e-12));
    assertThat(x[3]).isEqualTo(x[2]);
    // Without a time, the proximity is 0, and so is its product.
    assertThat(values(List.of("time_proximity", "time_proximity*matched_share"), 0.8)[1]).isZero();
  }

  @Test
  void aCheapFactorMustBeAFeatureOfTheStageAndPairWithASignal() {
    assertThatThrownBy(() -> values(List.of("matched_share", "cosine*matched_share"), 0.8))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("stage.cosine*matched_share")
        .hasMessageContaining("when that is a feature of the stage too");
    assertThatThrownBy(() -> values(List.of("cosine", "time_proximity", "cosine*time_proximity"), 0.8))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("needs at least one text signal");
  }
}
