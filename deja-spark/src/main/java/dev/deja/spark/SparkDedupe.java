package dev.deja.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.collect_list;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.not;
import static org.apache.spark.sql.functions.row_number;
import static org.apache.spark.sql.functions.struct;

import dev.deja.core.InvalidInputException;
import dev.deja.core.cluster.CompleteLinkage;
import dev.deja.core.spec.CollectionSpec;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.expressions.Window;
import org.apache.spark.storage.StorageLevel;

/**
 * The distributed part of the job: every row prepared in its partition, candidates found by joins ({@link
 * CandidatePairs}), each probe checked against its candidates with the collection's cascade ({@link LinkScorer}), and
 * the better direction of each pair kept. Only the links come back to the driver.
 *
 * <p>Not thread-safe: one run.
 */
final class SparkDedupe {
  /**
   * What the cluster found.
   *
   * @param prepared every input row, prepared (persisted; the caller unpersists it)
   * @param items the number of items read
   * @param links the links by {@link CompleteLinkage#key}, across sides only with {@code --across}
   */
  record Found(Dataset<Row> prepared, long items, Map<String, SparkLink> links) {}

  private SparkDedupe() {}

  static Found run(SparkSession spark, InputTable input, JobConfig config, CollectionSpec spec) {
    Dataset<Row> prepared = input.rows()
        .mapPartitions(new PreparedItems(config, input.kind(), input.name()), Encoders.row(PreparedItems.SCHEMA))
        .persist(StorageLevel.MEMORY_AND_DISK());
    long items = prepared.count();
    List<Row> twice = prepared.groupBy("id").agg(count(lit(1)).as("n"), min("line").as("first"))
        .where(col("n").gt(1)).orderBy("first").limit(1).collectAsList();
    if (!twice.isEmpty()) {
      throw new InvalidInputException(input.name() + ": id '" + twice.get(0).getString(0) + "' appears "
          + twice.get(0).getLong(1) + " times (first on line " + twice.get(0).getLong(2) + "); every item needs its "
          + "own id");
    }
    Dataset<Row> active = prepared.where(not(col("excluded")));
    Dataset<Row> pairs = CandidatePairs.of(active, spec.candidates().maxPerLookup());
    Dataset<Row> grouped = pairs.join(active.withColumnRenamed("id", "cid"), "cid")
        .groupBy("pid").agg(collect_list(struct(col("cid").as("id"), col("line"), col("tenant"), col("side"),
            col("scope"), col("status"), col("ikeys"), col("terms"), col("raw"), col("sources"))).as("cands"));
    Dataset<Row> probes = active.join(grouped, active.col("id").equalTo(grouped.col("pid")));
    Dataset<Row> links = probes.flatMap(new LinkScorer(config, input.kind(), input.name()),
        Encoders.row(LinkScorer.SCHEMA));
    if (config.across() != null) {
      links = links.where(col("aside").notEqual(col("bside")));
    }
    Dataset<Row> best = links
        .withColumn("n", row_number().over(Window.partitionBy("a", "b").orderBy(col("score").desc(), col("pord"))))
        .where(col("n").equalTo(1));
    Map<String, SparkLink> out = new TreeMap<>();
    for (Row r : best.select("a", "b", "score", "stage", "reason").collectAsList()) {
      SparkLink l = new SparkLink(r.getString(0), r.getString(1), r.getDouble(2), r.getString(3), r.getString(4));
      out.put(CompleteLinkage.key(l.a(), l.b()), l);
    }
    return new Found(prepared, items, out);
  }
}
