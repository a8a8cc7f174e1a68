package dev.deja.postgres.internal;

import dev.deja.core.index.CandidateQuery;
import dev.deja.core.index.TimeFilter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * SQL text assembled from fixed fragments, and the parameters that go with it. No caller-supplied string ever becomes
 * SQL text: collection names, scopes, ids, statuses, keys, terms, times and vectors are all bound parameters; only the
 * shape (which fixed clauses are present, how many time clauses are OR-ed) varies.
 *
 * <p>Not thread-safe: one per statement being built.
 */
public final class Sql {
  private final StringBuilder text = new StringBuilder();
  private final List<Object> params = new ArrayList<>();

  /** A {@code text[]} parameter. */
  public record TextArray(String[] values) {}

  /** A {@code bigint[]} parameter. */
  public record BigintArray(Long[] values) {}

  /** Appends SQL text (a constant of the calling code, never caller input). */
  public Sql append(String sql) {
    text.append(sql);
    return this;
  }

  /** Appends SQL text with {@code ?} placeholders and their values, in order. */
  public Sql append(String sql, Object... values) {
    text.append(sql);
    params.addAll(java.util.Arrays.asList(values));
    return this;
  }

  /**
   * Appends the hard filter of a candidate query over a table with the filter columns ({@code deja_items} or
   * {@code deja_vectors}, unqualified): collection, scope, excluded statuses, self-exclusion and the time window.
   */
  public Sql filter(int collectionId, CandidateQuery q) {
    append("collection_id = ? AND scope = ?", collectionId, q.scope());
    if (!q.excludedStatuses().isEmpty()) {
      append(" AND status <> ALL (?)", new TextArray(q.excludedStatuses().stream().sorted().toArray(String[]::new)));
    }
    if (q.excludeId().isPresent()) {
      append(" AND id <> ?", q.excludeId().get());
    }
    if (!q.time().isEmpty()) {
      append(" AND (");
      String or = "";
      for (TimeFilter f : q.time()) {
        append(or);
        or = " OR ";
        switch (f.kind()) {
          case TIMED_START_BETWEEN -> append("(all_day = false AND start_ms BETWEEN ? AND ?)", f.from(), f.to());
          case TIMED_START_ON_DAYS -> append("(all_day = false AND start_day BETWEEN ? AND ?)", f.from(), f.to());
          case ALL_DAY_SAME_DATES -> append("(all_day AND start_day = ? AND end_day = ?)", f.from(), f.to());
          case ALL_DAY_OVERLAPPING -> append("(all_day AND start_day <= ? AND end_day >= ?)", f.to(), f.from());
          default -> throw new IllegalStateException("unknown time filter " + f.kind());
        }
      }
      append(")");
    }
    return this;
  }

  /** The SQL text. */
  public String text() {
    return text.toString();
  }

  /** Prepares the statement on the connection and binds every parameter. */
  public PreparedStatement prepare(Connection c) throws SQLException {
    PreparedStatement ps = c.prepareStatement(text.toString());
    try {
      bind(c, ps);
    } catch (SQLException | RuntimeException e) {
      ps.close();
      throw e;
    }
    return ps;
  }

  private void bind(Connection c, PreparedStatement ps) throws SQLException {
    for (int i = 0; i < params.size(); i++) {
      Object v = params.get(i);
      int at = i + 1;
      if (v instanceof TextArray t) {
        ps.setArray(at, c.createArrayOf("text", t.values()));
      } else if (v instanceof BigintArray b) {
        ps.setArray(at, c.createArrayOf("bigint", b.values()));
      } else if (v instanceof String s) {
        ps.setString(at, s);
      } else if (v instanceof Integer n) {
        ps.setInt(at, n);
      } else if (v instanceof Long n) {
        ps.setLong(at, n);
      } else if (v instanceof Boolean b) {
        ps.setBoolean(at, b);
      } else if (v instanceof byte[] b) {
        ps.setBytes(at, b);
      } else if (v == null) {
        ps.setNull(at, java.sql.Types.NULL);
      } else {
        throw new IllegalArgumentException("unsupported parameter type " + v.getClass().getName());
      }
    }
  }

  /** A vector as pgvector's text input ({@code [1.0,-0.5]}): Java's float text round-trips to the same float32. */
  public static String vector(float[] v) {
    StringBuilder sb = new StringBuilder(v.length * 12 + 2).append('[');
    for (int i = 0; i < v.length; i++) {
      if (i > 0) {
        sb.append(',');
      }
      sb.append(Float.toString(v[i]));
    }
    return sb.append(']').toString();
  }
}
