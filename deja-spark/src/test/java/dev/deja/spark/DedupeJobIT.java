package dev.deja.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark job equals {@code deja dedupe} on the same input: the same links (pairs, scores, stages, reasons), the same
 * clusters and related links, the same keepers, the same records with cluster ids. Spark in local mode, two cores; the
 * CLI in-process, through its own command line.
 *
 * <p>Fixtures: {@code persons/records.jsonl}, 1,000 Febrl-like person records made by {@code scripts/febrl-like.py}
 * from the synthetic {@code persons/vocabulary.jsonl} (seed 21); {@code papers/records.jsonl}, 300 bibliographic
 * records of two sources, A and B, 60% of B's a variant of an A title (made by a seeded script; titles drawn from a
 * small pool of words, so that lexical lookups hit their cap).
 */
class DedupeJobIT {
  private static final String PERSONS_CONFIG = "../examples/persons-record.yaml";
  private static final String PAPERS_CONFIG = "../examples/papers-record.yaml";
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

  private Map<String, Object> sparkSummary(Path out, String... args) {
    List<String> a = new ArrayList<>(List.of(args));
    a.addAll(List.of("--output", out.toString()));
    SparkJobs.Run r = SparkJobs.job(spark, a.toArray(new String[0]));
    assertThat(r.exit()).as(r.err()).isEqualTo(DedupeJob.OK);
    return SparkJobs.summary(out);
  }

  @Test
  void personsEqualDejaDedupe() {
    String file = SparkJobs.resource("/persons/records.jsonl").toString();
    Path dejaOut = tmp.resolve("deja.jsonl");
    Map<String, Object> deja = SparkJobs.dejaJson("--config", PERSONS_CONFIG, "--preset", "text", "--out",
        dejaOut.toString(), file);
    Path out = tmp.resolve("spark");
    Map<String, Object> job = sparkSummary(out, "--config", PERSONS_CONFIG, "--preset", "text", "--input", file);

    assertThat((Integer) deja.get("links")).as("a fixture with work to do").isGreaterThan(500);
    assertThat((List<?>) deja.get("related_not_merged")).as("links complete linkage leaves out").isNotEmpty();
    assertThat(job).isEqualTo(deja);
    assertThat(SparkJobs.lines(out.resolve("records"))).isEqualTo(SparkJobs.lines(dejaOut));
    List<String> links = SparkJobs.lines(out.resolve("links"));
    assertThat(links).hasSize((Integer) deja.get("links"));
    assertThat(links.get(0)).contains("\"score\"", "\"stage\":\"record\"", "\"reason\"");
  }

  @Test
  void twoSourcesEqualDejaDedupe() {
    String file = SparkJobs.resource("/papers/records.jsonl").toString();
    Map<String, Object> deja = SparkJobs.dejaJson("--config", PAPERS_CONFIG, "--preset", "text", "--across",
        "source", "--keep", "first", file);
    assertThat((Integer) deja.get("links")).isGreaterThan(50);
    assertThat(sparkSummary(tmp.resolve("across"), "--config", PAPERS_CONFIG, "--preset", "text", "--across",
        "source", "--keep", "first", "--input", file)).isEqualTo(deja);

    Map<String, Object> oneToOne = SparkJobs.dejaJson("--config", PAPERS_CONFIG, "--preset", "text", "--across",
        "source", "--one-to-one", "--keep", "max:year", file);
    assertThat(sparkSummary(tmp.resolve("one"), "--config", PAPERS_CONFIG, "--preset", "text", "--across",
        "source", "--one-to-one", "--keep", "max:year", "--input", file)).isEqualTo(oneToOne);
  }

