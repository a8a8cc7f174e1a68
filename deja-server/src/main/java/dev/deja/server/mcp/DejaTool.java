package dev.deja.server.mcp;

import dev.deja.server.DejaService;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;

/**
 * One MCP tool: its definition (name, description, JSON Schema of its arguments) and what a call does.
 *
 * <p>Tools are plain values in a list ({@link DejaTools#defaults}); the stdio and HTTP servers register whatever list
 * they are given, so a later feature (a CalDAV-backed calendar, a richer glossary) replaces or adds a tool without
 * touching the transports. Implementations are thread-safe.
 */
public interface DejaTool {

  /** The tool as listed by {@code tools/list}. */
  McpSchema.Tool definition();

  /**
   * Runs the tool.
   *
   * @param caller the tenant (from the key over HTTP, from {@code --tenant} over stdio) and surface
   * @param arguments the call's arguments as JSON values
   * @return the result: human-readable text for the model, the same as structured content, {@code isError} when the
   *     tool refused (a likely duplicate, a bad argument)
   */
  McpSchema.CallToolResult call(DejaService.Call caller, Map<String, Object> arguments);
}
