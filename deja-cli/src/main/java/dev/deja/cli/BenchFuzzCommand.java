package dev.deja.cli;

import dev.deja.format.Json;
import dev.deja.server.load.HttpFuzzer;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code deja bench fuzz}: seeded malformed and hostile requests against a running server; fails on any 5xx, any error
 * outside the API's shape, any refused write that left something behind.
 */
@Command(name = "fuzz", mixinStandardHelpOptions = true,
    description = "Send N seeded malformed and hostile requests (bad JSON, wrong types, oversize bodies, unknown "
        + "fields, bad paths and methods, bad keys, bad search parameters, Unicode junk, dates beyond the supported "
        + "years, text that is not Unicode, items and ids at and over their limits, series that cannot be stored "
        + "whole, requests the web server refuses, malformed MCP messages) to a running server; print the answers "
        + "by status and kind; exit 1 on any 5xx or unanswered request, an error not in the API's error shape, a "
        + "refused write that left an item behind, a documented outcome not met, or when /health is not OK "
        + "afterwards. Start the server with DEJA_SERVER_RATE_LIMITS_ENABLED=false to fuzz past the limits.",
    footer = {"", "Example:", "  deja bench fuzz --url http://127.0.0.1:8080 --key dk_... --requests 10000 --seed 7"})
final class BenchFuzzCommand implements Callable<Integer> {
  @Option(names = "--url", required = true, paramLabel = "URL", description = "The server.")
  String url;

  @Option(names = "--key", required = true, paramLabel = "KEY", description = "A tenant key.")
  String key;

  @Option(names = "--requests", defaultValue = "10000", paramLabel = "N", description = "How many (default: "
      + "${DEFAULT-VALUE}).")
  int requests;

  @Option(names = "--seed", defaultValue = "7", paramLabel = "SEED", description = "Random seed (default: "
      + "${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--json", description = "Print the report as one JSON object.")
  boolean json;

  @Option(names = "--answers", paramLabel = "FILE", description = "Also write each request's index, kind, status, "
      + "method and path to FILE, one per line: two servers (say, one per store) fuzzed with the same seed should "
      + "give the same file.")
  java.nio.file.Path answers;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    long t0 = System.nanoTime();
    HttpFuzzer.Report r = new HttpFuzzer(new HttpFuzzer.Settings(url.replaceAll("/+$", ""), key, requests, seed))
        .run();
    double s = (System.nanoTime() - t0) / 1e9;
    if (answers != null) {
      StringBuilder sb = new StringBuilder();
      r.answers().forEach(a -> sb.append(a.index()).append('\t').append(a.kind()).append('\t').append(a.status())
          .append('\t').append(a.method()).append('\t').append(a.path()).append('\n'));
      try {
        java.nio.file.Files.writeString(answers, sb.toString());
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException("cannot write " + answers, e);
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(Json.write(r.toMap()));
    } else {
      out.printf("%d requests in %.1f s (seed %d)%n", r.requests(), s, r.seed());
      out.println("by status: " + r.statuses());
      out.println("by kind:   " + r.kinds());
      out.println("5xx or unanswered: " + r.serverErrors().size());
      out.println("errors outside the error shape: " + r.shapeViolations().size());
      out.println("refused writes: " + r.writesRefused() + ", of which left something behind: "
          + r.storedAfterError().size());
      out.println("documented outcome not met: " + r.unexpected().size());
      r.failures().stream().limit(20).forEach(f -> out.println("  " + f));
      out.println("/health afterwards: " + (r.healthyAfter() ? "200 OK" : "NOT OK"));
    }
    out.flush();
    return r.passed() ? Main.OK : Main.DUPLICATE;
  }
}
