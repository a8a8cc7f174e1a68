package dev.deja.cli;

import dev.deja.calendar.CalendarExport;
import dev.deja.core.InvalidInputException;
import dev.deja.core.engine.DejaCollection;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code deja export}: a calendar collection as an iCalendar file. */
@Command(name = "export", mixinStandardHelpOptions = true,
    description = "Write a calendar collection's events as iCalendar (one VEVENT per event, UID = the event's id; "
        + "series with their RRULE and EXDATEs, once), to stdout or a file.",
    footer = {"", "Examples:", "  deja export --collection family > family.ics",
        "  deja export --collection family -o family.ics", "",
        "Exit codes: 0 written, 2 unknown collection or bad usage, 4 store failure."})
final class ExportCommand implements Callable<Integer> {
  @Mixin
  StoreOptions stores;

  @Option(names = "--collection", required = true, paramLabel = "NAME", description = "The collection to export.")
  String collection;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE",
      description = "Write to this file (atomically: replaced only when complete) instead of stdout.")
  Path output;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    String text;
    try (StoreOptions.Opened opened = stores.open(Clock.systemUTC())) {
      DejaCollection c = opened.collection(collection, Optional.empty());
      if (!c.spec().fields().containsKey("title") || !c.spec().fields().containsKey("start")) {
        throw new InvalidInputException("collection '" + collection + "' is not a calendar (it has no 'title' and "
            + "'start' fields)");
      }
      text = CalendarExport.write(c, stores.tenant, Clock.systemUTC());
    }
    if (output == null) {
      PrintWriter out = spec.commandLine().getOut();
      out.print(text);
      out.flush();
      return Main.OK;
    }
    Path dir = output.toAbsolutePath().getParent();
    if (dir != null && !Files.isDirectory(dir)) {
      throw new InvalidInputException(output + ": cannot write: no such directory " + dir);
    }
    if (Files.isDirectory(output)) {
      throw new InvalidInputException(output + ": cannot write: it is a directory");
    }
    try {
      Path abs = output.toAbsolutePath();
      Path tmp = Files.createTempFile(abs.getParent(), abs.getFileName().toString(), ".tmp");
      Files.writeString(tmp, text, StandardCharsets.UTF_8);
      Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      // The message of a failed write names the temporary file: say what was being written instead.
      throw new InvalidInputException(output + ": cannot write" + (e instanceof java.nio.file.AccessDeniedException
          ? ": permission denied" : ": " + e.getClass().getSimpleName().replace("Exception", "")
          .replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(java.util.Locale.ROOT)), e);
    }
    return Main.OK;
  }
}
