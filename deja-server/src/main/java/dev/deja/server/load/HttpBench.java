package dev.deja.server.load;

import dev.deja.format.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A closed-loop HTTP load driver for a running server: for each workload (a preset) it creates a fresh collection,
 * seeds it, then for each number of concurrent clients runs checks, then puts, for a fixed time, and reports
 * requests per second and latency percentiles per (workload, operation, clients).
 *
 * <p>Each client is a thread sending one request at a time over a shared JDK {@link HttpClient} (HTTP/1.1, keep-alive).
 * Items are seeded random sentences (text preset) or facts (memory preset, which embeds every item). Responses other
 * than the expected ones are counted by status and reported; the run does not stop on them. The server's rate limits
 * must be off for meaningful numbers ({@code DEJA_SERVER_RATE_LIMITS_ENABLED=false}): 429s are reported as such.
 *
 * <p>Not thread-safe: one run per instance.
 */
public final class HttpBench {
  /** What to run. */
  public record Settings(String url, String key, List<Integer> clients, double seconds, List<String> workloads,
      int seedItems, long seed) {}

  /** One measured cell. */
  public record Result(String workload, String op, int clients, long requests, double seconds, double perSecond,
      double p50Ms, double p99Ms, Map<Integer, Long> statuses) {
    /** As one JSON-ready map (the keys of {@code deja bench http --json}). */
    public Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("workload", workload);
      m.put("op", op);
      m.put("clients", clients);
      m.put("requests", requests);
      m.put("seconds", round(seconds));
      m.put("rps", round(perSecond));
      m.put("p50_ms", round(p50Ms));
      m.put("p99_ms", round(p99Ms));
      Map<String, Long> s = new TreeMap<>();
      statuses.forEach((k, v) -> s.put(Integer.toString(k), v));
      m.put("statuses", s);
      return m;
    }
  }

  private static double round(double d) {
    return Math.round(d * 100) / 100.0;
  }

  private final Settings settings;
  private final HttpClient client;

  public HttpBench(Settings settings) {
    this.settings = settings;
    this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(10)).build();
  }

  /** Runs every workload and clients count, handing each result to {@code sink} as it is measured. */
  public List<Result> run(Consumer<Result> sink) {
    List<Result> out = new ArrayList<>();
    for (String workload : settings.workloads()) {
      String collection = "bench-" + workload + "-" + Long.toHexString(new SplittableRandom(System.nanoTime())
          .nextLong() & 0xffffffL);
      send("POST", "/v1/collections", Json.write(Map.of("name", collection, "preset", workload)), 201);
      Items items = new Items(workload, settings.seed());
      for (int i = 0; i < settings.seedItems(); i += 50) {
        List<Object> batch = new ArrayList<>();
        for (int j = i; j < Math.min(settings.seedItems(), i + 50); j++) {
          batch.add(Map.of("item", items.next(), "force", true));
        }
        send("POST", "/v1/collections/" + collection + "/items/batch", Json.write(Map.of("items", batch)), 200);
      }
      for (int clients : settings.clients()) {
        for (String op : List.of("check", "put")) {
          Result r = phase(workload, collection, op, clients, items);
          out.add(r);
          sink.accept(r);
        }
      }
      send("DELETE", "/v1/collections/" + collection, null, 204);
    }
    return out;
  }

  private Result phase(String workload, String collection, String op, int clients, Items shared) {
    long deadline = System.nanoTime() + (long) (settings.seconds() * 1e9);
    List<long[]> latencies = new ArrayList<>();
    Map<Integer, AtomicLong> statuses = new java.util.concurrent.ConcurrentHashMap<>();
    CountDownLatch done = new CountDownLatch(clients);
    long t0 = System.nanoTime();
    for (int c = 0; c < clients; c++) {
      long[][] mine = new long[1][];
      Items items = new Items(workload, settings.seed() + 7919L * (c + 1) + op.hashCode() + 31L * clients);
      Thread t = new Thread(() -> {
        long[] lat = new long[1024];
        int n = 0;
        try {
          while (System.nanoTime() < deadline) {
            Map<String, Object> item = items.next();
            String path = "/v1/collections/" + collection + (op.equals("check") ? "/check" : "/items");
            String body = Json.write(Map.of("item", item));
            long s = System.nanoTime();
            int status = status("POST", path, body);
            long e = System.nanoTime() - s;
            statuses.computeIfAbsent(status, k -> new AtomicLong()).incrementAndGet();
            if (n == lat.length) {
              lat = Arrays.copyOf(lat, n * 2);
            }
            lat[n++] = e;
          }
        } finally {
          mine[0] = Arrays.copyOf(lat, n);
          synchronized (latencies) {
            latencies.add(mine[0]);
          }
          done.countDown();
        }
      }, "deja-bench-" + op + "-" + c);
      t.start();
    }
    try {
      done.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    double elapsed = (System.nanoTime() - t0) / 1e9;
    long total = latencies.stream().mapToLong(a -> a.length).sum();
    long[] all = new long[(int) total];
    int k = 0;
    for (long[] a : latencies) {
      System.arraycopy(a, 0, all, k, a.length);
      k += a.length;
    }
    Arrays.sort(all);
    Map<Integer, Long> st = new TreeMap<>();
    statuses.forEach((s, n) -> st.put(s, n.get()));
    return new Result(workload, op, clients, total, elapsed, total / elapsed, percentile(all, 0.50) / 1e6,
        percentile(all, 0.99) / 1e6, st);
  }

  private static double percentile(long[] sorted, double p) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int i = (int) Math.ceil(p * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
  }

  private int status(String method, String path, String body) {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(settings.url() + path))
        .header("Authorization", "Bearer " + settings.key()).timeout(Duration.ofSeconds(60));
    if (body != null) {
      b.header("content-type", "application/json");
    }
    b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    try {
      return client.send(b.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    } catch (IOException e) {
      return 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 0;
    }
  }

  private void send(String method, String path, String body, int expected) {
    int s = status(method, path, body);
    if (s != expected) {
      throw new IllegalStateException(method + " " + path + " answered " + s + " (expected " + expected + "); is "
          + "the key valid and are rate limits off (DEJA_SERVER_RATE_LIMITS_ENABLED=false)?");
    }
  }

  /**
   * Seeded items of a workload: random sentences (text) or facts (memory, with an owner of 20). Public for harnesses
   * that time the same items in process ({@code scripts/check-latency}). Not thread-safe.
   */
  public static final class Items {
    private static final String[] WORDS = ("the a user prefers likes hates project meeting report budget team "
        + "review deadline client server database coffee tea morning evening weekly monthly garden music "
        + "book travel flight hotel doctor dentist school soccer piano lesson invoice payment contract design "
        + "release version bug feature customer support dinner lunch birthday party office remote laptop phone "
        + "password account backup cloud storage network printer kitchen recipe spicy vegetarian dog cat walk run "
        + "gym yoga swim bike train bus car parking rent mortgage tax insurance holiday summer winter spring "
        + "autumn red blue green small large early late new old quick slow quiet loud").split(" ");
    private final SplittableRandom random;
    private final String workload;

    /** Items of {@code workload} ({@code text} or {@code memory}) from {@code seed}. */
    public Items(String workload, long seed) {
      this.workload = workload;
      this.random = new SplittableRandom(seed);
    }

    /** The next item: {@code text}, and for memory {@code owner}. */
    public Map<String, Object> next() {
      int n = 6 + random.nextInt(8);
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i < n; i++) {
        if (i > 0) {
          sb.append(' ');
        }
        sb.append(WORDS[random.nextInt(WORDS.length)]);
      }
      sb.append(' ').append(random.nextInt(100_000));
      String text = sb.toString();
      if (workload.equals("memory")) {
        return Map.of("text", text, "owner", "u" + random.nextInt(20));
      }
      return Map.of("text", text);
    }
  }
}
