package dev.deja.cli;

import dev.deja.cli.eval.Progress;
import dev.deja.core.InvalidInputException;
import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.Outcome;
import dev.deja.core.engine.Verdict;
import dev.deja.core.item.Item;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.format.Json;
import dev.deja.format.Views;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code deja check}: would this item (or each item of a file) be a duplicate of the existing ones? */
@Command(name = "check", mixinStandardHelpOptions = true,
    description = "Check one item, or every item of a file (--input), against existing items — a file of them "
        + "(--existing) or a collection in the store 'deja serve' uses (--collection) — as a dry run, and print the "
        + "verdict with its explanation. Without either there is nothing to check against, and the command refuses "
        + "(exit 2) rather than answer NEW. The items of --input are each checked against the existing ones, not "
        + "against each other (that is 'deja dedupe').",
    footer = {"", "Examples:",
        "  deja check --preset calendar --existing events.jsonl \\",
        "    '{\"title\": \"Dr. Smith checkup\", \"start\": \"2026-03-02T14:00\", \"all_day\": false}'",
        "  deja check --collection family --tenant demo '{\"title\": \"Soccer\", \"start\": \"2026-03-04T17:00\"}'",
        "  deja check --preset text --existing known.csv --input new.csv --csv > verdicts.csv",
        "",
        "Files: JSON Lines (a flat item per line, optional \"id\" and \"tenant\"), or CSV by the .csv extension (a "
            + "header; columns id, tenant and the preset's fields; list values separated by ';').",
        "",
        "Exit codes: 0 NEW, 1 DUPLICATE, 3 POSSIBLE_DUPLICATE (with --input: the most severe verdict), 2 bad input, "
            + "4 failure."})
final class CheckCommand implements Callable<Integer> {
  @Mixin
  ConfigOptions config;

  @Option(names = {"-e", "--existing"}, paramLabel = "FILE",
      description = "The existing items: JSON Lines (flat items with optional \"id\", \"tenant\", or {\"id\", "
          + "\"record\"} lines such as a scenario's adds) or CSV.")
  Path existing;

  @Option(names = "--collection", paramLabel = "NAME",
      description = "Check against this collection of the store 'deja serve' uses (--data / --store, else the "
          + "config's server.data_dir / server.store, else ./deja-data); its stored definition decides, so "
          + "--preset and --set do not apply. The store must not be held by a running server (check over HTTP "
          + "then: POST /v1/collections/NAME/check).")
  String collection;

  @Option(names = "--data", paramLabel = "DIR", description = "With --collection: the data directory.")
  Path data;

  @Option(names = "--store", paramLabel = "URL", description = "With --collection: a postgresql:// store.")
  String store;

  @Option(names = "--tenant", defaultValue = "default", paramLabel = "TENANT",
      description = "The tenant checking (default: ${DEFAULT-VALUE}); items of other tenants never match.")
  String tenant;

  @Option(names = "--exclude-id", paramLabel = "ID", description = "Never match this id (the item being edited).")
  String excludeId;

  @Option(names = {"-i", "--input"}, paramLabel = "FILE",
      description = "Check every item of this file (JSON Lines or CSV; - for JSON Lines on stdin), one verdict "
          + "per item, written as it is decided.")
  String input;

  @Option(names = "--json", description = "Print the verdict as one JSON object (with --input: JSON Lines, one "
      + "object per item).")
  boolean json;

  @Option(names = "--csv", description = "With --input: print CSV, one row per item (line, id, outcome, and the "
      + "best match's id, score, level and stage).")
  boolean csv;

  @Option(names = {"-q", "--quiet"}, description = "Print only the outcome (with --input: only the summary).")
  boolean quiet;

