package dev.deja.server.mcp;

import dev.deja.server.DejaService;
import dev.deja.server.RateLimiter;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The MCP servers (official Java SDK) over the tools: stdio for {@code deja mcp} (one tenant), and streamable HTTP at
 * {@code /mcp} under the HTTP server (the tenant and key from the request, put there by {@link McpAuthFilter}).
 *
 * <p>Thread-safe once built.
 */
public final class McpEndpoints {
  /** Request attribute (HTTP) and transport-context key holding the caller's tenant. */
  public static final String TENANT = "deja.tenant";
  /** Request attribute and transport-context key holding the caller's key id (for rate limits). */
  public static final String KEY_ID = "deja.key";
  /** The server name announced in {@code initialize}. */
  public static final String NAME = "deja";
  /** The version announced in {@code initialize}. */
  public static final String VERSION = "0.1.0";
  /** Tools that write (the write bucket); the others check. */
  private static final Set<String> WRITES = Set.of("remember", "add_calendar_event");
  /** Tools whose collections embed by default (they cost {@code embedding_cost}). */
  private static final Set<String> EMBEDDING = Set.of("remember", "add_calendar_event", "search_calendar_events");

  private McpEndpoints() {}

  private static final String INSTRUCTIONS = "Deja prevents duplicates before they are written. Use remember to "
      + "store facts about the user (similar facts are merged), add_calendar_event to create events (likely "
      + "duplicates are refused with the similar events listed), search_calendar_events to find events, "
      + "check_duplicate to ask about any collection, and find_duplicate_definitions before defining a term.";

  /**
   * A stdio server for one tenant, reading requests from {@code in} and writing responses to {@code out}.
   * The SDK does not stop when {@code in} ends: the caller watches for that (see {@code McpStdio}).
   */
  public static McpSyncServer stdio(DejaService service, List<DejaTool> tools, String tenant, InputStream in,
      OutputStream out) {
    StdioServerTransportProvider transport = new StdioServerTransportProvider(McpJsonDefaults.getMapper(), in, out);
    return McpServer.sync(transport).serverInfo(NAME, VERSION).instructions(INSTRUCTIONS)
        .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
        .requestTimeout(REQUEST_TIMEOUT)
        // Deja checks arguments itself (Args), so that every argument error reads alike and carries structured content.
        .validateToolInputs(false)
        .tools(specs(service, tools, ex -> Optional.of(tenant), ex -> Optional.empty(), null))
        .build();
  }

  /**
   * The streamable-HTTP transport (a servlet to mount at {@code /mcp}), its server, and the rewrite of its answers
   * ({@link McpReplies}) for {@link McpAuthFilter} to apply.
   */
  public record Http(HttpServletStreamableServerTransportProvider servlet, McpSyncServer server,
      UnaryOperator<String> rewrite) {}

  /** How long a tool call may run before the SDK answers it with an error. */
  static final Duration REQUEST_TIMEOUT = Duration.ofMinutes(2);

  /** A streamable-HTTP server whose callers were authenticated by {@link McpAuthFilter}. */
  public static Http http(DejaService service, List<DejaTool> tools, RateLimiter limiter) {
    HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
        .jsonMapper(McpJsonDefaults.getMapper())
        .mcpEndpoint("/mcp")
        .maxRequestSize((int) Math.min(Integer.MAX_VALUE, service.config().maxBodyBytes()))
        .contextExtractor(req -> {
          Map<String, Object> m = new HashMap<>();
          Object t = req.getAttribute(TENANT);
          Object k = req.getAttribute(KEY_ID);
          if (t != null) {
            m.put(TENANT, t);
          }
          if (k != null) {
            m.put(KEY_ID, k);
          }
          return McpTransportContext.create(m);
        })
        .build();
    McpSyncServer server = McpServer.sync(transport).serverInfo(NAME, VERSION).instructions(INSTRUCTIONS)
        .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
        .requestTimeout(REQUEST_TIMEOUT)
        // Deja checks arguments itself (Args), so that every argument error reads alike and carries structured content.
        .validateToolInputs(false)
        .tools(specs(service, tools, ex -> Optional.ofNullable((String) ex.transportContext().get(TENANT)),
            ex -> Optional.ofNullable((String) ex.transportContext().get(KEY_ID)), limiter))
        .build();
    return new Http(transport, server, McpReplies.rewriter(tools));
  }

  /** Whether an error result is a refusal of the call itself (bad arguments, too large, not found). */
  private static boolean refusedAsMistake(McpSchema.CallToolResult r) {
    return r.structuredContent() instanceof Map<?, ?> m && m.get("error") instanceof Map<?, ?> e
        && ("invalid_request".equals(e.get("code")) || "not_found".equals(e.get("code"))
        || "payload_too_large".equals(e.get("code")));
  }

  private static List<McpServerFeatures.SyncToolSpecification> specs(DejaService service, List<DejaTool> tools,
      Function<McpSyncServerExchange, Optional<String>> tenantOf,
      Function<McpSyncServerExchange, Optional<String>> keyOf, RateLimiter limiter) {
    List<McpServerFeatures.SyncToolSpecification> out = new ArrayList<>();
    for (DejaTool t : tools) {
      String name = t.definition().name();
      out.add(McpServerFeatures.SyncToolSpecification.builder().tool(t.definition()).callHandler((ex, req) -> {
        Optional<String> tenant = tenantOf.apply(ex);
        if (tenant.isEmpty()) {
          service.metrics().tool(name, "error");
          return DejaTools.error(dev.deja.server.ApiException.unauthorized("Not authenticated: connect with an "
              + "API key (Authorization: Bearer KEY)."));
        }
        if (limiter != null) {
          RateLimiter.Kind kind = WRITES.contains(name) ? RateLimiter.Kind.WRITE : RateLimiter.Kind.CHECK;
          double cost = EMBEDDING.contains(name) ? service.config().embeddingCost() : 1;
          long wait = limiter.acquire(keyOf.apply(ex).orElse(tenant.get()), kind, cost);
          if (wait > 0) {
            service.metrics().rateLimited(kind.name().toLowerCase(java.util.Locale.ROOT));
            service.metrics().tool(name, "rate_limited");
            return DejaTools.error(dev.deja.server.ApiException.rateLimited(kind.name().toLowerCase(
                java.util.Locale.ROOT), wait, "Rate limited: too many calls; retry after " + wait + " s."));
          }
        }
        McpSchema.CallToolResult r = t.call(new DejaService.Call(tenant.get(), "mcp",
            Optional.ofNullable(ex.sessionId())), req.arguments());
        if (limiter != null && Boolean.TRUE.equals(r.isError()) && refusedAsMistake(r)) {
          // A call refused for its arguments did no work: as over HTTP, its tokens are given back.
          limiter.refund(keyOf.apply(ex).orElse(tenant.get()), WRITES.contains(name) ? RateLimiter.Kind.WRITE
              : RateLimiter.Kind.CHECK, EMBEDDING.contains(name) ? service.config().embeddingCost() : 1);
        }
        service.metrics().tool(name, Boolean.TRUE.equals(r.isError()) ? "refused" : "ok");
        return r;
      }).build());
    }
    return out;
  }
}
