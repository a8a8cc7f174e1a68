package dev.deja.stream.proxy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A standalone HTTP server for a {@link ChatCompletionsProxy} on the JDK's {@code com.sun.net.httpserver}: a thin
 * adapter that turns each {@link HttpExchange} into a {@link ProxyExchange}. Serves every {@code /v1/...} path (chat
 * completions deduplicated, the rest forwarded) and {@code GET /health}.
 *
 * <p>Thread-safe; {@link #close()} stops it.
 */
public final class JdkProxyServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(JdkProxyServer.class);
  private final HttpServer server;
  private final ExecutorService threads;
  private final ChatCompletionsProxy proxy;

  private JdkProxyServer(HttpServer server, ExecutorService threads, ChatCompletionsProxy proxy) {
    this.server = server;
    this.threads = threads;
    this.proxy = proxy;
  }

  /** Starts a server on {@code host:port} (port 0: any free port) with up to {@code maxThreads} requests at once. */
  public static JdkProxyServer start(ChatCompletionsProxy proxy, String host, int port, int maxThreads) {
    try {
      HttpServer server = HttpServer.create(new InetSocketAddress(host, port), 64);
      AtomicInteger n = new AtomicInteger();
      ExecutorService threads = Executors.newFixedThreadPool(maxThreads, r -> {
        Thread t = new Thread(r, "deja-proxy-" + n.incrementAndGet());
        t.setDaemon(true);
        return t;
      });
      server.setExecutor(threads);
      server.createContext("/v1/", ex -> serve(proxy, ex));
      server.createContext("/health", JdkProxyServer::health);
      // Anything else gets the proxy's JSON error, not the JDK's HTML page.
      server.createContext("/", JdkProxyServer::notFound);
      server.start();
      return new JdkProxyServer(server, threads, proxy);
    } catch (java.net.BindException e) {
      throw new dev.deja.core.InvalidInputException("cannot listen on " + host + ":" + port + ": the port is in use;"
          + " stop what is using it or choose another port (--port)", e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot listen on " + host + ":" + port + ": " + e.getMessage(), e);
    }
  }

  /** The port the server listens on. */
  public int port() {
    return server.getAddress().getPort();
  }

  private static void serve(ChatCompletionsProxy proxy, HttpExchange ex) {
    try (ex) {
      proxy.handle(new Adapter(ex));
    } catch (IOException e) {
      LOG.debug("request ended early: {}", e.toString());
    } catch (RuntimeException e) {
      LOG.warn("proxy request failed", e);
    }
  }

  private static void notFound(HttpExchange ex) throws IOException {
    try (ex) {
      ChatCompletionsProxy.error(new Adapter(ex), 404, "not_found", "no route " + ex.getRequestMethod() + " "
          + ex.getRequestURI().getRawPath() + ": this proxy serves /v1/... (POST /v1/chat/completions) and GET "
          + "/health");
    }
  }

  private static void health(HttpExchange ex) throws IOException {
    byte[] b = "{\"status\":\"ok\"}".getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().add("Content-Type", "application/json");
    ex.sendResponseHeaders(200, b.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(b);
    }
  }

  /**
   * Stops taking requests and waits (up to {@code limit}) for the ones running to finish before closing: what a stop
   * signal does, so that no request is still embedding when the JVM's shutdown hooks (ONNX Runtime's among them) run.
   */
  public void drain(java.time.Duration limit) {
    long deadline = System.nanoTime() + limit.toNanos();
    server.stop((int) Math.max(1, Math.min(Integer.MAX_VALUE, limit.toSeconds())));
    threads.shutdown();
    try {
      threads.awaitTermination(Math.max(0, deadline - System.nanoTime()), java.util.concurrent.TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    close();
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
    proxy.close();
  }

  /** {@link HttpExchange} as a {@link ProxyExchange}. */
  private record Adapter(HttpExchange ex) implements ProxyExchange {
    @Override
    public String method() {
      return ex.getRequestMethod().toUpperCase(java.util.Locale.ROOT);
    }

    @Override
    public String pathAndQuery() {
      return ex.getRequestURI().getRawPath()
          + (ex.getRequestURI().getRawQuery() == null ? "" : "?" + ex.getRequestURI().getRawQuery());
    }

    @Override
    public Map<String, List<String>> requestHeaders() {
      return ex.getRequestHeaders();
    }

    @Override
    public InputStream requestBody() {
      return ex.getRequestBody();
    }

    @Override
    public OutputStream respond(int status, Map<String, List<String>> headers, long contentLength)
        throws IOException {
      headers.forEach((k, v) -> ex.getResponseHeaders().put(k, v));
      ex.sendResponseHeaders(status, contentLength < 0 ? 0 : contentLength == 0 ? -1 : contentLength);
      return ex.getResponseBody();
    }
  }
}
