package dev.deja.spark;

import static org.apache.spark.sql.functions.array;
import static org.apache.spark.sql.functions.array_sort;
import static org.apache.spark.sql.functions.array_union;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.collect_set;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.explode;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.row_number;
import static org.apache.spark.sql.functions.substring_index;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.expressions.Window;
import org.apache.spark.sql.types.DataTypes;

/**
 * Candidate generation as joins, with the rules of the in-memory store's lookup ({@code
 * MemoryCollectionStore.candidates}) for each probe: a candidate is admitted when it has the probe's scope (the join
 * key includes it), a status the collection does not exclude, and another id. Key lookup: the admitted items sharing
 * any of the probe's query keys with the keys they are indexed under, the first {@code maxPerLookup} by id, found by
 * the keys' sources ({@code record}, {@code exact}, …). Lexical lookup: the admitted items sharing terms, most shared
 * terms first, then by id, the first {@code maxPerLookup}, found by {@code lexical}. A probe's candidates are the union.
 *
 * <p>A blocking key shared by n items costs n² pairs here as it costs n lookups of n ids in the store: the same work,
 * spread over the cluster.
 *
 * <p>Thread-safe: stateless.
 */
final class CandidatePairs {
  private CandidatePairs() {}

  /**
   * The candidates of every probe: (pid, cid, sources), sources sorted.
   *
   * @param prepared rows of {@link PreparedItems#SCHEMA}, excluded ones already left out (they neither probe nor are
   *     candidates)
   */
  static Dataset<Row> of(Dataset<Row> prepared, int maxPerLookup) {
    Dataset<Row> byKey = prepared.select(col("scope"), explode(col("qkeys")).as("key"), col("id").as("pid"))
        .join(prepared.select(col("scope"), explode(col("ikeys")).as("key"), col("id").as("cid")),
            new String[] {"scope", "key"})
        .where(col("pid").notEqual(col("cid")))
        .groupBy("pid", "cid").agg(collect_set(substring_index(col("key"), "|", 1)).as("ksources"))
        .withColumn("n", row_number().over(Window.partitionBy("pid").orderBy(col("cid"))))
        .where(col("n").leq(maxPerLookup)).drop("n");
    Dataset<Row> byTerm = prepared.select(col("scope"), explode(col("terms")).as("term"), col("id").as("pid"))
        .join(prepared.select(col("scope"), explode(col("terms")).as("term"), col("id").as("cid")),
            new String[] {"scope", "term"})
        .where(col("pid").notEqual(col("cid")))
        .groupBy("pid", "cid").agg(count(lit(1)).as("shared"))
        .withColumn("n", row_number().over(Window.partitionBy("pid").orderBy(col("shared").desc(), col("cid"))))
        .where(col("n").leq(maxPerLookup)).select(col("pid"), col("cid"), array(lit("lexical")).as("tsources"));
    return byKey.join(byTerm, new String[] {"pid", "cid"}, "full_outer")
        .select(col("pid"), col("cid"), array_sort(array_union(
            coalesce(col("ksources"), array().cast(DataTypes.createArrayType(DataTypes.StringType))),
            coalesce(col("tsources"), array().cast(DataTypes.createArrayType(DataTypes.StringType))))).as("sources"));
  }
}
