package dev.deja.core.guard;

import java.util.List;

/**
 * Where the words left over stand: the {@code in_place} and {@code in_place_edge} signals of {@link PairSignals}. Two
 * texts that differ in one word (or one phrase) each, standing between the same words in both ("Theo judo class" /
 * "Theo karate class", "Femi football match vs Heriot-Watt" / "Femi rugby match vs Heriot-Watt"), are two fillings of
 * one template: the words around the change say what kind of thing it is, and the change says which one. A rewording
 * moves, drops or adds words as well ("Take Theo to karate" / "Theo karate class", "Eye exam – Nadia" / "Nadia
 * optometrist appointment").
 * The same change at the start or the end of both texts ("Soccer practice" / "Swimming practice", "Sofia karate class"
 * / "Theo karate class") is read apart: a title's first word is often its owner, its last its head.
 *
 * <p>Thread-safe: stateless.
 */
final class Placement {
  private Placement() {}

  /**
   * One left-over word or phrase on each side, in the same place, described; {@code edge} when that place is the start
   * or the end of both texts ("Clean out the garage" / "Clean out the basement"), else it stands between the same
   * words.
   */
  record Change(String description, boolean edge) {}

  /**
   * The change in one place, or null unless each text has exactly one left-over word or phrase, the content words
   * right before and after it are matched to those before and after the other's, and something stands around it (a
   * text that is all change is no template).
   */
  static Change of(WordAlignment al) {
    if (al.unmatchedA().size() != 1 || al.unmatchedB().size() != 1) {
      return null;
    }
    int[] a = span(al.contentA(), al.unmatchedA().get(0));
    int[] b = span(al.contentB(), al.unmatchedB().get(0));
    if (a == null || b == null) {
      return null;
    }
    boolean startA = a[0] == 0;
    boolean endA = a[1] + 1 >= al.contentA().size();
    if (startA != (b[0] == 0) || endA != (b[1] + 1 >= al.contentB().size()) || startA && endA) {
      return null;
    }
    String beforeA = startA ? null : al.contentA().get(a[0] - 1);
    String afterA = endA ? null : al.contentA().get(a[1] + 1);
    if (!startA && !matched(al, beforeA, al.contentB().get(b[0] - 1))
        || !endA && !matched(al, afterA, al.contentB().get(b[1] + 1))) {
      return null;
    }
    return new Change("'" + al.unmatchedA().get(0) + "' / '" + al.unmatchedB().get(0) + "' in the same place"
        + (beforeA != null ? ", after '" + beforeA + "'" : "") + (afterA != null ? ", before '" + afterA + "'" : ""),
        startA || endA);
  }

  /** Whether the alignment matched word {@code x} of the first text with word {@code y} of the second. */
  private static boolean matched(WordAlignment al, String x, String y) {
    for (WordAlignment.Pair p : al.matched()) {
      if (List.of(p.a().split(" ")).contains(x) && List.of(p.b().split(" ")).contains(y)) {
        return true;
      }
    }
    return false;
  }

  /** The first and last position of a word or phrase among a text's content words; null when it is not there. */
  private static int[] span(List<String> content, String unit) {
    List<String> words = List.of(unit.split(" "));
    for (int i = 0; i + words.size() <= content.size(); i++) {
      if (content.subList(i, i + words.size()).equals(words)) {
        return new int[] {i, i + words.size() - 1};
      }
    }
    return null;
  }
}
