package dev.deja.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input gets one line on stderr naming the problem, exit code 2, and no stack trace. */
class DedupeJobErrorsIT {
  private static final String PERSONS_CONFIG = "../examples/persons-record.yaml";
  private static SparkSession spark;

  @TempDir
  Path tmp;

  @BeforeAll
  static void start() {
    spark = SparkJobs.session();
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  private SparkJobs.Run bad(String... args) {
    SparkJobs.Run r = SparkJobs.job(spark, args);
    assertThat(r.exit()).as(r.err()).isEqualTo(DedupeJob.BAD_INPUT);
    assertThat(r.err()).doesNotContain("\tat ").doesNotContain("Exception");
    return r;
  }

  @Test
  void missingInput() {
    assertThat(bad("--preset", "text", "--input", tmp.resolve("nope.jsonl").toString(), "--output",
        tmp.resolve("out").toString()).err()).contains("nope.jsonl: no such file or directory");
  }

  @Test
  void existingOutput() throws IOException {
    Path in = Files.writeString(tmp.resolve("a.jsonl"), "{\"id\": \"1\", \"text\": \"x\"}\n");
    Files.createDirectories(tmp.resolve("out"));
    assertThat(bad("--preset", "text", "--input", in.toString(), "--output", tmp.resolve("out").toString()).err())
        .contains("already exists");
  }

  @Test
  void unknownPreset() {
    assertThat(bad("--preset", "nosuch", "--input", "x.jsonl", "--output", tmp.resolve("out").toString()).err())
        .contains("nosuch");
  }

  @Test
  void csvWithoutIdColumn() throws IOException {
    Path in = Files.writeString(tmp.resolve("people.csv"), "given_name,surname\nann,lee\nann,lee\n");
    assertThat(bad("--config", PERSONS_CONFIG, "--preset", "text", "--input", in.toString(), "--output",
        tmp.resolve("out").toString()).err()).contains("people.csv: no column 'id'");
  }

  @Test
  void rowWithoutIdNamesItsLine() throws IOException {
    Path in = Files.writeString(tmp.resolve("a.jsonl"), "{\"id\": \"1\", \"text\": \"x\"}\n\n{\"text\": \"y\"}\n");
    assertThat(bad("--preset", "text", "--input", in.toString(), "--output", tmp.resolve("out").toString()).err())
        .contains("a.jsonl:3: no 'id'");
  }

  @Test
  void malformedJsonNamesItsLine() throws IOException {
    Path in = Files.writeString(tmp.resolve("a.jsonl"), "{\"id\": \"1\", \"text\": \"x\"}\n{\"id\": \"2\", \n");
    assertThat(bad("--preset", "text", "--input", in.toString(), "--output", tmp.resolve("out").toString()).err())
        .contains("a.jsonl:2").contains("malformed JSON");
  }

  @Test
  void duplicateId() throws IOException {
    Path in = Files.writeString(tmp.resolve("a.jsonl"), "{\"id\": \"1\", \"text\": \"x\"}\n{\"id\": \"1\", "
        + "\"text\": \"y\"}\n");
    assertThat(bad("--preset", "text", "--input", in.toString(), "--output", tmp.resolve("out").toString()).err())
        .contains("id '1' appears 2 times (first on line 1)");
  }

  @Test
  void presetsThatNeedTheWholeSetAreRefused() {
    assertThat(bad("--preset", "calendar", "--input", "x.jsonl", "--output", tmp.resolve("out").toString()).err())
        .contains("time window");
    assertThat(bad("--preset", "memory", "--input", "x.jsonl", "--output", tmp.resolve("out").toString()).err())
        .contains("is not supported by the Spark job").contains("nearest-neighbour");
  }

  @Test
  void badKeepRule() {
    assertThat(bad("--config", PERSONS_CONFIG, "--preset", "text", "--keep", "max:nosuch", "--input", "x.jsonl",
        "--output", tmp.resolve("out").toString()).err()).contains("'nosuch' is not a field");
  }

  @Test
  void helpIsUsage() {
    SparkJobs.Run r = SparkJobs.job(spark, "--help");
    assertThat(r.exit()).isEqualTo(DedupeJob.OK);
    assertThat(r.out()).contains("--input", "--output", "--preset", "spark-submit --class dev.deja.spark.DedupeJob");
  }
}
