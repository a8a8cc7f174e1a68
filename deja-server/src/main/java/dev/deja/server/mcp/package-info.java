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
 * remember(fact, category?, workspace?, force?)                      memory collection; merges unless force
 * add_calendar_event(summary, start_time, end_time?, description?,   calendar collection; refuses a likely duplicate
 *     all_day?, time_zone?, recurrence_rule?, excluded_dates?,       listing title, start, similarity, uid
 *     bypass_duplicate_check?)
 * search_calendar_events(search_text, start_date?, end_date?,        nearest in time first, then similarity
 *     similarity_threshold?)
 * check_duplicate(collection, item, exclude_id?)                     any collection of the caller
 * find_duplicate_definitions(term, org_context?, legal_context?,     glossary collection; stage, score, reason
 *     legal_basis?, exclude_id?)
 * add_definition(term, definition?, synonyms?, org_context?,         glossary collection; refuses a duplicate
 *     legal_context?, legal_basis?, status?, id?, bypass_duplicate_check?)
 * </pre>
 *
 * <p>Arguments are checked by {@code Args} (the SDK's schema validation is off), so every argument error reads alike;
 * tools carry annotations (read-only, or adding without destroying) and output schemas.
 *
 * <p>A refusal (a likely duplicate event, a bad argument, an unknown collection, a store failure) is a result with
 * {@code isError: true} whose text tells the model what to do next; the structured content carries the same as the
 * HTTP API's JSON, or for an error the API's error shape. {@code recurrence_rule} and {@code excluded_dates} become
 * the item's {@code rrule} and {@code exdates}: the engine stores the series with its occurrences (expanded by the {@code RecurrenceExpander} that
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
 * <p>The SDK's stdio transport keeps the process alive after stdin closes and answers concurrent requests out of
 * order. {@link dev.deja.server.mcp.McpStdio} puts a {@code StdioGate} between stdin and the SDK: requests go in one at
 * a time, and at the end of stdin the last one is answered before the server is closed; {@code deja mcp} then closes
 * the stores and exits 0 ({@code McpStdioIT} and {@code Issue18StdioIT} run it as a process). Logs go to stderr:
 * stdout carries the protocol.
 *
 * <h2>On the wire</h2>
 *
 * <p>Over HTTP the SDK's answers pass through {@code McpEventStream} (no SSE event ids, which the SDK set to the
 * session id on every event) and {@code McpReplies} (an unknown tool named in the error); its refusals are put in
 * the API's error shape by {@code McpErrorResponse}.
 */
package dev.deja.server.mcp;
