package dev.deja.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * An inline SVG line chart of a threshold sweep: one polyline per measure (precision, recall, F1, and where the rows
 * have them exact-set accuracy, cluster F1 and B-cubed F1) over thresholds 0–1, with the configured threshold and the
 * best one marked. Drawn from the {@code sweep} rows of {@code deja eval --json}; no script, no external resource.
 *
 * <p>Stateless; thread-safe.
 */
final class SweepChart {
  /** A measure drawn: its key in a sweep row, its legend label and its CSS class (which sets its colour). */
  record Series(String key, String label, String cssClass) {}

  /** In drawing order; a series is drawn when the first row has its key. */
  static final List<Series> SERIES = List.of(
      new Series("precision", "precision", "precision"),
      new Series("recall", "recall", "recall"),
      new Series("f1", "F1", "f1"),
      new Series("exact_set_accuracy", "exact-set accuracy", "exact-set"),
      new Series("cluster_f1", "clusters F1", "cluster-f1"),
      new Series("bcubed_f1", "B-cubed F1", "bcubed-f1"));

  private static final int WIDTH = 720;
  private static final int HEIGHT = 360;
  private static final int LEFT = 56;
  private static final int RIGHT = 170;
  private static final int TOP = 20;
  private static final int BOTTOM = 48;

  private SweepChart() {}

  /**
   * The chart.
   *
   * @param rows the sweep rows (each with {@code threshold} and the measures), in threshold order
   * @param configured the configured threshold, marked with a dashed line, if any
   * @param best the best threshold, marked on the F1 line, if any
   */
  static String svg(List<Map<String, Object>> rows, OptionalDouble configured, OptionalDouble best) {
    StringBuilder b = new StringBuilder();
    b.append(String.format(Locale.ROOT, "<svg class=\"sweep-chart\" xmlns=\"http://www.w3.org/2000/svg\" "
        + "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"precision, recall and F1 over "
        + "the threshold sweep\">%n", WIDTH, HEIGHT, WIDTH, HEIGHT));
    // Grid and axes: tenths on both, labelled every fifth of the range.
    for (int i = 0; i <= 10; i++) {
      double v = i / 10.0;
      b.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>%n",
          x(v), y(0), x(v), y(1)));
      b.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>%n",
          x(0), y(v), x(1), y(v)));
      if (i % 2 == 0) {
        b.append(String.format(Locale.ROOT, "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">"
            + "%.1f</text>%n", x(v), y(0) + 16, v));
        b.append(String.format(Locale.ROOT, "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">"
            + "%.1f</text>%n", x(0) - 6, y(v) + 4, v));
      }
    }
    b.append(String.format(Locale.ROOT, "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>%n",
        x(0), y(0), x(1), y(0)));
    b.append(String.format(Locale.ROOT, "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>%n",
        x(0), y(0), x(0), y(1)));
    b.append(String.format(Locale.ROOT, "<text class=\"axis-label\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">"
        + "threshold</text>%n", x(0.5), HEIGHT - 8));
    List<Series> drawn = new ArrayList<>();
    for (Series s : SERIES) {
      if (!rows.isEmpty() && rows.get(0).get(s.key()) instanceof Number) {
        drawn.add(s);
        StringBuilder points = new StringBuilder();
        for (Map<String, Object> row : rows) {
          if (row.get(s.key()) instanceof Number v && row.get("threshold") instanceof Number t) {
            points.append(String.format(Locale.ROOT, "%s%.1f,%.1f", points.isEmpty() ? "" : " ",
                x(t.doubleValue()), y(v.doubleValue())));
          }
        }
        b.append(String.format(Locale.ROOT, "<polyline class=\"series %s\" data-series=\"%s\" points=\"%s\"/>%n",
            s.cssClass(), s.key(), points));
      }
    }
    configured.ifPresent(t -> {
      b.append(String.format(Locale.ROOT, "<line class=\"threshold-marker\" data-threshold=\"%s\" x1=\"%.1f\" "
          + "y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>%n", HtmlReport.number(t), x(t), y(0), x(t), y(1)));
      b.append(String.format(Locale.ROOT, "<text class=\"marker-label\" x=\"%.1f\" y=\"%.1f\">configured %s</text>%n",
          x(t) + 4, y(0) - 6, HtmlReport.number(t)));
    });
    best.ifPresent(t -> {
      double f1 = rows.stream().filter(r -> r.get("threshold") instanceof Number n && n.doubleValue() == t)
          .map(r -> r.get("f1")).filter(Number.class::isInstance).mapToDouble(v -> ((Number) v).doubleValue())
          .findFirst().orElse(0);
      b.append(String.format(Locale.ROOT, "<circle class=\"best-marker\" data-threshold=\"%s\" cx=\"%.1f\" "
          + "cy=\"%.1f\" r=\"5\"/>%n", HtmlReport.number(t), x(t), y(f1)));
      b.append(String.format(Locale.ROOT, "<text class=\"marker-label\" x=\"%.1f\" y=\"%.1f\">best %s (F1 %s)</text>%n",
          x(t) + 7, y(f1) + 16, HtmlReport.number(t), HtmlReport.number(f1)));
    });
    // The legend, right of the plot.
    for (int i = 0; i < drawn.size(); i++) {
      Series s = drawn.get(i);
      double ly = TOP + 10 + 20 * i;
      b.append(String.format(Locale.ROOT, "<line class=\"series %s\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
          + "y2=\"%.1f\"/><text class=\"legend\" x=\"%.1f\" y=\"%.1f\">%s</text>%n", s.cssClass(), x(1) + 16, ly,
          x(1) + 40, ly, x(1) + 46, ly + 4, s.label()));
    }
    return b.append("</svg>\n").toString();
  }

  private static double x(double threshold) {
    return LEFT + threshold * (WIDTH - LEFT - RIGHT);
  }

  private static double y(double value) {
    return TOP + (1 - value) * (HEIGHT - TOP - BOTTOM);
  }
}
