package dev.deja.server;

import dev.deja.core.InvalidInputException;
import dev.deja.core.embed.Embedder;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.judge.JudgeProvider;
import dev.deja.embed.Judges;
import dev.deja.core.store.MemoryStoreBackend;
import dev.deja.core.store.StoreBackend;
import dev.deja.format.DejaConfig;
import dev.deja.server.mcp.DejaTool;
import dev.deja.server.mcp.DejaTools;
import dev.deja.server.mcp.McpAuthFilter;
import dev.deja.server.mcp.McpEndpoints;
import dev.deja.server.mcp.McpSessions;
import dev.deja.stream.StreamDeduplicator;
import dev.deja.stream.StreamMetrics;
import dev.deja.stream.StreamOptions;
import dev.deja.stream.proxy.ChatCompletionsProxy;
import dev.deja.stream.proxy.ProxyOptions;
import io.javalin.Javalin;
import jakarta.servlet.DispatcherType;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Deja server: the HTTP API, the MCP tools over streamable HTTP at {@code /mcp}, metrics and health, over one
 * store per tenant.
 *
 * <pre>{@code
 * try (DejaServer server = DejaServer.builder(ServerConfig.defaults().withPort(0)).build().start()) {
 *   System.out.println("listening on " + server.port());
 * }
 * }</pre>
 *
 * <p>With {@code server.proxy.upstream} set, it also serves the OpenAI-compatible chat completions proxy of deja-stream
 * at {@code /v1/chat/completions}: repeated content removed from the answers of the upstream, with the filter's options
 * from the {@code stream:} section of {@code deja.yaml} and its meters on {@code /metrics}.
 *
 * <p>{@link #close()} shuts down gracefully: new requests get 503, the MCP sessions are closed, in-flight requests
 * finish (up to {@code shutdown_timeout_seconds}), the HTTP server stops, then every store is closed (flushed and
 * unlocked). Thread-safe; {@code close} is idempotent.
 */
public final class DejaServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(DejaServer.class);

  private final ServerConfig config;
  private final KeyStore keys;
  private final Optional<String> generatedAdminKey;
  private final Tenants tenants;
  private final ServerMetrics metrics;
  private final Health health;
  private final IdempotencyStore idempotency;
  private final InFlight inFlight = new InFlight();
  private final DejaService service;
  private final HttpApi api;
  private final Optional<McpEndpoints.Http> mcp;
  private final Optional<ChatCompletionsProxy> proxy;
  private final Javalin app;
  private final BodyGate bodies;
  /** The shared PostgreSQL backend whose namespaces are the tenants' backends, when {@code server.store} is set. */
  private final Optional<dev.deja.postgres.PostgresStoreBackend> shared;
  private volatile boolean closed;

  private DejaServer(Builder b) {
    this.config = b.config;
    // A preset or declared collection that can never match is refused now, not at a tenant's first request.
    b.dejaConfig.validateAll();
    // Read before anything is opened, so that a mistake in the stream: section leaves nothing to close.
    Optional<StreamOptions> streamOptions = b.config.proxy().upstream().map(u ->
        StreamOptions.from(b.dejaConfig.section("stream"), b.dejaConfig.source() + ": stream"));
    // The deja.yaml's remote 'embedders:' by name, then the in-process models, unless the builder was given a provider.
    EmbedderProvider base = b.embedders != null ? b.embedders
        : dev.deja.embed.Embedders.provider(b.dejaConfig.embedders());
    streamOptions.flatMap(StreamOptions::semanticModel).ifPresent(m -> semanticEmbedder(base, m, b));
    Path serverDir = b.config.dataDir().resolve("server");
    Function<String, StoreBackend> backends = b.backends;
    if (backends == null && b.config.store().isPresent()) {
      // One pool for the process; each tenant is a namespace of collections in the shared database.
      dev.deja.postgres.PostgresStoreBackend pg = dev.deja.postgres.PostgresStoreBackend.connect(b.config.store().get());
      this.shared = Optional.of(pg);
      backends = pg::namespace;
    } else {
      this.shared = Optional.empty();
    }
    KeyStore.Opened opened;
    try {
      // On a shared database the tenant keys are shared too: every instance accepts a key any of them created.
      opened = KeyStore.open(serverDir, b.config.adminKey(), b.clock,
          shared.map(pg -> (KeyStore.Records) new SharedKeyRecords(pg.apiKeys())).orElse(null));
    } catch (RuntimeException e) {
      shared.ifPresent(dev.deja.postgres.PostgresStoreBackend::close);
      throw e;
    }
    this.keys = opened.keys();
    this.generatedAdminKey = opened.generatedAdminKey();
    this.metrics = new ServerMetrics();
    this.health = new Health(serverDir);
    EmbedderProvider embedders = health.tracked(metrics.metered(base));
    if (backends == null) {
      backends = Tenants.lucene(b.config.dataDir());
    }
    // Collections the deja.yaml backs by a CalDAV calendar ('caldav:') read and write it, per tenant ({tenant} in URLs).
    Function<String, StoreBackend> local = backends;
    dev.deja.calendar.caldav.CalDavMonitor calendars = new dev.deja.calendar.caldav.CalDavMonitor();
    backends = tenant -> dev.deja.calendar.caldav.CalDavStores.wrap(local.apply(tenant), tenant, b.dejaConfig,
        embedders, b.clock, calendars);
    Readiness.watch(health, metrics, shared, calendars, !b.dejaConfig.section("caldav").isEmpty());
    // The judges of stages with a 'judge:' option: the deja.yaml's 'judges:' endpoints unless the builder was given some.
    JudgeProvider judges = b.judges != null ? b.judges : Judges.provider(b.dejaConfig.judges());
    this.tenants = new Tenants(backends, b.dejaConfig, embedders, judges, metrics.judgeListener(), b.clock);
    this.idempotency = new IdempotencyStore(serverDir, b.config.idempotencyMaxEntries(),
        Duration.ofMillis((long) (b.config.idempotencyRetentionHours() * 3_600_000)), b.clock);
    this.service = new DejaService(b.config, tenants, metrics,
        b.events != null ? b.events : new DuplicateEvents(b.clock));
    RateLimiter limiter = RateLimiter.of(b.config, b.clock);
    this.proxy = streamOptions.map(o -> chatProxy(b.config.proxy().options().orElseThrow(), o, b, embedders,
        judges));
    this.api = new HttpApi(service, keys, limiter, idempotency, health, inFlight, b.clock, proxy);
    List<DejaTool> tools = b.tools != null ? b.tools : DejaTools.defaults(service);
    this.mcp = b.config.mcpEnabled() ? Optional.of(McpEndpoints.http(service, tools, limiter)) : Optional.empty();
    if (b.config.warmUp()) {
      // The built-in collections' models load through the provider before health's tracking: a model that fails
      // there is reported by its collection's first check, not by the warm-up.
      health.warmUp(embedders, presetModels(List.of("memory", "calendar")), base);
    }
    this.bodies = new BodyGate(keys, b.config);
    this.app = Javalin.create(c -> {
      c.startup.showJavalinBanner = false;
      c.startup.showOldJavalinVersionWarning = false;
      c.jetty.host = b.config.host();
      c.jetty.port = b.config.port();
      // Bodies are collected before the servlet context (Javalin attaches it inside this wrapper), and what Jetty
      // answers by itself is in the API's error shape.
      c.jetty.modifyServer(server -> {
        server.setHandler(bodies);
        server.setErrorHandler(new JettyErrors.ForServer());
      });
      c.jetty.modifyServletContextHandler(h -> h.setErrorHandler(new JettyErrors.ForContext()));
      api.register(c);
      mcp.ifPresent(m -> c.jetty.modifyServletContextHandler(h -> {
        ServletHolder holder = new ServletHolder("mcp", m.servlet());
        holder.setAsyncSupported(true);
        h.addServlet(holder, "/mcp");
        FilterHolder filter = new FilterHolder(new McpAuthFilter(keys, inFlight, new McpSessions(),
            b.config.maxBodyBytes(), m.rewrite()));
        filter.setAsyncSupported(true);
        h.addFilter(filter, "/mcp", EnumSet.of(DispatcherType.REQUEST));
      }));
    });
  }

  /**
   * The chat completions proxy: the filter's options from the {@code stream:} section (as {@code deja proxy} reads
   * them), its semantic model (when one is set) from the server's embedders, the paraphrase layer's judge (when
   * {@code stream.judge} is set) from the server's judges, its meters on the server's registry.
   */
  private ChatCompletionsProxy chatProxy(ProxyOptions options, StreamOptions o, Builder b,
      EmbedderProvider embedders, JudgeProvider judges) {
    StreamDeduplicator.Builder dedup = StreamDeduplicator.builder().options(o).clock(b.clock)
        .metrics(StreamMetrics.on(metrics.registry())).judges(judges, metrics.judgeListener());
    o.semanticModel().ifPresent(m -> dedup.embedder(semanticEmbedder(embedders, m, b)));
    if (!b.config.proxy().requireKey() && b.config.proxy().apiKey().isPresent()) {
      LOG.warn("server.proxy.require_key is false and server.proxy.api_key is set: anyone who can reach {}:{} can "
          + "use the upstream with the server's key", b.config.host(), b.config.port());
    }
    return new ChatCompletionsProxy(options, dedup.build());
  }

  private static Embedder semanticEmbedder(EmbedderProvider embedders, String model, Builder b) {
    return embedders.find(model).orElseThrow(() -> new InvalidInputException(b.dejaConfig.source()
        + ": stream.semantic_model: unknown embedding model '" + model + "'"));
  }

  /** A builder for a server with these settings. */
  public static Builder builder(ServerConfig config) {
    return new Builder(config);
  }

  /** Starts listening; returns this. */
  public DejaServer start() {
    try {
      app.start();
    } catch (io.javalin.util.JavalinBindException e) {
      // Javalin has logged its own ERROR line; the caller gets what to do about it.
      close();
      throw new dev.deja.core.InvalidInputException("cannot listen on " + config.host() + ":" + config.port()
          + ": the port is in use; stop what is using it or choose another port (--port, server.port)", e);
    }
    LOG.info("Deja server listening on http://{}:{} (data: {}; store: {})", config.host(), port(), config.dataDir(),
        shared.map(pg -> "PostgreSQL " + pg.settings().describe()).orElse("Lucene"));
    return this;
  }

  /** The port listened on (the chosen one when configured as 0). */
  public int port() {
    return app.port();
  }

  /** The admin key generated at this start, when none was configured or stored (shown once). */
  public Optional<String> generatedAdminKey() {
    return generatedAdminKey;
  }

  /** The routes the HTTP API registered (method and path template); {@code /mcp} is served besides them. */
  public List<String> routes() {
    return api.routes().stream().map(r -> r.method() + " " + r.path()).toList();
  }

  /** The operations, for in-process use (the stdio MCP server, tests). */
  public DejaService service() {
    return service;
  }

  public KeyStore keys() {
    return keys;
  }

  public ServerMetrics metrics() {
    return metrics;
  }

  /** Prints how to use the server, and the generated admin key once. */
  public void announce(PrintStream err) {
    err.println("deja: serving on http://" + config.host() + ":" + port() + "  (data: "
        + config.dataDir().toAbsolutePath().normalize() + ")");
    generatedAdminKey.ifPresentOrElse(k -> {
      err.println("deja: generated an admin key (shown only now; stored hashed in "
          + config.dataDir().resolve("server").resolve("admin-key.sha256") + "):");
      err.println("deja:   " + k);
      err.println("deja: create a tenant key with:");
      err.println("deja:   curl -s -X POST http://" + config.host() + ":" + port() + "/v1/admin/keys -H "
          + "'Authorization: Bearer " + k + "' -H 'content-type: application/json' -d '{\"tenant\": \"demo\"}'");
    }, () -> {
      if (config.adminKey().isEmpty()) {
        err.println("deja: admin key: the one generated at the first start (stored hashed in "
            + config.dataDir().resolve("server") + "; set DEJA_ADMIN_KEY to use another)");
      }
    });
    config.proxy().upstream().ifPresent(u -> err.println("deja: chat completions proxy: http://" + config.host() + ":"
        + port() + "/v1/chat/completions -> " + u + (config.proxy().requireKey() ? "  (Deja key in x-api-key)" : "")));
  }

  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    LOG.info("Deja server shutting down: draining in-flight requests");
    inFlight.drain();
    health.draining();
    try {
      // A model still loading in native code must finish before the process may exit (issue 17 item 6).
      if (!health.awaitWarmUp(config.shutdownTimeoutSeconds() * 1000L)) {
        LOG.warn("the embedding model is still loading after {} s; stopping anyway", config.shutdownTimeoutSeconds());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    mcp.ifPresent(m -> {
      try {
        m.server().closeGracefully();
      } catch (RuntimeException e) {
        LOG.warn("closing MCP sessions: {}", e.toString());
      }
    });
    try {
      if (!inFlight.awaitIdle(config.shutdownTimeoutSeconds() * 1000L)) {
        LOG.warn("{} request(s) still running after {} s; stopping anyway", inFlight.running(),
            config.shutdownTimeoutSeconds());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      app.stop();
    } finally {
      proxy.ifPresent(ChatCompletionsProxy::close);
      tenants.close();
      shared.ifPresent(dev.deja.postgres.PostgresStoreBackend::close);
      idempotency.close();
      health.close();
      LOG.info("Deja server stopped; stores closed");
    }
  }

  /** Builds a {@link DejaServer}; not thread-safe. */
  public static final class Builder {
    private final ServerConfig config;
    private DejaConfig dejaConfig = DejaConfig.empty();
    private EmbedderProvider embedders;
    private Clock clock = Clock.systemUTC();
    private Function<String, StoreBackend> backends;
    private DuplicateEvents events;
    private List<DejaTool> tools;
    private JudgeProvider judges;

    private Builder(ServerConfig config) {
      this.config = Objects.requireNonNull(config, "config");
    }

    /** The {@code deja.yaml} whose presets and collections apply (default: none). */
    public Builder dejaConfig(DejaConfig c) {
      this.dejaConfig = Objects.requireNonNull(c, "deja config");
      return this;
    }

    /**
     * Where embedders come from (default: the deja.yaml's remote {@code embedders:} by name, then the registered
     * providers, i.e. deja-embed's in-process models).
     */
    public Builder embedders(EmbedderProvider p) {
      this.embedders = Objects.requireNonNull(p, "embedders");
      return this;
    }

    public Builder clock(Clock c) {
      this.clock = Objects.requireNonNull(c, "clock");
      return this;
    }

    /**
     * Where the judges of stages with a {@code judge:} option come from (default: the {@code judges:} section of the
     * {@link #dejaConfig}, as remote OpenAI-compatible endpoints).
     */
    public Builder judges(JudgeProvider p) {
      this.judges = Objects.requireNonNull(p, "judges");
      return this;
    }

    /** Keep tenants' collections in memory instead of the Lucene store (tests, ephemeral use). */
    public Builder inMemory() {
      this.backends = t -> new MemoryStoreBackend();
      return this;
    }

    /** Where duplicate events go (default: the {@code deja.events} logger). */
    public Builder events(DuplicateEvents e) {
      this.events = Objects.requireNonNull(e, "events");
      return this;
    }

    /** The MCP tools (default: {@link DejaTools#defaults}). */
    public Builder tools(List<DejaTool> t) {
      this.tools = List.copyOf(t);
      return this;
    }

    public DejaServer build() {
      return new DejaServer(this);
    }
  }

  /** The local embedding models that the enabled stages of these presets use (the built-in collections' presets). */
  static List<String> presetModels(List<String> presets) {
    List<String> out = new java.util.ArrayList<>();
    for (String preset : presets) {
      for (dev.deja.core.spec.StageSpec stage : dev.deja.format.Presets.spec(preset).stages()) {
        boolean embeds = stage.type().equals("semantic") || stage.type().equals("combined");
        if (stage.enabled() && embeds && stage.options().get("model") instanceof String model) {
          out.add(model);
        }
      }
    }
    return out;
  }
}
