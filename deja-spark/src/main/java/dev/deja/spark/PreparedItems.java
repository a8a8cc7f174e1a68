package dev.deja.spark;

import dev.deja.core.InvalidInputException;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.ItemPreparer;
import dev.deja.core.index.Candidate;
import dev.deja.core.item.ItemKeys;
import dev.deja.core.item.StoredItem;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Every input row as the collection prepares it for the in-memory store: its id, tenant, scope, status, the keys it is
 * looked up by ({@code qkeys}) and indexed under ({@code ikeys}), its lexical terms, and its raw text (re-read where
 * the item itself is needed, so that rows stay flat). Also the way back: a prepared row as the {@link StoredItem} the
 * store would hold.
 *
 * <p>Thread-safe: the function is stateless; each task rebuilds the collection from the {@link JobConfig} (once per
 * JVM).
 */
final class PreparedItems implements MapPartitionsFunction<Row, Row> {
  private static final long serialVersionUID = 1L;

  static final StructType SCHEMA = new StructType(new StructField[] {
      DataTypes.createStructField("ord", DataTypes.LongType, false),
      DataTypes.createStructField("line", DataTypes.LongType, false),
      DataTypes.createStructField("id", DataTypes.StringType, false),
      DataTypes.createStructField("tenant", DataTypes.StringType, false),
      DataTypes.createStructField("side", DataTypes.StringType, true),
      DataTypes.createStructField("scope", DataTypes.StringType, false),
      DataTypes.createStructField("status", DataTypes.StringType, false),
      DataTypes.createStructField("excluded", DataTypes.BooleanType, false),
      DataTypes.createStructField("qkeys", DataTypes.createArrayType(DataTypes.StringType, false), false),
      DataTypes.createStructField("ikeys", DataTypes.createArrayType(DataTypes.StringType, false), false),
      DataTypes.createStructField("terms", DataTypes.createArrayType(DataTypes.StringType, false), false),
      DataTypes.createStructField("raw", DataTypes.StringType, false)});

  /** What a stored item's creation time would be; no stage or guard of the supported kinds reads it. */
  private static final Instant STORED_AT = Instant.EPOCH;

  private final JobConfig config;
  private final RawItems.Kind kind;
  private final String name;

  PreparedItems(JobConfig config, RawItems.Kind kind, String name) {
    this.config = config;
    this.kind = kind;
    this.name = name;
  }

  @Override
  public Iterator<Row> call(Iterator<Row> rows) {
    DejaCollection c = config.collection();
    Set<String> excluded = c.spec().excludedStatuses();
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return rows.hasNext();
      }

      @Override
      public Row next() {
        Row r = rows.next();
        long line = r.getLong(1);
        String raw = r.getString(2);
        String where = name + ":" + line;
        RawItems.Entry e = RawItems.read(kind, raw, where, c.spec(), config.across());
        ItemPreparer.Prepared p;
        try {
          p = c.prepare(e.tenant().orElse(config.tenant()), e.item());
        } catch (InvalidInputException x) {
          throw new InvalidInputException(where + ": " + x.getMessage(), x);
        }
        ItemKeys k = p.keys();
        return RowFactory.create(r.getLong(0), line, e.id(), p.tenant(), e.side().orElse(null), k.scope(),
            k.status(), excluded.contains(k.status()), sorted(p.queryKeys()), sorted(k.keys()), sorted(k.terms()), raw);
      }
    };
  }

  private static String[] sorted(Set<String> s) {
    return s.stream().sorted().toArray(String[]::new);
  }

  /**
   * A prepared row (its columns by name, as {@link #SCHEMA}, possibly prefixed) as the stored item {@code deja dedupe}'s
   * store would hold: the same item, tenant and keys (no vectors: the supported stages use none).
   */
  static StoredItem stored(Row r, String prefix, RawItems.Kind kind, String name, JobConfig config) {
    String where = name + ":" + r.getLong(r.fieldIndex(prefix + "line"));
    RawItems.Entry e = RawItems.read(kind, r.getString(r.fieldIndex(prefix + "raw")), where, config.collection().spec(),
        config.across());
    ItemKeys keys = new ItemKeys(r.getString(r.fieldIndex(prefix + "scope")),
        r.getString(r.fieldIndex(prefix + "status")), Set.copyOf(r.<String>getList(r.fieldIndex(prefix + "ikeys"))),
        Set.copyOf(r.<String>getList(r.fieldIndex(prefix + "terms"))), Optional.empty());
    return new StoredItem(e.id(), r.getString(r.fieldIndex(prefix + "tenant")), e.item(), keys, Map.of(), 1,
        STORED_AT, STORED_AT, List.of());
  }

  /** The candidates of a probe: its {@code cands} structs, each a prepared row with its {@code sources}. */
  static List<Candidate> candidates(List<Row> cands, RawItems.Kind kind, String name, JobConfig config) {
    List<Candidate> out = new ArrayList<>(cands.size());
    for (Row c : cands) {
      out.add(new Candidate(stored(c, "", kind, name, config), Set.copyOf(c.<String>getList(c.fieldIndex("sources")))));
    }
    return out;
  }
}
