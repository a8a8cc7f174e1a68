package dev.deja.server.mcp;

import dev.deja.server.DejaService;
import io.modelcontextprotocol.server.McpSyncServer;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Runs the stdio MCP server until its input ends: the SDK's stdio transport keeps the process alive after stdin
 * closes, so the input is wrapped to notice the end, and {@link #run} then closes the server and returns (the caller
 * closes the stores and exits). Not thread-safe: one run per instance.
 */
public final class McpStdio {
  private McpStdio() {}

  /** Serves until {@code in} ends (EOF or a read error), then closes the MCP server and returns. */
  public static void run(DejaService service, List<DejaTool> tools, String tenant, InputStream in, OutputStream out)
      throws InterruptedException {
    CountDownLatch ended = new CountDownLatch(1);
    InputStream watched = new FilterInputStream(in) {
      @Override
      public int read() throws IOException {
        return seen(super.read());
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        try {
          return seen(super.read(b, off, len));
        } catch (IOException e) {
          ended.countDown();
          throw e;
        }
      }

      private int seen(int n) {
        if (n < 0) {
          ended.countDown();
        }
        return n;
      }
    };
    McpSyncServer server = McpEndpoints.stdio(service, tools, tenant, watched, out);
    try {
      ended.await();
    } finally {
      server.close();
    }
  }
}
