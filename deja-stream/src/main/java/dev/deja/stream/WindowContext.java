package dev.deja.stream;

import dev.deja.core.guard.NumberReadings;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * What the earlier units of a response's window say, as counts: their content tokens and their numbers and clock
 * times; and whether the current paragraph is a summary ({@link #inSummary}). The {@link RestatementModel} asks how
 * much of a new unit was already said ({@link #coverage}) and whether it brings a number nobody mentioned
 * ({@link #hasNewNumber}): a restatement adds little, a new step or a derived conclusion adds something.
 *
 * <p>Not thread-safe: one per response, like the detector that keeps it.
 */
final class WindowContext {
  private final Map<String, Integer> tokens = new HashMap<>();
  private final Map<Double, Integer> numbers = new HashMap<>();
  private final Map<Integer, Integer> minutes = new HashMap<>();
  private final Map<Double, Integer> durations = new HashMap<>();
  /** The units counted, oldest first. */
  private final java.util.ArrayDeque<UnitFeatures> units = new java.util.ArrayDeque<>();
  private boolean summaryOpen;

  /** A context of the given units (for comparing a pair outside a stream: the earlier unit alone). */
  static WindowContext of(UnitFeatures... units) {
    WindowContext c = new WindowContext();
    for (UnitFeatures u : units) {
      c.add(u);
    }
    return c;
  }

  /**
   * A unit begins after this white space (the separator before it): a line break ends the paragraph, and with it a
   * summary ({@link #inSummary}).
   */
  void enter(String separatorBefore) {
    if (separatorBefore.indexOf('\n') >= 0) {
      summaryOpen = false;
    }
  }

  /**
   * A unit of the paragraph was judged, kept or removed: a sentence that opens with a reformulation or summary marker
   * ("So the Railjet is your best-value option…", "To recap, …") opens a summary that lasts to the paragraph's end.
   */
  void judged(UnitFeatures u) {
    if (u.unit.kind() == UnitKind.SENTENCE && u.restateCue() >= 1) {
      summaryOpen = true;
    }
  }

  /**
   * Whether an earlier sentence of the current paragraph opened with a reformulation or summary marker: the sentences
   * after it in a closing summary restate without a marker of their own ("So the Railjet is your best-value option.
   * Booking roughly four weeks early gets you fares from €19.").
   */
  boolean inSummary() {
    return summaryOpen;
  }

  /** Puts back the summary state read before (a question about a text that was not added changes nothing). */
  void restoreSummary(boolean open) {
    summaryOpen = open;
  }

  /** Counts a unit that entered the window. */
  void add(UnitFeatures u) {
    units.addLast(u);
    update(u, 1);
  }

  /** Forgets a unit that left the window. */
  void remove(UnitFeatures u) {
    units.removeFirstOccurrence(u);
    update(u, -1);
  }

  private void update(UnitFeatures u, int delta) {
    for (String t : u.tokens.keySet()) {
      tokens.merge(t, delta, (a, b) -> a + b == 0 ? null : a + b);
    }
    NumberReadings.Numbers n = u.numbers();
    for (double d : n.numbers()) {
      numbers.merge(d, delta, (a, b) -> a + b == 0 ? null : a + b);
    }
    for (double s : u.durationSeconds()) {
      durations.merge(s, delta, (a, b) -> a + b == 0 ? null : a + b);
    }
    for (Set<Integer> t : n.times()) {
      for (int m : t) {
        minutes.merge(m, delta, (a, b) -> a + b == 0 ? null : a + b);
      }
    }
  }

  /** The share of a unit's content-token weight that some unit of the window has; 0 for a unit without any. */
  double coverage(UnitFeatures u) {
    if (u.weight == 0) {
      return 0;
    }
    double said = 0;
    for (Map.Entry<String, Double> e : u.tokens.entrySet()) {
      if (tokens.containsKey(e.getKey())) {
        said += e.getValue();
      }
    }
    return said / u.weight;
  }

  /** The units of the window, oldest first. */
  Iterable<UnitFeatures> units() {
    return units;
  }

  /**
   * Whether a unit has a number, or a clock time, that no unit of the window has; the amount of a duration is known
   * when the window has about that duration in any unit ("four weeks" after "a month").
   */
  boolean hasNewNumber(UnitFeatures u) {
    NumberReadings.Numbers n = u.numbers();
    for (double d : n.numbers()) {
      if (!u.numberSaid(d, numbers.keySet(), durations.keySet())) {
        return true;
      }
    }
    for (Set<Integer> t : n.times()) {
      boolean known = false;
      for (int m : t) {
        known |= minutes.containsKey(m);
      }
      if (!known) {
        return true;
      }
    }
    return false;
  }
}
