package dev.deja.cli;

import dev.deja.core.InvalidInputException;
import dev.deja.core.eval.LatencyStats;
import dev.deja.format.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code deja bench duplicates}: many concurrent clients put the same real-world events, reworded, through one or
 * more running servers (e.g. two instances on one PostgreSQL store); measures throughput and latency and counts the
 * duplicates admitted, which must be 0.
 *
 * <p>With {@code --json}: one JSON object, keys {@code servers}, {@code clients}, {@code events}, {@code requests},
 * {@code seconds}, {@code rps}, {@code p50_ms}, {@code p99_ms}, {@code statuses}, {@code created}, {@code stored},
 * {@code duplicates_admitted}.
 */
@Command(name = "duplicates", mixinStandardHelpOptions = true,
    description = "Race concurrent clients putting the same events (reworded variants, calendar preset, reject "
        + "policy) through one or more servers, round-robin; print requests/s, p50/p99 and how many duplicates were "
        + "admitted (created beyond one per event: must be 0). Start the servers with "
        + "DEJA_SERVER_RATE_LIMITS_ENABLED=false.",
    footer = {"", "Example (two instances on one PostgreSQL store):",
        "  deja bench duplicates --url http://127.0.0.1:8081,http://127.0.0.1:8082 --key dk_... --clients 64"})
final class BenchDuplicatesCommand implements Callable<Integer> {
  @Option(names = "--url", required = true, split = ",", paramLabel = "URL,URL,...",
      description = "The servers; client i talks to server i mod n.")
  List<String> urls = new ArrayList<>();

  @Option(names = "--key", required = true, paramLabel = "KEY",
      description = "A tenant key valid on every server.")
  String key;

  @Option(names = "--clients", defaultValue = "64", paramLabel = "N",
      description = "Concurrent clients (default: ${DEFAULT-VALUE}).")
  int clients;

  @Option(names = "--events", defaultValue = "16", paramLabel = "N",
      description = "Distinct real-world events every client puts (default: ${DEFAULT-VALUE}).")
  int events;

  @Option(names = "--rounds", defaultValue = "1", paramLabel = "N",
      description = "How many times each client puts every event (default: ${DEFAULT-VALUE}).")
  int rounds;

  @Option(names = "--json", description = "One JSON object.")
  boolean json;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  @Override
  public Integer call() throws Exception {
    if (clients < 1 || clients > 1024 || events < 1 || events > 28 || rounds < 1) {
      throw new InvalidInputException("--clients must be in [1, 1024], --events in [1, 28], --rounds at least 1");
    }
    List<String> bases = urls.stream().map(u -> u.replaceAll("/+$", "")).toList();
    String collection = "race-" + Long.toString(System.currentTimeMillis(), 36);
    Response made = send(bases.get(0), "POST", "/v1/collections",
        Map.of("name", collection, "preset", "calendar", "policy", Map.of("on_duplicate", "reject",
            "on_possible_duplicate", "reject")));
    if (made.status() != 201) {
      throw new InvalidInputException("creating collection " + collection + " on " + bases.get(0) + " failed: "
          + made.status() + " " + made.body());
    }
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<List<long[]>>> fs = new ArrayList<>();
    for (int c = 0; c < clients; c++) {
      int client = c;
      fs.add(pool.submit(() -> {
        String base = bases.get(client % bases.size());
        List<long[]> results = new ArrayList<>();
        go.await();
        for (int r = 0; r < rounds; r++) {
          for (int i = 0; i < events; i++) {
            int e = (i + client) % events;
            long t0 = System.nanoTime();
            Response res = send(base, "POST", "/v1/collections/" + collection + "/items",
                Map.of("item", variant(e, client + r)));
            results.add(new long[] {System.nanoTime() - t0, res.status()});
          }
        }
        return results;
      }));
    }
    long start = System.nanoTime();
    go.countDown();
    List<long[]> all = new ArrayList<>();
    for (Future<List<long[]>> f : fs) {
      all.addAll(f.get(1, TimeUnit.HOURS));
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    pool.shutdown();
    long[] nanos = new long[all.size()];
    Map<String, Integer> statuses = new TreeMap<>();
    int created = 0;
    for (int i = 0; i < all.size(); i++) {
      nanos[i] = all.get(i)[0];
      int status = (int) all.get(i)[1];
      statuses.merge(Integer.toString(status), 1, Integer::sum);
      if (status == 201) {
        created++;
      }
    }
    Response described = send(bases.get(bases.size() - 1), "GET", "/v1/collections/" + collection, null);
    Object count = described.status() == 200 ? Json.object(described.body(), "collection").get("count") : null;
    long stored = count instanceof Number n ? n.longValue() : -1;
    LatencyStats st = LatencyStats.ofNanos(nanos);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("servers", bases.size());
    m.put("clients", clients);
    m.put("events", events);
    m.put("requests", all.size());
    m.put("seconds", BenchCommand.Store.round(seconds));
    m.put("rps", BenchCommand.Store.round(all.size() / seconds));
    m.put("p50_ms", BenchCommand.Store.round(st.p50Micros() / 1000));
    m.put("p99_ms", BenchCommand.Store.round(st.p99Micros() / 1000));
    m.put("statuses", statuses);
    m.put("created", created);
    m.put("stored", stored);
    m.put("duplicates_admitted", Math.max(created, stored) - events);
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(Json.write(m));
    } else {
      out.printf(Locale.ROOT, "%d servers, %d clients, %d events: %d puts in %.1f s = %.1f/s, p50 %.1f ms, p99 %.1f "
          + "ms, statuses %s; created %d, stored %d: %d duplicate(s) admitted%n", bases.size(), clients, events,
          all.size(), seconds, all.size() / seconds, st.p50Micros() / 1000, st.p99Micros() / 1000, statuses, created,
          stored, Math.max(created, stored) - events);
    }
    out.flush();
    return Main.OK;
  }

  /** Event {@code e} as client {@code n} words it: the same real-world event, reworded, within ±45 minutes. */
  static Map<String, Object> variant(int e, int n) {
    String[] what = {"Dentist appointment", "Parent-teacher conference", "Soccer practice", "Piano lesson",
        "Team standup", "Book club", "Yoga class", "Car service"};
    String title = what[e % what.length] + " " + (char) ('A' + e / what.length);
    String worded = switch (n % 4) {
      case 0 -> title;
      case 1 -> title.toLowerCase(Locale.ROOT);
      case 2 -> title + "!";
      default -> title.replace("-", " ");
    };
    int minute = 15 * (n % 4);
    return Map.of("title", worded, "start", String.format(Locale.ROOT, "2026-03-%02dT%02d:%02d", 2 + e, 9 + e % 8,
        minute));
  }

  private record Response(int status, String body) {}

  private Response send(String base, String method, String path, Object body) throws IOException,
      InterruptedException {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(120))
        .header("Authorization", "Bearer " + key).header("content-type", "application/json");
    b.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
        : HttpRequest.BodyPublishers.ofString(Json.write(body)));
    HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    return new Response(r.statusCode(), r.body());
  }
}
