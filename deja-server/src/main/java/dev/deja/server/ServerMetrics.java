package dev.deja.server;

import dev.deja.core.embed.Embedder;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.engine.Match;
import dev.deja.core.engine.Verdict;
import dev.deja.core.engine.WriteResult;
import dev.deja.core.judge.JudgeListener;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The server's Prometheus metrics (Micrometer), served at {@code /metrics}.
 *
 * <table>
 *   <caption>Metrics</caption>
 *   <tr><th>name</th><th>labels</th><th>what</th></tr>
 *   <tr><td>{@code deja_checks_total}</td><td>outcome, surface</td><td>checks (HTTP, MCP), by outcome</td></tr>
 *   <tr><td>{@code deja_puts_total}</td><td>action, surface</td><td>writes, by action (CREATED, REJECTED, MERGED)</td></tr>
 *   <tr><td>{@code deja_duplicates_detected_total}</td><td>stage</td><td>checks and writes that found a duplicate, by
 *   the best match's stage</td></tr>
 *   <tr><td>{@code deja_verdict_warnings_total}</td><td>operation</td><td>checks and writes whose verdict carries
 *   warnings: made without a store or an embedder that failed open, or without a judge that could not answer</td></tr>
 *   <tr><td>{@code deja_store_failed_open_total}</td><td>store</td><td>checks answered without their store
 *   ({@code caldav}), which was unreachable and configured with {@code fail_open: true}</td></tr>
 *   <tr><td>{@code deja_check_seconds}, {@code deja_put_seconds}, {@code deja_search_seconds}</td><td></td><td>engine
 *   latency histograms</td></tr>
 *   <tr><td>{@code deja_http_requests_seconds}</td><td>method, route, status</td><td>HTTP latency histogram by route
 *   template</td></tr>
 *   <tr><td>{@code deja_embedder_seconds}</td><td>model</td><td>embedding latency (cache hits included)</td></tr>
 *   <tr><td>{@code deja_embedder_errors_total}</td><td>model</td><td>embedding failures</td></tr>
 *   <tr><td>{@code deja_rate_limited_total}</td><td>action</td><td>requests refused with 429</td></tr>
 *   <tr><td>{@code deja_mcp_tool_calls_total}</td><td>tool, result</td><td>MCP tool calls (ok, refused, error)</td></tr>
 *   <tr><td>{@code deja_judge_calls_total}</td><td>outcome</td><td>calls to LLM judges: {@code same},
 *   {@code different}, or why one failed ({@code timeout}, {@code rate_limited}, {@code server_error},
 *   {@code connection}, {@code client_error}, {@code malformed}, {@code not_configured}, {@code internal})</td></tr>
 *   <tr><td>{@code deja_judge_latency_seconds}</td><td></td><td>how long checks waited for judge calls</td></tr>
 *   <tr><td>{@code deja_judge_cache_hits_total}</td><td></td><td>judgements answered from a collection's
 *   cache</td></tr>
 *   <tr><td>{@code deja_judge_disagreements_total}</td><td></td><td>judgements that differ from the in-process
 *   decision</td></tr>
 *   <tr><td>{@code deja_judge_fallbacks_total}</td><td>reason</td><td>pairs decided in-process because the judge could
 *   not answer: a call's failure label, {@code budget}, {@code deadline}, {@code max_calls}</td></tr>
 * </table>
 *
 * <p>Labels never carry tenants, keys, collection names or ids, so the number of series stays bounded. Thread-safe.
 */
public final class ServerMetrics {
  private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

  public ServerMetrics() {
    new JvmMemoryMetrics().bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
  }

  /** The registry, for binding more meters. */
  public MeterRegistry registry() {
    return registry;
  }

  /** The Prometheus text exposition. */
  public String scrape() {
    return registry.scrape();
  }

  private Timer timer(String name, String description, String... tags) {
    return Timer.builder(name).description(description).publishPercentileHistogram()
        .minimumExpectedValue(Duration.ofMillis(1)).maximumExpectedValue(Duration.ofSeconds(10))
        .tags(tags).register(registry);
  }

  /** Records a check. */
  public void check(Verdict v, String surface, long nanos) {
    Counter.builder("deja_checks").description("Checks, by outcome").tags("outcome", v.outcome().name(),
        "surface", surface).register(registry).increment();
    timer("deja_check_seconds", "Check latency (engine)").record(Duration.ofNanos(nanos));
    duplicate(v);
    warned(v, "check");
  }

