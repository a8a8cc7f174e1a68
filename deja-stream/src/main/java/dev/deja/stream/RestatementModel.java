package dev.deja.stream;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The paraphrase layer's judgement: a logistic model that says how likely a later unit restates the earlier unit it
 * shares the most content words with, from evidence that a restatement leaves and a templated or new sentence does
 * not.
 *
 * <table>
 *   <caption>Features (each in [0, 1])</caption>
 *   <tr><th>name</th><th>what</th></tr>
 *   <tr><td>{@code dice}</td><td>weighted Dice of the two units' content-word stems and numbers</td></tr>
 *   <tr><td>{@code restate}</td><td>the later unit opens with a reformulation or summary marker ("In other words",
 *       "To recap", "So", "That means", "Dicho de otro modo", "Kortom"; 1), or has a "so"-particle among its first
 *       words ("Kijk dus eerst", German "also"; 0.5); see {@link Cues}</td></tr>
 *   <tr><td>{@code remind}</td><td>it opens with a reminder ("Remember to", "Don't forget", "Make sure",
 *       "Recuerda", "Lembre-se")</td></tr>
 *   <tr><td>{@code coverage}</td><td>share of its content-word weight already said in the window (any earlier
 *       unit)</td></tr>
 *   <tr><td>{@code new_number}</td><td>it has a number or clock time no earlier unit of the window has</td></tr>
 *   <tr><td>{@code negation}, {@code numbers}, {@code names}, {@code edit}</td><td>the guard of that name (edit:
 *       extension, the later unit adds one or two content words) objects to the pair; see {@link RepeatJudge}</td></tr>
 *   <tr><td>{@code summary}</td><td>an earlier sentence of the unit's paragraph opened with a reformulation or summary
 *       marker: the unit is part of a closing summary ({@link WindowContext#inSummary})</td></tr>
 * </table>
 *
 * <p>Some objections are not features but {@link #VETOES vetoes}: when {@code contrasts} (another weekday, month,
 * part of the day, meal, colour, season or frequency), {@code person} ("she" / "he"), {@code order} ("from Lyon to
 * Paris" / "from Paris to Lyon"), {@code substitution} (the same sentence with its slots filled by other items: "Plant
 * pepper seedlings …" / "Plant tomato seedlings …") or {@code opposite} (the negation guard, when the units have the
 * same content words: "You can cancel online" / "You cannot cancel online") or {@code currency} (the numbers guard,
 * when the units state their amounts in other currencies: "£50" / "$50") objects, the later unit says something
 * else, and the model is not asked — as the chunk, content and semantic layers are vetoed by every guard. None objects
 * to any restatement of the train streams (contrasts, person and substitution to 8, 4 and 3 of their keep units; no
 * drop unit), so a weight fitted on them could only be as strong as the regularisation lets it, and a later "closed on
 * Sunday" after "open on Monday", or "Water the cactus every 14 days" after "Water the fern every 14 days", scored as
 * a restatement.
 *
 * <p>The weights and the bias are fitted on {@code datasets/train/streams} (never on dev) by
 * {@code RestatementModelFitTest}: L2-regularised logistic regression ({@link dev.deja.core.eval.LogisticRegression},
 * l2 = {@value #L2}) on one example per unit that the exact, chunk and content layers leave, with 5-fold
 * cross-validation grouped by stream (seed {@value #SEED}). That test fails when these constants differ from what the
 * data gives, so they are reproducible: {@code mvn -pl deja-stream -am test -Dtest=RestatementModelFitTest
 * -Dsurefire.failIfNoSpecifiedTests=false}. The default {@code paraphrase_threshold} is the lowest probability at
 * which the out-of-fold predictions keep at least 99.5% of the train streams' keep units (see docs/STREAMING.md).
 *
 * <p>Thread-safe: stateless.
 */
public final class RestatementModel {
  private RestatementModel() {}

  /** The feature names, in the order of {@link #WEIGHTS}. */
  public static final List<String> FEATURES = List.of("dice", "restate", "remind", "coverage", "new_number",
      "negation", "numbers", "names", "edit", "summary");

  /** Fitted weights, one per feature (see the class comment for how to reproduce them). */
  static final double[] WEIGHTS = {1.452866, 1.755214, 0.831074, 1.197238, -0.864060, -0.515303, -0.870657,
      -1.331654, 0.036029, 0.497466};
  /** Fitted intercept. */
  static final double BIAS = -1.188275;
  /**
   * The regularisation the weights were fitted with: of 0.3, 1, 3 and 10, the one with the best nested
   * cross-validated drop recall on the train streams, averaged over eight fold assignments (seeds 7, 11, 13, 17, 19,
   * 23, 29, 31: one assignment's differences of one or two units are noise), among those whose nested keep_preserved,
   * averaged the same way, is at least 0.995 (1 loses 2.5 keep units of 461 on average: 0.9946).
   */
  static final double L2 = 3.0;
  /** The out-of-fold threshold the fit gives: the default {@code paraphrase_threshold}. */
  static final double THRESHOLD = 0.52;
  /** The seed of the fold assignment. */
  static final long SEED = 7;

  /** The guards that are features, in {@link #FEATURES} order from {@code negation}. */
  static final List<String> GUARD_FEATURES = List.of("negation", "numbers", "names", "edit");

  /** The guards that veto a restatement: when one objects to a pair, the model is not asked. */
  static final List<String> VETOES = List.of("contrasts", "person", "order", "substitution", "opposite",
      "currency");

  /** The first {@link #VETOES veto} among the guards that object to a pair, if any. */
  static Optional<String> veto(Set<String> conflicts) {
    return VETOES.stream().filter(conflicts::contains).findFirst();
  }

  /**
   * The model's verdict on one pair.
   *
   * @param probability how likely the later unit restates the earlier, in [0, 1]
   * @param features the feature values, in {@link #FEATURES} order
   * @param veto the guard that vetoed the pair (the probability is then 0), or empty
   */
  record Verdict(double probability, double[] features, Optional<String> veto) {
    Verdict {
      features = features.clone();
    }

    /** Whether a guard vetoed the pair. */
    boolean vetoed() {
      return veto.isPresent();
    }

    @Override
    public double[] features() {
      return features.clone();
    }

    /** The evidence in words: the probability and every feature that is not 0, with its weighted share. */
    String explain() {
      if (veto.isPresent()) {
        return "restatement vetoed: " + veto.get();
      }
      List<String> parts = new ArrayList<>();
      for (int i = 0; i < features.length; i++) {
        if (features[i] != 0) {
          parts.add(String.format(Locale.ROOT, "%s %.2f (%+.2f)", FEATURES.get(i), features[i],
              WEIGHTS[i] * features[i]));
        }
      }
      return String.format(Locale.ROOT, "restatement %.2f: %s", probability, String.join(", ", parts));
    }
  }

  /** The probability for a feature vector in {@link #FEATURES} order. */
  static double probability(double[] x) {
    return probability(x, WEIGHTS, BIAS);
  }

  static double probability(double[] x, double[] weights, double bias) {
    double z = bias;
    for (int i = 0; i < x.length; i++) {
      z += weights[i] * x[i];
    }
    return 1 / (1 + Math.exp(-z));
  }

  /**
   * The features of a later unit against an earlier one.
   *
   * @param later the unit that would be removed
   * @param earlier the earlier unit it shares the most content with
   * @param dice their weighted Dice
   * @param window what the earlier units of the window say
   * @param conflicts the guards that object to the pair ({@link #GUARD_FEATURES} names)
   */
  static double[] features(UnitFeatures later, double dice, WindowContext window, Set<String> conflicts) {
    double[] x = new double[FEATURES.size()];
    x[0] = dice;
    x[1] = later.restateCue();
    x[2] = later.remindCue();
    x[3] = window.coverage(later);
    x[4] = window.hasNewNumber(later) ? 1 : 0;
    for (int i = 0; i < GUARD_FEATURES.size(); i++) {
      x[5 + i] = conflicts.contains(GUARD_FEATURES.get(i)) ? 1 : 0;
    }
    x[9] = window.inSummary() ? 1 : 0;
    return x;
  }

  /** The verdict for a feature vector. */
  static Verdict verdict(double[] x) {
    return new Verdict(probability(x), x, Optional.empty());
  }

  /** The verdict on a pair a guard vetoed: probability 0, with the guard's objection as the reason. */
  static Verdict vetoed(double[] x, String objection) {
    return new Verdict(0, x, Optional.of(objection));
  }
}
