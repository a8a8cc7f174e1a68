package dev.deja.cli;

import dev.deja.format.DejaConfig;
import dev.deja.server.DejaServer;
import dev.deja.server.ProxySettings;
import dev.deja.server.ServerConfig;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code deja serve}: the HTTP API and the MCP tools (streamable HTTP at /mcp) on the embedded Lucene store, or on a
 * shared PostgreSQL database with {@code --store postgresql://…}; with {@code --upstream URL}, also the chat completions
 * proxy of {@code deja proxy} at {@code /v1/chat/completions}.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
    description = "Run the Deja server: the HTTP API (docs/HTTP.md, /openapi.json), the MCP tools at /mcp, "
        + "/metrics and /health, on one Lucene store per tenant in the data directory (or, with --store, on a "
        + "PostgreSQL database shared by several instances). Stops gracefully on "
        + "SIGTERM/SIGINT (in-flight requests finish, stores are closed).",
    footer = {"", "Settings: deja.yaml 'server:' section, environment (DEJA_SERVER_PORT, DEJA_ADMIN_KEY, ...; see "
        + "docs/CONFIGURATION.md), then these flags.",
        "With no admin key configured, one is generated at the first start and printed once on stderr.", "",
        "Examples:", "  deja serve --port 8080 --data ./deja-data",
        "  deja serve --port 8081 --store postgresql://deja:deja@127.0.0.1:5432/deja",
        "  deja serve --upstream http://localhost:8000/v1   (chat completions proxy at /v1/chat/completions)"})
final class ServeCommand implements Callable<Integer> {
  @Option(names = "--port", paramLabel = "PORT", description = "TCP port (default: server.port or 8080; 0: any free).")
  Integer port;

  @Option(names = "--data", paramLabel = "DIR", description = "Data directory (default: server.data_dir or "
      + "./deja-data).")
  Path data;

  @Option(names = "--store", paramLabel = "URL", description = "Keep tenants' collections in this PostgreSQL "
      + "database (postgresql://user:pass@host:port/db) instead of the Lucene store in the data directory, so that "
      + "several instances share them (default: server.store, else Lucene).")
  String store;

  @Option(names = "--upstream", paramLabel = "URL", description = "Also serve the chat completions proxy: "
      + "POST /v1/chat/completions (stream and non-stream) forwarded to this OpenAI-compatible server, e.g. "
      + "http://localhost:8000/v1, with repeated content removed from the answers; clients send their Deja key in "
      + "x-api-key (default: server.proxy.upstream, else off).")
  String upstream;

  @Option(names = {"-c", "--config"}, paramLabel = "FILE", description = "A deja.yaml (server settings, presets, "
      + "collections every tenant gets).")
  Path config;

  @Override
  public Integer call() throws InterruptedException {
    DejaConfig dc = config == null ? DejaConfig.empty() : DejaConfig.load(config);
    ServerConfig sc = ServerConfig.from(dc, System.getenv());
    if (port != null) {
      sc = sc.withPort(port);
    }
    if (data != null) {
      sc = sc.withDataDir(data);
    }
    if (store != null) {
      sc = sc.withStore(store);
    }
    if (upstream != null) {
      sc = sc.withProxyUpstream(ProxySettings.parseUpstream(upstream, "--upstream"));
    }
    DejaServer server;
    try {
      server = DejaServer.builder(sc).dejaConfig(dc).build().start();
    } catch (RuntimeException e) {
      if (isBindFailure(e)) {
        throw new dev.deja.core.InvalidInputException("port " + sc.port() + " on " + sc.host() + " is in use by "
            + "another process (a running 'deja serve'?); stop it, or choose another port with --port (0: any free "
            + "port)", e);
      }
      throw e;
    }
    server.announce(System.err);
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.close();
      stopped.countDown();
    }, "deja-shutdown"));
    stopped.await();
    return Main.OK;
  }

  /** Whether the failure is the listening socket's (Javalin wraps the JDK's BindException). */
  static boolean isBindFailure(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof java.net.BindException || t.getClass().getSimpleName().equals("JavalinBindException")) {
        return true;
      }
    }
    return false;
  }
}
