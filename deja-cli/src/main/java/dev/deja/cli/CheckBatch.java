package dev.deja.cli;

import dev.deja.cli.eval.Progress;
import dev.deja.core.InvalidInputException;
import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.Match;
import dev.deja.core.engine.Outcome;
import dev.deja.core.engine.Verdict;
import dev.deja.core.explain.Explanation;
import dev.deja.format.Views;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code deja check --input FILE}: every item of a file checked against the existing ones, one verdict per item
 * written as soon as it is decided (human lines, JSON Lines or CSV), so that memory holds one input line at a time.
 *
 * <p>Not thread-safe.
 */
final class CheckBatch {
  static final List<String> CSV_COLUMNS = List.of("line", "id", "outcome", "match_id", "score", "level", "stage",
      "matches");

  private final DejaCollection collection;
  private final String tenant;
  private final PrintWriter out;
  private final PrintWriter err;
  private final boolean json;
  private final boolean csv;
  private final boolean quiet;

  CheckBatch(DejaCollection collection, String tenant, PrintWriter out, PrintWriter err, boolean json, boolean csv,
      boolean quiet) {
    this.collection = collection;
    this.tenant = tenant;
    this.out = out;
    this.err = err;
    this.json = json;
    this.csv = csv;
    this.quiet = quiet;
  }

  /** Checks every item of the input; the exit code of the most severe verdict. */
  int run(String input) {
    Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);
    long total = "-".equals(input) ? 0 : Batch.lines(Path.of(input));
    try (ItemFile f = CheckCommand.openInput(input, collection.spec());
        Progress p = "-".equals(input) ? Progress.silent() : Progress.of(err, "checking", total, 200);
        Batch.RowWriter rows = csv ? Batch.RowWriter.csv(out, CSV_COLUMNS)
            : json ? Batch.RowWriter.jsonLines(out) : null) {
      Batch.noteIgnoredColumns(err, "check", f, collection.spec().name());
      while (f.hasNext()) {
        ItemFile.Row row = f.next();
        Verdict v;
        try {
          v = collection.check(new CheckRequest(row.tenant().orElse(tenant), row.item(), row.id()));
        } catch (InvalidInputException e) {
          throw new InvalidInputException(row.where() + ": " + e.getMessage(), e);
        }
        counts.merge(v.outcome(), 1, Integer::sum);
        if (rows != null) {
          rows.write(csv ? csvRow(row, v) : jsonRow(row, v));
        } else if (!quiet) {
          human(row, v);
        }
        p.step();
      }
    }
    int n = counts.values().stream().mapToInt(Integer::intValue).sum();
    String summary = "checked " + n + " item(s): " + counts.getOrDefault(Outcome.DUPLICATE, 0) + " DUPLICATE, "
        + counts.getOrDefault(Outcome.POSSIBLE_DUPLICATE, 0) + " POSSIBLE_DUPLICATE, "
        + counts.getOrDefault(Outcome.NEW, 0) + " NEW";
    if (json || csv) {
      err.println("deja check: " + summary);
      err.flush();
    } else {
      out.println(summary);
      out.flush();
    }
    return counts.containsKey(Outcome.DUPLICATE) ? Main.DUPLICATE
        : counts.containsKey(Outcome.POSSIBLE_DUPLICATE) ? Main.POSSIBLE_DUPLICATE : Main.OK;
  }

  private void human(ItemFile.Row row, Verdict v) {
    StringBuilder sb = new StringBuilder(row.where()).append("  ").append(v.outcome());
    row.id().ifPresent(id -> sb.append("  ").append(id));
    out.println(sb);
    for (Match m : v.matches()) {
      out.println("    " + m.id() + "  score " + Explanation.format(m.score()) + "  " + m.level() + " via "
          + m.stage() + "  " + Render.summary(m.item().item().fields()));
    }
    out.flush();
  }

  private static Map<String, Object> jsonRow(ItemFile.Row row, Verdict v) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("line", row.line());
    m.put("id", row.id().orElse(null));
    m.putAll(Views.verdict(v, false));
    return m;
  }

  private static Map<String, Object> csvRow(ItemFile.Row row, Verdict v) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("line", row.line());
    m.put("id", row.id().orElse(""));
    m.put("outcome", v.outcome().name());
    Optional<Match> best = v.matches().stream().findFirst();
    m.put("match_id", best.map(Match::id).orElse(""));
    m.put("score", best.map(b -> Explanation.format(b.score())).orElse(""));
    m.put("level", best.map(b -> b.level().name()).orElse(""));
    m.put("stage", best.map(Match::stage).orElse(""));
    m.put("matches", v.matches().size());
    return m;
  }
}
