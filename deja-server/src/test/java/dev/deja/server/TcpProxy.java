package dev.deja.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy on a loopback port to a real server, that a test stops (every connection closed, new ones refused) and
 * starts again on the same port: an outage of that server for the processes that use the proxy, and only for them.
 *
 * <p>Thread-safe.
 */
final class TcpProxy implements AutoCloseable {
  private final String targetHost;
  private final int targetPort;
  private final List<Socket> open = new CopyOnWriteArrayList<>();
  private volatile ServerSocket listener;
  private int port;

  TcpProxy(String targetHost, int targetPort) throws IOException {
    this.targetHost = targetHost;
    this.targetPort = targetPort;
    start();
  }

  int port() {
    return port;
  }

  /** Listens (again, on the same port after {@link #stop}) and forwards every connection. */
  synchronized void start() throws IOException {
    ServerSocket s = new ServerSocket();
    s.setReuseAddress(true);
    s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
    port = s.getLocalPort();
    listener = s;
    Thread t = new Thread(() -> accept(s), "tcp-proxy-accept");
    t.setDaemon(true);
    t.start();
  }

  private void accept(ServerSocket s) {
    while (!s.isClosed()) {
      try {
        Socket client = s.accept();
        Socket upstream = new Socket(targetHost, targetPort);
        open.add(client);
        open.add(upstream);
        pump(client, upstream);
        pump(upstream, client);
      } catch (IOException e) {
        return; // closed by stop()
      }
    }
  }

  private void pump(Socket from, Socket to) {
    Thread t = new Thread(() -> {
      byte[] buf = new byte[16384];
      try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
        for (int n; (n = in.read(buf)) >= 0; ) {
          out.write(buf, 0, n);
          out.flush();
        }
      } catch (IOException e) {
        // one side closed: close both
      } finally {
        closeQuietly(from);
        closeQuietly(to);
      }
    }, "tcp-proxy-pump");
    t.setDaemon(true);
    t.start();
  }

  /** Refuses new connections and closes every open one (both sides). */
  synchronized void stop() {
    closeQuietly(listener);
    for (Socket s : open) {
      closeQuietly(s);
    }
    open.clear();
  }

  private static void closeQuietly(AutoCloseable c) {
    try {
      c.close();
    } catch (Exception e) {
      // already closed
    }
  }

  @Override
  public void close() {
    stop();
  }
}
