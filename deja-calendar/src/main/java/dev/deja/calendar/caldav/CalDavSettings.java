package dev.deja.calendar.caldav;

import dev.deja.core.InvalidInputException;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Where a CalDAV-backed collection's events live, and how to reach them: one {@code caldav:} entry of a
 * {@code deja.yaml}.
 *
 * <pre>{@code
 * caldav:
 *   family:                                         # the collection's name (declared under collections:)
 *     url: http://127.0.0.1:5232/{tenant}/family/   # the calendar collection; {tenant} = the tenant's name
 *     user: deja                                    # optional (HTTP Basic)
 *     password_env: DEJA_CALDAV_PASSWORD            # or password: ...; never printed
 *     timeout_ms: 5000                              # per request (default 5000)
 *     fail_open: false                              # server unreachable: checks fail (default) or pass
 * }</pre>
 *
 * @param url the calendar collection's URL, ending in '/'
 * @param user the HTTP Basic user, if any
 * @param password the password, if any (never part of {@link #toString()})
 * @param timeout the timeout of one request (connect and response)
 * @param failOpen whether a check proceeds as if the calendar were empty when the server cannot be reached (true), or
 *     fails with a retriable store error (false)
 */
public record CalDavSettings(URI url, Optional<String> user, Optional<String> password, Duration timeout,
    boolean failOpen) {
  private static final Set<String> KEYS = Set.of("url", "user", "password", "password_env", "timeout_ms",
      "fail_open");

  public CalDavSettings {
    Objects.requireNonNull(url, "url");
    if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
      throw new InvalidInputException("caldav url: must be http:// or https://, got '" + url + "'");
    }
    if (!url.getPath().endsWith("/")) {
      url = URI.create(url + "/");
    }
    Objects.requireNonNull(user, "user");
    Objects.requireNonNull(password, "password");
    if (timeout.isNegative() || timeout.isZero()) {
      throw new InvalidInputException("caldav timeout_ms: must be positive, got " + timeout.toMillis());
    }
  }

  /** Settings for a URL with no credentials, a 5 s timeout, failing closed. */
  public static CalDavSettings of(String url) {
    return new CalDavSettings(uri(url, "caldav url"), Optional.empty(), Optional.empty(), Duration.ofSeconds(5),
        false);
  }

  public CalDavSettings withFailOpen(boolean open) {
    return new CalDavSettings(url, user, password, timeout, open);
  }

  public CalDavSettings withTimeout(Duration t) {
    return new CalDavSettings(url, user, password, t, failOpen);
  }

  public CalDavSettings withCredentials(String u, String p) {
    return new CalDavSettings(url, Optional.of(u), Optional.of(p), timeout, failOpen);
  }

  /**
   * Reads one {@code caldav:} entry.
   *
   * @param where the entry's path, for messages ({@code caldav.family})
   * @param tenant replaces {@code {tenant}} in the URL
   * @param env the environment, for {@code password_env}
   */
  public static CalDavSettings from(Object entry, String where, String tenant, Function<String, String> env) {
    if (!(entry instanceof Map<?, ?> m)) {
      throw new InvalidInputException(where + ": must be a mapping with at least 'url'");
    }
    for (Object k : m.keySet()) {
      if (!KEYS.contains(String.valueOf(k))) {
        throw new InvalidInputException(where + "." + k + ": unknown key; keys: url, user, password, password_env, "
            + "timeout_ms, fail_open");
      }
    }
    Object url = m.get("url");
    if (!(url instanceof String u) || u.isBlank()) {
      throw new InvalidInputException(where + ".url: required (the calendar collection's http(s) URL)");
    }
    Optional<String> user = string(m.get("user"), where + ".user");
    Optional<String> password = string(m.get("password"), where + ".password");
    Optional<String> passwordEnv = string(m.get("password_env"), where + ".password_env");
    if (password.isPresent() && passwordEnv.isPresent()) {
      throw new InvalidInputException(where + ": give password or password_env, not both");
    }
    if (passwordEnv.isPresent()) {
      String v = env.apply(passwordEnv.get());
      if (v == null || v.isEmpty()) {
        throw new InvalidInputException(where + ".password_env: the environment variable " + passwordEnv.get()
            + " is not set");
      }
      password = Optional.of(v);
    }
    if (password.isPresent() && user.isEmpty()) {
      throw new InvalidInputException(where + ": a password needs a user");
    }
    long timeoutMs = 5000;
    Object t = m.get("timeout_ms");
    if (t != null) {
      if (!(t instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue()) || n.longValue() < 1) {
        throw new InvalidInputException(where + ".timeout_ms: must be a positive whole number, got " + t);
      }
      timeoutMs = n.longValue();
    }
    boolean failOpen = false;
    Object f = m.get("fail_open");
    if (f != null) {
      if (!(f instanceof Boolean b)) {
        throw new InvalidInputException(where + ".fail_open: must be true or false, got " + f);
      }
      failOpen = b;
    }
    String resolved = u.strip().replace("{tenant}", java.net.URLEncoder.encode(tenant,
        java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20"));
    return new CalDavSettings(uri(resolved, where + ".url"), user, password, Duration.ofMillis(timeoutMs), failOpen);
  }

  private static Optional<String> string(Object v, String where) {
    if (v == null) {
      return Optional.empty();
    }
    if (!(v instanceof String s) || s.isBlank()) {
      throw new InvalidInputException(where + ": must be a non-blank string");
    }
    return Optional.of(s);
  }

  private static URI uri(String s, String where) {
    try {
      URI u = new URI(s);
      if (u.getHost() == null) {
        throw new InvalidInputException(where + ": '" + s + "' has no host");
      }
      return u;
    } catch (URISyntaxException e) {
      throw new InvalidInputException(where + ": '" + s + "' is not a URL: " + e.getMessage(), e);
    }
  }

  @Override
  public String toString() {
    return "CalDavSettings[url=" + url + ", user=" + user.orElse("-") + ", password=" + (password.isPresent()
        ? "(set)" : "-") + ", timeout=" + timeout.toMillis() + "ms, failOpen=" + failOpen + "]";
  }
}