  @Test
  void connectedComponentsGroupEveryChain() {
    String file = SparkJobs.resource("/papers/records.jsonl").toString();
    Map<String, Object> deja = SparkJobs.dejaJson("--config", PAPERS_CONFIG, "--preset", "text", "--across",
        "source", "--keep", "first", file);
    Map<String, Object> job = sparkSummary(tmp.resolve("connected"), "--config", PAPERS_CONFIG, "--preset", "text",
        "--across", "source", "--keep", "first", "--clusters", "connected", "--input", file);
    assertThat(job.get("clustering")).isEqualTo("connected");
    assertThat(job.get("links")).isEqualTo(deja.get("links"));
    assertThat((List<?>) job.get("related_not_merged")).isEmpty();
    List<List<String>> components = members(job);
    for (List<String> complete : members(deja)) {
      assertThat(components).anyMatch(c -> c.containsAll(complete));
    }
    long inComponents = components.stream().mapToLong(List::size).sum();
    assertThat(inComponents).isEqualTo(components.stream().flatMap(List::stream).distinct().count());
  }

  @SuppressWarnings("unchecked")
  private static List<List<String>> members(Map<String, Object> summary) {
    return ((List<Map<String, Object>>) summary.get("clusters")).stream()
        .map(c -> (List<String>) c.get("members")).toList();
  }

  @Test
  void lexicalCandidatesCappedAsDejaDedupe() {
    // Three candidates per lookup: which ones a probe gets (most shared terms, then id) decides the links.
    String file = SparkJobs.resource("/papers/records.jsonl").toString();
    Map<String, Object> deja = SparkJobs.dejaJson("--config", PAPERS_CONFIG, "--preset", "text", "--set",
        "candidates.max_candidates=3", "--across", "source", file);
    Map<String, Object> uncapped = SparkJobs.dejaJson("--config", PAPERS_CONFIG, "--preset", "text", "--across",
        "source", file);
    assertThat(deja.get("links")).as("the cap matters").isNotEqualTo(uncapped.get("links"));
    assertThat(sparkSummary(tmp.resolve("capped"), "--config", PAPERS_CONFIG, "--preset", "text", "--set",
        "candidates.max_candidates=3", "--across", "source", "--input", file)).isEqualTo(deja);
  }

  @Test
  void csvAndParquetEqualDejaDedupe() throws IOException {
    Path json = SparkJobs.resource("/papers/records.jsonl");
    StructType schema = new StructType();
    for (String c : List.of("id", "source", "title", "authors", "year")) {
      schema = schema.add(c, DataTypes.StringType);
    }
    spark.read().schema(schema).json(json.toString()).coalesce(1).write().option("header", "true")
        .csv(tmp.resolve("csv-parts").toString());
    Path csv = tmp.resolve("papers.csv");
    try (var parts = Files.list(tmp.resolve("csv-parts"))) {
      Files.copy(parts.filter(p -> p.getFileName().toString().endsWith(".csv")).findFirst().orElseThrow(), csv);
    }
    Map<String, Object> deja = SparkJobs.dejaJson("--config", PAPERS_CONFIG, "--preset", "text", "--across",
        "source", csv.toString());
    assertThat(deja).isEqualTo(SparkJobs.dejaJson("--config", PAPERS_CONFIG, "--preset", "text", "--across",
        "source", json.toString()));
    assertThat(sparkSummary(tmp.resolve("from-csv"), "--config", PAPERS_CONFIG, "--preset", "text", "--across",
        "source", "--input", csv.toString())).isEqualTo(deja);
    assertThat(SparkJobs.lines(tmp.resolve("from-csv").resolve("records"))).hasSize(301)
        .first().asString().startsWith("cluster_id,keep,id,source,title");

    Path parquet = tmp.resolve("papers.parquet");
    spark.read().schema(schema).json(json.toString()).write().parquet(parquet.toString());
    assertThat(sparkSummary(tmp.resolve("from-parquet"), "--config", PAPERS_CONFIG, "--preset", "text", "--across",
        "source", "--input", parquet.toString())).isEqualTo(deja);
    assertThat(spark.read().parquet(tmp.resolve("from-parquet").resolve("records").toString()).count())
        .isEqualTo(300);
  }
}
