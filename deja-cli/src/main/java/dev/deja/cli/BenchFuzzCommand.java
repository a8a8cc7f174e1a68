package dev.deja.cli;

import dev.deja.format.Json;
import dev.deja.server.load.HttpFuzzer;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code deja bench fuzz}: seeded malformed requests against a running server; fails on any 5xx. */
@Command(name = "fuzz", mixinStandardHelpOptions = true,
    description = "Send N seeded malformed requests (bad JSON, wrong types, oversize bodies, unknown fields, bad "
        + "paths and methods, bad keys, bad search parameters, Unicode junk) to a running server; print the "
        + "answers by status and kind; exit 1 on any 5xx or unanswered request, or when /health is not OK "
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

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    long t0 = System.nanoTime();
    HttpFuzzer.Report r = new HttpFuzzer(new HttpFuzzer.Settings(url.replaceAll("/+$", ""), key, requests, seed))
        .run();
    double s = (System.nanoTime() - t0) / 1e9;
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(Json.write(r.toMap()));
    } else {
      out.printf("%d requests in %.1f s (seed %d)%n", r.requests(), s, r.seed());
      out.println("by status: " + r.statuses());
      out.println("by kind:   " + r.kinds());
      out.println("5xx or unanswered: " + r.serverErrors().size());
      r.serverErrors().stream().limit(20).forEach(f -> out.println("  " + f));
      out.println("/health afterwards: " + (r.healthyAfter() ? "200 OK" : "NOT OK"));
    }
    out.flush();
    return r.passed() ? Main.OK : Main.DUPLICATE;
  }
}
