package dev.deja.server.mcp;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which key opened each MCP session over HTTP. A session serves the key that opened it and no other: a request naming
 * a session ({@code Mcp-Session-Id}) with another key — another tenant's, or another key of the same tenant — is
 * answered 404 as if the session did not exist, so that one key can neither use nor close (DELETE) another's session,
 * nor learn that it exists.
 *
 * <p>A session is forgotten when its key closes it (DELETE); sessions a client abandons stay until the server stops,
 * as they do in the MCP SDK's own table. Thread-safe.
 */
public final class McpSessions {
  private final Map<String, String> owners = new ConcurrentHashMap<>();

  /** Records that {@code keyId} opened the session. */
  void opened(String sessionId, String keyId) {
    owners.put(sessionId, keyId);
  }

  /** Whether the session exists and was opened by {@code keyId}. */
  boolean ownedBy(String sessionId, String keyId) {
    return keyId.equals(owners.get(sessionId));
  }

  /** Forgets a closed session. */
  void closed(String sessionId) {
    owners.remove(sessionId);
  }

  /** How many sessions are open. */
  public int size() {
    return owners.size();
  }
}
