package dev.deja.cli;

import dev.deja.calendar.CalendarImport;
import dev.deja.calendar.ICalendar;
import dev.deja.cli.eval.Progress;
import dev.deja.core.InvalidInputException;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.Match;
import dev.deja.calendar.ImportReports;
import dev.deja.format.Json;
import dev.deja.format.DejaConfig;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code deja import}: an iCalendar file into a calendar collection, each event through the duplicate check. */
@Command(name = "import", mixinStandardHelpOptions = true,
    description = "Import the events of an iCalendar file (.ics) into a calendar collection. Each event goes through "
        + "the duplicate check: one that duplicates an event already there (or one earlier in the file) is skipped "
        + "and shown with its matches; an event whose UID is already stored is not imported twice. The whole file "
        + "is read and validated before anything is written: a malformed file changes nothing.",
    footer = {"", "Examples:",
        "  deja import examples/family.ics --collection family --tenant demo",
        "  deja import work.ics --collection work --json > report.json",
        "  deja import family.ics --collection family \\",
        "      --store postgresql://deja:deja@127.0.0.1:5432/deja", "",
        "The collection is created from --preset (default calendar) when it does not exist. A moved occurrence of a "
            + "series (RECURRENCE-ID) is imported at its new time and its old slot is freed; cancelled events "
            + "(STATUS:CANCELLED) are stored but never compared. Folded lines, LF-only files and Windows time zone "
            + "names (Outlook) are read.", "",
        "The store is the one 'deja serve' uses (--data / --store, else the config's server section); while a "
            + "server holds it, import over HTTP instead: POST /v1/collections/NAME/import (docs/HTTP.md).", "",
        "Exit codes: 0 imported (duplicates skipped is a success), 2 malformed file or bad usage (nothing written), "
            + "4 store failure."})
final class ImportCommand implements Callable<Integer> {
  @Mixin
  StoreOptions stores;

  @Option(names = "--collection", required = true, paramLabel = "NAME", description = "The collection to import into.")
  String collection;

  @Option(names = {"-p", "--preset"}, paramLabel = "PRESET", defaultValue = "calendar",
      description = "The preset of the collection when it is created (default: ${DEFAULT-VALUE}; a preset or "
          + "collection the --config file declares, too).")
  String preset;

  @Option(names = "--set", paramLabel = "PATH=VALUE",
      description = "Override one setting of the preset when the collection is created, e.g. --set "
          + "time_window.time_window_hours=3 (repeatable).")
  List<String> settings = new ArrayList<>();

  @Option(names = {"-f", "--force"}, description = "Create events even when they duplicate existing ones "
      + "(bypass_duplicate_check); the report still names what they duplicate.")
  boolean force;

  @Option(names = "--json", description = "Print the report as one JSON object.")
  boolean json;

  @Option(names = {"-q", "--quiet"}, description = "Print only the summary line (human output).")
  boolean quiet;

  @Parameters(index = "0", paramLabel = "FILE", description = "The .ics file, or - to read stdin.")
  String file;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    String source = "-".equals(file) ? "stdin" : Path.of(file).getFileName().toString();
    String text = read();
    // Read and validated before the store is opened: a malformed file leaves no trace (not even a new, empty
    // collection). The fields are the preset's, which a new collection gets; an existing one is read again below.
    Map<String, Object> definition = DejaConfig.applySettings(stores.dejaConfig().presetTree(preset), settings);
    ICalendar.read(text, source, stores.dejaConfig().presetSpec(preset, settings).fields().keySet());
    try (StoreOptions.Opened opened = stores.open(Clock.systemUTC(), "POST /v1/collections/" + collection
        + "/import with the .ics file as the body")) {
      boolean created = opened.catalog().find(collection).isEmpty();
      if (!created && !settings.isEmpty()) {
        throw new InvalidInputException("--set: collection '" + collection + "' exists in " + opened.where()
            + " and its stored definition decides; --set applies when import creates a collection");
      }
      DejaCollection c = created ? opened.catalog().create(collection, definition)
          : opened.collection(collection, Optional.empty());
      CalendarImport.Report report;
      try {
        ICalendar.Parsed parsed = ICalendar.read(text, source, c.spec().fields().keySet());
        PrintWriter err = spec.commandLine().getErr();
        try (Progress progress = json ? Progress.silent()
            : Progress.of(err, "importing", parsed.events().size(), 20)) {
          report = CalendarImport.run(c, stores.tenant, parsed, force, progress::step);
        }
      } catch (RuntimeException e) {
        if (created && c.count(stores.tenant) == 0) {
          opened.catalog().drop(collection); // a failed import leaves no empty collection behind
        }
        throw e;
      }
      PrintWriter out = spec.commandLine().getOut();
      if (json) {
        out.println(Json.write(ImportReports.json(source, collection, stores.tenant, report)));
      } else {
        human(out, source, report);
      }
      out.flush();
      return Main.OK;
    }
  }

  private String read() {
    try {
      byte[] bytes = "-".equals(file) ? System.in.readAllBytes() : Files.readAllBytes(Path.of(file));
      // Unfolded on bytes first: a fold may split a UTF-8 character (RFC 5545 says to restore it).
      return ICalendar.decode(bytes, file);
    } catch (NoSuchFileException e) {
      throw new InvalidInputException(file + ": no such file");
    } catch (IOException e) {
      throw new InvalidInputException(file + ": cannot read: " + e.getMessage(), e);
    }
  }

  private void human(PrintWriter out, String source, CalendarImport.Report r) {
    if (!quiet) {
      for (CalendarImport.Row row : r.rows()) {
        String what = switch (row.kind()) {
          case CREATED -> "created    " + row.id().orElse("");
          case DUPLICATE -> "duplicate  ";
          case EXISTS -> "exists     " + row.id().orElse("");
        };
        out.println(what + "  " + row.event().label());
        for (Match m : row.matches()) {
          out.println("    " + (row.kind() == CalendarImport.Kind.CREATED ? "forced; duplicates " : "duplicates ")
              + m.id() + "  score " + dev.deja.core.explain.Explanation.format(m.score()) + " via " + m.stage()
              + "  " + Render.summary(m.item().item().fields()));
        }
      }
      for (String s : r.skipped()) {
        out.println("skipped    " + s);
      }
    }
    out.println("Imported " + source + " into '" + collection + "': " + r.count(CalendarImport.Kind.CREATED)
        + " created, " + r.count(CalendarImport.Kind.DUPLICATE) + " duplicate(s) skipped, "
        + r.count(CalendarImport.Kind.EXISTS) + " already there, " + r.skipped().size() + " not importable.");
  }
}
