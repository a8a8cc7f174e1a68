package dev.deja.server.mcp;

import dev.deja.format.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.UnaryOperator;

/**
 * Stands between a stdio client and the MCP SDK's stdio transport, so that every request is answered, in the order it
 * was sent, before the server stops. The SDK runs requests concurrently (answers come back out of order) and, left
 * alone, never notices the end of its input; a client that pipes a few {@code tools/call} lines and closes stdin would
 * lose the calls still running. Here the client's lines are read by {@link #pump} and handed to the SDK one request at
 * a time: {@code initialize}, and every request (a message with a {@code method} and an {@code id}) once the client
 * has sent {@code notifications/initialized}, is handed on only once the one before it was answered; notifications,
 * lines that are not JSON and other requests before the initialization (the SDK holds those until then) pass at once.
 * At the end of the input {@link #pump} waits for
 * the last request's answer and returns; the SDK's input then ends.
 *
 * <p>What the SDK writes goes through {@link #output()}, line by line: each line is a JSON-RPC message, which may be
 * rewritten (by {@code rewrite}) and tells the gate which request was answered.
 *
 * <p>Thread-safe: {@link #pump} runs on one thread, the SDK reads and writes on its own.
 */
final class StdioGate {
  private static final byte[] END = new byte[0];

  private final InputStream client;
  private final OutputStream out;
  private final UnaryOperator<String> rewrite;
  private final Duration answerLimit;
  private final BlockingQueue<byte[]> toServer = new LinkedBlockingQueue<>();
  private final Object lock = new Object();
  private String waitingFor;
  /** Whether the client sent {@code notifications/initialized}: from then on requests are handed on one at a time. */
  private boolean initialized;
  /** Whether the process is stopping ({@link #stop}): no further request is handed on. Guarded by {@code lock}. */
  private boolean stopping;

  /**
   * @param client the client's input (stdin)
   * @param out where answers go (stdout)
   * @param rewrite applied to each JSON-RPC line the server writes
   * @param answerLimit how long to wait for one answer before handing on the next request anyway (longer than the
   *     server's request timeout, after which the SDK answers with an error itself)
   */
  StdioGate(InputStream client, OutputStream out, UnaryOperator<String> rewrite, Duration answerLimit) {
    this.client = client;
    this.out = out;
    this.rewrite = rewrite;
    this.answerLimit = answerLimit;
  }

  /** The input the SDK reads: the client's lines, as the gate lets them through. */
  InputStream input() {
    return new InputStream() {
      private byte[] current = new byte[0];
      private int pos;

      @Override
      public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
          return 0;
        }
        while (current != END && pos >= current.length) {
          try {
            current = toServer.take();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
          }
          pos = 0;
        }
        if (current == END) {
          return -1;
        }
        int n = Math.min(len, current.length - pos);
        System.arraycopy(current, pos, b, off, n);
        pos += n;
        return n;
      }
    };
  }

  /** The output the SDK writes: line by line to the client, each line rewritten and noted as an answer. */
  OutputStream output() {
    return new OutputStream() {
      private final ByteArrayOutputStream line = new ByteArrayOutputStream();

      @Override
      public synchronized void write(int b) throws IOException {
        line.write(b);
        if (b == '\n') {
          emit();
        }
      }

      @Override
      public synchronized void write(byte[] b, int off, int len) throws IOException {
        for (int i = off; i < off + len; i++) {
          write(b[i]);
        }
      }

      @Override
      public synchronized void flush() throws IOException {
        out.flush();
      }

      private void emit() throws IOException {
        String text = line.toString(StandardCharsets.UTF_8);
        line.reset();
        String body = text.strip();
        String rewritten = body.isEmpty() ? body : rewrite.apply(body);
        out.write((rewritten + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
        answered(body);
      }
    };
  }

  /**
   * Reads the client's lines until its input ends, handing them to the server one request at a time, then waits for
   * the last answer and ends the server's input.
   */
  void pump() throws InterruptedException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    try {
      int b;
      while ((b = client.read()) >= 0) {
        line.write(b);
        if (b == '\n') {
          hand(line.toByteArray());
          line.reset();
        }
      }
    } catch (IOException e) {
      // A read error ends the input like an EOF does.
    }
    if (line.size() > 0) {
      line.write('\n');
      hand(line.toByteArray());
    }
    awaitAnswer();
    toServer.add(END);
  }

  private void hand(byte[] line) throws InterruptedException {
    String text = new String(line, StandardCharsets.UTF_8);
    Optional<String> id = requestId(text);
    if (!initialized) {
      // Until the client says it is initialized the SDK holds its requests other than initialize unanswered:
      // waiting for their answers here would wait for nothing.
      initialized = isMethod(text, "notifications/initialized");
      if (!isMethod(text, "initialize")) {
        toServer.add(line);
        return;
      }
    }
    awaitAnswer();
    synchronized (lock) {
      if (stopping) {
        return;
      }
      waitingFor = id.orElse(null);
      toServer.add(line);
    }
  }

  /**
   * Hands on no further request (the process is being stopped by a signal) and waits until the request handed on last
   * has been answered (or the answer limit passed): after it returns, the server runs nothing for the client.
   */
  void stop() throws InterruptedException {
    synchronized (lock) {
      stopping = true;
    }
    awaitAnswer();
  }

  private static boolean isMethod(String line, String method) {
    Map<String, Object> m = parse(line.strip());
    return m != null && method.equals(m.get("method"));
  }

  private void awaitAnswer() throws InterruptedException {
    long deadline = System.nanoTime() + answerLimit.toNanos();
    synchronized (lock) {
      while (waitingFor != null) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          waitingFor = null;
          return;
        }
        lock.wait(Math.max(1, left / 1_000_000));
      }
    }
  }

  private void answered(String line) {
    Map<String, Object> m = parse(line);
    if (m == null || m.containsKey("method") || !m.containsKey("id")
        || !(m.containsKey("result") || m.containsKey("error"))) {
      return;
    }
    String id = Json.write(m.get("id"));
    synchronized (lock) {
      if (id.equals(waitingFor)) {
        waitingFor = null;
        lock.notifyAll();
      }
    }
  }

  /** The id of a request line (a method and a non-null id), as JSON; empty for anything else. */
  private static Optional<String> requestId(String line) {
    Map<String, Object> m = parse(line.strip());
    if (m == null || !(m.get("method") instanceof String) || m.get("id") == null) {
      return Optional.empty();
    }
    return Optional.of(Json.write(m.get("id")));
  }

  private static Map<String, Object> parse(String line) {
    if (!line.startsWith("{")) {
      return null;
    }
    try {
      return Json.object(line, "MCP message");
    } catch (RuntimeException notJson) {
      return null;
    }
  }
}
