package dev.deja.spark;

import dev.deja.core.InvalidInputException;
import dev.deja.core.cluster.KeepRule;
import dev.deja.core.cluster.OneToOne;
import dev.deja.core.spec.CollectionSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.SparkConf;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code deja dedupe} as a Spark job, the main class for {@code spark-submit}: the same preset, cascade, links,
 * complete-linkage clusters and keep rule over a DataFrame read from JSON Lines, CSV or Parquet, with candidates found
 * by joins instead of an in-memory index (docs/SPARK.md).
 *
 * <p>Exit codes: 0 the job ran (whether or not it found duplicates: a scheduler reads anything else as a failure), 2
 * bad input or usage (one line on stderr), 4 internal failure. Not thread-safe: one run.
 */
@Command(name = "dev.deja.spark.DedupeJob", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Find the duplicates already present in a table of items, as 'deja dedupe' does, as a Spark job: "
        + "every item is checked against its candidates (found by joins on the preset's blocking keys and lexical "
        + "terms, with the same caps as deja dedupe's index) with the preset's cascade; links are clustered by "
        + "complete linkage on the driver. Writes OUTPUT/summary.json (as deja dedupe --json), OUTPUT/records (every "
        + "row with cluster_id and keep, in the input's format) and OUTPUT/links (every link with its score, stage "
        + "and reason).",
    footer = {"", "Example:",
        "  spark-submit --class dev.deja.spark.DedupeJob --master local[2] deja-spark/target/deja-spark.jar \\",
        "      --config examples/persons-record.yaml --preset text --input people.jsonl --output out/",
        "", "Exit codes: 0 the job ran, 2 bad input or usage, 4 internal failure."})
public final class DedupeJob implements Callable<Integer> {
  /** Exit code: the job ran. */
  public static final int OK = 0;
  /** Exit code: bad input or usage. */
  public static final int BAD_INPUT = 2;
  /** Exit code: internal failure. */
  public static final int FAILURE = 4;

  @Option(names = {"-c", "--config"}, paramLabel = "FILE",
      description = "A deja.yaml: presets and overrides (as deja dedupe --config); read on the driver.")
  Path config;

  @Option(names = {"-p", "--preset"}, paramLabel = "PRESET", required = true,
      description = "The preset (built in, or declared by --config).")
  String preset;

  @Option(names = "--set", paramLabel = "PATH=VALUE", description = "Override one setting of the preset (repeatable).")
  List<String> settings = new ArrayList<>();

  @Option(names = "--input", paramLabel = "PATH", required = true,
      description = "The items: JSON Lines, CSV (a header row) or Parquet; a file or a directory of parts.")
  String input;

  @Option(names = "--format", paramLabel = "FORMAT",
      description = "json, csv or parquet (default: by the extension of --input; JSON Lines otherwise).")
  String format;

  @Option(names = "--output", paramLabel = "DIR", required = true,
      description = "The directory to write summary.json, records/ and links/ into; must not exist.")
  String output;

  @Option(names = "--tenant", defaultValue = "default", paramLabel = "TENANT",
      description = "Tenant of items that name none (default: ${DEFAULT-VALUE}).")
  String tenant;

  @Option(names = "--keep", paramLabel = "RULE", defaultValue = "linked",
      description = "Which member of a cluster to keep: linked (default), complete, first, max:FIELD, min:FIELD "
          + "(as deja dedupe).")
  String keep;

  @Option(names = "--across", paramLabel = "FIELD",
      description = "Two-source linkage: items with the same value of this field are never linked.")
  String across;

  @Option(names = "--one-to-one", description = "With --across: each item keeps at most its strongest link.")
  boolean oneToOne;

  @Option(names = "--clusters", paramLabel = "RULE", defaultValue = "complete",
      description = "complete (default, as deja dedupe: every pair in a cluster is linked; links that would chain "
          + "two groups are listed as related) or connected (connected components: every chain of links is one "
          + "cluster, nothing is related).")
  String clusters;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec cmd;

  /** The session to run in; null: one is made (the master from spark-submit, else local[*]). */
  private final SparkSession given;

