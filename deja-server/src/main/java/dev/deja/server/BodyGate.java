package dev.deja.server;

import dev.deja.format.Json;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * Reads every request body whole before a handler sees it, without holding a thread while its bytes are on their way,
 * so that clients who send headers and then stall cannot take the server's threads (and with them {@code /health/live}
 * and every other tenant's requests).
 *
 * <p>The routes and the MCP servlet read bodies with blocking reads; each stalled upload used to hold one of Jetty's
 * threads for the connection's idle timeout (30 s), and about 280 of them stalled the whole server. Here a body is
 * collected with Jetty's asynchronous {@code read}/{@code demand} (no thread waits for bytes), then the request goes
 * on with its body in memory. Its limits, each answered at once in the API's error shape with
 * {@code Connection: close}:
 *
 * <ul>
 *   <li>413 when {@code Content-Length} is over the limit ({@code server.max_body_bytes}, on the proxy routes
 *       {@code server.proxy.max_request_bytes}), before anything is read; or when the bytes pass it;</li>
 *   <li>408 when the body is not complete {@code server.body_timeout_seconds} after the headers;</li>
 *   <li>429 when one key already has {@code server.max_uploads_per_key} bodies arriving.</li>
 * </ul>
 *
 * <p>After a 413 or 429 the rest of the body is read and discarded (up to {@link #DRAIN_BYTES}, for at most
 * {@link #DRAIN_MILLIS} ms, still without a thread) so that a client still sending reads the answer instead of a
 * connection reset. Requests without a valid key go on unread: their routes refuse them (401) before reading a body.
 *
 * <p>Thread-safe.
 */
final class BodyGate extends Handler.Wrapper {
  /** How much of a refused body is read and discarded after the refusal, so that the client reads the refusal. */
  static final long DRAIN_BYTES = 4L << 20;
  /** How long that may take. */
  static final long DRAIN_MILLIS = 2_000;

  private final KeyStore keys;
  private final long maxBody;
  private final boolean proxy;
  private final long maxProxyBody;
  private final int timeoutSeconds;
  private final int perKey;
  private final Map<String, AtomicInteger> arriving = new ConcurrentHashMap<>();

  BodyGate(KeyStore keys, ServerConfig config) {
    this.keys = keys;
    this.maxBody = config.maxBodyBytes();
    this.proxy = config.proxy().upstream().isPresent();
    this.maxProxyBody = config.proxy().maxRequestBytes();
    this.timeoutSeconds = config.bodyTimeoutSeconds();
    this.perKey = config.maxUploadsPerKey();
  }

  /** How many bodies are arriving now (all keys). */
  int arriving() {
    return arriving.values().stream().mapToInt(AtomicInteger::get).sum();
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    Handler next = getHandler();
    if (next == null) {
      return false;
    }
    long length = request.getLength();
    boolean chunked = request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING);
    if (length == 0 || length < 0 && !chunked) {
      return next.handle(request, response, callback);
    }
    boolean proxyRoute = proxy && ProxyRoutes.isProxyPath(Request.getPathInContext(request));
    long max = proxyRoute ? maxProxyBody : maxBody;
    String setting = proxyRoute ? "server.proxy.max_request_bytes" : "server.max_body_bytes";
    if (length > max) {
      refuse(request, response, callback, ApiException.tooLarge("request body: " + length + " bytes; the limit is "
          + max + " (" + setting + ")", max), true);
      return true;
    }
    Optional<KeyStore.Caller> caller = presentedKey(request.getHeaders()).flatMap(keys::identify);
    if (caller.isEmpty()) {
      return next.handle(request, response, callback);
    }
    String key = caller.get().keyId();
    AtomicInteger n = arriving.computeIfAbsent(key, k -> new AtomicInteger());
    if (n.incrementAndGet() > perKey) {
      release(key, n);
      refuse(request, response, callback, ApiException.rateLimited("upload", 1, "request body: this key already "
          + "has " + perKey + " request bodies arriving (server.max_uploads_per_key); retry when they are in"), true);
      return true;
    }
    new Upload(next, request, response, callback, max, setting, key, n).start();
    return true;
  }

  /** The key a request presents (Authorization: Bearer, else x-api-key), unchecked. */
  private static Optional<String> presentedKey(HttpFields headers) {
    String auth = headers.get(HttpHeader.AUTHORIZATION);
    if (auth != null && auth.strip().regionMatches(true, 0, "Bearer ", 0, 7)) {
      return Optional.of(auth.strip().substring(7).strip()).filter(s -> !s.isEmpty());
    }
    return Optional.ofNullable(headers.get("x-api-key")).map(String::strip).filter(s -> !s.isEmpty());
  }

  private void release(String key, AtomicInteger n) {
    if (n.decrementAndGet() <= 0) {
      arriving.remove(key, n);
    }
  }

  /**
   * Answers the error now and ends the exchange; with {@code drain}, after reading what the client still sends. On the
   * proxy routes the body carries OpenAI's {@code type} too, as their other errors do.
   */
  private void refuse(Request request, Response response, Callback callback, ApiException e, boolean drain) {
    response.setStatus(e.status());
    HttpFields.Mutable h = response.getHeaders();
    h.put(HttpHeader.CONTENT_TYPE, "application/json");
    h.put(HttpHeader.CONNECTION, "close");
    e.retryAfterSeconds().ifPresent(s -> h.put(HttpHeader.RETRY_AFTER, Long.toString(s)));
    boolean openAi = proxy && ProxyRoutes.isProxyPath(Request.getPathInContext(request));
    ByteBuffer body = ByteBuffer.wrap(Json.write(openAi ? e.openAiBody() : e.body()).getBytes(StandardCharsets.UTF_8));
    if (!drain) {
      response.write(true, body, callback);
      return;
    }
    response.write(true, body, Callback.from(() -> new Drain(request, callback).start(), callback::failed));
  }

  /** Collects one body, then hands the request on; or refuses it. */
  private final class Upload implements Runnable {
    private final Handler next;
    private final Request request;
    private final Response response;
    private final Callback callback;
    private final long max;
    private final String setting;
    private final String key;
    private final AtomicInteger slot;
    private final AtomicBoolean done = new AtomicBoolean();
    private final ByteArrayOutputStream bytes;
    private volatile Scheduler.Task timeout;

    Upload(Handler next, Request request, Response response, Callback callback, long max, String setting,
        String key, AtomicInteger slot) {
      this.next = next;
      this.request = request;
      this.response = response;
      this.callback = callback;
      this.max = max;
      this.setting = setting;
      this.key = key;
      this.slot = slot;
      long length = request.getLength();
      this.bytes = new ByteArrayOutputStream((int) Math.min(length > 0 ? length : 8192, 1 << 20));
    }

    void start() {
      timeout = request.getComponents().getScheduler().schedule(this::timedOut, timeoutSeconds, TimeUnit.SECONDS);
      run();
    }

    /** Reads what has arrived; asks to be called again when more has (no thread waits meanwhile). */
    @Override
    public void run() {
      while (!done.get()) {
        Content.Chunk chunk = request.read();
        if (chunk == null) {
          request.demand(this);
          return;
        }
        try {
          if (Content.Chunk.isFailure(chunk)) {
            if (finish()) {
              refuse(request, response, callback, ApiException.invalid("request body: cannot be read: "
                  + chunk.getFailure().getMessage()), false);
            }
            return;
          }
          ByteBuffer b = chunk.getByteBuffer();
          if (bytes.size() + (long) b.remaining() > max) {
            if (finish()) {
              refuse(request, response, callback, ApiException.tooLarge("request body: more than " + max
                  + " bytes (" + setting + ")", max), true);
            }
            return;
          }
          byte[] part = new byte[b.remaining()];
          b.get(part);
          bytes.write(part, 0, part.length);
          if (chunk.isLast()) {
            if (finish()) {
              handOn();
            }
            return;
          }
        } finally {
          chunk.release();
        }
      }
    }

    private void timedOut() {
      if (finish()) {
        refuse(request, response, callback, new ApiException(408, "request_timeout", "request body: not complete "
            + timeoutSeconds + " s after the headers (server.body_timeout_seconds)",
            Map.of("limit_seconds", timeoutSeconds)), false);
      }
    }

    /** Whether this call ended the upload (the other contenders — reader, timer — find it ended). */
    private boolean finish() {
      if (!done.compareAndSet(false, true)) {
        return false;
      }
      Scheduler.Task t = timeout;
      if (t != null) {
        t.cancel();
      }
      release(key, slot);
      return true;
    }

    private void handOn() {
      Request whole = new WholeBody(request, bytes.toByteArray());
      try {
        if (!next.handle(whole, response, callback)) {
          Response.writeError(whole, response, callback, 404);
        }
      } catch (Throwable t) {
        Response.writeError(whole, response, callback, t);
      }
    }
  }

  /** Reads and discards the rest of a refused body (bounded in bytes and time), then ends the exchange. */
  private static final class Drain implements Runnable {
    private final Request request;
    private final Callback callback;
    private final AtomicBoolean done = new AtomicBoolean();
    private long left = DRAIN_BYTES;

    Drain(Request request, Callback callback) {
      this.request = request;
      this.callback = callback;
    }

    void start() {
      request.getComponents().getScheduler().schedule(this::end, DRAIN_MILLIS, TimeUnit.MILLISECONDS);
      run();
    }

    @Override
    public void run() {
      while (!done.get()) {
        Content.Chunk chunk = request.read();
        if (chunk == null) {
          request.demand(this);
          return;
        }
        boolean last = chunk.isLast() || Content.Chunk.isFailure(chunk);
        left -= chunk.remaining();
        chunk.release();
        if (last || left <= 0) {
          end();
          return;
        }
      }
    }

    private void end() {
      if (done.compareAndSet(false, true)) {
        callback.succeeded();
      }
    }
  }

  /** The request with its body already read: one chunk, then the end. */
  private static final class WholeBody extends Request.Wrapper {
    private final AtomicBoolean given = new AtomicBoolean();
    private final byte[] body;

    WholeBody(Request wrapped, byte[] body) {
      super(wrapped);
      this.body = body;
    }

    @Override
    public Content.Chunk read() {
      return given.compareAndSet(false, true) ? Content.Chunk.from(ByteBuffer.wrap(body), true) : Content.Chunk.EOF;
    }

    @Override
    public void demand(Runnable demandCallback) {
      // Everything is here: whoever asks may read at once.
      demandCallback.run();
    }

    @Override
    public boolean consumeAvailable() {
      given.set(true);
      return true;
    }
  }
}
