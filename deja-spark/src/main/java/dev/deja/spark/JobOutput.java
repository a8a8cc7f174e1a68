package dev.deja.spark;

import static org.apache.spark.sql.functions.col;

import dev.deja.core.cluster.CompleteLinkage;
import dev.deja.core.cluster.ConnectedComponents;
import dev.deja.core.cluster.KeepRule;
import dev.deja.core.item.StoredItem;
import dev.deja.format.BatchRows;
import dev.deja.format.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The job's results, from the links the cluster found: clusters by complete linkage on the driver (the code {@code
 * deja dedupe} uses, {@link CompleteLinkage}; or, when asked, by {@link ConnectedComponents}), each cluster's member to keep by the {@link KeepRule}, then three
 * outputs under the output directory: {@code summary.json} (what {@code deja dedupe --json} prints: clusters with
 * their keeper, members and links, and the related links not merged), {@code records} (every input row in input order
 * with {@code cluster_id} and {@code keep} in front, as {@code deja dedupe --out FILE.jsonl|.csv}, in the input's
 * format) and {@code links} (every link with its evidence: score, stage, reason, and the cluster holding both ends, if
 * one does).
 *
 * <p>Not thread-safe: one run.
 */
final class JobOutput {
  private JobOutput() {}

  /** The clusters and keepers, by id: cluster number (from 1, in report order) and whether the member is kept. */
  record Assigned(Map<String, int[]> byId, long[] clusteredOrds, int clusters) implements java.io.Serializable {}

  /**
   * Clusters the links and writes the outputs.
   *
   * @param found what the cluster found; its links already filtered by {@code --across} and {@code --one-to-one}
   * @param connected clusters by connected components instead of complete linkage
   * @return the number of clusters
   */
  static int write(SparkSession spark, InputTable input, SparkDedupe.Found found, Map<String, SparkLink> links,
      JobConfig config, KeepRule rule, boolean oneToOne, boolean connected, String output) {
    TreeSet<String> linked = new TreeSet<>();
    links.values().forEach(l -> {
      linked.add(l.a());
      linked.add(l.b());
    });
    CompleteLinkage.Clusters<SparkLink> cl = connected ? ConnectedComponents.cluster(links.values())
        : CompleteLinkage.cluster(linked, links);
    Map<TreeSet<String>, List<SparkLink>> within = CompleteLinkage.within(cl.clusters(), links);
    Map<String, StoredItem> items = rule.readsItems() ? members(input, found.prepared(), linked, config)
        : Map.of();
    Map<String, Long> ords = ords(spark, found.prepared(), linked);

    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("preset", config.preset());
    summary.put("items", found.items());
    summary.put("links", links.size());
    if (config.across() != null) {
      summary.put("across", config.across());
      summary.put("one_to_one", oneToOne);
    }
    if (connected) {
      summary.put("clustering", "connected");
    }
    List<Object> cs = new ArrayList<>();
    Map<String, int[]> byId = new HashMap<>();
    int n = 0;
    for (TreeSet<String> c : cl.clusters()) {
      n++;
      String keep = rule.keeper(c, within.get(c), items);
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("keep", keep);
      x.put("members", new ArrayList<>(c));
      x.put("links", within.get(c).stream().map(JobOutput::linkJson).toList());
      cs.add(x);
      for (String id : c) {
        byId.put(id, new int[] {n, id.equals(keep) ? 1 : 0});
      }
    }
    summary.put("clusters", cs);
    summary.put("related_not_merged", cl.related().stream().map(JobOutput::linkJson).toList());
    writeText(spark, output + "/summary.json", Json.write(summary) + "\n");

    long[] clusteredOrds = byId.keySet().stream().mapToLong(ords::get).sorted().toArray();
    Broadcast<Assigned> assigned = JavaSparkContext.fromSparkContext(spark.sparkContext())
        .broadcast(new Assigned(byId, clusteredOrds, n));
    writeRecords(input, found.prepared(), assigned, config, output + "/records");
    writeLinks(spark, input, links, byId, output + "/links");
    return n;
  }

  /** The prepared rows of the linked items, as stored items in input order (for the keep rules that read them). */
  private static Map<String, StoredItem> members(InputTable input, Dataset<Row> prepared, TreeSet<String> linked,
      JobConfig config) {
    Map<String, StoredItem> out = new LinkedHashMap<>();
    Dataset<Row> ids = prepared.sparkSession().createDataset(new ArrayList<>(linked), Encoders.STRING()).toDF("lid");
    for (Row r : prepared.join(ids, prepared.col("id").equalTo(ids.col("lid"))).orderBy("ord").collectAsList()) {
      StoredItem s = PreparedItems.stored(r, "", input.kind(), input.name(), config);
      out.put(s.id(), s);
    }
    return out;
  }

