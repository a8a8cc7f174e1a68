package dev.deja.stream.proxy;

import dev.deja.stream.ResponseFilter;
import dev.deja.stream.StreamDeduplicator;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An OpenAI-compatible {@code /v1/chat/completions} endpoint that forwards to an upstream OpenAI-compatible server
 * and removes repeated content from the assistant's text; the reusable core of {@code deja proxy}, mounted by any
 * HTTP server through {@link ProxyExchange}.
 *
 * <p>What it changes: only {@code choices[].delta.content} of streamed chunks (through a {@link SseRewriter}, one
 * {@link ResponseFilter} per choice, the held tail sent before the choice's {@code finish_reason} and before
 * {@code [DONE]}) and {@code choices[].message.content} of a non-streamed completion. Everything else is passed on as
 * the upstream sent it: other fields and events, upstream errors with their status and body, and every other
 * {@code /v1/...} path (forwarded unchanged, e.g. {@code /v1/models}).
 *
 * <p>Failures: an unreachable upstream is a 502, one that does not answer within the response timeout a 504 (JSON
 * errors in OpenAI's shape); a stream that stays silent longer than the idle timeout is cut: the held text is sent,
 * then an error event. A client that goes away stops the upstream request (its connection is closed). Errors inside
 * deduplication let the content through.
 *
 * <p>Thread-safe: one instance serves concurrent requests; {@link #close()} stops its threads.
 */
public final class ChatCompletionsProxy implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ChatCompletionsProxy.class);
  /** Headers a proxy does not forward (hop-by-hop, or set by the HTTP client itself). */
  private static final Set<String> HOP = Set.of("connection", "keep-alive", "proxy-authenticate",
      "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade", "host", "content-length", "expect",
      "accept-encoding", "http2-settings", "date");

  private final ProxyOptions options;
  private final StreamDeduplicator dedup;
  private final ExecutorService clientThreads;
  private final HttpClient client;
  private final ScheduledExecutorService watchdog;

  public ChatCompletionsProxy(ProxyOptions options, StreamDeduplicator dedup) {
    this.options = options;
    this.dedup = dedup;
    this.clientThreads = Executors.newCachedThreadPool(named("deja-proxy-upstream"));
    this.client = HttpClient.newBuilder().connectTimeout(options.connectTimeout())
        .version(HttpClient.Version.HTTP_1_1).followRedirects(HttpClient.Redirect.NEVER).executor(clientThreads)
        .build();
    this.watchdog = Executors.newSingleThreadScheduledExecutor(named("deja-proxy-watchdog"));
  }

  private static ThreadFactory named(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }

  public ProxyOptions options() {
    return options;
  }

  /** Whether a request is the one this proxy deduplicates ({@code POST .../chat/completions}). */
  static boolean isChatCompletions(String method, String pathAndQuery) {
    int q = pathAndQuery.indexOf('?');
    String path = q < 0 ? pathAndQuery : pathAndQuery.substring(0, q);
    return method.equals("POST") && path.endsWith("/chat/completions");
  }

  /** Serves one request; never throws for upstream problems (they become responses). */
  public void handle(ProxyExchange ex) throws IOException {
    byte[] body;
    try (InputStream in = ex.requestBody()) {
      body = readLimited(in, options.maxRequestBytes());
    }
    if (body == null) {
      error(ex, 413, "payload_too_large", "request body larger than " + options.maxRequestBytes() + " bytes");
      return;
    }
    boolean chat = isChatCompletions(ex.method(), ex.pathAndQuery());
    Optional<JsonTree.Obj> request = chat ? JsonTree.object(new String(body, StandardCharsets.UTF_8))
        : Optional.empty();
    boolean stream = request.flatMap(r -> r.get("stream")).map(n -> n instanceof JsonTree.Lit l
        && l.raw().equals("true")).orElse(false);
    String session = header(ex.requestHeaders(), "x-deja-session")
        .or(() -> request.flatMap(r -> r.string("user")).map(JsonTree.Str::value)).orElse(null);

    HttpRequest.Builder rb = HttpRequest.newBuilder(options.resolve(ex.pathAndQuery()))
        .timeout(options.responseTimeout())
        .method(ex.method(), body.length == 0 && !ex.method().equals("POST") ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofByteArray(body));
    ex.requestHeaders().forEach((name, values) -> {
      String lower = name.toLowerCase(Locale.ROOT);
      if (HOP.contains(lower) || options.apiKey().isPresent() && lower.equals("authorization")) {
        return;
      }
      for (String v : values) {
        rb.header(name, v);
      }
    });
    options.apiKey().ifPresent(k -> rb.header("Authorization", "Bearer " + k));
    rb.header("Accept-Encoding", "identity");

    HttpResponse<InputStream> upstream;
    java.net.URI target = options.resolve(ex.pathAndQuery());
    try {
      upstream = client.send(rb.build(), HttpResponse.BodyHandlers.ofInputStream());
    } catch (java.net.http.HttpConnectTimeoutException e) {
      String msg = "upstream " + target + " unreachable: no connection within "
          + options.connectTimeout().toSeconds() + " s";
      LOG.warn("{} {}: {}", ex.method(), ex.pathAndQuery(), msg);
      error(ex, 502, "upstream_unreachable", msg);
      return;
    } catch (HttpTimeoutException e) {
      String msg = "upstream " + target + " did not answer within " + options.responseTimeout().toSeconds() + " s";
      LOG.warn("{} {}: {}", ex.method(), ex.pathAndQuery(), msg);
      error(ex, 504, "upstream_timeout", msg);
      return;
    } catch (IOException e) {
      String msg = "upstream " + target + " unreachable: " + describe(e);
      LOG.warn("{} {}: {}", ex.method(), ex.pathAndQuery(), msg);
      error(ex, 502, "upstream_unreachable", msg);
      return;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      error(ex, 502, "upstream_unreachable", "interrupted while calling the upstream " + target);
      return;
    }
    try (IdleGuard in = new IdleGuard(upstream.body())) {
      Map<String, List<String>> headers = responseHeaders(upstream);
      String type = header(upstream.headers().map(), "content-type").orElse("").toLowerCase(Locale.ROOT);
      if (!chat || upstream.statusCode() != 200) {
        pipe(ex, upstream.statusCode(), headers, in);
      } else if (type.startsWith("text/event-stream")) {
        streamed(ex, headers, in, session);
      } else if (!stream && type.contains("json")) {
        whole(ex, headers, in, session);
      } else {
        pipe(ex, upstream.statusCode(), headers, in);
      }
    }
  }

  private void streamed(ProxyExchange ex, Map<String, List<String>> headers, IdleGuard in, String session)
      throws IOException {
    headers.put("Cache-Control", List.of("no-cache"));
    OutputStream out = ex.respond(200, headers, -1);
    SseRewriter sse = new SseRewriter(dedup, session);
    BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    try {
      String line;
      while (true) {
        try {
          line = reader.readLine();
        } catch (IOException e) {
          if (in.timedOut()) {
            String msg = "upstream stream stalled for more than " + options.idleTimeout().toSeconds() + " s";
            send(out, sse.flushAll() + errorEvent(504, "upstream_timeout", msg), in);
            LOG.warn("upstream stream stalled; cut after {}", options.idleTimeout());
            return;
          }
          String msg = "upstream stream broke off before the answer was complete: " + describe(e);
          send(out, sse.flushAll() + errorEvent(502, "upstream_stream_broken", msg), in);
          LOG.warn("{}", msg);
          return;
        }
        if (line == null) {
          break;
        }
        String text = sse.line(line);
        if (!text.isEmpty()) {
          send(out, text, in);
        }
      }
      String end = sse.end();
      if (!sse.complete()) {
        // The connection ended without [DONE] and before every choice finished: the client would otherwise take
        // half an answer for a whole one. As for a stall: the held text, then an error event.
        String msg = "upstream stream ended before the answer was complete (no finish_reason or [DONE])";
        end += errorEvent(502, "upstream_stream_broken", msg);
        LOG.warn("{}", msg);
      }
      send(out, end, in);
    } finally {
      try {
        out.close();
      } catch (IOException e) {
        LOG.debug("client gone at the end of a stream: {}", e.toString());
      }
    }
  }

  /** An SSE event carrying an error, as OpenAI's clients read one in a stream. */
  private static String errorEvent(int status, String code, String message) {
    return "data: " + errorJson(status, code, message) + "\n\n";
  }

  /** Writes to the client; when the client has gone, closes the upstream stream (cancelling the request). */
  private static void send(OutputStream out, String text, IdleGuard upstream) throws IOException {
    if (text.isEmpty()) {
      return;
    }
    try {
      out.write(text.getBytes(StandardCharsets.UTF_8));
      out.flush();
    } catch (IOException e) {
      LOG.info("client disconnected; cancelling the upstream request");
      upstream.close();
      throw e;
    }
  }

  private void whole(ProxyExchange ex, Map<String, List<String>> headers, IdleGuard in, String session)
      throws IOException {
    byte[] bytes = readAll(in);
    String json = new String(bytes, StandardCharsets.UTF_8);
    Optional<JsonTree.Obj> obj = JsonTree.object(json);
    byte[] outBytes = bytes;
    if (obj.isPresent() && obj.get().array("choices").isPresent()) {
      String sid = session != null ? session : obj.get().string("id").map(JsonTree.Str::value).orElse("proxy");
      List<int[]> spans = new ArrayList<>();
      List<String> reps = new ArrayList<>();
      for (JsonTree.Node n : obj.get().array("choices").get().items()) {
        if (n instanceof JsonTree.Obj choice) {
          Optional<JsonTree.Str> content = choice.object("message").flatMap(m -> m.string("content"));
          if (content.isPresent()) {
            ResponseFilter f = dedup.open(sid);
            String out = f.accept(content.get().value()) + f.finish();
            if (!out.equals(content.get().value())) {
              spans.add(new int[] {content.get().start(), content.get().end()});
              reps.add(JsonTree.quote(out));
            }
          }
        }
      }
      if (!spans.isEmpty()) {
        outBytes = JsonTree.splice(json, spans, reps).getBytes(StandardCharsets.UTF_8);
      }
    }
    try (OutputStream out = ex.respond(200, headers, outBytes.length)) {
      out.write(outBytes);
    }
  }

  private static void pipe(ProxyExchange ex, int status, Map<String, List<String>> headers, IdleGuard in)
      throws IOException {
    OutputStream out = ex.respond(status, headers, -1);
    byte[] buf = new byte[8192];
    try {
      int n;
      while ((n = in.read(buf)) >= 0) {
        try {
          out.write(buf, 0, n);
          out.flush();
        } catch (IOException e) {
          in.close();
          throw e;
        }
      }
    } catch (IOException e) {
      if (!in.timedOut()) {
        throw e;
      }
    } finally {
      try {
        out.close();
      } catch (IOException e) {
        LOG.debug("client gone: {}", e.toString());
      }
    }
  }

  private static Map<String, List<String>> responseHeaders(HttpResponse<?> r) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    r.headers().map().forEach((k, v) -> {
      if (!HOP.contains(k.toLowerCase(Locale.ROOT)) && !k.startsWith(":")
          && !k.equalsIgnoreCase("content-encoding")) {
        out.put(k, v);
      }
    });
    return out;
  }

  private static Optional<String> header(Map<String, List<String>> headers, String name) {
    for (Map.Entry<String, List<String>> e : headers.entrySet()) {
      if (e.getKey().equalsIgnoreCase(name) && !e.getValue().isEmpty()) {
        return Optional.of(e.getValue().get(0));
      }
    }
    return Optional.empty();
  }

  /**
   * Answers with an error in the shape Deja's server uses on its proxy routes: OpenAI's {@code message}, {@code type}
   * and {@code code} (a stable string), and Deja's {@code details}.
   */
  static void error(ProxyExchange ex, int status, String code, String message) throws IOException {
    byte[] b = errorJson(status, code, message).getBytes(StandardCharsets.UTF_8);
    Map<String, List<String>> h = new LinkedHashMap<>();
    h.put("Content-Type", List.of("application/json"));
    try (OutputStream out = ex.respond(status, h, b.length)) {
      out.write(b);
    }
  }

  /** {@code {"error": {"code", "message", "details", "type"}}}, the type OpenAI's for the status. */
  static String errorJson(int status, String code, String message) {
    String type = switch (status) {
      case 401 -> "authentication_error";
      case 403 -> "permission_error";
      case 404 -> "not_found_error";
      case 429 -> "rate_limit_error";
      default -> status >= 500 ? "server_error" : "invalid_request_error";
    };
    return "{\"error\":{\"code\":" + JsonTree.quote(code) + ",\"message\":" + JsonTree.quote(message)
        + ",\"details\":{},\"type\":\"" + type + "\"}}";
  }

  /** What went wrong with a connection, in words: the JDK's exceptions often have no message of their own. */
  static String describe(IOException e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    if (t instanceof java.net.ConnectException || e instanceof java.net.ConnectException) {
      return "connection refused";
    }
    if (t instanceof java.nio.channels.UnresolvedAddressException || t instanceof java.net.UnknownHostException) {
      return "unknown host";
    }
    String m = t.getMessage() != null ? t.getMessage() : e.getMessage();
    return (m == null || m.isBlank() ? "" : m + " ") + "(" + t.getClass().getSimpleName() + ")";
  }

  private static byte[] readLimited(InputStream in, int max) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    byte[] buf = new byte[8192];
    int n;
    while ((n = in.read(buf)) >= 0) {
      if (b.size() + n > max) {
        return null;
      }
      b.write(buf, 0, n);
    }
    return b.toByteArray();
  }

  private static byte[] readAll(InputStream in) throws IOException {
    return in.readAllBytes();
  }

  @Override
  public void close() {
    watchdog.shutdownNow();
    clientThreads.shutdownNow();
  }

  /** The upstream body, closed (and so the request cancelled) when no byte arrives within the idle timeout. */
  private final class IdleGuard extends InputStream {
    private final InputStream in;
    private final AtomicBoolean timedOut = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();

    IdleGuard(InputStream in) {
      this.in = in;
    }

    boolean timedOut() {
      return timedOut.get();
    }

    private ScheduledFuture<?> arm() {
      return watchdog.schedule(() -> {
        timedOut.set(true);
        try {
          close();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }, options.idleTimeout().toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      int n = read(one, 0, 1);
      return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (closed.get()) {
        throw new IOException(timedOut.get() ? "upstream idle timeout" : "closed");
      }
      ScheduledFuture<?> timer = arm();
      try {
        return in.read(b, off, len);
      } finally {
        timer.cancel(false);
      }
    }

    @Override
    public void close() throws IOException {
      if (closed.compareAndSet(false, true)) {
        in.close();
      }
    }
  }
}
