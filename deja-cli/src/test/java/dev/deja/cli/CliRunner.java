package dev.deja.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

/** Runs the CLI in-process and captures its output. */
final class CliRunner {
  /** The repository's dev datasets (tests run with the module directory as working directory). */
  static final Path DEV = Path.of("..", "datasets", "dev");

  record Result(int exit, String out, String err) {}

  static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Result(code, out.toString(), err.toString());
  }

  private CliRunner() {}
}
