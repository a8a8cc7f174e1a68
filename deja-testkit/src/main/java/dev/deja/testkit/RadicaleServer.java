package dev.deja.testkit;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real Radicale CalDAV server for a test class: Debian's {@code radicale} executable (not {@code python3 -m
 * radicale}: a {@code python3} earlier on PATH may lack the module; VERIFIED.md) on a free loopback port, with a
 * temporary storage directory and no authentication, stopped and deleted after the class.
 *
 * <p>Without radicale the tests are skipped with a message saying how to install it, except under CI
 * ({@code CI=true}), where a missing server is a failure (as deja-postgres's ITs do with {@code DEJA_PG_URL}).
 * {@code DEJA_RADICALE} names another executable. Register it with {@code @RegisterExtension static final
 * RadicaleServer RADICALE = new RadicaleServer();}. Thread-safe after start.
 */
public final class RadicaleServer implements BeforeAllCallback, AfterAllCallback {
  private final AtomicInteger calendars = new AtomicInteger();
  private String user;
  private String password;
  private Process process;
  private Path dir;
  private int port;

  /**
   * A server that requires HTTP Basic authentication of this one user (htpasswd, plain; each user may use only their
   * own collections); set before the server starts.
   */
  public RadicaleServer withUser(String user, String password) {
    this.user = user;
    this.password = password;
    return this;
  }

  /** The radicale executable: {@code DEJA_RADICALE}, else the first {@code radicale} on PATH; null when none. */
  public static Path executable() {
    String configured = System.getenv("DEJA_RADICALE");
    if (configured != null && !configured.isBlank()) {
      return Path.of(configured);
    }
    String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
    for (String d : path.split(":")) {
      Path p = Path.of(d.isEmpty() ? "." : d, "radicale");
      if (Files.isExecutable(p)) {
        return p;
      }
    }
    return null;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    Path exe = executable();
    if (exe == null || !Files.isExecutable(exe)) {
      String message = "radicale is not installed, so the CalDAV ITs are skipped: apt-get install -y radicale "
          + "(.ci/run does this) or set DEJA_RADICALE to its executable";
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        throw new IllegalStateException(message.replace("are skipped", "cannot run under CI"));
      }
      Assumptions.abort(message);
    }
    dir = Files.createTempDirectory("deja-radicale-");
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    Path config = dir.resolve("config");
    String auth = "[auth]\ntype = none\n[rights]\ntype = authenticated\n";
    if (user != null) {
      Files.writeString(dir.resolve("users"), user + ":" + password + "\n", StandardCharsets.UTF_8);
      auth = "[auth]\ntype = htpasswd\nhtpasswd_filename = " + dir.resolve("users") + "\nhtpasswd_encryption = plain\n"
          + "[rights]\ntype = owner_only\n";
    }
    Files.writeString(config, "[server]\nhosts = 127.0.0.1:" + port + "\n" + auth + "[storage]\nfilesystem_folder = "
        + dir.resolve("collections") + "\n[logging]\nlevel = warning\n", StandardCharsets.UTF_8);
    launch();
  }

  /**
   * Stops the server in the middle of a test (an outage): connections are refused from now on, until
   * {@link #restart}. The calendars and events stay on disk.
   */
  public void stop() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }

  /** Starts the server again after {@link #stop}, on the same port with the same calendars; returns when it listens. */
  public void restart() throws IOException, InterruptedException {
    if (process.isAlive()) {
      throw new IllegalStateException("radicale is running; stop() it first");
    }
    launch();
  }

  private void launch() throws IOException, InterruptedException {
    Path exe = executable();
    Path config = dir.resolve("config");
    process = new ProcessBuilder(exe.toString(), "-C", config.toString())
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("radicale.log")
            .toFile())).start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (true) {
      try (Socket probe = new Socket()) {
        probe.connect(new InetSocketAddress("127.0.0.1", port), 200);
        break;
      } catch (IOException notYet) {
        if (!process.isAlive() || System.nanoTime() > deadline) {
          String log = Files.exists(dir.resolve("radicale.log")) ? Files.readString(dir.resolve("radicale.log")) : "";
          throw new IllegalStateException("radicale did not start on port " + port + ": " + log);
        }
        Thread.sleep(50);
      }
    }
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    if (process != null) {
      process.destroy();
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    }
    if (dir != null) {
      try (Stream<Path> s = Files.walk(dir)) {
        s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  /** The server's root URL. */
  public URI root() {
    return URI.create("http://127.0.0.1:" + port + "/");
  }

  /** A new, empty calendar collection's URL. */
  public String newCalendar() throws IOException, InterruptedException {
    return newCalendar("deja", "cal-" + calendars.incrementAndGet());
  }

  /** Creates the calendar {@code /OWNER/NAME/} (and its owner's collection) and returns its URL. */
  public String newCalendar(String owner, String name) throws IOException, InterruptedException {
    // A client per request: Radicale answers HTTP/1.0 and closes the connection, which a pooled one may not notice.
    HttpClient.newHttpClient().send(authorized(HttpRequest.newBuilder(root().resolve(owner + "/"))).method("MKCOL",
        HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.discarding());
    String url = root().resolve(owner + "/" + name + "/").toString();
    int status = HttpClient.newHttpClient().send(authorized(HttpRequest.newBuilder(URI.create(url)))
        .method("MKCALENDAR", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.discarding())
        .statusCode();
    if (status != 201) {
      throw new IllegalStateException("MKCALENDAR " + url + " answered " + status);
    }
    return url;
  }

  private HttpRequest.Builder authorized(HttpRequest.Builder b) {
    if (user != null) {
      b.header("Authorization", "Basic " + java.util.Base64.getEncoder().encodeToString((user + ":" + password)
          .getBytes(StandardCharsets.UTF_8)));
    }
    return b;
  }

  /** Someone else's client: PUTs an iCalendar object straight to the server; returns the status. */
  public static int putRaw(String calendarUrl, String name, String ics) throws IOException, InterruptedException {
    return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(calendarUrl + name))
        .header("Content-Type", "text/calendar").PUT(HttpRequest.BodyPublishers.ofString(ics)).build(),
        HttpResponse.BodyHandlers.discarding()).statusCode();
  }
}
