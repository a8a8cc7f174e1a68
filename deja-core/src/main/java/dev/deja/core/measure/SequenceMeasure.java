package dev.deja.core.measure;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Exactly Python's {@code difflib.SequenceMatcher(None, a, b).ratio()}: {@code 2·M / (|a| + |b|)}, where M is the
 * number of characters in the matching blocks found by the Ratcliff/Obershelp algorithm, and 1.0 for two empty
 * strings.
 *
 * <p>Faithful to CPython 3.11 in every detail that changes the number: strings are sequences of code points (not UTF-16
 * units); the "autojunk" heuristic treats a character of {@code b} as popular, and unable to start a match, when
 * {@code b} has at least 200 characters and it occurs more than {@code |b|/100 + 1} times; ties between longest
 * matches go to the earliest position in {@code a}, then in {@code b}. Verified against CPython on a committed table of
 * pairs ({@code sequence-known-values.tsv}) to 1e-9.
 *
 * <p><b>Not always symmetric</b>, like difflib: the autojunk heuristic looks only at {@code b}, and tie-breaking can
 * find different blocks in the two directions. Known values:
 *
 * <table>
 *   <caption>Known values</caption>
 *   <tr><th>a</th><th>b</th><th>similarity</th></tr>
 *   <tr><td>"abcd"</td><td>"bcde"</td><td>0.75</td></tr>
 *   <tr><td>"doctor appointment"</td><td>"dr smith checkup"</td><td>0.2352… (8/34)</td></tr>
 *   <tr><td>"ab"</td><td>"bacb"</td><td>0.6666… (4/6)</td></tr>
 *   <tr><td>"bacb"</td><td>"ab"</td><td>0.3333… (2/6)</td></tr>
 *   <tr><td>""</td><td>""</td><td>1.0</td></tr>
 *   <tr><td>"abc"</td><td>""</td><td>0.0</td></tr>
 * </table>
 *
 * <p>Thread-safe: stateless; each call allocates its own tables.
 */
public final class SequenceMeasure implements Measure {

  /** The single instance; the measure has no settings. */
  public static final SequenceMeasure INSTANCE = new SequenceMeasure();

  @Override
  public double similarity(String a, String b) {
    int[] ca = CodePoints.of(a);
    int[] cb = CodePoints.of(b);
    int total = ca.length + cb.length;
    if (total == 0) {
      return 1.0;
    }
    return 2.0 * matchingCharacters(ca, cb) / total;
  }

  /**
   * difflib's {@code quick_ratio()}: twice the size of the multiset intersection of the two texts' code points over
   * their total length. Every matching block pairs equal code points at distinct positions, so the matched count never
   * exceeds the intersection and this is never below {@link #similarity} (same formula, a larger numerator).
   */
  @Override
  public double upperBound(String a, String b) {
    int total = a.codePointCount(0, a.length()) + b.codePointCount(0, b.length());
    if (total == 0) {
      return 1.0;
    }
    return 2.0 * commonCodePoints(a, b) / total;
  }

  /** The size of the multiset intersection of the code points of {@code a} and {@code b}. */
  static int commonCodePoints(String a, String b) {
    if (latin1(a) && latin1(b)) {
      // One char is one code point here: count a's, then take b's from the counts.
      int[] counts = new int[256];
      for (int i = 0; i < a.length(); i++) {
        counts[a.charAt(i)]++;
      }
      int common = 0;
      for (int i = 0; i < b.length(); i++) {
        if (counts[b.charAt(i)]-- > 0) {
          common++;
        }
      }
      return common;
    }
    return commonSorted(a.codePoints().sorted().toArray(), b.codePoints().sorted().toArray());
  }

  /** The size of the multiset intersection of two sorted sequences (of code points, for difflib's quick ratio). */
  public static int commonSorted(int[] x, int[] y) {
    int common = 0;
    for (int i = 0, j = 0; i < x.length && j < y.length; ) {
      if (x[i] == y[j]) {
        common++;
        i++;
        j++;
      } else if (x[i] < y[j]) {
        i++;
      } else {
        j++;
      }
    }
    return common;
  }

