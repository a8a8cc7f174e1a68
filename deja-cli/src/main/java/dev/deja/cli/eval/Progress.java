package dev.deja.cli.eval;

import java.io.PrintWriter;

/**
 * A one-line progress bar on stderr, shown only when the process is attached to a terminal and the work is long.
 *
 * <p>Not thread-safe.
 */
public final class Progress implements AutoCloseable {
  private final PrintWriter err;
  private final String label;
  private final long total;
  private final boolean enabled;
  private long done;
  private long lastDraw;
  private final long start = System.nanoTime();

  private Progress(PrintWriter err, String label, long total, boolean enabled) {
    this.err = err;
    this.label = label;
    this.total = Math.max(1, total);
    this.enabled = enabled;
  }

  /** A progress bar that draws only on a terminal and for at least {@code minTotal} steps. */
  public static Progress of(PrintWriter err, String label, long total, long minTotal) {
    return new Progress(err, label, total, System.console() != null && total >= minTotal);
  }

  /** A progress bar that never draws. */
  public static Progress silent() {
    return new Progress(null, "", 1, false);
  }

  public void step() {
    done++;
    if (!enabled) {
      return;
    }
    long now = System.nanoTime();
    if (now - lastDraw > 100_000_000L || done == total) {
      lastDraw = now;
      draw();
    }
  }

  private void draw() {
    int width = 30;
    int filled = (int) (width * Math.min(1.0, (double) done / total));
    double secs = (System.nanoTime() - start) / 1e9;
    err.printf("\r%s [%s%s] %d/%d %.1fs", label, "#".repeat(filled), " ".repeat(width - filled), done, total, secs);
    err.flush();
  }

  @Override
  public void close() {
    if (enabled) {
      draw();
      err.print("\r" + " ".repeat(label.length() + 60) + "\r");
      err.flush();
    }
  }
}
