package dev.deja.core.guard;

import java.util.List;
import java.util.function.BiPredicate;

/**
 * Pairs the readings of two texts one to one — dates, quantities, long numbers, decades — each of the first with the
 * first of the second's not yet taken that agrees with it. The readings' {@code same} methods ask this first and then
 * their own condition on the pairs.
 *
 * <p>Thread-safe: stateless.
 */
final class OneToOne {
  private OneToOne() {}

  /**
   * For each item of {@code a}, the index of its partner in {@code b}; null when either list is empty, their sizes
   * differ, or an item of {@code a} has no partner left.
   */
  static <T> int[] partners(List<T> a, List<T> b, BiPredicate<T, T> agree) {
    if (a.isEmpty() || a.size() != b.size()) {
      return null;
    }
    boolean[] taken = new boolean[b.size()];
    int[] out = new int[a.size()];
    for (int i = 0; i < a.size(); i++) {
      int found = -1;
      for (int j = 0; j < b.size() && found < 0; j++) {
        if (!taken[j] && agree.test(a.get(i), b.get(j))) {
          found = j;
        }
      }
      if (found < 0) {
        return null;
      }
      taken[found] = true;
      out[i] = found;
    }
    return out;
  }
}
