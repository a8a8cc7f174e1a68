package dev.deja.core.guard;

import dev.deja.core.lexical.WordKnowledge;
import java.util.ArrayList;
import java.util.List;

/**
 * The numbers of two texts compared, however written: the signals {@code numbers_conflict}, {@code numbers_one_side},
 * {@code times_agree} and {@code numbers_agree} of {@link PairSignals}, with their evidence.
 *
 * <p>The numbers each text states ({@link NumberReadings}) are compared after leaving out the amounts that say no
 * more than something both texts state alike: the same durations in other units or words ("two weeks" / "a
 * fortnight", {@link DurationReadings}), the same rates ("every six months" / "twice a year", {@link RateReadings}),
 * the same dates however written ("12/03" / "12 March", {@link DateReadings}), the same quantities in other units
 * ("1.8 m" / "180 cm", {@link QuantityReadings}) and the same long numbers in other groups of digits ("07700 900123" /
 * "07700900123", {@link DigitGroups}). A decade is no number at all ("in her 90s" / "is 90"): decades are compared
 * as decades ({@link DecadeReadings}: "the 90s" / "the nineties"). Other rates, other decades, the same numbers
 * counting other things ({@link CountBindings}) and the same amount in other currencies ({@link Currencies}) conflict
 * too.
 *
 * <p>Not thread-safe: one instance per pair, made and read by one thread.
 */
final class NumberSignals {
  private final TextProfile pa;
  private final TextProfile pb;
  private final NumberReadings.Numbers na;
  private final NumberReadings.Numbers nb;
  private final boolean numbersDiffer;
  private final boolean otherRates;
  private final String counts;
  private final String currencies;
  private final boolean conflict;
  private final boolean sameDates;
  private final boolean sameQuantities;
  private final boolean sameRuns;
  private final boolean sameDecades;
  private final boolean otherDecades;
  private final boolean sameDurations;
  private final boolean sameRates;

  NumberSignals(TextProfile pa, TextProfile pb, Lexicon lex, WordKnowledge knowledge) {
    this.pa = pa;
    this.pb = pb;
    // The same durations in other units or words ("two weeks" / "a fortnight") leave their amounts out of the numbers.
    sameDurations = DurationReadings.same(pa.durations(), pb.durations());
    // A decade is no number ("in her 90s" / "is 90"): decades compare as decades ("the 90s" / "the nineties").
    sameDecades = DecadeReadings.same(pa.decades(), pb.decades());
    otherDecades = !pa.decades().isEmpty() && !pb.decades().isEmpty() && !sameDecades;
    NumberReadings.Numbers decA = DecadeReadings.withoutDecades(pa.numbers(), pa.decades());
    NumberReadings.Numbers decB = DecadeReadings.withoutDecades(pb.numbers(), pb.decades());
    NumberReadings.Numbers durA = sameDurations ? DurationReadings.withoutAmounts(decA, pa.durations()) : decA;
    NumberReadings.Numbers durB = sameDurations ? DurationReadings.withoutAmounts(decB, pb.durations()) : decB;
    // So do the same rates ("every six months" / "twice a year"); other rates are other numbers ("every other
    // Thursday" / "on Thursdays each week").
    sameRates = RateReadings.same(pa.rates(), pb.rates());
    otherRates = RateReadings.differ(pa.rates(), pb.rates());
    NumberReadings.Numbers rateA = sameRates ? RateReadings.withoutAmounts(durA, pa.rates()) : durA;
    NumberReadings.Numbers rateB = sameRates ? RateReadings.withoutAmounts(durB, pb.rates()) : durB;
    // And so do the same dates, however written ("12/03" / "12 March", "11/05/2027" / "11 May 2027").
    sameDates = DateReadings.same(pa.dates(), pb.dates());
    NumberReadings.Numbers dateA = sameDates ? DateReadings.withoutDates(rateA, pa.dates()) : rateA;
    NumberReadings.Numbers dateB = sameDates ? DateReadings.withoutDates(rateB, pb.dates()) : rateB;
    // And the same lengths, weights, volumes, temperatures or speeds in other units ("1.8 m" / "180 cm").
    sameQuantities = QuantityReadings.same(pa.quantities(), pb.quantities());
    NumberReadings.Numbers quantityA = sameQuantities ? QuantityReadings.withoutAmounts(dateA, pa.quantities()) : dateA;
    NumberReadings.Numbers quantityB = sameQuantities ? QuantityReadings.withoutAmounts(dateB, pb.quantities()) : dateB;
    // And the same long numbers in other groups of digits ("07700 900123" / "07700900123").
    sameRuns = DigitGroups.same(pa.digitRuns(), pb.digitRuns());
    na = sameRuns ? DigitGroups.withoutRuns(quantityA, pa.digitRuns()) : quantityA;
    nb = sameRuns ? DigitGroups.withoutRuns(quantityB, pb.digitRuns()) : quantityB;
    // The same numbers counting other things ("two cats and a dog" / "two dogs and a cat") are other numbers too.
    counts = CountBindings.differ(pa.words(), pb.words(), lex, knowledge);
    numbersDiffer = NumberReadings.numbersConflict(na, nb);
    // The same amount in other currencies ("£50" / "$50") is another amount.
    currencies = Currencies.conflict(pa, pb, lex);
    conflict = numbersDiffer || otherRates || counts != null || currencies != null || otherDecades;
  }

