package dev.deja.spark;

import dev.deja.core.InvalidInputException;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.format.BatchRows;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The job's input as rows in file order: {@code ord} (the item's position among the items, from 0), {@code line} (its
 * line or row number, for messages) and {@code raw} (the text {@link RawItems} reads it from). JSON Lines is read as
 * text, line by line, exactly as {@code deja dedupe} reads it; CSV cells are kept as text (typed later by the fields);
 * a Parquet row becomes a flat JSON object.
 *
 * <p>Thread-safe: immutable.
 *
 * @param kind how {@code raw} is read
 * @param name the input's file name, for messages
 * @param rows (ord, line, raw)
 * @param original for CSV and Parquet: the input's columns with {@code ord}, for the records output; null for JSON
 */
record InputTable(RawItems.Kind kind, String name, Dataset<Row> rows, Dataset<Row> original) {
  /** The input formats. */
  enum Format {
    JSON, CSV, PARQUET;

    /** The format named by {@code --format}, or by the path's extension (JSON Lines unless .csv or .parquet). */
    static Format of(String given, String path) {
      if (given != null) {
        try {
          return valueOf(given.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
          throw new InvalidInputException("--format " + given + ": give json, csv or parquet", e);
        }
      }
      String p = path.toLowerCase(Locale.ROOT).replaceAll("/+$", "");
      return p.endsWith(".csv") ? CSV : p.endsWith(".parquet") ? PARQUET : JSON;
    }
  }

  static final StructType SCHEMA = new StructType(new StructField[] {
      DataTypes.createStructField("ord", DataTypes.LongType, false),
      DataTypes.createStructField("line", DataTypes.LongType, false),
      DataTypes.createStructField("raw", DataTypes.StringType, false)});

  /** Reads the input; its existence is checked before. */
  static InputTable read(SparkSession spark, String path, Format format, CollectionSpec spec) {
    String name = path.replaceAll("/+$", "");
    name = name.substring(name.lastIndexOf('/') + 1);
    if (format == Format.JSON) {
      JavaRDD<Row> rows = spark.read().text(path).javaRDD().map(r -> r.getString(0)).zipWithIndex()
          .filter(t -> RawItems.isItemLine(t._1())).zipWithIndex()
          .map(t -> RowFactory.create(t._2(), t._1()._2() + 1, t._1()._1()));
      return new InputTable(RawItems.Kind.JSON, name, spark.createDataFrame(rows, SCHEMA), null);
    }
    Dataset<Row> df = format == Format.CSV
        ? spark.read().option("header", "true").option("multiLine", "true").option("mode", "FAILFAST").csv(path)
        : spark.read().parquet(path);
    List<String> columns = Arrays.asList(df.columns());
    if (!columns.contains("id")) {
      throw new InvalidInputException(name + ": no column 'id': the Spark job needs an id on every row; the "
          + "columns are " + columns);
    }
    if (format == Format.CSV) {
      BatchRows.checkHeader(name, columns, spec);
    }
    StructType withOrd = df.schema().add("ord", DataTypes.LongType, false);
    JavaRDD<Row> numbered = df.javaRDD().zipWithIndex().map(t -> {
      Object[] v = new Object[t._1().size() + 1];
      for (int i = 0; i < t._1().size(); i++) {
        v[i] = t._1().get(i);
      }
      v[v.length - 1] = t._2();
      return RowFactory.create(v);
    });
    Dataset<Row> original = spark.createDataFrame(numbered, withOrd);
    List<Column> cells = new ArrayList<>();
    for (String c : columns) {
      Column col = functions.col("`" + c + "`");
      cells.add(format == Format.PARQUET && (c.equals("id") || c.equals("tenant")) ? col.cast("string").as(c) : col);
    }
    // A CSV row's line: the header is line 1 (a cell with a line break moves later rows down: messages say "row").
    long first = format == Format.CSV ? 2 : 1;
    Dataset<Row> rows = original.select(functions.col("ord"), functions.col("ord").plus(first).as("line"),
        functions.to_json(functions.struct(cells.toArray(new Column[0]))).as("raw"));
    if (format == Format.CSV) {
      // A CSV file is read whole (cells may hold line breaks, so it cannot be split): spread its rows for the next
      // stage, which prepares them. Their order is their ord, not their partition.
      rows = rows.repartition(spark.sparkContext().defaultParallelism());
    }
    return new InputTable(format == Format.CSV ? RawItems.Kind.CSV : RawItems.Kind.JSON, name, rows, original);
  }
}
