/**
 * The MCP tool server on the official Java SDK ({@code io.modelcontextprotocol.sdk:mcp}): the design documents' tools
 * ({@link dev.deja.server.mcp.DejaTools}) over stdio ({@link dev.deja.server.mcp.McpStdio}, {@code deja mcp}) and
 * over streamable HTTP at {@code /mcp} ({@link dev.deja.server.mcp.McpEndpoints}, guarded by
 * {@link dev.deja.server.mcp.McpAuthFilter}: the API's keys, sessions bound to the key that opened them
 * ({@link dev.deja.server.mcp.McpSessions}), JSON-RPC messages checked before the SDK parses them
 * ({@code McpRequests}) and the SDK's refusals in the API's error shape ({@code McpErrorResponse})).
 *
 * <h2>Tools</h2>
 *
 * <pre>
 * remember(fact, category?, force?)                                  memory collection; merges unless force
 * add_calendar_event(summary, start_time, end_time?, description?,   calendar collection; refuses a likely duplicate
 *     all_day?, recurrence_rule?, bypass_duplicate_check?)           listing title, start, similarity, uid
 * search_calendar_events(search_text, start_date?, end_date?,        nearest in time first, then similarity
 *     similarity_threshold?)
 * check_duplicate(collection, item, exclude_id?)                     any collection of the caller
 * find_duplicate_definitions(term, org_context?, legal_context?,     glossary collection; stage, score, reason
 *     legal_basis?, exclude_id?)
 * </pre>
 *
 * <p>A refusal (a likely duplicate event, a bad argument, an unknown collection, a store failure) is a result with
 * {@code isError: true} whose text tells the model what to do next; the structured content carries the same as the
 * HTTP API's JSON. {@code recurrence_rule} and {@code excluded_dates} become the item's {@code rrule} and
 * {@code exdates}: the engine stores the series with its occurrences (expanded by the {@code RecurrenceExpander} that
 * deja-calendar registers), so a new event that duplicates one occurrence is refused like any other duplicate.
 *
 * <h2>Tenants</h2>
 *
 * <p>Over stdio the tools act as one tenant ({@code deja mcp --tenant T}, default {@code default}); over HTTP the
 * tenant comes from the API key, exactly as for the HTTP API, and tool calls share the key's rate limits (writes:
 * remember and add_calendar_event; checks: the others).
 *
 * <h2>Stdio and the end of input</h2>
 *
 * <p>The SDK's stdio transport keeps the process alive after stdin closes. {@link dev.deja.server.mcp.McpStdio} wraps
 * stdin to notice the end, closes the server and returns, and {@code deja mcp} then closes the stores and exits 0
 * ({@code McpStdioIT} runs it as a process). Logs go to stderr: stdout carries the protocol.
 */
package dev.deja.server.mcp;
