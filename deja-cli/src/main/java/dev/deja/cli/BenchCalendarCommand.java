package dev.deja.cli;

import dev.deja.core.InvalidInputException;
import dev.deja.core.eval.LatencyStats;
import dev.deja.format.DejaConfig;
import dev.deja.format.Json;
import dev.deja.server.DejaServer;
import dev.deja.server.ServerConfig;
import dev.deja.testkit.SyntheticData;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code deja bench calendar}: latency of the MCP tool {@code add_calendar_event} end to end, on the embedded store or
 * on a CalDAV calendar.
 *
 * <p>With {@code --json}: one JSON object per line per op ({@code all}, {@code refused}, {@code created}), keys
 * {@code store}, {@code op}, {@code n}, {@code p50_ms}, {@code p99_ms}, {@code mean_ms}, {@code existing},
 * {@code seed}.
 */
@Command(name = "calendar", mixinStandardHelpOptions = true,
    description = "Start a Deja server in this process (temporary data directory, real MiniLM embeddings), store "
        + "--existing synthetic family events through the MCP tool add_calendar_event, then time --calls more calls "
        + "over MCP streamable HTTP on loopback: every other call a reworded copy of a stored event (refused as a "
        + "duplicate), the others new events (created). With --caldav the calendar collection is backed by that "
        + "CalDAV calendar, so every call reads the window from the server (REPORT) and creates there (PUT).",
    footer = {"", "Examples:", "  deja bench calendar --existing 300 --calls 400",
        "  deja bench calendar --existing 300 --calls 400 --caldav http://127.0.0.1:5232/bench/calendar/", "",
        "The CalDAV calendar is created (MKCOL of its parent, MKCALENDAR) when missing; use an empty one."})
final class BenchCalendarCommand implements Callable<Integer> {
  @Option(names = "--existing", defaultValue = "300", paramLabel = "N",
      description = "Events stored before measuring (default: ${DEFAULT-VALUE}).")
  int existing;

  @Option(names = "--calls", defaultValue = "400", paramLabel = "N",
      description = "Measured calls, half duplicates and half new (default: ${DEFAULT-VALUE}).")
  int calls;

  @Option(names = "--warmup", defaultValue = "30", paramLabel = "N",
      description = "Unmeasured calls first (default: ${DEFAULT-VALUE}).")
  int warmup;

  @Option(names = "--caldav", paramLabel = "URL", description = "Back the calendar collection by this CalDAV "
      + "calendar (http://host:port/path/).")
  String caldav;

  @Option(names = "--seed", defaultValue = "42", paramLabel = "SEED",
      description = "Random seed of the synthetic events (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--json", description = "One JSON object per line.")
  boolean json;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  private static final String TENANT = "bench";

  @Override
  public Integer call() throws Exception {
    if (existing < 1 || calls < 2 || warmup < 0) {
      throw new InvalidInputException("--existing must be at least 1, --calls at least 2, --warmup not negative");
    }
    if (caldav != null) {
      makeCalendar(caldav);
    }
    Path dir = Files.createTempDirectory("deja-bench-calendar-");
    String admin = "bench-admin-" + Long.toHexString(seed) + "-0123456789abcdef";
    Map<String, Object> server = new LinkedHashMap<>();
    server.put("port", 0);
    server.put("data_dir", dir.toString());
    server.put("admin_key", admin);
    server.put("warm_up", true);
    server.put("rate_limits", Map.of("enabled", false));
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("server", server);
    tree.put("collections", Map.of("calendar", Map.of("preset", "calendar")));
    if (caldav != null) {
      tree.put("caldav", Map.of("calendar", Map.of("url", caldav, "timeout_ms", 10_000)));
    }
    DejaConfig dc = DejaConfig.of(tree, "deja bench calendar");
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    // The duplicate events every refused call logs (deja.events, INFO) are not what this command reports.
    if (org.slf4j.LoggerFactory.getLogger("deja.events") instanceof ch.qos.logback.classic.Logger l) {
      l.setLevel(ch.qos.logback.classic.Level.WARN);
    }
    String store = caldav == null ? "lucene" : "caldav";
    try (DejaServer s = DejaServer.builder(ServerConfig.from(dc, Map.of())).dejaConfig(dc).build().start()) {
      String key = s.keys().create(TENANT);
      try (McpSyncClient c = client("http://127.0.0.1:" + s.port(), key)) {
        for (int i = 0; i < existing; i++) {
          add(c, SyntheticData.calendarEvent(seed, i, 1).item().fields(), true);
        }
        for (int i = 0; i < warmup; i++) {
          add(c, SyntheticData.calendarVariant(seed, i % existing, 1).item().fields(), false);
        }
        List<Long> all = new ArrayList<>();
        List<Long> refused = new ArrayList<>();
        List<Long> created = new ArrayList<>();
        for (int i = 0; i < calls; i++) {
          Map<String, Object> event = i % 2 == 0
              ? SyntheticData.calendarVariant(seed, (i * 7L) % existing, 1).item().fields()
              : SyntheticData.calendarEvent(seed, existing + warmup + i, 1).item().fields();
          long t0 = System.nanoTime();
          McpSchema.CallToolResult r = add(c, event, false);
          long t = System.nanoTime() - t0;
          all.add(t);
          (Boolean.TRUE.equals(r.isError()) ? refused : created).add(t);
        }
        if (!json) {
          out.printf("add_calendar_event end to end (MCP streamable HTTP on loopback), store: %s%s%n", store,
              caldav == null ? " (embedded Lucene)" : " " + caldav);
          out.printf("%d events stored first, %d warm-up calls, %d measured (every other one a reworded copy)%n",
              existing, warmup, calls);
          out.printf("%-8s %6s %9s %9s %9s%n", "op", "n", "p50 ms", "p99 ms", "mean ms");
        }
        print(out, store, "all", all);
        print(out, store, "refused", refused);
        print(out, store, "created", created);
      }
    } finally {
      try (Stream<Path> files = Files.walk(dir)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      } catch (IOException e) {
        err.println("deja: could not delete " + dir + ": " + e.getMessage());
      }
    }
    return Main.OK;
  }

