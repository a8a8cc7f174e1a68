package dev.deja.cli;

import dev.deja.core.InvalidInputException;
import dev.deja.core.judge.JudgeListener;
import dev.deja.stream.StreamDeduplicator;
import dev.deja.stream.StreamMetrics;
import dev.deja.stream.StreamOptions;
import dev.deja.stream.proxy.ChatCompletionsProxy;
import dev.deja.stream.proxy.JdkProxyServer;
import dev.deja.stream.proxy.ProxyOptions;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code deja proxy}: an OpenAI-compatible endpoint that removes repeated content from streamed answers. */
@Command(name = "proxy", mixinStandardHelpOptions = true,
    description = "Serve an OpenAI-compatible /v1/chat/completions endpoint (streamed and not) that forwards to an "
        + "upstream OpenAI-compatible server and removes repeated sentences and list lines from the assistant's text; "
        + "everything else passes unchanged. See docs/STREAMING.md.",
    footer = {"", "Examples:",
        "  deja proxy --upstream http://localhost:8000/v1",
        "  OPENAI_API_KEY=... deja proxy --upstream https://api.openai.com/v1 --api-key-env OPENAI_API_KEY --port 8787",
        "  deja proxy --upstream http://localhost:11434/v1 --set paraphrase_threshold=0.5"})
final class ProxyCommand implements Callable<Integer> {
  @Option(names = "--upstream", required = true, paramLabel = "URL",
      description = "The upstream's base URL, e.g. http://localhost:8000/v1.")
  String upstream;

  @Option(names = "--host", defaultValue = "127.0.0.1", description = "Address to listen on (default: "
      + "${DEFAULT-VALUE}).")
  String host;

  @Option(names = "--port", defaultValue = "8787", description = "Port to listen on; 0 picks a free one (default: "
      + "${DEFAULT-VALUE}).")
  int port;

  @Option(names = {"-c", "--config"}, paramLabel = "FILE", description = "A deja.yaml whose 'stream:' section sets "
      + "the filter's options.")
  Path config;

  @Option(names = "--set", paramLabel = "KEY=VALUE", description = "One filter option, e.g. "
      + "--set content_similarity_threshold=0.9 (repeatable; keys in docs/STREAMING.md).")
  List<String> settings = new ArrayList<>();

  @Option(names = "--model", paramLabel = "MODEL", description = "Add the semantic layer with this embedding model "
      + "(e.g. all-minilm-l6-v2; costs milliseconds per sentence).")
  String model;

  @Option(names = "--api-key-env", paramLabel = "NAME", description = "Send the key in this environment variable to "
      + "the upstream (Authorization: Bearer) instead of the client's Authorization header.")
  String apiKeyEnv;

  @Option(names = "--connect-timeout", defaultValue = "10", paramLabel = "S",
      description = "Seconds to connect to the upstream (default: ${DEFAULT-VALUE}).")
  long connectTimeout;

  @Option(names = "--response-timeout", defaultValue = "120", paramLabel = "S",
      description = "Seconds to wait for the upstream's response headers (default: ${DEFAULT-VALUE}).")
  long responseTimeout;

  @Option(names = "--idle-timeout", defaultValue = "60", paramLabel = "S",
      description = "Seconds an upstream stream may stay silent before it is cut (default: ${DEFAULT-VALUE}).")
  long idleTimeout;

  @Option(names = "--threads", defaultValue = "64", description = "Requests served at once (default: "
      + "${DEFAULT-VALUE}).")
  int threads;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec cmd;

  /** Released to stop a running proxy (tests); the command otherwise runs until the process is stopped. */
  static volatile CountDownLatch stop = new CountDownLatch(1);

  @Override
  public Integer call() throws InterruptedException {
    // Each removed repeat is logged at INFO by dev.deja.stream; the proxy shows them (DEJA_LOG_LEVEL overrides).
    if (org.slf4j.LoggerFactory.getLogger("dev.deja.stream") instanceof ch.qos.logback.classic.Logger l) {
      l.setLevel(ch.qos.logback.classic.Level.toLevel(System.getenv().getOrDefault("DEJA_LOG_LEVEL", "info"),
          ch.qos.logback.classic.Level.INFO));
    }
    if (threads < 1 || port < 0 || port > 65535) {
      throw new InvalidInputException("--threads must be at least 1 and --port in 0..65535");
    }
    URI uri;
    try {
      uri = URI.create(upstream);
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException("--upstream: not a URL: '" + upstream + "'");
    }
    ProxyOptions po = ProxyOptions.of(uri).withTimeouts(Duration.ofSeconds(connectTimeout),
        Duration.ofSeconds(responseTimeout), Duration.ofSeconds(idleTimeout));
    if (apiKeyEnv != null) {
      String key = System.getenv(apiKeyEnv);
      if (key == null || key.isBlank()) {
        throw new InvalidInputException("--api-key-env: environment variable " + apiKeyEnv + " is not set");
      }
      po = po.withApiKey(key);
    }
    StreamOptions o = StreamSettings.options(config, settings, model);
    // SIGTERM/SIGINT: let a model load finish and the requests running end (an embedding cannot be interrupted)
    // before the JVM's shutdown hooks — ONNX Runtime's among them — run.
    CountDownLatch built = new CountDownLatch(1);
    java.util.concurrent.atomic.AtomicReference<JdkProxyServer> running =
        new java.util.concurrent.atomic.AtomicReference<>();
    StopSignals.install(() -> {
      try {
        built.await(120, java.util.concurrent.TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      JdkProxyServer s = running.get();
      if (s != null) {
        s.drain(Duration.ofSeconds(30));
      }
    });
    StreamDeduplicator dedup;
    try {
      dedup = StreamSettings.deduplicator(o, StreamMetrics.none(), StreamSettings.judges(config), JudgeListener.NONE);
    } finally {
      built.countDown();
    }
    try (JdkProxyServer server = JdkProxyServer.start(new ChatCompletionsProxy(po, dedup), host, port, threads)) {
      running.set(server);
      cmd.commandLine().getOut().printf("deja proxy: http://%s:%d/v1/chat/completions → %s%n", host, server.port(),
          upstream);
      cmd.commandLine().getOut().flush();
      stop.await();
    }
    return Main.OK;
  }
}