  @Parameters(index = "0", arity = "0..1", paramLabel = "ITEM",
      description = "The new item as a JSON object, or - to read it from stdin (or give --input FILE).")
  String item;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    if ((item == null) == (input == null)) {
      throw new InvalidInputException(item == null ? "give the item to check (ITEM, or - for stdin) or a file of "
          + "items (--input FILE)" : "give ITEM or --input FILE, not both");
    }
    if (csv && input == null) {
      throw new InvalidInputException("--csv: only with --input (one item prints its verdict, or --json)");
    }
    if (csv && json) {
      throw new InvalidInputException("give --json or --csv, not both");
    }
    if (existing != null && collection != null) {
      throw new InvalidInputException("give --existing FILE or --collection NAME, not both");
    }
    if (existing == null && collection == null) {
      throw new InvalidInputException("nothing to check against: give --existing FILE (the items to compare "
          + "with, JSON Lines or CSV) or --collection NAME (a collection of the store 'deja serve' uses: --data "
          + "DIR or --store URL); checked against nothing, every item would be NEW");
    }
    if (collection == null && (data != null || store != null)) {
      throw new InvalidInputException((data != null ? "--data" : "--store") + ": only with --collection");
    }
    if (collection != null) {
      if (config.preset != null || !config.settings.isEmpty()) {
        throw new InvalidInputException((config.preset != null ? "--preset" : "--set") + ": does not apply with "
            + "--collection (the collection's stored definition decides); to check with a preset, give --existing");
      }
      try (StoreOptions.Opened opened = StoreOptions.of(data, store, tenant, config.config)
          .open(Clock.systemUTC(), "POST /v1/collections/" + collection + "/check")) {
        DejaCollection c = opened.collection(collection, Optional.empty());
        if (c.count(tenant) == 0) {
          note("collection '" + collection + "' of tenant '" + tenant + "' in " + opened.where() + " is empty");
        }
        return run(c);
      }
    }
    CollectionSpec s = config.spec();
    DejaCollection c = config.inMemory(s, "item-%d");
    Batch.Loaded loaded;
    try (ItemFile f = ItemFile.open(existing, s);
        Progress p = Progress.of(err(), "reading " + existing.getFileName(), Batch.lines(existing), 2_000)) {
      Batch.noteIgnoredColumns(err(), "check", f, s.name());
      loaded = Batch.store(c, f, tenant, p, (row, stored) -> { });
    }
    if (loaded.comparable() == 0) {
      // Checked against nothing, an item cannot be a duplicate: say so, so that NEW is not read as "no duplicate".
      note(loaded.read() == 0 ? existing + " has no items"
          : "none of the " + loaded.read() + " item(s) of " + existing + " can match in tenant '" + tenant
              + "' (items of other tenants never match" + (s.excludedStatuses().isEmpty() ? ""
                  : ", nor items with an excluded status " + s.excludedStatuses()) + ")");
    }
    return run(c);
  }

  private PrintWriter err() {
    return spec.commandLine().getErr();
  }

  private void note(String what) {
    err().println("deja check: note: " + what + ": " + (input == null ? "the item was" : "the items were")
        + " checked against an empty store, so " + (input == null ? "it cannot be a duplicate"
        : "none can be a duplicate"));
    err().flush();
  }

  private int run(DejaCollection c) {
    if (input != null) {
      return new CheckBatch(c, tenant, spec.commandLine().getOut(), err(), json, csv, quiet).run(input);
    }
    Item newItem = Items.fromArgument(item, System.in);
    Verdict v = c.check(new CheckRequest(tenant, newItem, Optional.ofNullable(excludeId)));
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(Json.write(Views.verdict(v, true)));
      out.flush();
    } else if (quiet) {
      out.println(v.outcome());
      out.flush();
    } else {
      Render.verdict(out, v, true);
    }
    return exitCode(v.outcome());
  }

  static int exitCode(Outcome o) {
    return switch (o) {
      case NEW -> Main.OK;
      case DUPLICATE -> Main.DUPLICATE;
      case POSSIBLE_DUPLICATE -> Main.POSSIBLE_DUPLICATE;
    };
  }

  /** Reads stdin as JSON Lines. */
  static ItemFile openInput(String input, dev.deja.core.spec.CollectionSpec spec) {
    return "-".equals(input) ? ItemFile.jsonLines("stdin", new InputStreamReader(System.in, StandardCharsets.UTF_8),
        spec) : ItemFile.open(Path.of(input), spec);
  }
}