  /** Whether both texts state the same durations ({@link DurationReadings#same}). */
  boolean sameDurations() {
    return sameDurations;
  }

  /** Whether both texts state the same rates ({@link RateReadings#same}). */
  boolean sameRates() {
    return sameRates;
  }

  /** {@code numbers_conflict}: the texts state other numbers, rates, decades, counts or currencies. */
  boolean conflict() {
    return conflict;
  }

  String conflictEvidence() {
    return numbersDiffer ? describe(na) + " vs " + describe(nb)
        : counts != null ? "counts: " + counts : currencies != null ? "currencies: " + currencies
        : otherDecades ? "decades: " + DecadeReadings.describe(pa.decades()) + " vs "
            + DecadeReadings.describe(pb.decades())
        : "how often: " + RateReadings.describe(pa.rates()) + " vs " + RateReadings.describe(pb.rates());
  }

  /** {@code numbers_one_side}: no conflict, and only one text states numbers or clock times, or only one decades. */
  boolean oneSide() {
    return !conflict && (na.isEmpty() != nb.isEmpty() || pa.decades().isEmpty() != pb.decades().isEmpty());
  }

  String oneSideEvidence() {
    return pa.decades().isEmpty() == pb.decades().isEmpty() ? describe(na) + " vs " + describe(nb)
        : describe(na) + " " + DecadeReadings.describe(pa.decades()) + " vs " + describe(nb) + " "
            + DecadeReadings.describe(pb.decades());
  }

  /** {@code times_agree}: no conflict, and both texts state clock times. */
  boolean timesAgree() {
    return !conflict && !na.times().isEmpty() && !nb.times().isEmpty();
  }

  String timesEvidence() {
    return describe(na) + " = " + describe(nb);
  }

  /**
   * {@code numbers_agree}: no conflict, and both texts state the same numbers, however written ("number 47" /
   * "forty-seven", "£50" / "fifty pounds"), or the same dates, quantities, long numbers or decades in other forms.
   * Durations and rates that agree are left out: measured with them, the feature also fired on other facts with the
   * same period ("every weekend") and did no better (EVALUATION.md).
   */
  boolean amountsAgree() {
    return !conflict && (sameDates || sameQuantities || sameRuns || sameDecades
        || !na.numbers().isEmpty() && !nb.numbers().isEmpty());
  }

  String agreementEvidence() {
    List<String> parts = new ArrayList<>();
    if (sameDates) {
      parts.add("dates " + DateReadings.describe(pa.dates()) + " = " + DateReadings.describe(pb.dates()));
    }
    if (sameQuantities) {
      parts.add("quantities " + QuantityReadings.describe(pa.quantities()) + " = "
          + QuantityReadings.describe(pb.quantities()));
    }
    if (sameDecades) {
      parts.add("decades " + DecadeReadings.describe(pa.decades()) + " = " + DecadeReadings.describe(pb.decades()));
    }
    if (sameRuns) {
      parts.add("digits " + DigitGroups.describe(pa.digitRuns()) + " = " + DigitGroups.describe(pb.digitRuns()));
    }
    if (parts.isEmpty() || !na.isEmpty() || !nb.isEmpty()) {
      parts.add(describe(na) + " = " + describe(nb));
    }
    return String.join("; ", parts);
  }

  private static String describe(NumberReadings.Numbers n) {
    return NumberReadings.describe(n);
  }
}
