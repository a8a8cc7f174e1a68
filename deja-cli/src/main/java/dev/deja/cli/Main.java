package dev.deja.cli;

import dev.deja.core.InvalidInputException;
import dev.deja.core.StoreException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code deja} command.
 *
 * <p>Exit codes: 0 success (for checks: NEW), 1 DUPLICATE, 2 bad input or usage, 3 POSSIBLE_DUPLICATE, 4 store or
 * internal failure. Errors are one line on stderr; set {@code DEJA_DEBUG=1} for stack traces.
 */
@Command(
    name = "deja",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    description = "Prevents duplicates before they are written: checks new items against what exists, inside the "
        + "right scope, and says NEW, DUPLICATE or POSSIBLE_DUPLICATE with the matches and why.",
    subcommands = {
        CheckCommand.class,
        ServeCommand.class,
        McpCommand.class,
        EvalCommand.class,
        TrainCommand.class,
        DedupeCommand.class,
        LinkCommand.class,
        ImportCommand.class,
        ExportCommand.class,
        BenchCommand.class,
        ProxyCommand.class,
        PresetsCommand.class,
        CommandLine.HelpCommand.class
    },
    footerHeading = "%nExit codes:%n",
    footer = {
        "  0  success; for a check: NEW",
        "  1  a check found a DUPLICATE",
        "  2  bad input or usage: malformed JSON, an unknown preset or field, a bad",
        "     threshold, a configuration that can never match (docs/CONFIGURATION.md)",
        "  3  a check found a POSSIBLE_DUPLICATE",
        "  4  store or internal failure",
        "",
        "Run 'deja COMMAND --help' for a command's options. Docs: docs/CONFIGURATION.md, docs/HTTP.md, "
            + "docs/EVALUATION.md."
    })
public final class Main implements java.util.concurrent.Callable<Integer> {

  /** Exit code: success, or a check's NEW. */
  public static final int OK = 0;
  /** Exit code: a check found a DUPLICATE. */
  public static final int DUPLICATE = 1;
  /** Exit code: bad input or usage. */
  public static final int BAD_INPUT = 2;
  /** Exit code: a check found a POSSIBLE_DUPLICATE. */
  public static final int POSSIBLE_DUPLICATE = 3;
  /** Exit code: store or internal failure. */
  public static final int FAILURE = 4;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  /** Without a command: the usage on stderr and exit code 2, as for any other usage error. */
  @Override
  public Integer call() {
    spec.commandLine().getErr().println("deja: a command is required");
    spec.commandLine().usage(spec.commandLine().getErr());
    return BAD_INPUT;
  }

  public static void main(String[] args) {
    System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** Runs the command line with the given streams and returns the exit code (used by tests). */
  public static int execute(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine cl = commandLine(out, err);
    try {
      return cl.execute(args);
    } catch (Throwable t) { // an Error escaping picocli's handler: still one line, never a bare stack trace
      if (System.getenv("DEJA_DEBUG") != null) {
        t.printStackTrace(err);
      }
      err.println("deja: internal error: " + t + " (set DEJA_DEBUG=1 for the stack trace)");
      err.flush();
      return FAILURE;
    }
  }

  /** The configured picocli command line. */
  public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
    CommandLine cl = new CommandLine(new Main());
    cl.setOut(out);
    cl.setErr(err);
    cl.setCaseInsensitiveEnumValuesAllowed(true);
    HelpLayout.install(cl);
    cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
      PrintWriter e = commandLine.getErr();
      if (System.getenv("DEJA_DEBUG") != null) {
        ex.printStackTrace(e);
      }
      if (ex instanceof InvalidInputException) {
        e.println("deja: error: " + ex.getMessage());
        e.flush();
        return BAD_INPUT;
      }
      if (ex instanceof dev.deja.core.embed.EmbeddingException ee) {
        e.println("deja: embedder error: " + ex.getMessage() + (ee.isRetriable() ? " (may succeed if retried)" : ""));
        e.flush();
        return FAILURE;
      }
      if (ex instanceof StoreException) {
        e.println("deja: store error: " + ex.getMessage());
        e.flush();
        return FAILURE;
      }
      e.println("deja: internal error: " + ex + " (set DEJA_DEBUG=1 for the stack trace)");
      e.flush();
      return FAILURE;
    });
    return cl;
  }

  /** The version from the jar manifest, or "development". */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = Main.class.getPackage().getImplementationVersion();
      return new String[] {"deja " + (v == null ? "0.1.0-SNAPSHOT" : v), "Java " + System.getProperty("java.version")};
    }
  }
}