  /** Records a write. */
  public void put(WriteResult r, String surface, long nanos) {
    Counter.builder("deja_puts").description("Writes, by action").tags("action", r.action().name(),
        "surface", surface).register(registry).increment();
    timer("deja_put_seconds", "Write latency (engine)").record(Duration.ofNanos(nanos));
    duplicate(r.verdict());
    warned(r.verdict(), "put");
  }

  /** Records a search. */
  public void search(long nanos) {
    timer("deja_search_seconds", "Search latency (engine)").record(Duration.ofNanos(nanos));
  }

  /** Counts a verdict that carries warnings (made without a store, an embedder or a judge that failed open). */
  private void warned(Verdict v, String operation) {
    if (!v.warnings().isEmpty()) {
      Counter.builder("deja_verdict_warnings").description("Checks and writes whose verdict carries warnings")
          .tags("operation", operation).register(registry).increment();
    }
  }

  private void duplicate(Verdict v) {
    Optional<Match> best = v.best();
    best.ifPresent(m -> Counter.builder("deja_duplicates_detected").description("Duplicates detected, by stage")
        .tags("stage", m.stage()).register(registry).increment());
  }

  /** Records an HTTP request by its route template. */
  public void http(String method, String route, int status, long nanos) {
    timer("deja_http_requests_seconds", "HTTP requests", "method", method, "route", route, "status",
        Integer.toString(status)).record(Duration.ofNanos(nanos));
  }

  /** Records a request refused by a rate limit. */
  public void rateLimited(String action) {
    Counter.builder("deja_rate_limited").description("Requests refused by a rate limit").tags("action", action)
        .register(registry).increment();
  }

  /** Records an MCP tool call. */
  public void tool(String tool, String result) {
    Counter.builder("deja_mcp_tool_calls").description("MCP tool calls").tags("tool", tool, "result", result)
        .register(registry).increment();
  }

  /** A listener that records the judges' calls, cache hits, disagreements and fallbacks here. */
  public JudgeListener judgeListener() {
    return new JudgeListener() {
      @Override
      public void called(String model, String outcome, Duration latency) {
        Counter.builder("deja_judge_calls").description("Calls to LLM judges, by outcome").tags("outcome", outcome)
            .register(registry).increment();
        timer("deja_judge_latency_seconds", "How long checks waited for judge calls").record(latency);
      }

      @Override
      public void cacheHit(String model) {
        Counter.builder("deja_judge_cache_hits").description("Judgements answered from a collection's cache")
            .register(registry).increment();
      }

      @Override
      public void disagreed(String model) {
        Counter.builder("deja_judge_disagreements").description("Judgements that differ from the in-process "
            + "decision").register(registry).increment();
      }

      @Override
      public void fellBack(String model, String reason) {
        Counter.builder("deja_judge_fallbacks").description("Pairs decided in-process because the judge could not "
            + "answer, by reason").tags("reason", reason).register(registry).increment();
      }
    };
  }

  /** A provider whose embedders record their latency and errors here. */
  public EmbedderProvider metered(EmbedderProvider delegate) {
    return model -> delegate.find(model).map(e -> (Embedder) new MeteredEmbedder(e));
  }

  private final class MeteredEmbedder implements Embedder {
    private final Embedder delegate;
    private final Timer latency;
    private final Counter errors;

    MeteredEmbedder(Embedder delegate) {
      this.delegate = delegate;
      this.latency = timer("deja_embedder_seconds", "Embedding latency", "model", delegate.model());
      this.errors = Counter.builder("deja_embedder_errors").description("Embedding failures")
          .tags("model", delegate.model()).register(registry);
    }

    @Override
    public String model() {
      return delegate.model();
    }

    @Override
    public int dimension() {
      return delegate.dimension();
    }

    @Override
    public float[] embed(String text) {
      return timed(() -> delegate.embed(text));
    }

    @Override
    public java.util.Optional<dev.deja.core.embed.TokenVectors> tokenVectors(String text) {
      return timed(() -> delegate.tokenVectors(text));
    }

    @Override
    public void keepTokenVectors() {
      delegate.keepTokenVectors();
    }

    @Override
    public List<float[]> embedAll(List<String> texts) {
      return timed(() -> delegate.embedAll(texts));
    }

    private <T> T timed(java.util.function.Supplier<T> call) {
      long t0 = System.nanoTime();
      try {
        return call.get();
      } catch (RuntimeException e) {
        errors.increment();
        throw e;
      } finally {
        latency.record(Duration.ofNanos(System.nanoTime() - t0));
      }
    }
  }
}
