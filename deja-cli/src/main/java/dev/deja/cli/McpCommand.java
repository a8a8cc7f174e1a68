package dev.deja.cli;

import dev.deja.format.DejaConfig;
import dev.deja.server.ServerConfig;
import dev.deja.server.mcp.McpStdio;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code deja mcp}: the MCP tools over stdio for one tenant; exits when stdin closes. */
@Command(name = "mcp", mixinStandardHelpOptions = true,
    description = "Serve the MCP tools (remember, add_calendar_event, search_calendar_events, check_duplicate, "
        + "find_duplicate_definitions, add_definition) over stdio, as one tenant, on the data directory's Lucene "
        + "store. Requests are answered in the order they arrive; exits when stdin closes, after answering every "
        + "request read. Logs go to stderr.",
    footer = {"", "Example (an MCP client's server entry):",
        "  {\"command\": \"deja\", \"args\": [\"mcp\", \"--data\", \"/home/me/deja-data\", \"--tenant\", \"me\"]}",
        "", "The data directory cannot be shared with a running 'deja serve' (each tenant's store is locked)."})
final class McpCommand implements Callable<Integer> {
  @Option(names = "--data", paramLabel = "DIR", description = "Data directory (default: server.data_dir or "
      + "./deja-data).")
  Path data;

  @Option(names = "--tenant", defaultValue = "default", paramLabel = "TENANT",
      description = "The tenant whose collections the tools use (default: ${DEFAULT-VALUE}).")
  String tenant;

  @Option(names = {"-c", "--config"}, paramLabel = "FILE", description = "A deja.yaml (server settings, presets, "
      + "collections).")
  Path config;

  @Override
  public Integer call() throws InterruptedException {
    if (!dev.deja.server.KeyStore.isValidTenant(tenant)) {
      throw new dev.deja.core.InvalidInputException("--tenant: '" + tenant + "' is not a valid tenant name "
          + "(lower-case letters, digits, '-' and '_', at most 64)");
    }
    DejaConfig dc = config == null ? DejaConfig.empty() : DejaConfig.load(config);
    ServerConfig sc = ServerConfig.from(dc, System.getenv());
    if (data != null) {
      sc = sc.withDataDir(data);
    }
    // SIGTERM/SIGINT: hand on no further request and let the one running finish (a model load or an embedding
    // cannot be interrupted) before the JVM's shutdown hooks — ONNX Runtime's among them — run.
    McpStdio.Control control = new McpStdio.Control();
    StopSignals.install(() -> {
      try {
        control.quiesce(java.time.Duration.ofSeconds(120));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    McpStdio.serve(sc, dc, tenant, System.in, System.out, control);
    return Main.OK;
  }
}
