package dev.deja.core.guard;

import dev.deja.core.lexical.WordKnowledge;
import java.util.List;
import java.util.function.Predicate;

/**
 * The words of a {@link WordAlignment} that a reading of both texts already compares, marked as used before words are
 * matched: the name of a month in a date the other text writes in numbers ("12 March" / "12/03"), the names of units
 * of the same quantities ("1.8 m" / "180 cm"), the words of the same decades ("nineties" / "90s"), durations ("a
 * fortnight" / "two weeks") and rates ("every six months" / "twice a year"). The readings ({@link DateReadings},
 * {@link QuantityReadings}, {@link DecadeReadings}, {@link DurationReadings}, {@link RateReadings}) compare them, not
 * the words.
 *
 * <p>Thread-safe: stateless.
 */
final class ReadWords {
  private ReadWords() {}

  /** Marks the words both texts' readings compare as used ({@code usedA}, {@code usedB}: per content word). */
  static void mark(TextProfile pa, TextProfile pb, boolean[] usedA, boolean[] usedB, WordKnowledge knowledge) {
    datesInNumbers(pa, pb, usedA, usedB, knowledge);
    unitsOfTheSameQuantities(pa, pb, usedA, usedB);
    wordsOfTheSameDecades(pa, pb, usedA, usedB);
    wordsOfTheSamePeriods(pa, pb, usedA, usedB);
  }

  /**
   * Marks as used the month names left unmatched in either text when both texts state the same dates (as {@link
   * DateReadings#same} reads them), one of them in numbers only: "March" in "12 March" / "12/03".
   */
  private static void datesInNumbers(TextProfile pa, TextProfile pb, boolean[] usedA, boolean[] usedB,
      WordKnowledge knowledge) {
    boolean monthA = unmatchedMonth(pa, usedA, knowledge);
    boolean monthB = unmatchedMonth(pb, usedB, knowledge);
    if (!monthA && !monthB) {
      return;
    }
    if (!DateReadings.same(pa.dates(), pb.dates())) {
      return;
    }
    markMonths(pa, usedA, knowledge);
    markMonths(pb, usedB, knowledge);
  }

  /**
   * Marks as used the words of the units left unmatched in either text when both texts state the same quantities in
   * other units (as {@link QuantityReadings#same} reads them): "cm" and "m" in "180 cm" / "1.8 m".
   */
  private static void unitsOfTheSameQuantities(TextProfile pa, TextProfile pb, boolean[] usedA, boolean[] usedB) {
    if (QuantityReadings.same(pa.quantities(), pb.quantities())) {
      markUnitWords(pa.content(), usedA, pa.quantities());
      markUnitWords(pb.content(), usedB, pb.quantities());
    }
  }

  /** Marks as used the words of the same decades ({@link DecadeReadings#same}): "nineties" / "90s". */
  private static void wordsOfTheSameDecades(TextProfile pa, TextProfile pb, boolean[] usedA, boolean[] usedB) {
    if (DecadeReadings.same(pa.decades(), pb.decades())) {
      markDecadeWords(pa.content(), usedA, pa.decades());
      markDecadeWords(pb.content(), usedB, pb.decades());
    }
  }

  /**
   * Marks as used the unit words of the same durations ({@link DurationReadings#same}: "fortnight" / "weeks" in "a
   * fortnight ago" / "two weeks ago") and the count and period words of the same rates when they say only how often
   * ({@link RateReadings#same}, {@link RateReadings#onlyHowOften}: "months" / "twice" in "every six months" / "twice a
   * year", but not "night" / "day" in "every night" / "every day", nor "Saturdays" / "Sundays").
   */
  private static void wordsOfTheSamePeriods(TextProfile pa, TextProfile pb, boolean[] usedA, boolean[] usedB) {
    if (DurationReadings.same(pa.durations(), pb.durations())) {
      markDurationUnits(pa.content(), usedA, pa.durations());
      markDurationUnits(pb.content(), usedB, pb.durations());
    }
    if (RateReadings.same(pa.rates(), pb.rates()) && RateReadings.onlyHowOften(pa.rates())
        && RateReadings.onlyHowOften(pb.rates())) {
      markRateWords(pa.content(), usedA, pa.rates());
      markRateWords(pb.content(), usedB, pb.rates());
    }
  }

  private static void markDurationUnits(List<String> content, boolean[] used, List<DurationReadings.Duration> ds) {
    for (DurationReadings.Duration d : ds) {
      markFirst(content, used, w -> d.unit().equals(DurationReadings.unit(w)));
    }
  }

  private static void markRateWords(List<String> content, boolean[] used, List<RateReadings.Rate> rates) {
    for (RateReadings.Rate r : rates) {
      for (String w : r.phrase().split(" ")) {
        if (RateReadings.periodWord(w)) {
          markFirst(content, used, w::equals);
        }
      }
    }
  }

  private static void markDecadeWords(List<String> content, boolean[] used, List<DecadeReadings.Decade> decades) {
    for (DecadeReadings.Decade d : decades) {
      markFirst(content, used, d.word()::equals);
    }
  }

  private static void markUnitWords(List<String> content, boolean[] used, List<QuantityReadings.Quantity> qs) {
    for (QuantityReadings.Quantity q : qs) {
      // The words keep letters only: "km/h" is "km" and "h", "°c" is "c".
      for (String w : String.join(" ", q.words()).split("[^\\p{L}]+")) {
        markFirst(content, used, w::equals);
      }
    }
  }

  /** Marks as used the first content word not yet used that {@code word} accepts. */
  private static void markFirst(List<String> content, boolean[] used, Predicate<String> word) {
    for (int i = 0; i < content.size(); i++) {
      if (!used[i] && word.test(content.get(i))) {
        used[i] = true;
        return;
      }
    }
  }

  private static boolean unmatchedMonth(TextProfile p, boolean[] used, WordKnowledge knowledge) {
    List<String> c = p.content();
    for (int i = 0; i < c.size(); i++) {
      if (!used[i] && knowledge.month(c.get(i), p.language()) > 0) {
        return true;
      }
    }
    return false;
  }

  private static void markMonths(TextProfile p, boolean[] used, WordKnowledge knowledge) {
    List<String> c = p.content();
    for (int i = 0; i < c.size(); i++) {
      if (!used[i] && knowledge.month(c.get(i), p.language()) > 0) {
        used[i] = true;
      }
    }
  }
}
