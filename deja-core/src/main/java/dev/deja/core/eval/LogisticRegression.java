package dev.deja.core.eval;

import java.util.Arrays;

/**
 * L2-regularised logistic regression fitted by Newton's method (iteratively reweighted least squares): deterministic,
 * and exact to the tolerance in a handful of iterations for the few features a combined stage has.
 *
 * <p>Minimises {@code Σ log-loss + (l2 / 2) · |w|²} (the bias is not regularised). Thread-safe: immutable result.
 *
 * @param weights one weight per feature
 * @param bias the intercept
 * @param iterations Newton steps taken
 */
public record LogisticRegression(double[] weights, double bias, int iterations) {

  public LogisticRegression {
    weights = weights.clone();
  }

  @Override
  public double[] weights() {
    return weights.clone();
  }

  /** Fits a model; {@code x[i]} are the features of example i, {@code y[i]} its label (0 or 1). */
  public static LogisticRegression fit(double[][] x, int[] y, double l2) {
    double[] ones = new double[x.length];
    Arrays.fill(ones, 1);
    return fit(x, y, ones, l2);
  }

  /**
   * Fits a model with a weight per example (its share of the log-loss: an example of weight 0.5 counts as half an
   * example).
   */
  public static LogisticRegression fit(double[][] x, int[] y, double[] weight, double l2) {
    return fit(x, y, weight, l2, new int[x.length == 0 ? 0 : x[0].length]);
  }

  /**
   * Fits a model whose weights keep the signs given: {@code signs[a]} is {@code +1} (the weight is at least 0),
   * {@code -1} (at most 0) or {@code 0} (free). Solved by an active set: weights that would take the wrong sign are
   * held at 0 while the others are fitted, and released when the loss would fall by moving them the allowed way.
   * Monotone constraints encode what a feature means (more shared words never makes a pair less of a duplicate), so
   * that a model fitted on hard pairs cannot reward, say, a left-over word because paraphrases have many.
   */
  public static LogisticRegression fit(double[][] x, int[] y, double[] weight, double l2, int[] signs) {
    int n = x.length;
    if (n == 0 || n != y.length || n != weight.length) {
      throw new IllegalArgumentException("need as many labels and weights as examples, and at least one");
    }
    int d = x[0].length;
    if (signs.length != d) {
      throw new IllegalArgumentException("need one sign per feature, got " + signs.length + " for " + d);
    }
    double[] beta = new double[d + 1]; // beta[d] is the bias
    boolean[] held = new boolean[d];
    int total = 0;
    for (int outer = 0; outer < 4 * d + 4; outer++) {
      total += newton(x, y, weight, l2, beta, held);
      boolean changed = false;
      for (int a = 0; a < d; a++) {
        if (!held[a] && signs[a] != 0 && signs[a] * beta[a] < 0) {
          beta[a] = 0;
          held[a] = true;
          changed = true;
        }
      }
      if (changed) {
        continue;
      }
      double[] grad = gradient(x, y, weight, l2, beta);
      int release = -1;
      double steepest = 1e-9;
      for (int a = 0; a < d; a++) {
        // Moving the held weight the allowed way (signs[a]) lowers the loss when -grad points that way.
        if (held[a] && -grad[a] * signs[a] > steepest) {
          steepest = -grad[a] * signs[a];
          release = a;
        }
      }
      if (release < 0) {
        break;
      }
      held[release] = false;
    }
    return new LogisticRegression(Arrays.copyOf(beta, d), beta[d], total);
  }

  private static double[] gradient(double[][] x, int[] y, double[] weight, double l2, double[] beta) {
    int d = beta.length - 1;
    double[] grad = new double[d + 1];
    for (int i = 0; i < x.length; i++) {
      double r = (sigmoid(dot(beta, x[i])) - y[i]) * weight[i];
      for (int a = 0; a < d; a++) {
        grad[a] += r * x[i][a];
      }
      grad[d] += r;
    }
    for (int a = 0; a < d; a++) {
      grad[a] += l2 * beta[a];
    }
    return grad;
  }

  /** Newton's method on the weights that are not held at 0; returns the steps taken. */
  private static int newton(double[][] x, int[] y, double[] weight, double l2, double[] beta, boolean[] held) {
    int n = x.length;
    int d = beta.length - 1;
    int it = 0;
    for (; it < 100; it++) {
      double[] grad = new double[d + 1];
      double[][] hess = new double[d + 1][d + 1];
      for (int i = 0; i < n; i++) {
        double p = sigmoid(dot(beta, x[i]));
        double r = (p - y[i]) * weight[i];
        double w = Math.max(p * (1 - p), 1e-9) * weight[i];
        for (int a = 0; a <= d; a++) {
          double xa = a == d ? 1 : x[i][a];
          grad[a] += r * xa;
          for (int b = 0; b <= d; b++) {
            double xb = b == d ? 1 : x[i][b];
            hess[a][b] += w * xa * xb;
          }
        }
      }
      for (int a = 0; a < d; a++) {
        grad[a] += l2 * beta[a];
        hess[a][a] += l2;
        if (held[a]) {
          grad[a] = 0;
          for (int b = 0; b <= d; b++) {
            hess[a][b] = 0;
            hess[b][a] = 0;
          }
          hess[a][a] = 1;
        }
      }
      double[] step = solve(hess, grad);
      double max = 0;
      for (int a = 0; a <= d; a++) {
        beta[a] -= step[a];
        max = Math.max(max, Math.abs(step[a]));
      }
      if (max < 1e-9) {
        it++;
        break;
      }
    }
    return it;
  }

  /** The predicted probability for one example. */
  public double predict(double[] features) {
    double z = bias;
    for (int i = 0; i < weights.length; i++) {
      z += weights[i] * features[i];
    }
    return sigmoid(z);
  }

  private static double dot(double[] beta, double[] xi) {
    double z = beta[beta.length - 1];
    for (int i = 0; i < xi.length; i++) {
      z += beta[i] * xi[i];
    }
    return z;
  }

  static double sigmoid(double z) {
    return 1 / (1 + Math.exp(-z));
  }

  /** Solves {@code a · s = b} by Gaussian elimination with partial pivoting (a is small and positive definite). */
  private static double[] solve(double[][] a, double[] b) {
    int n = b.length;
    double[][] m = new double[n][n + 1];
    for (int i = 0; i < n; i++) {
      System.arraycopy(a[i], 0, m[i], 0, n);
      m[i][n] = b[i];
    }
    for (int c = 0; c < n; c++) {
      int pivot = c;
      for (int r = c + 1; r < n; r++) {
        if (Math.abs(m[r][c]) > Math.abs(m[pivot][c])) {
          pivot = r;
        }
      }
      double[] t = m[c];
      m[c] = m[pivot];
      m[pivot] = t;
      if (Math.abs(m[c][c]) < 1e-12) {
        m[c][c] = 1e-12;
      }
      for (int r = c + 1; r < n; r++) {
        double f = m[r][c] / m[c][c];
        for (int k = c; k <= n; k++) {
          m[r][k] -= f * m[c][k];
        }
      }
    }
    double[] s = new double[n];
    for (int r = n - 1; r >= 0; r--) {
      double v = m[r][n];
      for (int k = r + 1; k < n; k++) {
        v -= m[r][k] * s[k];
      }
      s[r] = v / m[r][r];
    }
    return s;
  }
}
