package dev.deja.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report of {@code deja eval --report} in a real browser: Debian's headless Chromium parses and renders the
 * page (its DOM holds the chart and the tables; its screenshot shows the chart's lines in their colours).
 *
 * <p>Skipped with a message when no {@code chromium} is on the PATH, except under CI ({@code CI=true}, where
 * {@code .ci/run} installs it), where that is a failure.
 */
class EvalReportBrowserIT {
  private static Path chromium;

  @TempDir
  static Path dir;

  private static Path report;

  // Each test assumes (rather than the class): a skipped test shows its reason in the test report.
  @BeforeEach
  void findChromiumAndWriteAReport() {
    Optional<Path> found = onPath("chromium", "chromium-browser");
    String message = "no chromium binary on the PATH: the browser test of the HTML report is skipped (install "
        + "Debian's: apt-get install -y chromium)";
    if (found.isEmpty() && "true".equalsIgnoreCase(System.getenv("CI"))) {
      throw new IllegalStateException(message.replace("is skipped", "cannot run under CI"));
    }
    assumeTrue(found.isPresent(), message);
    if (report != null) {
      return;
    }
    chromium = found.get();
    Path file = dir.resolve("people report.html"); // a space: the file URL must be encoded
    CliRunner.Result r = CliRunner.run("eval", "--preset", "text", "--config",
        EvalRecordsCommandIT.PEOPLE.resolve("people.yaml").toString(), "--data",
        EvalRecordsCommandIT.PEOPLE.toString(), "--report", file.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    report = file;
  }

  private static Optional<Path> onPath(String... names) {
    for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      for (String name : names) {
        Path p = Path.of(d.isEmpty() ? "." : d, name);
        if (Files.isExecutable(p)) {
          return Optional.of(p);
        }
      }
    }
    return Optional.empty();
  }

  /** Runs headless Chromium on the report with these arguments; returns its standard output. */
  private static String chromium(String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(chromium.toString(), "--headless", "--disable-gpu", "--no-sandbox",
        "--user-data-dir=" + dir.resolve("profile")));
    cmd.addAll(List.of(args));
    cmd.add(report.toUri().toString());
    Path stdout = dir.resolve("chromium.out");
    Process p = new ProcessBuilder(cmd).redirectOutput(stdout.toFile())
        .redirectError(dir.resolve("chromium.err").toFile()).start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("chromium did not finish in 120 s: " + cmd);
    }
    assertThat(p.exitValue()).as("chromium's exit; stderr: "
        + Files.readString(dir.resolve("chromium.err"))).isZero();
    return Files.readString(stdout, StandardCharsets.UTF_8);
  }

  @Test
  void theRenderedDomHoldsTheChartTablesClustersAndTrees() throws Exception {
    String dom = chromium("--dump-dom");
    assertThat(dom).contains("<title>deja eval — preset text on records.jsonl</title>")
        .contains("<svg class=\"sweep-chart\"")
        .contains("<polyline class=\"series precision\"").contains("<polyline class=\"series recall\"")
        .contains("<polyline class=\"series f1\"").contains("<line class=\"threshold-marker\" data-threshold=\"0.80\"")
        .contains("<table class=\"confusion\">").contains("<td class=\"num\" data-key=\"tp\">3</td>")
        .contains("<td class=\"num\" data-key=\"fp\">1</td>").contains("<td class=\"num\" data-key=\"tn\">59</td>")
        .contains("<details class=\"cluster\" open=\"\"><summary>2 records: p10, p11</summary>")
        .contains("<ul class=\"explanation\">")
        .contains("fuzzy score 0.7826 below the threshold 0.8000");
    assertThat(dom).as("the page runs nothing").doesNotContain("<script");
  }

  @Test
  void theScreenshotShowsTheChartsLines() throws Exception {
    Path png = dir.resolve("report.png");
    chromium("--hide-scrollbars", "--window-size=1000,1400", "--screenshot=" + png);
    BufferedImage image = ImageIO.read(png.toFile());
    assertThat(image.getWidth()).isEqualTo(1000);
    // The F1 line (#2ca02c, 3 px wide), and the configured threshold's dashed marker (#d62728), drawn in their
    // colours: the chart is painted, not only parsed.
    assertThat(pixels(image, 0x2ca02c)).as("F1 line pixels").isGreaterThan(200);
    assertThat(pixels(image, 0xd62728)).as("threshold marker pixels").isGreaterThan(50);
    assertThat(pixels(image, 0x1f77b4)).as("precision line pixels").isGreaterThan(100);
  }

  private static int pixels(BufferedImage image, int rgb) {
    int n = 0;
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        if ((image.getRGB(x, y) & 0xffffff) == rgb) {
          n++;
        }
      }
    }
    return n;
  }
}
