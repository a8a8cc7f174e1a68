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
    int n = x.length;
    if (n == 0 || n != y.length || n != weight.length) {
      throw new IllegalArgumentException("need as many labels and weights as examples, and at least one");
    }
    int d = x[0].length;
    double[] beta = new double[d + 1]; // beta[d] is the bias
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
    return new LogisticRegression(Arrays.copyOf(beta, d), beta[d], it);
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
