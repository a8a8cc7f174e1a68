package dev.deja.core.measure;

/**
 * Normalised Levenshtein similarity: {@code 1 - d / max(|a|, |b|)}, where d is the edit distance (insertions,
 * deletions, substitutions, each costing 1) between the code-point sequences; 1.0 for two empty strings.
 *
 * <table>
 *   <caption>Known values</caption>
 *   <tr><th>a</th><th>b</th><th>similarity</th></tr>
 *   <tr><td>"kitten"</td><td>"sitting"</td><td>0.571428… (1 - 3/7)</td></tr>
 *   <tr><td>"bezwaarschift"</td><td>"bezwaarschrift"</td><td>0.928571… (1 - 1/14)</td></tr>
 *   <tr><td>"abc"</td><td>""</td><td>0.0</td></tr>
 * </table>
 *
 * <p>Thread-safe: stateless.
 */
public final class LevenshteinMeasure implements Measure {

  public static final LevenshteinMeasure INSTANCE = new LevenshteinMeasure();

  @Override
  public double similarity(String a, String b) {
    if (a.equals(b)) {
      return 1.0;
    }
    int[] x = CodePoints.of(a);
    int[] y = CodePoints.of(b);
    int longest = Math.max(x.length, y.length);
    return 1.0 - (double) distance(x, y) / longest;
  }

  /** {@code 1 - |length difference| / longer length}: the edit distance is at least the difference in length. */
  @Override
  public double upperBound(String a, String b) {
    int la = a.codePointCount(0, a.length());
    int lb = b.codePointCount(0, b.length());
    int longest = Math.max(la, lb);
    return longest == 0 ? 1.0 : 1.0 - (double) Math.abs(la - lb) / longest;
  }

  /**
   * Computes only the band of the edit-distance table within the largest distance that still reaches {@code min}
   * (Ukkonen's cut-off), and stops as soon as every cell of a row exceeds it.
   */
  @Override
  public double similarityAtLeast(String a, String b, double min) {
    if (a.equals(b)) {
      return 1.0;
    }
    int[] x = CodePoints.of(a);
    int[] y = CodePoints.of(b);
    int longest = Math.max(x.length, y.length);
    int k = (int) Math.floor((1.0 - min) * longest + 1e-9);
    if (k < 0) {
      return min - 1;
    }
    int d = boundedDistance(x, y, k);
    return d > k ? Math.min(min - 1e-9, 1.0 - (double) (k + 1) / longest) : 1.0 - (double) d / longest;
  }

  /** The edit distance when it is at most {@code k}, else {@code k + 1}. */
  static int boundedDistance(int[] x, int[] y, int k) {
    if (x.length < y.length) {
      int[] t = x;
      x = y;
      y = t;
    }
    if (x.length - y.length > k) {
      return k + 1;
    }
    if (y.length > 0 && y.length <= 64) {
      return Math.min(myers(y, x), k + 1);
    }
    int big = k + 1;
    int[] prev = new int[y.length + 1];
    int[] cur = new int[y.length + 1];
    for (int j = 0; j <= y.length; j++) {
      prev[j] = j <= k ? j : big;
    }
    for (int i = 1; i <= x.length; i++) {
      int from = Math.max(1, i - k);
      int to = Math.min(y.length, i + k);
      cur[0] = i <= k ? i : big;
      if (from > 1) {
        cur[from - 1] = big;
      }
      int rowMin = cur[0];
      for (int j = from; j <= to; j++) {
        int cost = x[i - 1] == y[j - 1] ? 0 : 1;
        int v = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
        cur[j] = Math.min(v, big);
        rowMin = Math.min(rowMin, cur[j]);
      }
      if (to < y.length) {
        cur[to + 1] = big;
      }
      if (rowMin > k) {
        return big;
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return Math.min(prev[y.length], big);
  }

  /**
   * The edit distance by Myers' bit-parallel algorithm (Hyyrö's formulation for the global distance), for a pattern
   * of 1 to 64 code points: one pass over the text, a few word operations per code point.
   */
  static int myers(int[] pattern, int[] text) {
    int m = pattern.length;
    java.util.Map<Integer, Long> peq = null; // only for code points beyond ASCII
    long[] ascii = new long[128];
    for (int i = 0; i < m; i++) {
      int c = pattern[i];
      if (c < 128) {
        ascii[c] |= 1L << i;
      } else {
        if (peq == null) {
          peq = new java.util.HashMap<>();
        }
        peq.merge(c, 1L << i, (a, b) -> a | b);
      }
    }
    long pv = m == 64 ? -1L : (1L << m) - 1;
    long mv = 0;
    long last = 1L << (m - 1);
    int score = m;
    for (int c : text) {
      long eq = c < 128 ? ascii[c] : peq == null ? 0L : peq.getOrDefault(c, 0L);
      long xv = eq | mv;
      long xh = (((eq & pv) + pv) ^ pv) | eq;
      long ph = mv | ~(xh | pv);
      long mh = pv & xh;
      if ((ph & last) != 0) {
        score++;
      } else if ((mh & last) != 0) {
        score--;
      }
      ph = (ph << 1) | 1;
      mh = mh << 1;
      pv = mh | ~(xv | ph);
      mv = ph & xv;
    }
    return score;
  }

  /** The Levenshtein edit distance between two code-point sequences. */
  public static int distance(int[] x, int[] y) {
    if (x.length < y.length) {
      int[] t = x;
      x = y;
      y = t;
    }
    return y.length > 0 && y.length <= 64 ? myers(y, x) : table(x, y);
  }

  /** The edit distance by the full dynamic-programming table, {@code x} the longer sequence. */
  static int table(int[] x, int[] y) {
    int[] prev = new int[y.length + 1];
    int[] cur = new int[y.length + 1];
    for (int j = 0; j <= y.length; j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= x.length; i++) {
      cur[0] = i;
      for (int j = 1; j <= y.length; j++) {
        int cost = x[i - 1] == y[j - 1] ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[y.length];
  }
}
