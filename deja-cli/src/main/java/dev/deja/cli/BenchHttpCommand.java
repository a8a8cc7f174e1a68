package dev.deja.cli;

import dev.deja.core.InvalidInputException;
import dev.deja.format.Json;
import dev.deja.server.load.HttpBench;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code deja bench http}: requests per second and latency of check and put against a running server.
 *
 * <p>With {@code --json}: one JSON object per line per (workload, op, clients), keys {@code workload}, {@code op},
 * {@code clients}, {@code requests}, {@code seconds}, {@code rps}, {@code p50_ms}, {@code p99_ms}, {@code statuses}.
 */
@Command(name = "http", mixinStandardHelpOptions = true,
    description = "Load a running Deja server: for each workload (preset) create a collection, seed it, then run "
        + "closed-loop checks and puts at each number of concurrent clients for a fixed time; print requests/s and "
        + "p50/p99 latency. Start the server with DEJA_SERVER_RATE_LIMITS_ENABLED=false (429s are counted).",
    footer = {"", "Example:", "  deja bench http --url http://127.0.0.1:8080 --key dk_... --clients 1,8,64 "
        + "--seconds 10 --workloads text,memory"})
final class BenchHttpCommand implements Callable<Integer> {
  @Option(names = "--url", required = true, paramLabel = "URL", description = "The server, e.g. http://127.0.0.1:8080.")
  String url;

  @Option(names = "--key", required = true, paramLabel = "KEY", description = "A tenant key.")
  String key;

  @Option(names = "--clients", defaultValue = "1,8,64", split = ",", paramLabel = "N,N,...",
      description = "Concurrent clients per phase (default: ${DEFAULT-VALUE}).")
  List<Integer> clients = new ArrayList<>();

  @Option(names = "--seconds", defaultValue = "10", paramLabel = "S", description = "Seconds per phase (default: "
      + "${DEFAULT-VALUE}).")
  double seconds;

  @Option(names = "--workloads", defaultValue = "text,memory", split = ",", paramLabel = "PRESET,...",
      description = "Presets to load: text (string stages only), memory (embeds every item) (default: "
          + "${DEFAULT-VALUE}).")
  List<String> workloads = new ArrayList<>();

  @Option(names = "--seed-items", defaultValue = "1000", paramLabel = "N", description = "Items stored before "
      + "measuring (default: ${DEFAULT-VALUE}).")
  int seedItems;

  @Option(names = "--seed", defaultValue = "42", paramLabel = "SEED", description = "Random seed (default: "
      + "${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--json", description = "One JSON object per line.")
  boolean json;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    for (String w : workloads) {
      if (!w.equals("text") && !w.equals("memory")) {
        throw new InvalidInputException("--workloads: '" + w + "' is not text or memory");
      }
    }
    if (clients.isEmpty() || clients.stream().anyMatch(c -> c < 1 || c > 1024)) {
      throw new InvalidInputException("--clients: each must be in [1, 1024]");
    }
    PrintWriter out = spec.commandLine().getOut();
    if (!json) {
      out.printf("%-8s %-6s %8s %10s %10s %10s %10s  %s%n", "workload", "op", "clients", "requests", "req/s",
          "p50 ms", "p99 ms", "statuses");
      out.flush();
    }
    new HttpBench(new HttpBench.Settings(url.replaceAll("/+$", ""), key, clients, seconds, workloads, seedItems,
        seed)).run(r -> {
          if (json) {
            out.println(Json.write(r.toMap()));
          } else {
            out.printf(Locale.ROOT, "%-8s %-6s %8d %10d %10.1f %10.2f %10.2f  %s%n", r.workload(), r.op(),
                r.clients(), r.requests(), r.perSecond(), r.p50Ms(), r.p99Ms(), r.statuses());
          }
          out.flush();
        });
    return Main.OK;
  }
}