  private static Map<String, Long> ords(SparkSession spark, Dataset<Row> prepared, TreeSet<String> linked) {
    Map<String, Long> out = new HashMap<>();
    Dataset<Row> ids = spark.createDataset(new ArrayList<>(linked), Encoders.STRING()).toDF("lid");
    for (Row r : prepared.join(ids, prepared.col("id").equalTo(ids.col("lid"))).select("id", "ord")
        .collectAsList()) {
      out.put(r.getString(0), r.getLong(1));
    }
    return out;
  }

  /** A row's cluster number and keep flag: its cluster's, or for an item in none the next free number in input order. */
  static Object[] assignment(Assigned a, String id, long ord) {
    int[] c = a.byId().get(id);
    if (c != null) {
      return new Object[] {(long) c[0], c[1] == 1};
    }
    int before = Arrays.binarySearch(a.clusteredOrds(), ord);
    long clusteredBefore = before >= 0 ? before : -before - 1;
    return new Object[] {a.clusters() + 1 + ord - clusteredBefore, true};
  }

  private static void writeRecords(InputTable input, Dataset<Row> prepared, Broadcast<Assigned> assigned,
      JobConfig config, String dir) {
    RawItems.Kind kind = input.kind();
    String name = input.name();
    if (input.original() == null) {
      MapFunction<Row, String> line = r -> {
        Object[] a = assignment(assigned.value(), r.getString(r.fieldIndex("id")), r.getLong(r.fieldIndex("ord")));
        StoredItem s = PreparedItems.stored(r, "", kind, name, config);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cluster_id", a[0]);
        m.put("keep", a[1]);
        m.put("id", s.id());
        m.putAll(s.item().fields());
        return Json.write(m);
      };
      prepared.orderBy("ord").map(line, Encoders.STRING()).write().text(dir);
      return;
    }
    StructType schema = new StructType(new StructField[] {
        DataTypes.createStructField("ord", DataTypes.LongType, false),
        DataTypes.createStructField("cluster_id", DataTypes.LongType, false),
        DataTypes.createStructField("keep", DataTypes.BooleanType, false)});
    MapFunction<Row, Row> assign = r -> {
      long ord = r.getLong(0);
      Object[] a = assignment(assigned.value(), r.getString(1), ord);
      return RowFactory.create(ord, a[0], a[1]);
    };
    Dataset<Row> ids = prepared.select("ord", "id").map(assign, Encoders.row(schema));
    List<Column> columns = new ArrayList<>(List.of(col("cluster_id"), col("keep")));
    for (String c : input.original().columns()) {
      if (!c.equals("ord")) {
        columns.add(col("`" + c + "`"));
      }
    }
    Dataset<Row> out = input.original().join(ids, "ord").orderBy("ord").select(columns.toArray(new Column[0]));
    if (input.kind() == RawItems.Kind.CSV) {
      out.write().option("header", "true").csv(dir);
    } else {
      out.write().parquet(dir);
    }
  }

  private static void writeLinks(SparkSession spark, InputTable input, Map<String, SparkLink> links,
      Map<String, int[]> byId, String dir) {
    StructType schema = new StructType(new StructField[] {
        DataTypes.createStructField("a", DataTypes.StringType, false),
        DataTypes.createStructField("b", DataTypes.StringType, false),
        DataTypes.createStructField("score", DataTypes.DoubleType, false),
        DataTypes.createStructField("stage", DataTypes.StringType, false),
        DataTypes.createStructField("reason", DataTypes.StringType, false),
        DataTypes.createStructField("cluster_id", DataTypes.LongType, true)});
    List<Row> rows = new ArrayList<>(links.size());
    for (SparkLink l : links.values()) {
      int[] ca = byId.get(l.a());
      int[] cb = byId.get(l.b());
      Long cluster = ca != null && cb != null && ca[0] == cb[0] ? Long.valueOf(ca[0]) : null;
      rows.add(RowFactory.create(l.a(), l.b(), l.score(), l.stage(), l.reason(), cluster));
    }
    Dataset<Row> df = spark.createDataFrame(rows, schema).coalesce(1);
    switch (input.original() == null ? "json" : input.kind() == RawItems.Kind.CSV ? "csv" : "parquet") {
      case "json" -> df.write().json(dir);
      case "csv" -> df.write().option("header", "true").csv(dir);
      default -> df.write().parquet(dir);
    }
  }

  /** A link as deja dedupe's JSON shows it: the score to four decimals. */
  static Map<String, Object> linkJson(SparkLink l) {
    return BatchRows.linkJson(l.a(), l.b(), l.score(), l.stage(), l.reason());
  }

  /** Writes one text file through Hadoop's file system, so that the output may be on HDFS or S3 as well. */
  static void writeText(SparkSession spark, String file, String text) {
    Path p = new Path(file);
    try {
      FileSystem fs = p.getFileSystem(spark.sparkContext().hadoopConfiguration());
      try (OutputStream out = fs.create(p, false)) {
        out.write(text.getBytes(StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }
}
