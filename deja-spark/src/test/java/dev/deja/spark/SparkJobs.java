package dev.deja.spark;

import dev.deja.cli.Main;
import dev.deja.format.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;

/** Runs the Spark job and {@code deja dedupe} (in-process, its real command line) on the same input, for tests. */
final class SparkJobs {
  private SparkJobs() {}

  /** What a run printed and returned. */
  record Run(int exit, String out, String err) {}

  /** The local session of the tests: two cores, no UI, few shuffle partitions (the data is small). */
  static SparkSession session() {
    return SparkSession.builder().master("local[2]").appName("deja-spark tests").config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2").config("spark.default.parallelism", "2").getOrCreate();
  }

  static Run job(SparkSession spark, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = DedupeJob.execute(spark, args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(exit, out.toString(), err.toString());
  }

  static Run deja(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(exit, out.toString(), err.toString());
  }

  /** {@code deja dedupe --json} on these arguments, parsed. */
  static Map<String, Object> dejaJson(String... args) {
    List<String> a = new ArrayList<>(List.of("dedupe", "--json"));
    a.addAll(List.of(args));
    Run r = deja(a.toArray(new String[0]));
    if (r.exit() != Main.OK && r.exit() != Main.DUPLICATE) {
      throw new AssertionError("deja dedupe failed (" + r.exit() + "): " + r.err());
    }
    return Json.object(r.out(), "deja dedupe --json");
  }

  /** The job's summary.json. */
  static Map<String, Object> summary(Path output) {
    return Json.object(read(output.resolve("summary.json")), "summary.json");
  }

  /** The lines of a directory of part files (in part order), or of a file. */
  static List<String> lines(Path dirOrFile) {
    try {
      if (!Files.isDirectory(dirOrFile)) {
        return Files.readAllLines(dirOrFile, StandardCharsets.UTF_8);
      }
      List<String> out = new ArrayList<>();
      try (Stream<Path> parts = Files.list(dirOrFile)) {
        for (Path p : parts.filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList()) {
          out.addAll(Files.readAllLines(p, StandardCharsets.UTF_8));
        }
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String read(Path p) {
    try {
      return Files.readString(p, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A test resource as a path. */
  static Path resource(String name) {
    try {
      return Path.of(SparkJobs.class.getResource(name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
