package dev.deja.server.mcp;

import java.io.IOException;
import java.io.Writer;
import java.util.function.UnaryOperator;

/**
 * The writer of the MCP SDK's servlet responses, line by line: drops the {@code id:} lines of server-sent events and
 * rewrites the JSON-RPC message of each {@code data:} line (see {@link McpReplies}).
 *
 * <p>Why drop the ids: the SDK gives every event of a stream the session id as its id, so all events of all streams of
 * a session share one id, and a client resuming with {@code Last-Event-ID} would name nothing. Deja keeps no event
 * history to replay, so its events carry no id (the MCP specification allows that), and a client that lost a stream
 * asks again. Anything that is not a whole line yet (the JSON answer of {@code initialize}, written without a line
 * break) passes unchanged when the SDK flushes.
 *
 * <p>Not thread-safe on its own: the SDK writes each stream under a lock of its own.
 */
final class McpEventStream extends Writer {
  private final Writer out;
  private final UnaryOperator<String> rewrite;
  private final StringBuilder line = new StringBuilder();

  McpEventStream(Writer out, UnaryOperator<String> rewrite) {
    this.out = out;
    this.rewrite = rewrite;
  }

  @Override
  public void write(char[] cbuf, int off, int len) throws IOException {
    for (int i = off; i < off + len; i++) {
      char c = cbuf[i];
      line.append(c);
      if (c == '\n') {
        emit();
      }
    }
  }

  private void emit() throws IOException {
    String l = line.toString();
    line.setLength(0);
    if (l.startsWith("id:")) {
      return;
    }
    if (l.startsWith("data: ")) {
      out.write("data: " + rewrite.apply(l.substring(6, l.length() - 1)) + "\n");
      return;
    }
    out.write(l);
  }

  @Override
  public void flush() throws IOException {
    if (!line.isEmpty()) {
      out.write(line.toString());
      line.setLength(0);
    }
    out.flush();
    // The servlet's PrintWriter swallows a gone client's IOException; the SDK looks for it with checkError().
    if (out instanceof java.io.PrintWriter p && p.checkError()) {
      throw new IOException("client disconnected");
    }
  }

  @Override
  public void close() throws IOException {
    flush();
    out.close();
  }
}
