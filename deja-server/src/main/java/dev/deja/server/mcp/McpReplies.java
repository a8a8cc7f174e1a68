package dev.deja.server.mcp;

import dev.deja.format.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Rewrites the MCP SDK's answers where they would mislead a client. The SDK answers a call of an unknown tool with
 * the MCP specification's example text, {@code "Unknown tool: invalid_tool_name"}, whatever the name was; here that
 * error (still {@code -32602}, invalid params, as the specification says) names the tool called and the tools there
 * are. Every other message passes unchanged.
 *
 * <p>Thread-safe: stateless.
 */
final class McpReplies {
  private static final String NOT_FOUND = "Tool not found: ";

  private McpReplies() {}

  /** The rewrite of one JSON-RPC message (its JSON text) for a server with these tools. */
  static UnaryOperator<String> rewriter(List<DejaTool> tools) {
    List<String> names = tools.stream().map(t -> t.definition().name()).toList();
    return json -> rewrite(json, names);
  }

  static String rewrite(String json, List<String> names) {
    if (!json.contains("Unknown tool")) {
      return json;
    }
    Map<String, Object> m;
    try {
      m = Json.object(json, "MCP message");
    } catch (RuntimeException notJson) {
      return json;
    }
    if (!(m.get("error") instanceof Map<?, ?> error) || !(error.get("message") instanceof String msg)
        || !msg.startsWith("Unknown tool")) {
      return json;
    }
    String called = error.get("data") instanceof String d && d.startsWith(NOT_FOUND)
        ? d.substring(NOT_FOUND.length()) : null;
    Map<String, Object> e = new LinkedHashMap<>();
    e.put("code", error.get("code"));
    e.put("message", unknownTool(called, names));
    Map<String, Object> out = new LinkedHashMap<>(m);
    out.put("error", e);
    return Json.write(out);
  }

  /** The message for a call of a tool that does not exist. */
  static String unknownTool(String called, List<String> names) {
    return (called == null ? "Unknown tool" : "Unknown tool '" + called + "'") + "; the tools are: "
        + String.join(", ", names) + " (tools/list describes them)";
  }
}