  private void print(PrintWriter out, String store, String op, List<Long> nanos) {
    if (nanos.isEmpty()) {
      return;
    }
    LatencyStats s = LatencyStats.ofNanos(nanos.stream().mapToLong(Long::longValue).toArray());
    if (json) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("store", store);
      o.put("op", op);
      o.put("n", s.count());
      o.put("p50_ms", Math.round(s.p50Micros()) / 1000.0);
      o.put("p99_ms", Math.round(s.p99Micros()) / 1000.0);
      o.put("mean_ms", Math.round(s.meanMicros()) / 1000.0);
      o.put("existing", existing);
      o.put("seed", seed);
      out.println(Json.write(o));
    } else {
      out.printf(Locale.ROOT, "%-8s %6d %9.2f %9.2f %9.2f%n", op, s.count(), s.p50Micros() / 1000,
          s.p99Micros() / 1000, s.meanMicros() / 1000);
    }
    out.flush();
  }

  private static McpSchema.CallToolResult add(McpSyncClient c, Map<String, Object> event, boolean bypass) {
    Map<String, Object> args = new LinkedHashMap<>();
    args.put("summary", event.get("title"));
    args.put("start_time", event.get("start"));
    if (event.get("end") != null) {
      args.put("end_time", event.get("end"));
    }
    if (Boolean.TRUE.equals(event.get("all_day"))) {
      args.put("all_day", true);
    }
    if (bypass) {
      args.put("bypass_duplicate_check", true);
    }
    McpSchema.CallToolResult r = c.callTool(new McpSchema.CallToolRequest("add_calendar_event", args));
    if (Boolean.TRUE.equals(r.isError())) {
      String text = ((McpSchema.TextContent) r.content().get(0)).text();
      if (!text.contains("NOT created")) {
        throw new IllegalStateException("add_calendar_event failed: " + text);
      }
    }
    return r;
  }

  private static McpSyncClient client(String base, String key) {
    HttpClientStreamableHttpTransport t = HttpClientStreamableHttpTransport.builder(base).endpoint("/mcp")
        .requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer " + key)).build();
    McpSyncClient c = McpClient.sync(t).requestTimeout(Duration.ofSeconds(60))
        .initializationTimeout(Duration.ofSeconds(30)).build();
    c.initialize();
    return c;
  }

  /** MKCOL of the parent (ignored when it exists), then MKCALENDAR (201, or 405 when it exists). */
  private static void makeCalendar(String url) {
    URI u = URI.create(url.endsWith("/") ? url : url + "/");
    try {
      // A client per request: Radicale answers HTTP/1.0 and closes the connection.
      HttpClient.newHttpClient().send(HttpRequest.newBuilder(u.resolve("..")).method("MKCOL",
          HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.discarding());
      int s = HttpClient.newHttpClient().send(HttpRequest.newBuilder(u).method("MKCALENDAR",
          HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
      if (s != 201 && s != 405) {
        throw new InvalidInputException("--caldav: MKCALENDAR " + u + " answered HTTP " + s);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("--caldav: " + u + " is unreachable: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