  /** For picocli and spark-submit: the job makes its own session. */
  public DedupeJob() {
    this(null);
  }

  /** A job that runs in the given session (tests, notebooks). */
  public DedupeJob(SparkSession session) {
    this.given = session;
  }

  public static void main(String[] args) {
    System.exit(execute(null, args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /**
   * Runs the job with these arguments and returns its exit code; errors are one line on {@code err} (set
   * {@code DEJA_DEBUG=1} for stack traces).
   *
   * @param session the session to run in, or null to make one
   */
  public static int execute(SparkSession session, String[] args, PrintWriter out, PrintWriter err) {
    CommandLine cl = new CommandLine(new DedupeJob(session));
    cl.setOut(out);
    cl.setErr(err);
    cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
      PrintWriter e = commandLine.getErr();
      if (System.getenv("DEJA_DEBUG") != null) {
        ex.printStackTrace(e);
      }
      InvalidInputException bad = invalidInput(ex);
      if (bad != null) {
        e.println("deja-spark: error: " + bad.getMessage());
        e.flush();
        return BAD_INPUT;
      }
      e.println("deja-spark: internal error: " + ex + " (set DEJA_DEBUG=1 for the stack trace)");
      e.flush();
      return FAILURE;
    });
    return cl.execute(args);
  }

  /** The bad input behind a failure, if it is one: a task's is wrapped in Spark's exceptions. */
  private static InvalidInputException invalidInput(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof InvalidInputException i) {
        return i;
      }
    }
    return null;
  }

  @Override
  public Integer call() {
    if (oneToOne && across == null) {
      throw new InvalidInputException("--one-to-one: links two sources one to one; give --across FIELD too (e.g. "
          + "--across source)");
    }
    JobConfig jc = new JobConfig(config, preset, settings, tenant, across);
    CollectionSpec spec = jc.spec();
    JobConfig.requireSupported(spec);
    KeepRule rule = KeepRule.parse(keep, spec);
    if (!clusters.equals("complete") && !clusters.equals("connected")) {
      throw new InvalidInputException("--clusters " + clusters + ": give complete or connected");
    }
    InputTable.Format f = InputTable.Format.of(format, input);
    SparkSession spark = given != null ? given : session();
    requirePaths(spark);
    InputTable table = InputTable.read(spark, input, f, spec);
    SparkDedupe.Found found = SparkDedupe.run(spark, table, jc, spec);
    try {
      Map<String, SparkLink> links = oneToOne ? OneToOne.of(found.links()) : found.links();
      int n = JobOutput.write(spark, table, found, links, jc, rule, oneToOne, clusters.equals("connected"), output);
      cmd.commandLine().getOut().printf("%d items, %d duplicate links, %d cluster(s); written to %s%n",
          found.items(), links.size(), n, output);
      cmd.commandLine().getOut().flush();
      return OK;
    } finally {
      found.prepared().unpersist();
    }
  }

  private SparkSession session() {
    SparkConf conf = new SparkConf().setAppName("deja dedupe");
    if (!conf.contains("spark.master")) {
      conf.setMaster("local[*]");
    }
    SparkSession s = SparkSession.builder().config(conf).getOrCreate();
    s.sparkContext().setLogLevel("WARN"); // Spark's INFO lines would bury the job's own output
    return s;
  }

  /** The input must exist and the output must not (nothing is overwritten). */
  private void requirePaths(SparkSession spark) {
    try {
      org.apache.hadoop.fs.Path in = new org.apache.hadoop.fs.Path(input);
      FileSystem fs = in.getFileSystem(spark.sparkContext().hadoopConfiguration());
      if (!fs.exists(in)) {
        throw new InvalidInputException("--input " + input + ": no such file or directory");
      }
      org.apache.hadoop.fs.Path out = new org.apache.hadoop.fs.Path(output);
      if (out.getFileSystem(spark.sparkContext().hadoopConfiguration()).exists(out)) {
        throw new InvalidInputException("--output " + output + ": already exists; give a new directory");
      }
    } catch (IOException e) {
      throw new InvalidInputException("cannot reach " + input + " or " + output + ": " + e.getMessage(), e);
    }
  }
}
