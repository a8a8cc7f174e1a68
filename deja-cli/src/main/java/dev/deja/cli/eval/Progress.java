package dev.deja.cli.eval;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A one-line progress bar on stderr, shown only when stderr is a terminal and the work is long: for at least
 * {@code minTotal} steps, or once it has run for a second (so a slow sweep over few items shows one too). Whether
 * stderr is a terminal is read from {@code /proc/self/fd/2} on Linux (stdout may be redirected to a file while the
 * bar stays visible), else from {@link System#console()}; {@code DEJA_PROGRESS=always} or {@code never} overrides.
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

  private Progress(PrintWriter err, String label, long total, boolean enabled, long minTotal) {
    this.err = err;
    this.label = label;
    this.total = Math.max(1, total);
    this.enabled = enabled;
    this.minTotal = minTotal;
  }

  private final long minTotal;

  /** A progress bar that draws only on a terminal, for at least {@code minTotal} steps or after a second. */
  public static Progress of(PrintWriter err, String label, long total, long minTotal) {
    return of(err, label, total, minTotal, stderrIsTerminal(System.getenv("DEJA_PROGRESS"),
        Path.of("/proc/self/fd/2")));
  }

  /** {@link #of(PrintWriter, String, long, long)} with the terminal test's answer given. */
  static Progress of(PrintWriter err, String label, long total, long minTotal, boolean terminal) {
    return new Progress(err, label, total, terminal, minTotal);
  }

  /**
   * Whether stderr is a terminal: {@code override} ({@code always} / {@code never}) when set, else where the
   * process's file descriptor 2 points ({@code /dev/pts/N}, {@code /dev/ttyN}) when the system says, else whether the
   * JVM has a console.
   */
  static boolean stderrIsTerminal(String override, Path fd2) {
    if (override != null && !override.isBlank()) {
      return override.strip().equalsIgnoreCase("always");
    }
    try {
      String target = Files.readSymbolicLink(fd2).toString();
      return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      return System.console() != null;
    }
  }

  /** A progress bar that never draws. */
  public static Progress silent() {
    return new Progress(null, "", 1, false, 0);
  }

  public void step() {
    done++;
    if (!enabled) {
      return;
    }
    long now = System.nanoTime();
    if (total < minTotal && now - start < 1_000_000_000L) {
      return; // short work: no bar unless it turns out slow
    }
    if (now - lastDraw > 100_000_000L || done == total) {
      lastDraw = now;
      drawn = true;
      draw();
    }
  }

  private boolean drawn;

  private void draw() {
    int width = 30;
    int filled = (int) (width * Math.min(1.0, (double) done / total));
    double secs = (System.nanoTime() - start) / 1e9;
    err.printf(java.util.Locale.ROOT, "\r%s [%s%s] %d/%d %.1fs%s", label, "#".repeat(filled),
        " ".repeat(width - filled), done, total, secs, rate(done, total, secs));
    err.flush();
  }

  /** "  1,234/s, 56 s left" once a rate can be told (after the first half second), else nothing. */
  static String rate(long done, long total, double secs) {
    if (secs < 0.5 || done == 0) {
      return "";
    }
    double perSecond = done / secs;
    String r = String.format(java.util.Locale.ROOT, "  %,.0f/s", perSecond);
    if (done < total) {
      long left = Math.round((total - done) / perSecond);
      r += left >= 120 ? String.format(java.util.Locale.ROOT, ", %d min %02d s left", left / 60, left % 60)
          : String.format(java.util.Locale.ROOT, ", %d s left", left);
    }
    return r + "   ";
  }

  @Override
  public void close() {
    if (enabled && drawn) {
      draw();
      err.print("\r" + " ".repeat(label.length() + 100) + "\r");
      err.flush();
    }
  }
}
