package dev.deja.cli.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProgressTest {
  @Test
  void stderrIsATerminalWhenItsDescriptorPointsAtOne(@TempDir Path dir) throws Exception {
    Path tty = Files.createSymbolicLink(dir.resolve("tty"), Path.of("/dev/pts/3"));
    Path file = Files.createSymbolicLink(dir.resolve("file"), dir.resolve("report.md"));
    Path pipe = Files.createSymbolicLink(dir.resolve("pipe"), Path.of("pipe:[12345]"));
    assertThat(Progress.stderrIsTerminal(null, tty)).isTrue();
    assertThat(Progress.stderrIsTerminal(null, file)).isFalse();
    assertThat(Progress.stderrIsTerminal(null, pipe)).isFalse();
    assertThat(Progress.stderrIsTerminal("never", tty)).isFalse();
    assertThat(Progress.stderrIsTerminal("always", pipe)).isTrue();
  }

  @Test
  void longWorkDrawsAndShortWorkStaysQuietUntilASecondHasPassed() throws Exception {
    StringWriter long_ = new StringWriter();
    try (Progress p = Progress.of(new PrintWriter(long_), "dedupe", 3, 2, true)) {
      p.step();
      p.step();
      p.step();
    }
    assertThat(long_.toString()).contains("dedupe [").contains("3/3");

    StringWriter quick = new StringWriter();
    try (Progress p = Progress.of(new PrintWriter(quick), "eval", 3, 500, true)) {
      p.step();
    }
    assertThat(quick.toString()).isEmpty();

    StringWriter slow = new StringWriter();
    try (Progress p = Progress.of(new PrintWriter(slow), "sweep", 3, 500, true)) {
      p.step();
      Thread.sleep(1100);
      p.step();
    }
    assertThat(slow.toString()).contains("sweep [").contains("2/3");

    StringWriter off = new StringWriter();
    try (Progress p = Progress.of(new PrintWriter(off), "dedupe", 3, 2, false)) {
      p.step();
      p.step();
      p.step();
    }
    assertThat(off.toString()).isEmpty();
  }

  @Test
  void theRateAndTimeLeftAreShownOnceTheyCanBeTold() {
    assertThat(Progress.rate(10, 100, 0.2)).isEmpty();
    assertThat(Progress.rate(5_000, 100_000, 2.0)).isEqualTo("  2,500/s, 38 s left   ");
    assertThat(Progress.rate(1_000, 1_000_000, 1.0)).isEqualTo("  1,000/s, 16 min 39 s left   ");
    assertThat(Progress.rate(100, 100, 4.0)).isEqualTo("  25/s   ");
  }
}
