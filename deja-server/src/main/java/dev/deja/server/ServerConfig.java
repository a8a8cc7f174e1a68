package dev.deja.server;

import dev.deja.core.InvalidInputException;
import dev.deja.format.DejaConfig;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The server's settings: the {@code server:} section of {@code deja.yaml}, each key overridable by an environment
 * variable, then by command-line flags.
 *
 * <p>Every key is listed in {@link #SETTINGS} with its environment variable, default and meaning; docs/CONFIGURATION.md
 * ("Server") is that table. The environment variable of {@code a.b_c} is {@code DEJA_SERVER_A_B_C} (dots and
 * underscores become underscores, letters upper-case), except the admin key, which is {@code DEJA_ADMIN_KEY}. An
 * unknown key under {@code server:} is an error, as is a value of the wrong type.
 *
 * <pre>{@code
 * server:
 *   port: 8080
 *   rate_limits: {check_per_second: 100}
 * }</pre>
 *
 * @param port TCP port; 0 picks a free one
 * @param host the address to listen on
 * @param dataDir the data directory (tenants' stores, keys, idempotency records)
 * @param adminKey the admin key when configured; else one is generated at first start
 * @param maxBodyBytes the largest request body accepted
 * @param maxItemBytes the largest item (as JSON) accepted
 * @param maxBatchItems the most items in one batch request
 * @param bodyTimeoutSeconds how long a request body may take to arrive, from its headers on (408 after it)
 * @param maxUploadsPerKey how many request bodies of one key may be arriving at once (429 beyond)
 * @param rateLimitsEnabled whether rate limits apply
 * @param readPerSecond tokens per second of the {@code read} bucket of one key; {@code readBurst} its capacity
 * @param readBurst the capacity of the read bucket
 * @param checkPerSecond tokens per second of the {@code check} bucket
 * @param checkBurst its capacity
 * @param writePerSecond tokens per second of the {@code write} bucket
 * @param writeBurst its capacity
 * @param embeddingCost tokens a call costs when the collection embeds (a semantic or combined stage)
 * @param idempotencyMaxEntries the most idempotency records kept (all tenants)
 * @param idempotencyRetentionHours how long an idempotency record is kept
 * @param shutdownTimeoutSeconds how long shutdown waits for in-flight requests
 * @param warmUp whether the default embedding model is loaded at start (readiness waits for it)
 * @param memoryCollection the per-tenant collection of the {@code /v1/memories} endpoints and the remember tool
 * @param calendarCollection the per-tenant collection of the calendar MCP tools
 * @param glossaryCollection the per-tenant collection of {@code find_duplicate_definitions}
 * @param mcpEnabled whether the streamable-HTTP MCP endpoint {@code /mcp} is served
 * @param store where tenants' collections live: empty for the embedded Lucene store under {@code dataDir}, or a
 *     {@code postgresql://} URL of the shared PostgreSQL store (several instances on one database)
 * @param proxy the chat completions proxy ({@code proxy.*}): off unless {@code proxy.upstream} is set
 */
public record ServerConfig(
    int port,
    String host,
    Path dataDir,
    Optional<String> adminKey,
    long maxBodyBytes,
    long maxItemBytes,
    int maxBatchItems,
    int bodyTimeoutSeconds,
    int maxUploadsPerKey,
    boolean rateLimitsEnabled,
    double readPerSecond,
    double readBurst,
    double checkPerSecond,
    double checkBurst,
    double writePerSecond,
    double writeBurst,
    double embeddingCost,
    int idempotencyMaxEntries,
    double idempotencyRetentionHours,
    int shutdownTimeoutSeconds,
    boolean warmUp,
    String memoryCollection,
    String calendarCollection,
    String glossaryCollection,
    boolean mcpEnabled,
    Optional<String> store,
    ProxySettings proxy) {

  /** One configuration key: its path under {@code server:}, environment variable, default and meaning. */
  public record Setting(String key, String env, String type, String defaultValue, String description) {}

  /** Every key, in the order of the reference table. */
  public static final List<Setting> SETTINGS = List.of(
      s("port", "int", "8080", "TCP port to listen on (0: any free port, printed at start)"),
      s("host", "string", "127.0.0.1", "address to listen on; 0.0.0.0 for every interface (containers)"),
      s("data_dir", "path", "./deja-data", "data directory: one Lucene store per tenant, hashed keys, idempotency "
          + "records"),
      new Setting("admin_key", "DEJA_ADMIN_KEY", "string", "(generated)", "the admin key; when none is configured "
          + "one is generated at first start, stored hashed in DATA/server/admin-key.sha256 and printed once on stderr"),
      s("max_body_bytes", "int", "1048576", "largest request body (413 above)"),
      s("max_item_bytes", "int", "65536", "largest single item, as compact JSON (413 above)"),
      s("max_batch_items", "int", "100", "most items in one batch request (413 above)"),
      s("body_timeout_seconds", "int", "10", "seconds a request body may take to arrive once its headers have: "
          + "bodies are read without holding a thread, and one still incomplete then is answered 408"),
      s("max_uploads_per_key", "int", "16", "request bodies of one key that may be arriving at once; one more is "
          + "answered 429 at once"),
      s("rate_limits.enabled", "bool", "true", "apply per-key rate limits (429 with Retry-After)"),
      s("rate_limits.read_per_second", "number", "100", "read bucket (get, list, describe, search) refill rate "
          + "per key"),
      s("rate_limits.read_burst", "number", "200", "read bucket capacity per key"),
      // An agent session's pace (docs/CONFIGURATION.md, "Rate limits"): 100 embedding checks or writes at once, then
      // 25 checks and 10 writes a second, per key.
      s("rate_limits.check_per_second", "number", "100", "check bucket refill rate per key"),
      s("rate_limits.check_burst", "number", "400", "check bucket capacity per key"),
      s("rate_limits.write_per_second", "number", "40", "write bucket (put, delete, create) refill rate per key"),
      s("rate_limits.write_burst", "number", "400", "write bucket capacity per key"),
      s("rate_limits.embedding_cost", "number", "4", "tokens a check, put or search costs on a collection that "
          + "embeds (semantic or combined stage); other calls cost 1"),
      s("idempotency.max_entries", "int", "10000", "idempotency records kept (oldest dropped first)"),
      s("idempotency.retention_hours", "number", "24", "how long a put's result is replayed for a retried "
          + "Idempotency-Key"),
      s("shutdown_timeout_seconds", "int", "30",
          "how long SIGTERM/SIGINT waits for in-flight requests and a model load"),
      s("warm_up", "bool", "true", "load the embedding models of the built-in collections and the word knowledge at "
          + "start, so the first checks are not slow"),
      s("memory_collection", "string", "memories", "per-tenant collection of /v1/memories and the remember tool "
          + "(memory preset; created on first use)"),
      s("calendar_collection", "string", "calendar", "per-tenant collection of the calendar MCP tools (calendar "
          + "preset plus an rrule field; created on first use)"),
      s("glossary_collection", "string", "glossary", "per-tenant collection of find_duplicate_definitions "
          + "(glossary preset; created on first use)"),
      s("mcp.enabled", "bool", "true", "serve the MCP tools over streamable HTTP at /mcp"),
      s("store", "string", "(lucene)", "where tenants' collections live: unset for the embedded Lucene store in "
          + "data_dir; a postgresql://user:pass@host:port/db URL for the shared PostgreSQL store, so that several "
          + "instances on one database create each item once (see 'PostgreSQL store')"),
      s("proxy.upstream", "url", "(none)", "an OpenAI-compatible server (e.g. http://localhost:8000/v1): when set, "
          + "POST /v1/chat/completions is served by forwarding to it with repeated content removed from the answer, "
          + "and GET /v1/models, GET /v1/models/{model} and POST /v1/embeddings are forwarded unchanged"),
      s("proxy.require_key", "bool", "true", "the proxy routes need a Deja tenant key in x-api-key (the "
          + "Authorization header is the upstream's); false: anyone who can reach the server can use the upstream"),
      s("proxy.api_key", "string", "(none)", "send this key to the upstream (Authorization: Bearer) instead of the "
          + "client's Authorization header; clients may then send their Deja key as Authorization: Bearer"),
      s("proxy.connect_timeout_seconds", "int", "10", "seconds to connect to the upstream (502 after it)"),
      s("proxy.response_timeout_seconds", "int", "120", "seconds to wait for the upstream's response headers "
          + "(504 after it)"),
      s("proxy.idle_timeout_seconds", "int", "60", "seconds an upstream stream may stay silent before it is cut "
          + "(the held text is sent, then an error event)"),
      s("proxy.max_request_bytes", "int", "16777216", "largest request body on the proxy routes (413 above); chat "
          + "requests with images are larger than Deja's own, hence not max_body_bytes"));

  private static Setting s(String key, String type, String def, String description) {
    return new Setting(key, envName(key), type, def, description);
  }

  /** The environment variable that overrides a key: {@code rate_limits.enabled} → {@code DEJA_SERVER_RATE_LIMITS_ENABLED}. */
  public static String envName(String key) {
    return "DEJA_SERVER_" + key.replace('.', '_').toUpperCase(Locale.ROOT);
  }

  public ServerConfig {
    if (port < 0 || port > 65535) {
      throw new InvalidInputException("server.port: must be in [0, 65535], got " + port);
    }
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(dataDir, "dataDir");
    Objects.requireNonNull(adminKey, "adminKey");
    adminKey.ifPresent(k -> {
      if (k.length() < 16) {
        throw new InvalidInputException("server.admin_key: must be at least 16 characters");
      }
    });
    positive("max_body_bytes", maxBodyBytes);
    positive("max_item_bytes", maxItemBytes);
    positive("max_batch_items", maxBatchItems);
    positive("body_timeout_seconds", bodyTimeoutSeconds);
    positive("max_uploads_per_key", maxUploadsPerKey);
    positive("rate_limits.read_per_second", readPerSecond);
    positive("rate_limits.read_burst", readBurst);
    positive("rate_limits.check_per_second", checkPerSecond);
    positive("rate_limits.check_burst", checkBurst);
    positive("rate_limits.write_per_second", writePerSecond);
    positive("rate_limits.write_burst", writeBurst);
    if (!(embeddingCost >= 1)) {
      throw new InvalidInputException("server.rate_limits.embedding_cost: must be at least 1, got " + embeddingCost);
    }
    positive("idempotency.max_entries", idempotencyMaxEntries);
    positive("idempotency.retention_hours", idempotencyRetentionHours);
    if (shutdownTimeoutSeconds < 0) {
      throw new InvalidInputException("server.shutdown_timeout_seconds: must not be negative");
    }
    Objects.requireNonNull(memoryCollection, "memoryCollection");
    Objects.requireNonNull(calendarCollection, "calendarCollection");
    Objects.requireNonNull(glossaryCollection, "glossaryCollection");
    Objects.requireNonNull(store, "store");
    store.ifPresent(url -> {
      if (!dev.deja.postgres.PostgresSettings.isUrl(url)) {
        throw new InvalidInputException("server.store: must be a postgresql:// URL (or unset for the Lucene store in "
            + "data_dir), got '" + url.replaceAll("://[^@/]*@", "://***@") + "'");
      }
    });
    Objects.requireNonNull(proxy, "proxy");
  }

  private static void positive(String key, double v) {
    if (!(v > 0) || Double.isInfinite(v)) {
      throw new InvalidInputException("server." + key + ": must be a positive number, got " + v);
    }
  }

  /** The defaults, without configuration or environment. */
  public static ServerConfig defaults() {
    return from(DejaConfig.empty(), Map.of());
  }

  /**
   * The settings of a configuration's {@code server:} section with environment overrides applied.
   *
   * @param env the environment (usually {@link System#getenv()})
   */
  public static ServerConfig from(DejaConfig config, Map<String, String> env) {
    Map<String, Object> flat = new LinkedHashMap<>();
    flatten("", config.section("server"), flat);
    Map<String, Setting> known = new LinkedHashMap<>();
    for (Setting s : SETTINGS) {
      known.put(s.key(), s);
    }
    List<String> unknown = new ArrayList<>();
    for (String k : flat.keySet()) {
      if (!known.containsKey(k)) {
        unknown.add(k);
      }
    }
    if (!unknown.isEmpty()) {
      throw new InvalidInputException(config.source() + ": server: unknown key(s) " + unknown + "; known keys: "
          + known.keySet());
    }
    Map<String, String> values = new LinkedHashMap<>();
    for (Setting s : SETTINGS) {
      String v = env.get(s.env());
      if (v != null && !v.isBlank()) {
        values.put(s.key(), v.strip());
      } else if (flat.containsKey(s.key()) && flat.get(s.key()) != null) {
        Object o = flat.get(s.key());
        if (o instanceof Map || o instanceof List) {
          throw new InvalidInputException("server." + s.key() + ": must be a " + s.type() + ", got " + o);
        }
        values.put(s.key(), String.valueOf(o));
      } else if (!s.defaultValue().startsWith("(")) {
        values.put(s.key(), s.defaultValue());
      }
    }
    return new ServerConfig(
        integer(values, "port"),
        values.get("host"),
        Path.of(values.get("data_dir")),
        Optional.ofNullable(values.get("admin_key")),
        integer(values, "max_body_bytes"),
        integer(values, "max_item_bytes"),
        integer(values, "max_batch_items"),
        integer(values, "body_timeout_seconds"),
        integer(values, "max_uploads_per_key"),
        bool(values, "rate_limits.enabled"),
        number(values, "rate_limits.read_per_second"),
        number(values, "rate_limits.read_burst"),
        number(values, "rate_limits.check_per_second"),
        number(values, "rate_limits.check_burst"),
        number(values, "rate_limits.write_per_second"),
        number(values, "rate_limits.write_burst"),
        number(values, "rate_limits.embedding_cost"),
        integer(values, "idempotency.max_entries"),
        number(values, "idempotency.retention_hours"),
        integer(values, "shutdown_timeout_seconds"),
        bool(values, "warm_up"),
        values.get("memory_collection"),
        values.get("calendar_collection"),
        values.get("glossary_collection"),
        bool(values, "mcp.enabled"),
        Optional.ofNullable(values.get("store")).filter(v -> !v.isBlank()),
        new ProxySettings(
            Optional.ofNullable(values.get("proxy.upstream")).filter(u -> !u.isBlank()).map(u ->
                ProxySettings.parseUpstream(u, "server.proxy.upstream (" + envName("proxy.upstream") + ")")),
            bool(values, "proxy.require_key"),
            Optional.ofNullable(values.get("proxy.api_key")),
            integer(values, "proxy.connect_timeout_seconds"),
            integer(values, "proxy.response_timeout_seconds"),
            integer(values, "proxy.idle_timeout_seconds"),
            integer(values, "proxy.max_request_bytes")));
  }

  @SuppressWarnings("unchecked")
  private static void flatten(String prefix, Map<String, Object> tree, Map<String, Object> out) {
    tree.forEach((k, v) -> {
      String key = prefix.isEmpty() ? k : prefix + "." + k;
      if (v instanceof Map<?, ?> m && (key.equals("rate_limits") || key.equals("idempotency") || key.equals("mcp")
          || key.equals("proxy"))) {
        flatten(key, (Map<String, Object>) m, out);
      } else {
        out.put(key, v);
      }
    });
  }

  private static int integer(Map<String, String> v, String key) {
    try {
      return Integer.parseInt(v.get(key));
    } catch (NumberFormatException e) {
      throw new InvalidInputException("server." + key + " (" + envName(key) + "): must be an integer, got '"
          + v.get(key) + "'");
    }
  }

  private static double number(Map<String, String> v, String key) {
    try {
      return Double.parseDouble(v.get(key));
    } catch (NumberFormatException e) {
      throw new InvalidInputException("server." + key + " (" + envName(key) + "): must be a number, got '"
          + v.get(key) + "'");
    }
  }

  private static boolean bool(Map<String, String> v, String key) {
    String s = v.get(key).toLowerCase(Locale.ROOT);
    if (s.equals("true") || s.equals("false")) {
      return Boolean.parseBoolean(s);
    }
    throw new InvalidInputException("server." + key + " (" + envName(key) + "): must be true or false, got '"
        + v.get(key) + "'");
  }

  /** A copy listening on another port. */
  public ServerConfig withPort(int newPort) {
    return new ServerConfig(newPort, host, dataDir, adminKey, maxBodyBytes, maxItemBytes, maxBatchItems,
        bodyTimeoutSeconds, maxUploadsPerKey, rateLimitsEnabled, readPerSecond, readBurst, checkPerSecond, checkBurst,
        writePerSecond, writeBurst,
        embeddingCost, idempotencyMaxEntries, idempotencyRetentionHours, shutdownTimeoutSeconds, warmUp,
        memoryCollection, calendarCollection, glossaryCollection, mcpEnabled, store, proxy);
  }

  /** A copy with another data directory. */
  public ServerConfig withDataDir(Path dir) {
    return new ServerConfig(port, host, dir, adminKey, maxBodyBytes, maxItemBytes, maxBatchItems,
        bodyTimeoutSeconds, maxUploadsPerKey, rateLimitsEnabled, readPerSecond, readBurst, checkPerSecond, checkBurst,
        writePerSecond, writeBurst,
        embeddingCost, idempotencyMaxEntries, idempotencyRetentionHours, shutdownTimeoutSeconds, warmUp,
        memoryCollection, calendarCollection, glossaryCollection, mcpEnabled, store, proxy);
  }

  /** A copy whose chat completions proxy forwards to this upstream ({@code deja serve --upstream}). */
  public ServerConfig withProxyUpstream(URI upstream) {
    return new ServerConfig(port, host, dataDir, adminKey, maxBodyBytes, maxItemBytes, maxBatchItems,
        bodyTimeoutSeconds, maxUploadsPerKey, rateLimitsEnabled, readPerSecond, readBurst, checkPerSecond, checkBurst,
        writePerSecond, writeBurst,
        embeddingCost, idempotencyMaxEntries, idempotencyRetentionHours, shutdownTimeoutSeconds, warmUp,
        memoryCollection, calendarCollection, glossaryCollection, mcpEnabled, store, proxy.withUpstream(upstream));
  }

  /** A copy with this admin key. */
  public ServerConfig withAdminKey(String key) {
    return new ServerConfig(port, host, dataDir, Optional.of(key), maxBodyBytes, maxItemBytes, maxBatchItems,
        bodyTimeoutSeconds, maxUploadsPerKey, rateLimitsEnabled, readPerSecond, readBurst, checkPerSecond, checkBurst,
        writePerSecond, writeBurst,
        embeddingCost, idempotencyMaxEntries, idempotencyRetentionHours, shutdownTimeoutSeconds, warmUp,
        memoryCollection, calendarCollection, glossaryCollection, mcpEnabled, store, proxy);
  }

  /** A copy whose tenants' collections live in the PostgreSQL database of this URL. */
  public ServerConfig withStore(String url) {
    return new ServerConfig(port, host, dataDir, adminKey, maxBodyBytes, maxItemBytes, maxBatchItems,
        bodyTimeoutSeconds, maxUploadsPerKey, rateLimitsEnabled, readPerSecond, readBurst, checkPerSecond, checkBurst,
        writePerSecond, writeBurst,
        embeddingCost, idempotencyMaxEntries, idempotencyRetentionHours, shutdownTimeoutSeconds, warmUp,
        memoryCollection, calendarCollection, glossaryCollection, mcpEnabled, Optional.of(url), proxy);
  }
  /**
   * These settings without secrets: the admin key is shown as set or not, and the store URL without its password
   * (as {@code PostgresSettings.describe()} shows it), so that logging a configuration never leaks either.
   */
  @Override
  public String toString() {
    String storeText = store.map(u -> {
      try {
        return dev.deja.postgres.PostgresSettings.fromUrl(u).describe();
      } catch (RuntimeException e) {
        return "(unparsable URL)";
      }
    }).orElse("(lucene)");
    return "ServerConfig[port=" + port + ", host=" + host + ", data_dir=" + dataDir + ", admin_key="
        + (adminKey.isPresent() ? "(set)" : "(generated)") + ", max_body_bytes=" + maxBodyBytes + ", max_item_bytes="
        + maxItemBytes + ", max_batch_items=" + maxBatchItems + ", body_timeout_seconds=" + bodyTimeoutSeconds
        + ", max_uploads_per_key=" + maxUploadsPerKey + ", rate_limits=" + rateLimitsEnabled + " (read "
        + readPerSecond + "/" + readBurst + ", check " + checkPerSecond + "/" + checkBurst + ", write "
        + writePerSecond + "/" + writeBurst + ", embedding_cost " + embeddingCost + "), idempotency="
        + idempotencyMaxEntries + "/" + idempotencyRetentionHours + "h, shutdown_timeout_seconds="
        + shutdownTimeoutSeconds + ", warm_up=" + warmUp + ", collections=" + memoryCollection + "/"
        + calendarCollection + "/" + glossaryCollection + ", mcp=" + mcpEnabled + ", store=" + storeText + ", proxy="
        + proxy + "]";
  }
}
