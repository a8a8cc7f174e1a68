package dev.deja.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The arguments of docs/SPARK.md's spark-submit example parse as the job reads them. */
class DedupeJobArgsTest {
  @Test
  void sparkSubmitExampleParses() {
    DedupeJob job = new DedupeJob();
    new CommandLine(job).parseArgs("--config", "examples/persons-record.yaml", "--preset", "text", "--input",
        "/tmp/febrl1m/records.jsonl", "--output", "/tmp/febrl1m-spark", "--keep", "first");
    assertThat(job.config).isEqualTo(Path.of("examples/persons-record.yaml"));
    assertThat(job.preset).isEqualTo("text");
    assertThat(job.input).isEqualTo("/tmp/febrl1m/records.jsonl");
    assertThat(job.output).isEqualTo("/tmp/febrl1m-spark");
    assertThat(job.keep).isEqualTo("first");
    assertThat(job.tenant).isEqualTo("default");
  }

  @Test
  void formatByExtensionOrOption() {
    assertThat(InputTable.Format.of(null, "people.csv")).isEqualTo(InputTable.Format.CSV);
    assertThat(InputTable.Format.of(null, "s3://bucket/people.parquet/")).isEqualTo(InputTable.Format.PARQUET);
    assertThat(InputTable.Format.of(null, "people.jsonl")).isEqualTo(InputTable.Format.JSON);
    assertThat(InputTable.Format.of("csv", "people.txt")).isEqualTo(InputTable.Format.CSV);
  }
}
