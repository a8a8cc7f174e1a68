package dev.deja.core.eval;

/**
 * Counts of a binary decision against labels, and the usual metrics over them.
 *
 * <p>Conventions: precision is 1 when nothing was predicted positive (no false claim was made), recall is 1 when
 * nothing was labelled positive, F1 is 0 when precision and recall are both 0. Immutable.
 *
 * @param tp predicted positive, labelled positive
 * @param fp predicted positive, labelled negative
 * @param fn predicted negative, labelled positive
 * @param tn predicted negative, labelled negative
 */
public record Confusion(long tp, long fp, long fn, long tn) {
  public Confusion {
    if (tp < 0 || fp < 0 || fn < 0 || tn < 0) {
      throw new IllegalArgumentException("counts must not be negative");
    }
  }

  public static final Confusion EMPTY = new Confusion(0, 0, 0, 0);

  /** This plus one observation. */
  public Confusion add(boolean predicted, boolean actual) {
    if (predicted && actual) {
      return new Confusion(tp + 1, fp, fn, tn);
    } else if (predicted) {
      return new Confusion(tp, fp + 1, fn, tn);
    } else if (actual) {
      return new Confusion(tp, fp, fn + 1, tn);
    }
    return new Confusion(tp, fp, fn, tn + 1);
  }

  /** The sum of two confusions. */
  public Confusion plus(Confusion o) {
    return new Confusion(tp + o.tp, fp + o.fp, fn + o.fn, tn + o.tn);
  }

  public long total() {
    return tp + fp + fn + tn;
  }

  public double precision() {
    return tp + fp == 0 ? 1.0 : (double) tp / (tp + fp);
  }

  public double recall() {
    return tp + fn == 0 ? 1.0 : (double) tp / (tp + fn);
  }

  public double f1() {
    double p = precision();
    double r = recall();
    return p + r == 0 ? 0.0 : 2 * p * r / (p + r);
  }

  public double accuracy() {
    return total() == 0 ? 1.0 : (double) (tp + tn) / total();
  }
}
