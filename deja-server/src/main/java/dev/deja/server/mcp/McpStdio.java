package dev.deja.server.mcp;

import dev.deja.core.embed.EmbedderProviders;
import dev.deja.embed.Judges;
import dev.deja.format.DejaConfig;
import dev.deja.server.DejaService;
import dev.deja.server.DuplicateEvents;
import dev.deja.server.ServerConfig;
import dev.deja.server.ServerMetrics;
import dev.deja.server.Tenants;
import io.modelcontextprotocol.server.McpSyncServer;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

/**
 * Runs the stdio MCP server until its input ends: the SDK's stdio transport keeps the process alive after stdin
 * closes and answers concurrent requests out of order, so the input goes through a {@link StdioGate}, and
 * {@link #run} returns once the input ended and the last request was answered (the caller closes the stores and
 * exits). Not thread-safe: one run per instance.
 */
public final class McpStdio {
  private McpStdio() {}

  /**
   * Serves one tenant over stdio from a data directory until stdin ends, then closes the stores. Logs go to stderr
   * (stdout carries the protocol).
   */
  public static void serve(ServerConfig config, DejaConfig dejaConfig, String tenant, InputStream in,
      OutputStream out) throws InterruptedException {
    serve(config, dejaConfig, tenant, in, out, new Control());
  }

  /**
   * Lets another thread — a signal handler — stop a running stdio server without cutting a request short: the JVM's
   * shutdown hooks include ONNX Runtime's, which frees its native environment, so nothing may still be embedding
   * when they run (issue 17 item 6, for {@code deja serve}). Thread-safe.
   */
  public static final class Control {
    private final java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
    private volatile StdioGate gate;

    /**
     * Waits (up to {@code limit}) until the server has started (its store open), then stops it handing on requests
     * and waits until the one running, if any, is answered. The answer is written before this returns.
     */
    public void quiesce(java.time.Duration limit) throws InterruptedException {
      started.await(limit.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
      StdioGate g = gate;
      if (g != null) {
        g.stop();
      }
    }
  }

  /** {@link #serve(ServerConfig, DejaConfig, String, InputStream, OutputStream)}, stoppable through {@code control}. */
  public static void serve(ServerConfig config, DejaConfig dejaConfig, String tenant, InputStream in,
      OutputStream out, Control control) throws InterruptedException {
    // A preset or declared collection that can never match is refused before a store is opened.
    dejaConfig.validateAll();
    Clock clock = Clock.systemUTC();
    ServerMetrics metrics = new ServerMetrics();
    try (Tenants tenants = new Tenants(Tenants.lucene(config.dataDir()), dejaConfig,
        metrics.metered(EmbedderProviders.defaults()), Judges.provider(dejaConfig.judges()),
        metrics.judgeListener(), clock)) {
      DejaService service = new DejaService(config, tenants, metrics, new DuplicateEvents(clock));
      // Open the tenant's store now, so that a data directory in use fails at start, not at the first call.
      tenants.catalog(tenant);
      run(service, DejaTools.defaults(service), tenant, in, out, control);
    } finally {
      control.started.countDown();
    }
  }

  /**
   * {@code McpStdio --data DIR [--tenant T]}: the stdio server without the command line around it (tests start it as a
   * process; users run {@code deja mcp}).
   */
  public static void main(String[] args) throws InterruptedException {
    Path data = Path.of("deja-data");
    String tenant = "default";
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--data" -> data = Path.of(args[i + 1]);
        case "--tenant" -> tenant = args[i + 1];
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    serve(ServerConfig.defaults().withDataDir(data), DejaConfig.empty(), tenant, System.in, System.out);
    System.exit(0);
  }

  /**
   * Serves until {@code in} ends (EOF or a read error) and every request read was answered, then closes the MCP server
   * and returns. Requests are answered in the order they were sent ({@link StdioGate}).
   */
  public static void run(DejaService service, List<DejaTool> tools, String tenant, InputStream in, OutputStream out)
      throws InterruptedException {
    run(service, tools, tenant, in, out, new Control());
  }

  private static void run(DejaService service, List<DejaTool> tools, String tenant, InputStream in,
      OutputStream out, Control control) throws InterruptedException {
    StdioGate gate = new StdioGate(in, out, McpReplies.rewriter(tools),
        McpEndpoints.REQUEST_TIMEOUT.plusSeconds(30));
    McpSyncServer server = McpEndpoints.stdio(service, tools, tenant, gate.input(), gate.output());
    control.gate = gate;
    control.started.countDown();
    try {
      gate.pump();
    } finally {
      server.close();
    }
  }
}
