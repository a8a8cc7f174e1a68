package dev.deja.cli;

import dev.deja.cli.eval.Progress;
import dev.deja.core.InvalidInputException;
import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.Match;
import dev.deja.core.engine.Verdict;
import dev.deja.core.explain.Explanation;
import dev.deja.core.spec.CollectionSpec;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code deja link}: record linkage between two files — which items of the second are the same as one of the first. */
@Command(name = "link", mixinStandardHelpOptions = true,
    description = "Link two sources (record linkage): every item of SOURCE is checked against the items of TARGET "
        + "with the preset's cascade, and each match is written as a link (SOURCE item, TARGET item, score, level, "
        + "stage) as soon as it is found. Items of one file are never compared with each other (that is 'deja "
        + "dedupe'). TARGET is held in an in-memory store (the index the checks need); SOURCE is read one line at a "
        + "time, so it can be as long as you like.",
    footer = {"", "Examples:",
        "  deja link --preset text crm.csv webshop.csv --csv > links.csv",
        "  deja link --config deja.yaml --preset products catalogue.jsonl feed.jsonl --best --json",
        "", "Files: JSON Lines or CSV (by the .csv extension), as for 'deja dedupe'. Items without an id are "
            + "named by their line (file.csv:12).",
        "", "Output: human lines, --json (JSON Lines: one link per line), or --csv (source_id, target_id, score, "
            + "level, stage, reason). A summary goes to stderr with --json and --csv.",
        "", "Exit codes: 0 done (linked or not), 2 bad input, 4 failure."})
final class LinkCommand implements Callable<Integer> {
  static final List<String> CSV_COLUMNS = List.of("source_id", "target_id", "score", "level", "stage", "reason");

  @Mixin
  ConfigOptions config;

  @Parameters(index = "0", paramLabel = "TARGET", description = "The items linked to (stored and indexed).")
  Path target;

  @Parameters(index = "1", paramLabel = "SOURCE", description = "The items to link, read one at a time.")
  Path source;

  @Option(names = "--tenant", defaultValue = "default", paramLabel = "TENANT",
      description = "Tenant of items that name none (default: ${DEFAULT-VALUE}).")
  String tenant;

  @Option(names = "--best", description = "Write only the best link of each SOURCE item (a one-to-one mapping from "
      + "SOURCE's side).")
  boolean best;

  @Option(names = "--no-possible", negatable = false,
      description = "Leave out POSSIBLE_DUPLICATE links (the preset's possible band): only DUPLICATE ones.")
  boolean noPossible;

  @Option(names = "--json", description = "Print JSON Lines, one link per line.")
  boolean json;

  @Option(names = "--csv", description = "Print CSV, one link per row.")
  boolean csv;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec cmd;

  @Override
  public Integer call() {
    if (json && csv) {
      throw new InvalidInputException("give --json or --csv, not both");
    }
    CollectionSpec spec = config.spec();
    String targetName = target.getFileName().toString();
    DejaCollection c = config.inMemory(spec, targetName.replace("%", "%%") + ":%d");
    PrintWriter err = cmd.commandLine().getErr();
    PrintWriter out = cmd.commandLine().getOut();
    Map<String, String> lineIds = new java.util.HashMap<>();
    Batch.Loaded loaded;
    try (ItemFile f = ItemFile.open(target, spec);
        Progress p = Progress.of(err, "reading " + targetName, Batch.lines(target), 2_000)) {
      Batch.noteIgnoredColumns(err, "link", f, spec.name());
      loaded = Batch.store(c, f, tenant, p, (row, stored) -> {
        if (row.id().isEmpty()) {
          lineIds.put(stored.id(), row.where());
        }
      });
    }
    if (loaded.read() == 0) {
      err.println("deja link: note: " + target + " has no items: nothing can be linked");
      err.flush();
    }
    int read = 0;
    int linkedItems = 0;
    int links = 0;
    try (ItemFile f = ItemFile.open(source, spec);
        Progress p = Progress.of(err, "linking", Batch.lines(source), 200);
        Batch.RowWriter rows = csv ? Batch.RowWriter.csv(out, CSV_COLUMNS)
            : json ? Batch.RowWriter.jsonLines(out) : null) {
      Batch.noteIgnoredColumns(err, "link", f, spec.name());
      while (f.hasNext()) {
        ItemFile.Row row = f.next();
        read++;
        Verdict v;
        try {
          v = c.check(new CheckRequest(row.tenant().orElse(tenant), row.item(), Optional.empty()));
        } catch (InvalidInputException e) {
          throw new InvalidInputException(row.where() + ": " + e.getMessage(), e);
        }
        List<Match> found = v.matches().stream()
            .filter(m -> !noPossible || m.level() == dev.deja.core.engine.Outcome.DUPLICATE)
            .limit(best ? 1 : Long.MAX_VALUE).toList();
        if (!found.isEmpty()) {
          linkedItems++;
        }
        String sourceId = row.id().orElse(row.where());
        for (Match m : found) {
          links++;
          Map<String, Object> link = new LinkedHashMap<>();
          link.put("source_id", sourceId);
          link.put("target_id", lineIds.getOrDefault(m.id(), m.id()));
          link.put("score", Explanation.format(m.score()));
          link.put("level", m.level().name());
          link.put("stage", m.stage());
          link.put("reason", m.explanation().message());
          if (rows != null) {
            if (json) {
              link.put("score", dev.deja.format.Views.round(m.score()));
            }
            rows.write(link);
          } else {
            out.println(sourceId + "  →  " + link.get("target_id") + "  score " + link.get("score") + "  "
                + m.level() + " via " + m.stage() + "  " + Render.summary(m.item().item().fields()));
          }
        }
        p.step();
      }
    }
    String summary = "linked " + linkedItems + " of " + read + " item(s) of " + source.getFileName() + " to "
        + loaded.read() + " item(s) of " + targetName + " (" + links + " link(s))";
    if (json || csv) {
      err.println("deja link: " + summary);
      err.flush();
    } else {
      out.println(summary);
    }
    out.flush();
    return Main.OK;
  }
}
