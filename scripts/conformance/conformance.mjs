// Deja against independent clients (issue 18): the MCP TypeScript SDK over streamable HTTP, raw HTTP for the wire
// format, and the openai npm client through the chat proxy. Run with run.sh, which starts the servers it needs.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import OpenAI from "openai";

const base = process.env.BASE, key = process.env.KEY;
let failures = 0;
const check = (ok, what, extra = "") => { console.log((ok ? "ok   " : "FAIL ") + what + (extra ? "  " + extra : "")); if (!ok) failures++; };

const transport = new StreamableHTTPClientTransport(new URL(base + "/mcp"), { requestInit: { headers: { Authorization: "Bearer " + key } } });
const client = new Client({ name: "conformance", version: "1.0.0" });
await client.connect(transport);
check(!!client.getServerVersion(), "initialize", JSON.stringify(client.getServerVersion()) + " protocol " + transport.protocolVersion);
const tools = (await client.listTools()).tools;
check(tools.length === 6, "tools/list", tools.map(t => t.name).join(","));
for (const t of tools) check(t.outputSchema?.type === "object" && t.annotations, "schema+annotations " + t.name, JSON.stringify(t.annotations));
const call = (name, args) => client.callTool({ name, arguments: args });
let r = await call("check_duplicate", { collection: "calendar", item: { title: "Dentist", start: "2026-03-02T14:00" } });
check(!r.isError && r.content[0].text.startsWith("NEW"), "check_duplicate calendar before first write", r.content[0].text);
r = await call("remember", { fact: "The user likes green tea", workspace: "home" });
check(!r.isError && r.structuredContent?.action === "CREATED", "remember", r.content[0].text);
r = await call("remember", { fact: "The user likes green tea", workspace: "home" });
check(!r.isError && r.structuredContent?.action === "MERGED", "remember again merges", r.content[0].text);
r = await call("add_calendar_event", { summary: "Swimming lesson", start_time: "2026-09-02T17:00", end_time: "2026-09-02T18:00", time_zone: "Europe/Amsterdam", recurrence_rule: "FREQ=WEEKLY;BYDAY=WE", excluded_dates: ["2026-10-21T17:00"] });
check(!r.isError, "add_calendar_event series", r.content[0].text.split("\n")[0]);
r = await call("add_calendar_event", { summary: "swimming lessons", start_time: "2026-09-23T17:15", time_zone: "Europe/Amsterdam" });
check(r.isError && r.structuredContent?.action === "REJECTED", "duplicate of an occurrence refused", r.content[0].text.split("\n")[0]);
r = await call("search_calendar_events", { search_text: "swimming" });
check(!r.isError && Array.isArray(r.structuredContent?.events), "search_calendar_events", r.content[0].text.split("\n")[0]);
r = await call("add_definition", { term: "Verificatie", org_context: "RvIG", synonyms: ["controle"] });
check(!r.isError, "add_definition", r.content[0].text);
r = await call("find_duplicate_definitions", { term: "controle", org_context: "RvIG" });
check(!r.isError && r.structuredContent?.duplicates?.length === 1, "find_duplicate_definitions", r.content[0].text.split("\n")[0]);
r = await call("remember", { fact: "  " });
check(r.isError && r.structuredContent?.error?.code === "invalid_request", "blank fact", r.content[0].text);
r = await call("search_calendar_events", { search_text: "x".repeat(100000) });
check(r.isError && r.structuredContent?.error?.code === "payload_too_large" && r.content[0].text.length < 200, "100 KB search_text", r.content[0].text);
try { await call("no_such_tool", {}); check(false, "unknown tool"); } catch (e) { check(e.code === -32602 && e.message.includes("'no_such_tool'"), "unknown tool", e.message); }
await client.close();

// Raw wire: event ids and transport errors.
const h = { Authorization: "Bearer " + key, "content-type": "application/json", accept: "application/json, text/event-stream" };
let res = await fetch(base + "/mcp", { method: "POST", headers: h, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } }) });
const sid = res.headers.get("mcp-session-id");
await fetch(base + "/mcp", { method: "POST", headers: { ...h, "mcp-session-id": sid }, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) });
res = await fetch(base + "/mcp", { method: "POST", headers: { ...h, "mcp-session-id": sid }, body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }) });
let text = await res.text();
check(!/^id:/m.test(text), "no SSE event ids");
for (const [what, init] of [["no session", { headers: h, body: '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' }], ["unknown session", { headers: { ...h, "mcp-session-id": "x" }, body: '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' }], ["malformed", { headers: { ...h, "mcp-session-id": sid }, body: '{"jsonrpc":' }], ["wrong accept", { headers: { ...h, accept: "text/html", "mcp-session-id": sid }, body: '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' }], ["text/plain", { headers: { ...h, "content-type": "text/plain", "mcp-session-id": sid }, body: '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' }], ["batch", { headers: { ...h, "mcp-session-id": sid }, body: '[{"jsonrpc":"2.0","id":2,"method":"tools/list"}]' }], ["response", { headers: { ...h, "mcp-session-id": sid }, body: '{"jsonrpc":"2.0","id":99,"result":{}}' }]]) {
  res = await fetch(base + "/mcp", { method: "POST", ...init });
  text = await res.text();
  check(res.status >= 400 && res.status < 500 && text.length < 600 && !text.includes("Exception"), "transport error: " + what, res.status + " " + text);
}

// openai client through the proxy.
const openai = new OpenAI({ baseURL: base + "/v1", apiKey: "upstream-key", defaultHeaders: { "x-api-key": key }, maxRetries: 0 });
let content = "";
for await (const chunk of await openai.chat.completions.create({ model: "repeats", stream: true, messages: [{ role: "user", content: "hi" }] })) content += chunk.choices[0]?.delta?.content ?? "";
check(content.startsWith("I found three") && content.endsWith("Enjoy"), "openai stream", content.length + " chars");
content = "";
try {
  for await (const chunk of await openai.chat.completions.create({ model: "cut", stream: true, messages: [{ role: "user", content: "hi" }] })) content += chunk.choices[0]?.delta?.content ?? "";
  check(false, "cut stream raises", content);
} catch (e) { check(content === "Hello there. It is a" && /ended before the answer was complete/.test(e.message), "cut stream raises after the held text", e.constructor.name + ": " + e.message); }
try { await openai.chat.completions.create({ model: "error-429", messages: [{ role: "user", content: "hi" }] }); check(false, "429"); } catch (e) { check(e.status === 429, "429 passes through", e.message); }
const down = new OpenAI({ baseURL: process.env.DOWN + "/v1", apiKey: "k", defaultHeaders: { "x-api-key": process.env.KEY2 }, maxRetries: 0 });
try { await down.chat.completions.create({ model: "m", messages: [{ role: "user", content: "hi" }] }); check(false, "down"); } catch (e) { check(e.status === 502 && e.message.includes("connection refused"), "upstream down", e.message); }
console.log(failures === 0 ? "ALL PASSED" : failures + " FAILURES");
process.exit(failures ? 1 : 0);
