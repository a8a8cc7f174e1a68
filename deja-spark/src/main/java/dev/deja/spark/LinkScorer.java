package dev.deja.spark;

import dev.deja.core.InvalidInputException;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.ItemPreparer;
import dev.deja.core.engine.Match;
import dev.deja.core.engine.Verdict;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The check of each probe against its candidates with the collection's own cascade ({@link
 * DejaCollection#checkAmong}: the stages, guards and explanation of {@code deja dedupe}'s checks), one link per match:
 * (a, b) in id order, the score, stage and reason, the probe's position in the input (of two directions with equal
 * scores the one checked first in file order wins, as in {@code deja dedupe}) and both ends' {@code --across} sides.
 *
 * <p>Thread-safe: stateless; the collection is shared per JVM and thread-safe.
 */
final class LinkScorer implements FlatMapFunction<Row, Row> {
  private static final long serialVersionUID = 1L;

  static final StructType SCHEMA = new StructType(new StructField[] {
      DataTypes.createStructField("a", DataTypes.StringType, false),
      DataTypes.createStructField("b", DataTypes.StringType, false),
      DataTypes.createStructField("score", DataTypes.DoubleType, false),
      DataTypes.createStructField("stage", DataTypes.StringType, false),
      DataTypes.createStructField("reason", DataTypes.StringType, false),
      DataTypes.createStructField("pord", DataTypes.LongType, false),
      DataTypes.createStructField("aside", DataTypes.StringType, true),
      DataTypes.createStructField("bside", DataTypes.StringType, true)});

  private final JobConfig config;
  private final RawItems.Kind kind;
  private final String name;

  LinkScorer(JobConfig config, RawItems.Kind kind, String name) {
    this.config = config;
    this.kind = kind;
    this.name = name;
  }

  /** A row: the probe's prepared columns and {@code cands}, its candidates' prepared columns with their sources. */
  @Override
  public Iterator<Row> call(Row probe) {
    DejaCollection c = config.collection();
    String id = probe.getString(probe.fieldIndex("id"));
    String where = name + ":" + probe.getLong(probe.fieldIndex("line"));
    RawItems.Entry e = RawItems.read(kind, probe.getString(probe.fieldIndex("raw")), where, c.spec(), config.across());
    ItemPreparer.Prepared p = c.prepare(probe.getString(probe.fieldIndex("tenant")), e.item());
    List<Row> cands = probe.getList(probe.fieldIndex("cands"));
    Verdict v;
    try {
      v = c.checkAmong(p, Optional.of(id), PreparedItems.candidates(cands, kind, name, config));
    } catch (InvalidInputException x) {
      throw new InvalidInputException(where + ": " + x.getMessage(), x);
    }
    Map<String, String> sides = new HashMap<>();
    for (Row cand : cands) {
      sides.put(cand.getString(cand.fieldIndex("id")), cand.getString(cand.fieldIndex("side")));
    }
    long ord = probe.getLong(probe.fieldIndex("ord"));
    String side = probe.getString(probe.fieldIndex("side"));
    List<Row> out = new ArrayList<>(v.matches().size());
    for (Match m : v.matches()) {
      boolean first = id.compareTo(m.id()) < 0;
      out.add(RowFactory.create(first ? id : m.id(), first ? m.id() : id, m.score(), m.stage(),
          m.explanation().message(), ord, first ? side : sides.get(m.id()), first ? sides.get(m.id()) : side));
    }
    return out.iterator();
  }
}
