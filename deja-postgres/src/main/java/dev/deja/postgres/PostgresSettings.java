package dev.deja.postgres;

import dev.deja.core.InvalidInputException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where and how a {@link PostgresStoreBackend} connects, usually parsed from a URL with {@link #fromUrl}.
 *
 * <p>Accepted URLs: {@code postgresql://user:password@host:port/database?…} (libpq's form, also {@code postgres://};
 * user and password percent-encoded) and {@code jdbc:postgresql://host:port/database?user=…&password=…}. Query
 * parameters that Deja reads are removed before the rest is given to the JDBC driver (so {@code sslmode=require},
 * {@code connectTimeout=5} and the driver's other options pass through):
 *
 * <table>
 *   <caption>Deja's URL parameters</caption>
 *   <tr><th>parameter</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@code schema}</td><td>the role's default ({@code public})</td><td>the schema holding Deja's tables
 *   (created when missing); letters, digits and {@code _}, lower case</td></tr>
 *   <tr><td>{@code pool_size}</td><td>16</td><td>the most connections this process opens</td></tr>
 *   <tr><td>{@code vector_search}</td><td>{@code exact}</td><td>for new collections: {@code hnsw} also puts 384-d
 *   vectors into the HNSW graph (a graph insert costs milliseconds per write), {@code exact} does not (every
 *   nearest-neighbour query scores its scope's vectors exactly)</td></tr>
 *   <tr><td>{@code exact_below}</td><td>10000</td><td>a nearest-neighbour query whose scope holds at most this many
 *   vectors is answered exactly even when a graph exists</td></tr>
 *   <tr><td>{@code ef_search}</td><td>100</td><td>pgvector's {@code hnsw.ef_search} for graph queries (raised to the
 *   number of rows fetched when that is larger; at most 1000)</td></tr>
 *   <tr><td>{@code connection_timeout_ms}</td><td>3000</td><td>how long a request waits for a pooled connection
 *   (HikariCP's {@code connectionTimeout}); during an outage requests fail (503) after this</td></tr>
 * </table>
 *
 * <p>The driver's own timeouts default to {@code connectTimeout=2}, {@code loginTimeout=5} and {@code socketTimeout=60}
 * (seconds; pgJDBC's defaults are 10, none and none); a URL parameter of the same name overrides them.
 *
 * <p>Immutable and thread-safe. {@link #toString()} and {@link #describe()} never show the password.
 *
 * @param jdbcUrl the URL given to the PostgreSQL JDBC driver (without Deja's parameters)
 * @param user the login role, empty when the JDBC URL carries it
 * @param password the password, empty when none or carried by the JDBC URL
 * @param schema the schema of Deja's tables, empty for the connection's default
 * @param poolSize the most connections to open
 * @param vectorSearch {@code hnsw} or {@code exact}: the vector search of collections created through this backend
 * @param exactBelow scopes with at most this many vectors are searched exactly
 * @param efSearch the HNSW candidate list size for graph queries
 * @param connectionTimeoutMs how long a request waits for a pooled connection before it fails (retriable: a 503)
 */
public record PostgresSettings(String jdbcUrl, Optional<String> user, Optional<String> password,
    Optional<String> schema, int poolSize, String vectorSearch, int exactBelow, int efSearch,
    int connectionTimeoutMs) {

  private static final Pattern SCHEMA = Pattern.compile("[a-z_][a-z0-9_]{0,62}");
  /**
   * 3 s: long enough for a busy pool to hand over a connection, short enough that a request during an outage is
   * answered (503) before a client or load balancer gives up on it (HikariCP's own default is 30 s).
   */
  static final int DEFAULT_CONNECTION_TIMEOUT_MS = 3_000;

  public PostgresSettings {
    Objects.requireNonNull(jdbcUrl, "jdbcUrl");
    if (!jdbcUrl.startsWith("jdbc:postgresql:")) {
      throw new InvalidInputException("not a PostgreSQL JDBC URL: '" + redact(jdbcUrl) + "'");
    }
    Objects.requireNonNull(user, "user");
    Objects.requireNonNull(password, "password");
    Objects.requireNonNull(schema, "schema");
    schema.ifPresent(s -> {
      if (!SCHEMA.matcher(s).matches()) {
        throw new InvalidInputException("schema must be 1-63 lower-case letters, digits or '_' (not starting with a "
            + "digit), got '" + s + "'");
      }
    });
    if (poolSize < 1 || poolSize > 1000) {
      throw new InvalidInputException("pool_size must be in [1, 1000], got " + poolSize);
    }
    if (!vectorSearch.equals("hnsw") && !vectorSearch.equals("exact")) {
      throw new InvalidInputException("vector_search must be 'hnsw' or 'exact', got '" + vectorSearch + "'");
    }
    if (exactBelow < 0) {
      throw new InvalidInputException("exact_below must not be negative, got " + exactBelow);
    }
    if (efSearch < 1 || efSearch > 1000) {
      throw new InvalidInputException("ef_search must be in [1, 1000] (pgvector's range), got " + efSearch);
    }
    if (connectionTimeoutMs < 250 || connectionTimeoutMs > 600_000) {
      throw new InvalidInputException("connection_timeout_ms must be in [250, 600000] (HikariCP's least is 250), got "
          + connectionTimeoutMs);
    }
  }

  /** Whether a text looks like a PostgreSQL URL this class parses (as opposed to, say, a data directory). */
  public static boolean isUrl(String text) {
    String t = text.strip().toLowerCase(Locale.ROOT);
    return t.startsWith("postgresql://") || t.startsWith("postgres://") || t.startsWith("jdbc:postgresql:");
  }

  /** Parses a {@code postgresql://} or {@code jdbc:postgresql:} URL. */
  public static PostgresSettings fromUrl(String url) {
    String u = url.strip();
    boolean jdbc = u.toLowerCase(Locale.ROOT).startsWith("jdbc:");
    String plain = jdbc ? u.substring("jdbc:".length()) : u;
    URI uri;
    try {
      uri = new URI(plain);
    } catch (URISyntaxException e) {
      throw new InvalidInputException("not a valid PostgreSQL URL: '" + redact(u) + "' (" + e.getReason() + ")", e);
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("postgresql") && !scheme.equals("postgres")) {
      throw new InvalidInputException("not a PostgreSQL URL: '" + redact(u) + "' (expected postgresql://…)");
    }
    if (uri.getHost() == null) {
      throw new InvalidInputException("the PostgreSQL URL '" + redact(u) + "' has no host");
    }
    String db = uri.getRawPath() == null || uri.getRawPath().length() <= 1 ? "" : uri.getRawPath().substring(1);
    if (db.isEmpty()) {
      throw new InvalidInputException("the PostgreSQL URL '" + redact(u) + "' names no database (…/DATABASE)");
    }
    Map<String, String> query = new LinkedHashMap<>();
    if (uri.getRawQuery() != null && !uri.getRawQuery().isEmpty()) {
      for (String kv : uri.getRawQuery().split("&")) {
        if (kv.isEmpty()) {
          continue;
        }
        int eq = kv.indexOf('=');
        String k = decode(eq < 0 ? kv : kv.substring(0, eq));
        String v = eq < 0 ? "" : decode(kv.substring(eq + 1));
        query.put(k, v);
      }
    }
    Optional<String> schema = Optional.ofNullable(query.remove("schema")).filter(s -> !s.isEmpty());
    int pool = intParam(query.remove("pool_size"), "pool_size", 16);
    String vs = Optional.ofNullable(query.remove("vector_search")).orElse("exact");
    int exactBelow = intParam(query.remove("exact_below"), "exact_below", 10_000);
    int ef = intParam(query.remove("ef_search"), "ef_search", 100);
    int connectionTimeout = intParam(query.remove("connection_timeout_ms"), "connection_timeout_ms",
        DEFAULT_CONNECTION_TIMEOUT_MS);
    Optional<String> user = Optional.empty();
    Optional<String> password = Optional.empty();
    if (!jdbc && uri.getRawUserInfo() != null) {
      String info = uri.getRawUserInfo();
      int colon = info.indexOf(':');
      user = Optional.of(decode(colon < 0 ? info : info.substring(0, colon))).filter(s -> !s.isEmpty());
      password = colon < 0 ? Optional.empty() : Optional.of(decode(info.substring(colon + 1)));
    }
    if (!jdbc) {
      // libpq also accepts ?user=…&password=…; the user info wins when both are given.
      String qu = query.remove("user");
      String qp = query.remove("password");
      if (user.isEmpty() && qu != null && !qu.isEmpty()) {
        user = Optional.of(qu);
      }
      if (password.isEmpty() && qp != null) {
        password = Optional.of(qp);
      }
    }
    StringBuilder j = new StringBuilder("jdbc:postgresql://");
    String host = uri.getHost();
    j.append(host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host);
    if (uri.getPort() >= 0) {
      j.append(':').append(uri.getPort());
    }
    j.append('/').append(db);
    String sep = "?";
    for (Map.Entry<String, String> e : query.entrySet()) {
      j.append(sep).append(encode(e.getKey())).append('=').append(encode(e.getValue()));
      sep = "&";
    }
    return new PostgresSettings(j.toString(), user, password, schema, pool, vs, exactBelow, ef, connectionTimeout);
  }

  /** A copy with another schema. */
  public PostgresSettings withSchema(String newSchema) {
    return new PostgresSettings(jdbcUrl, user, password, Optional.of(newSchema), poolSize, vectorSearch, exactBelow,
        efSearch, connectionTimeoutMs);
  }

  /** A copy with another vector search for new collections and another exact-search bound. */
  public PostgresSettings withVectorSearch(String newVectorSearch, int newExactBelow) {
    return new PostgresSettings(jdbcUrl, user, password, schema, poolSize, newVectorSearch, newExactBelow, efSearch,
        connectionTimeoutMs);
  }

  /** The JDBC URL with any password parameter masked, for messages. */
  public String describe() {
    return redact(jdbcUrl) + user.map(x -> " as " + x).orElse("") + schema.map(s -> " schema " + s).orElse("");
  }

  @Override
  public String toString() {
    return "PostgresSettings[" + describe() + ", pool_size=" + poolSize + ", vector_search=" + vectorSearch
        + ", exact_below=" + exactBelow + ", ef_search=" + efSearch + ", connection_timeout_ms=" + connectionTimeoutMs
        + "]";
  }

  /** The text with any password (in user info or a {@code password=} parameter) replaced by {@code ***}. */
  static String redact(String url) {
    return url.replaceAll("(?i)(password=)[^&]*", "$1***").replaceAll("(://[^:/@]*:)[^@/]*@", "$1***@");
  }

  private static int intParam(String v, String name, int dflt) {
    if (v == null || v.isEmpty()) {
      return dflt;
    }
    try {
      return Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw new InvalidInputException(name + " must be a whole number, got '" + v + "'");
    }
  }

  private static String decode(String s) {
    return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
  }

  private static String encode(String s) {
    return java.net.URLEncoder.encode(s, StandardCharsets.UTF_8);
  }
}
