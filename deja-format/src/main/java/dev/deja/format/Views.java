package dev.deja.format;

import dev.deja.core.engine.Match;
import dev.deja.core.engine.Verdict;
import dev.deja.core.engine.WriteResult;
import dev.deja.core.explain.Explanation;
import dev.deja.core.item.HistoryEntry;
import dev.deja.core.item.StoredItem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Deja's values as JSON-ready trees (ordered maps and lists): the one JSON shape the CLI, the HTTP API and the MCP
 * tools all print.
 *
 * <p>Thread-safe: stateless.
 */
public final class Views {
  private Views() {}

  /** {@code {"outcome", "matches": [...], "warnings": [...], "explanation": {...}}}. */
  public static Map<String, Object> verdict(Verdict v, boolean withExplanation) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("outcome", v.outcome().name());
    List<Object> matches = new ArrayList<>();
    for (Match match : v.matches()) {
      matches.add(match(match, withExplanation));
    }
    m.put("matches", matches);
    if (!v.warnings().isEmpty()) {
      m.put("warnings", v.warnings());
    }
    if (withExplanation) {
      m.put("explanation", explanation(v.explanation()));
    }
    return m;
  }

  /**
   * {@code {"id", "score", "level", "stage", "reason", "item", "explanation"}}; the reason is the deciding stage's
   * sentence ("Exact match: term + context", "Fuzzy match: 'a' ≈ 'b'").
   */
  public static Map<String, Object> match(Match match, boolean withExplanation) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", match.id());
    m.put("score", round(match.score()));
    m.put("level", match.level().name());
    m.put("stage", match.stage());
    m.put("reason", match.explanation().message());
    m.put("item", match.item().item().fields());
    if (withExplanation) {
      m.put("explanation", explanation(match.explanation()));
    }
    return m;
  }

  /** An explanation node and its children. */
  public static Map<String, Object> explanation(Explanation e) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("kind", e.kind());
    m.put("name", e.name());
    m.put("result", e.result());
    if (!e.message().isEmpty()) {
      m.put("message", e.message());
    }
    e.score().ifPresent(s -> m.put("score", round(s)));
    e.threshold().ifPresent(t -> m.put("threshold", round(t)));
    if (!e.values().isEmpty()) {
      m.put("values", e.values());
    }
    if (!e.evidence().isEmpty()) {
      m.put("evidence", e.evidence());
    }
    if (!e.details().isEmpty()) {
      List<Object> d = new ArrayList<>();
      for (Explanation c : e.details()) {
        d.add(explanation(c));
      }
      m.put("details", d);
    }
    return m;
  }

  /** {@code {"action", "id", "bypassed", "message", "warnings", "outcome", "matches", "item"}}. */
  public static Map<String, Object> write(WriteResult r, boolean withExplanation) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("action", r.action().name());
    r.id().ifPresent(id -> m.put("id", id));
    m.put("bypassed", r.bypassed());
    m.put("message", r.message());
    if (!r.warnings().isEmpty()) {
      m.put("warnings", r.warnings());
    }
    m.put("outcome", r.verdict().outcome().name());
    List<Object> matches = new ArrayList<>();
    for (Match match : r.verdict().matches()) {
      matches.add(match(match, withExplanation));
    }
    m.put("matches", matches);
    r.item().ifPresent(i -> m.put("item", stored(i)));
    return m;
  }

  /** {@code {"id", "tenant", "version", "created_at", "updated_at", "item", "history"}}. */
  public static Map<String, Object> stored(StoredItem i) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", i.id());
    m.put("version", i.version());
    m.put("created_at", i.createdAt().toString());
    m.put("updated_at", i.updatedAt().toString());
    m.put("item", i.item().fields());
    List<Object> h = new ArrayList<>();
    for (HistoryEntry e : i.history()) {
      Map<String, Object> he = new LinkedHashMap<>();
      he.put("at", e.at().toString());
      he.put("action", e.action());
      e.incoming().ifPresent(in -> he.put("incoming", in.fields()));
      if (!e.note().isEmpty()) {
        he.put("note", e.note());
      }
      h.add(he);
    }
    m.put("history", h);
    return m;
  }

  /** A score rounded to 6 decimals for display (the engine keeps full precision). */
  public static double round(double d) {
    return Math.round(d * 1e6) / 1e6;
  }
}
