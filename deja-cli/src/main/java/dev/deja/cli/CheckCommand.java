package dev.deja.cli;

import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.engine.Verdict;
import dev.deja.core.item.Item;
import dev.deja.core.item.StoredItem;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.store.MemoryCollectionStore;
import dev.deja.format.Json;
import dev.deja.format.Views;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code deja check}: would this item be a duplicate of the existing ones? */
@Command(name = "check", mixinStandardHelpOptions = true,
    description = "Check one item against existing items (a dry run) and print the verdict with its explanation. "
        + "When there is nothing to check against (no --existing file, an empty one, or none of its items in the "
        + "tenant), a note on stderr says so: the item cannot be a duplicate of nothing.",
    footer = {"", "Example:",
        "  deja check --preset calendar --existing events.jsonl \\",
        "    '{\"title\": \"Dr. Smith checkup\", \"start\": \"2026-03-02T14:00\", \"all_day\": false}'",
        "", "Exit codes: 0 NEW, 1 DUPLICATE, 3 POSSIBLE_DUPLICATE, 2 bad input, 4 failure."})
final class CheckCommand implements Callable<Integer> {
  @Mixin
  ConfigOptions config;

  @Option(names = {"-e", "--existing"}, paramLabel = "FILE",
      description = "JSON Lines of existing items: flat items (optional \"id\", \"tenant\") or {\"id\", \"record\"} "
          + "lines such as a scenario's adds.")
  Path existing;

  @Option(names = "--tenant", defaultValue = "default", paramLabel = "TENANT",
      description = "The tenant checking (default: ${DEFAULT-VALUE}); items of other tenants never match.")
  String tenant;

  @Option(names = "--exclude-id", paramLabel = "ID", description = "Never match this id (the item being edited).")
  String excludeId;

  @Option(names = "--json", description = "Print the verdict as one JSON object.")
  boolean json;

  @Option(names = {"-q", "--quiet"}, description = "Print only the outcome line (human output).")
  boolean quiet;

  @Parameters(index = "0", paramLabel = "ITEM", description = "The new item as a JSON object, or - to read stdin.")
  String item;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    CollectionSpec s = config.spec();
    AtomicLong seq = new AtomicLong();
    DejaCollection collection = DejaCollection.builder(s).store(new MemoryCollectionStore(s.name()))
        .embedders(config.embedders()).judges(config.judges())
        .ids(() -> "item-" + seq.incrementAndGet()).build();
    int read = 0;
    int comparable = 0;
    if (existing != null) {
      for (Items.Entry e : Items.fromFile(existing)) {
        StoredItem stored = collection.put(new PutRequest(e.tenant().orElse(tenant), e.id(), e.item(), true)).item()
            .orElseThrow();
        read++;
        if (stored.tenant().equals(tenant) && !s.excludedStatuses().contains(stored.keys().status())) {
          comparable++;
        }
      }
    }
    Item newItem = Items.fromArgument(item, System.in);
    Verdict v = collection.check(new CheckRequest(tenant, newItem, Optional.ofNullable(excludeId)));
    if (comparable == 0) {
      // Checked against nothing, the item cannot be a duplicate: say so, so that NEW is not read as "no duplicate".
      spec.commandLine().getErr().println("deja check: note: " + (existing == null ? "no --existing file"
          : read == 0 ? existing + " has no items"
          : "none of the " + read + " item(s) of " + existing + " can match in tenant '" + tenant + "' (items of "
              + "other tenants never match" + (s.excludedStatuses().isEmpty() ? ""
                  : ", nor items with an excluded status " + s.excludedStatuses()) + ")")
          + ": the item was checked against an empty store, so it cannot be a duplicate");
      spec.commandLine().getErr().flush();
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(Json.write(Views.verdict(v, true)));
      out.flush();
    } else {
      Render.verdict(out, v, !quiet);
    }
    return switch (v.outcome()) {
      case NEW -> Main.OK;
      case DUPLICATE -> Main.DUPLICATE;
      case POSSIBLE_DUPLICATE -> Main.POSSIBLE_DUPLICATE;
    };
  }
}