  private static boolean latin1(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) > 0xFF) {
        return false;
      }
    }
    return true;
  }

  /** The total size of difflib's matching blocks between two code-point sequences. */
  static int matchingCharacters(int[] a, int[] b) {
    int matched = 0;
    for (int[] block : blocks(a, b)) {
      matched += block[2];
    }
    return matched;
  }

  /**
   * difflib's {@code get_matching_blocks()} without the final sentinel: triples {i, j, n} meaning
   * {@code a[i..i+n) == b[j..j+n)}, sorted by i, adjacent blocks merged. Works on any int sequences (code points, or
   * word ids for a word-level diff).
   */
  public static java.util.List<int[]> matchingBlocks(int[] a, int[] b) {
    java.util.List<int[]> blocks = blocks(a, b);
    blocks.sort((x, y) -> x[0] != y[0] ? Integer.compare(x[0], y[0]) : Integer.compare(x[1], y[1]));
    java.util.List<int[]> merged = new java.util.ArrayList<>();
    for (int[] x : blocks) {
      if (!merged.isEmpty()) {
        int[] last = merged.get(merged.size() - 1);
        if (last[0] + last[2] == x[0] && last[1] + last[2] == x[1]) {
          last[2] += x[2];
          continue;
        }
      }
      merged.add(x.clone());
    }
    return merged;
  }

  /**
   * difflib's matching blocks in the order its search finds them, neither sorted nor merged: enough for their total
   * size, which a similarity needs, without the sort.
   */
  private static java.util.List<int[]> blocks(int[] a, int[] b) {
    java.util.List<int[]> blocks = new java.util.ArrayList<>();
    B2j b2j = B2j.of(b);
    // The b2j key of each element of a (or -1), looked up once rather than once per recursion level.
    int[] ak = new int[a.length];
    for (int i = 0; i < a.length; i++) {
      ak[i] = b2j.key(a[i]);
    }
    Deque<int[]> queue = new ArrayDeque<>();
    queue.push(new int[] {0, a.length, 0, b.length});
    int[] j2len = new int[b.length + 1];
    int[] newj2len = new int[b.length + 1];
    // Entries of j2len/newj2len that are set, so they can be cleared without scanning the whole array.
    int[] touched = new int[b.length + 1];
    int[] newTouched = new int[b.length + 1];
    while (!queue.isEmpty()) {
      int[] r = queue.pop();
      int alo = r[0], ahi = r[1], blo = r[2], bhi = r[3];
      // find_longest_match(alo, ahi, blo, bhi)
      int besti = alo, bestj = blo, bestsize = 0;
      int touchedCount = 0;
      for (int i = alo; i < ahi; i++) {
        int newCount = 0;
        int key = ak[i];
        if (key >= 0) {
          for (int p = b2j.start[key], end = b2j.start[key + 1]; p < end; p++) {
            int j = b2j.positions[p];
            if (j < blo) {
              continue;
            }
            if (j >= bhi) {
              break;
            }
            // j2len is indexed by j + 1 so that j - 1 == -1 maps to slot 0, which is always 0.
            int k = j2len[j] + 1;
            newj2len[j + 1] = k;
            newTouched[newCount++] = j + 1;
            if (k > bestsize) {
              besti = i - k + 1;
              bestj = j - k + 1;
              bestsize = k;
            }
          }
        }
        for (int t = 0; t < touchedCount; t++) {
          j2len[touched[t]] = 0;
        }
        int[] swap = j2len;
        j2len = newj2len;
        newj2len = swap;
        swap = touched;
        touched = newTouched;
        newTouched = swap;
        touchedCount = newCount;
      }
      for (int t = 0; t < touchedCount; t++) {
        j2len[touched[t]] = 0;
      }
      // With isjunk=None there is no junk, so popular elements count as non-junk when extending a match.
      while (besti > alo && bestj > blo && a[besti - 1] == b[bestj - 1]) {
        besti--;
        bestj--;
        bestsize++;
      }
      while (besti + bestsize < ahi && bestj + bestsize < bhi && a[besti + bestsize] == b[bestj + bestsize]) {
        bestsize++;
      }
      if (bestsize > 0) {
        blocks.add(new int[] {besti, bestj, bestsize});
        if (alo < besti && blo < bestj) {
          queue.push(new int[] {alo, besti, blo, bestj});
        }
        if (besti + bestsize < ahi && bestj + bestsize < bhi) {
          queue.push(new int[] {besti + bestsize, ahi, bestj + bestsize, bhi});
        }
      }
    }
    return blocks;
  }

  /**
   * difflib's b2j: the positions of each element of b, in increasing order, without "popular" elements when b is long
   * (autojunk) — as sorted arrays: the distinct elements ({@code keys}), and for key k the positions
   * {@code positions[start[k] .. start[k + 1])}.
   */
  private static final class B2j {
    final int[] keys;
    final int[] start;
    final int[] positions;

    private B2j(int[] keys, int[] start, int[] positions) {
      this.keys = keys;
      this.start = start;
      this.positions = positions;
    }

    static B2j of(int[] b) {
      int n = b.length;
      // (element, position) pairs sorted by element, then position.
      long[] pairs = new long[n];
      for (int j = 0; j < n; j++) {
        pairs[j] = ((long) b[j] << 32) | j;
      }
      java.util.Arrays.sort(pairs);
      int[] keys = new int[n];
      int[] start = new int[n + 1];
      int[] positions = new int[n];
      int distinct = 0;
      int kept = 0;
      int ntest = n / 100 + 1;
      for (int from = 0; from < n; ) {
        int value = (int) (pairs[from] >> 32);
        int to = from;
        while (to < n && (int) (pairs[to] >> 32) == value) {
          to++;
        }
        keys[distinct] = value;
        start[distinct] = kept;
        // autojunk: with at least 200 elements, one occurring more than n/100 + 1 times is popular and dropped.
        if (n < 200 || to - from <= ntest) {
          for (int p = from; p < to; p++) {
            positions[kept++] = (int) pairs[p];
          }
        }
        distinct++;
        from = to;
      }
      start[distinct] = kept;
      return new B2j(java.util.Arrays.copyOf(keys, distinct), java.util.Arrays.copyOf(start, distinct + 1),
          positions);
    }

    /** The key index of an element, or -1 when b does not have it. */
    int key(int value) {
      int k = java.util.Arrays.binarySearch(keys, value);
      return k >= 0 ? k : -1;
    }
  }
}
