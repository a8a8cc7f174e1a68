package dev.deja.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.format.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two real {@code deja serve --store postgresql://…} processes on one PostgreSQL database, 64 concurrent clients
 * putting the same events (reworded) through both: exactly one is created per real-world event, no duplicate is
 * admitted, a tenant key created through one instance works on the other, and a collection created through one
 * instance is served by the other. Needs {@code DEJA_PG_URL}.
 */
class TwoServersPostgresIT {
  private static final String ADMIN = "two-servers-admin-key-0123456789";
  private static final Pattern SERVING = Pattern.compile("serving on (http://[^ ]+)");

  @TempDir
  Path dir;

  /** The servers' error and warning lines (and stack traces' first lines), for the message of a failed assertion. */
  private final List<String> problems = java.util.Collections.synchronizedList(new ArrayList<>());

  @Test
  void sixtyFourClientsThroughTwoInstancesAdmitNoDuplicate() throws Exception {
    String url = EvalPostgresIT.url();
    List<Process> servers = new ArrayList<>();
    try {
      Server a = start(url, dir.resolve("a"), servers, problems);
      String key = tenantKey(a.base());
      // Tenant keys live in the shared database: the key created through a works on b, which has its own data
      // directory and has never seen it.
      Server b = start(url, dir.resolve("b"), servers, problems);

      CliRunner.Result r = CliRunner.run("bench", "duplicates", "--url", a.base() + "," + b.base(), "--key", key,
          "--clients", "64", "--events", "6", "--json");
      assertThat(r.exit()).as(r.err()).isZero();
      Map<String, Object> m = Json.object(r.out().strip(), "bench duplicates");
      assertThat(m.get("duplicates_admitted")).as("%s", m).isEqualTo(0);
      assertThat(m.get("created")).as("%s", m).isEqualTo(6);
      assertThat(m.get("stored")).as("%s", m).isEqualTo(6);
      assertThat(m.get("requests")).isEqualTo(64 * 6);
      assertThat(((Map<?, ?>) m.get("statuses")).keySet().stream().map(String::valueOf).toList())
          .as("%s; the servers logged: %s", m, problems).containsOnly("201", "409");
    } finally {
      servers.forEach(Process::destroy);
      for (Process p : servers) {
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
          p.destroyForcibly();
        }
      }
      EvalPostgresIT.dropSchema(url);
    }
  }

  private record Server(String base) {}

  /** Starts {@code deja serve} in a child JVM and waits for the line that names its address. */
  private static Server start(String url, Path data, List<Process> servers, List<String> problems)
      throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb = new ProcessBuilder(java, "-Xmx512m", "-DOPT_OUT_TRACKING=true", "-Dai.djl.offline=true",
        "-cp", System.getProperty("java.class.path"), Main.class.getName(), "serve", "--port", "0", "--data",
        data.toString(), "--store", url);
    pb.environment().put("DEJA_ADMIN_KEY", ADMIN);
    pb.environment().put("DEJA_SERVER_RATE_LIMITS_ENABLED", "false");
    // 64 clients share one key: on a busy machine more than the default 16 bodies of one key can be arriving at
    // once, and the upload gate would answer 429 (issue 17); this test is about the duplicate race, not that gate.
    pb.environment().put("DEJA_SERVER_MAX_UPLOADS_PER_KEY", "128");
    pb.environment().put("DEJA_SERVER_WARM_UP", "false");
    pb.environment().put("ORT_DISABLE_TELEMETRY", "1");
    pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    Process p = pb.start();
    servers.add(p);
    BufferedReader err = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
    CompletableFuture<String> base = CompletableFuture.supplyAsync(() -> {
      try {
        for (String line = err.readLine(); line != null; line = err.readLine()) {
          Matcher m = SERVING.matcher(line);
          if (m.find()) {
            String found = m.group(1);
            // Keep draining stderr so the child never blocks on a full pipe; keep what says something went wrong.
            new Thread(() -> {
              try {
                for (String l = err.readLine(); l != null; l = err.readLine()) {
                  if ((l.contains(" ERROR ") || l.contains(" WARN ") || l.contains("Exception"))
                      && problems.size() < 50) {
                    problems.add(found + ": " + l);
                  }
                }
              } catch (IOException ignored) {
                // the child has exited
              }
            }, "drain-" + found).start();
            return found;
          }
        }
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      throw new IllegalStateException("the server exited before it was serving");
    });
    try {
      return new Server(base.get(120, TimeUnit.SECONDS));
    } catch (Exception e) {
      throw new IllegalStateException("server on " + data + " did not start", e);
    }
  }

  private static String tenantKey(String base) throws Exception {
    HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(base
        + "/v1/admin/keys")).header("Authorization", "Bearer " + ADMIN).header("content-type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString("{\"tenant\": \"acme\"}")).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    return (String) Json.object(r.body(), "key").get("key");
  }
}
