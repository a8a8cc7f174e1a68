package dev.deja.server.mcp;

import dev.deja.core.InvalidInputException;
import dev.deja.core.engine.Action;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.Match;
import dev.deja.core.engine.Outcome;
import dev.deja.core.engine.SearchHit;
import dev.deja.core.engine.SearchRequest;
import dev.deja.core.engine.Verdict;
import dev.deja.core.engine.WriteResult;
import dev.deja.core.explain.Explanation;
import dev.deja.core.item.Item;
import dev.deja.core.item.StoredItem;
import dev.deja.core.time.Temporals;
import dev.deja.format.Views;
import dev.deja.server.ApiException;
import dev.deja.server.DejaService;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.BiFunction;

/**
 * The MCP tools of the design documents: {@code remember}, {@code add_calendar_event},
 * {@code search_calendar_events}, {@code check_duplicate} and {@code find_duplicate_definitions}, with their parameter
 * names and messages ({@code add_definition}, the glossary's write, is in {@link GlossaryTools}).
 *
 * <p>Each tool works on the caller's own collections: the memory, calendar and glossary collections named in the
 * server configuration (created with their preset on first use), or any collection for {@code check_duplicate}.
 * Refusals (a likely duplicate event, bad arguments) are results with {@code isError: true} and a text telling the
 * model what to do next. Thread-safe.
 */
public final class DejaTools {
  private DejaTools() {}

  /** The six tools over a service (the five of the design documents and {@code add_definition}). */
  public static List<DejaTool> defaults(DejaService service) {
    return List.of(remember(service), addCalendarEvent(service), searchCalendarEvents(service),
        checkDuplicate(service), findDuplicateDefinitions(service), GlossaryTools.addDefinition(service));
  }

  // ---- building blocks

  static Map<String, Object> prop(String type, String description) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("type", type);
    m.put("description", description);
    return m;
  }

  static McpSchema.Tool tool(String name, String description, Map<String, Object> properties,
      List<String> required, McpSchema.ToolAnnotations annotations, Map<String, Object> output) {
    return McpSchema.Tool.builder().name(name).description(description)
        .inputSchema(new McpSchema.JsonSchema("object", properties, required, false, null, null))
        .annotations(annotations).outputSchema(output).build();
  }

  /** A tool that only reads: it stores nothing, and the same call gives the same answer on the same data. */
  private static McpSchema.ToolAnnotations reads(String title) {
    return new McpSchema.ToolAnnotations(title, true, false, true, false, null);
  }

  /**
   * A tool that adds: it never deletes or overwrites (a merge refreshes an existing item and keeps its history), and
   * repeating a call finds the first one's item instead of storing it twice.
   */
  static McpSchema.ToolAnnotations adds(String title) {
    return new McpSchema.ToolAnnotations(title, false, false, true, false, null);
  }

  /**
   * An output schema: the result's own properties, or — for a refusal ({@code isError}) — the API's error shape
   * under {@code error}. Clients check error results against the schema too (the TypeScript SDK does), so the schema
   * admits both: {@code anyOf} the result's required properties, or {@code error}.
   */
  private static Map<String, Object> object(Map<String, Object> properties, List<String> required) {
    Map<String, Object> p = new LinkedHashMap<>(properties);
    Map<String, Object> error = new LinkedHashMap<>();
    error.put("type", "object");
    error.put("description", "instead of the result when isError is true: {code, message, details}, as the HTTP "
        + "API's errors");
    error.put("properties", ordered("code", Map.of("type", "string"), "message", Map.of("type", "string"),
        "details", Map.of("type", "object")));
    error.put("required", List.of("code", "message"));
    p.put("error", error);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("type", "object");
    m.put("properties", p);
    m.put("anyOf", List.of(Map.of("required", required), Map.of("required", List.of("error"))));
    return m;
  }

  private static Map<String, Object> enumOf(String... values) {
    return ordered("type", "string", "enum", List.of(values));
  }

  /**
   * A JSON object with its keys in the order given: a schema reads the same in every server start (Map.of's order
   * changes from one JVM to the next).
   */
  private static Map<String, Object> ordered(Object... keysAndValues) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      m.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return java.util.Collections.unmodifiableMap(m);
  }

  private static final Map<String, Object> ARRAY_OF_OBJECTS = ordered("type", "array", "items",
      Map.of("type", "object"));

  /** The structured content of a write ({@code Views.write}, as the HTTP API answers a put). */
  static Map<String, Object> writeOutput() {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("action", enumOf("CREATED", "MERGED", "REJECTED"));
    p.put("id", Map.of("type", "string"));
    p.put("bypassed", Map.of("type", "boolean"));
    p.put("message", Map.of("type", "string"));
    p.put("warnings", ordered("type", "array", "items", Map.of("type", "string")));
    p.put("outcome", enumOf("NEW", "DUPLICATE", "POSSIBLE_DUPLICATE"));
    p.put("matches", ARRAY_OF_OBJECTS);
    p.put("item", Map.of("type", "object"));
    return object(p, List.of("action", "bypassed", "outcome", "matches"));
  }

  /** The structured content of a check ({@code Views.verdict}, as the HTTP API answers a check). */
  private static Map<String, Object> verdictOutput() {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("outcome", enumOf("NEW", "DUPLICATE", "POSSIBLE_DUPLICATE"));
    p.put("matches", ARRAY_OF_OBJECTS);
    p.put("warnings", ordered("type", "array", "items", Map.of("type", "string")));
    return object(p, List.of("outcome", "matches"));
  }

  static DejaTool of(McpSchema.Tool definition,
      BiFunction<DejaService.Call, Args, McpSchema.CallToolResult> body) {
    return new DejaTool() {
      @Override
      public McpSchema.Tool definition() {
        return definition;
      }

      @Override
      public McpSchema.CallToolResult call(DejaService.Call caller, Map<String, Object> arguments) {
        try {
          return body.apply(caller, new Args(definition, arguments));
        } catch (InvalidInputException e) {
          return error(ApiException.invalid("Invalid arguments for " + definition.name() + ": " + e.getMessage()));
        } catch (ApiException e) {
          return error(e);
        }
      }
    };
  }

  static McpSchema.CallToolResult ok(String text, Object structured) {
    return McpSchema.CallToolResult.builder().addTextContent(text).structuredContent(structured).isError(false)
        .build();
  }

  /**
   * A refusal: the text for the model, and as structured content the HTTP API's error shape ({@code {"error":
   * {"code", "message", "details"}}}), so that a client reads every tool's errors the same way.
   */
  static McpSchema.CallToolResult error(ApiException e) {
    String text = e.status() == 503
        ? "Deja is unavailable: " + e.getMessage() + (Boolean.TRUE.equals(e.details().get("retriable"))
        ? " (retrying later may help)" : "")
        : e.getMessage();
    return McpSchema.CallToolResult.builder().addTextContent(text).structuredContent(e.body()).isError(true)
        .build();
  }

  static McpSchema.CallToolResult refused(String text, Object structured) {
    return McpSchema.CallToolResult.builder().addTextContent(text).structuredContent(structured).isError(true)
        .build();
  }

  static String score(double s) {
    return Explanation.format(s);
  }

  // ---- remember

  static DejaTool remember(DejaService service) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("fact", prop("string", "The fact to remember, one short sentence (e.g. 'The user prefers dark mode')."));
    p.put("category", prop("string", "Optional category, e.g. 'preference', 'project', 'person'."));
    p.put("workspace", prop("string", "Optional workspace (project) the fact belongs to: facts are compared only "
        + "within one workspace (default: none, the user's general memory)."));
    p.put("force", prop("boolean", "Store it even if a similar memory exists (default false: the existing memory "
        + "is refreshed instead)."));
    return of(tool("remember", "Remember a fact about the user for later conversations. If a memory with the same "
        + "meaning already exists it is refreshed instead of stored twice, and the reply says which one (with its "
        + "similarity); call again with force=true to store it anyway.", p, List.of("fact"),
        adds("Remember a fact"), writeOutput()), (call, a) -> {
          String fact = a.required("fact");
          Map<String, Object> f = new LinkedHashMap<>();
          f.put("text", fact);
          a.string("category").ifPresent(s -> f.put("category", s));
          a.string("workspace").ifPresent(s -> f.put("workspace", s));
          call.sessionId().ifPresent(s -> f.put("session_id", s));
          DejaCollection col = service.memories(call.tenant());
          WriteResult r = service.put(call, col, Optional.empty(), new Item(f), a.bool("force"));
          Map<String, Object> structured = Views.write(r, false);
          Optional<Match> best = r.verdict().best();
          if (r.action() == Action.MERGED) {
            Match m = r.verdict().matches().stream().filter(x -> x.id().equals(r.id().orElse(""))).findFirst()
                .orElse(best.orElseThrow());
            return ok("A similar memory already exists (id " + m.id() + ", similarity " + score(m.score()) + "): \""
                + m.item().item().findString("text").orElse("") + "\". It was refreshed instead of storing a "
                + "duplicate. Use force=true to store anyway.", structured);
          }
          if (r.action() == Action.REJECTED) {
            return refused("Not stored: it duplicates " + best.map(m -> m.id() + " (similarity "
                + score(m.score()) + ")").orElse("an existing memory") + ". Use force=true to store anyway.",
                structured);
          }
          String id = r.id().orElseThrow();
          if (r.bypassed()) {
            return ok("Remembered (id " + id + ") because force=true, although it is similar to "
                + best.map(m -> m.id() + " (similarity " + score(m.score()) + ")").orElse("an existing memory")
                + ".", structured);
          }
          return ok("Remembered (id " + id + ")." + (r.warnings().isEmpty() ? ""
              : " Note: " + String.join("; ", r.warnings()) + "."), structured);
        });
  }

  // ---- calendar

  private static String describeEvent(StoredItem e, Optional<Double> similarity) {
    Item i = e.item();
    StringBuilder sb = new StringBuilder("- \"").append(i.findString("title").orElse("")).append("\" at ")
        .append(i.findString("start").orElse("?"));
    i.findString("end").ifPresent(end -> sb.append(" – ").append(end));
    if (Boolean.TRUE.equals(i.fields().get("all_day"))) {
      sb.append(" (all day)");
    }
    sb.append(" (");
    similarity.ifPresent(s -> sb.append("similarity ").append(score(s)).append(", "));
    // An occurrence of a series is shown by its series' uid (the item a user can see, edit or delete).
    Optional<String> series = dev.deja.core.recur.Occurrences.seriesOf(e);
    sb.append("uid ").append(series.orElse(e.id()));
    series.ifPresent(x -> sb.append(", an occurrence of a recurring series"));
    sb.append(')');
    return sb.toString();
  }

  static DejaTool addCalendarEvent(DejaService service) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("summary", prop("string", "The event title, e.g. 'Dentist appointment'."));
    p.put("start_time", prop("string", "Start: an ISO date-time like 2026-03-02T14:00 (optionally with an offset "
        + "or zone), or a date like 2026-03-02 for an all-day event."));
    p.put("end_time", prop("string", "Optional end, same format (for all-day events: the last day, inclusive)."));
    p.put("description", prop("string", "Optional notes."));
    p.put("all_day", prop("boolean", "Whether it is an all-day event (default: true when start_time is a date)."));
    p.put("time_zone", prop("string", "Optional IANA time zone of start_time and end_time, e.g. Europe/Amsterdam "
        + "(default UTC; an offset in the time wins)."));
    p.put("recurrence_rule", prop("string", "Optional iCalendar RRULE (e.g. FREQ=WEEKLY;BYDAY=MO): the event is a "
        + "recurring series. Each occurrence is checked against existing events, and later events that duplicate "
        + "one occurrence are caught (needs the deja-calendar module, which expands rules)."));
    Map<String, Object> exdates = prop("array", "Optional dates (all-day) or local date-times of the series that do "
        + "not happen (iCalendar EXDATE); they never match.");
    exdates.put("items", Map.of("type", "string"));
    p.put("excluded_dates", exdates);
    p.put("bypass_duplicate_check", prop("boolean", "Create the event even if similar events exist at about the "
        + "same time (default false). Only after the user confirmed it is a different event."));
    return of(tool("add_calendar_event", "Add an event to the user's calendar. Before creating it, similar events at "
        + "about the same time (±2 h; the same date for all-day events) are looked up; if any is likely the same "
        + "event, nothing is created and the reply lists them (title, start, similarity, uid) and says how to "
        + "retry with bypass_duplicate_check=true.", p, List.of("summary", "start_time"), adds("Add a calendar event"),
        writeOutput()), (call, a) -> {
          Map<String, Object> f = new LinkedHashMap<>();
          f.put("title", a.required("summary"));
          f.put("start", a.required("start_time"));
          a.string("end_time").ifPresent(s -> f.put("end", s));
          if (a.bool("all_day")) {
            f.put("all_day", true);
          }
          a.string("description").ifPresent(s -> f.put("description", s));
          a.string("time_zone").ifPresent(s -> f.put("time_zone", s));
          a.string("recurrence_rule").ifPresent(s -> f.put("rrule", s));
          a.strings("excluded_dates").ifPresent(l -> f.put("exdates", l));
          DejaCollection col = service.calendar(call.tenant());
          boolean bypass = a.bool("bypass_duplicate_check");
          WriteResult r = service.put(call, col, Optional.empty(), new Item(f), bypass);
          Map<String, Object> structured = Views.write(r, false);
          List<String> similar = new ArrayList<>();
          for (Match m : r.verdict().matches()) {
            similar.add(describeEvent(m.item(), Optional.of(m.score())));
          }
          if (r.action() == Action.REJECTED) {
            return refused("Potential duplicate event(s) found; the event was NOT created:\n"
                + String.join("\n", similar) + "\nIf this is a different event, call add_calendar_event again "
                + "with bypass_duplicate_check=true.", structured);
          }
          StoredItem created = r.item().orElseThrow();
          String head = "Event created (uid " + created.id() + "): " + describeEvent(created, Optional.empty())
              .substring(2) + warnings(r.verdict().warnings());
          if (r.bypassed()) {
            return ok(head + "\nThe duplicate check was bypassed (bypass_duplicate_check=true); similar events:\n"
                + String.join("\n", similar), structured);
          }
          if (bypass) {
            return ok(head + "\nThe duplicate check was bypassed (bypass_duplicate_check=true); no similar events "
                + "were found anyway.", structured);
          }
          if (!similar.isEmpty()) {
            return ok(head + "\nNote: possibly similar events:\n" + String.join("\n", similar), structured);
          }
          return ok(head, structured);
        });
  }

  /** The verdict's warnings as lines after a tool's answer ("Warning: made without …"), or nothing. */
  private static String warnings(List<String> warnings) {
    StringBuilder sb = new StringBuilder();
    for (String w : warnings) {
      sb.append("\nWarning: ").append(w);
    }
    return sb.toString();
  }

  static DejaTool searchCalendarEvents(DejaService service) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("search_text", prop("string", "What to look for, e.g. 'doctor'."));
    p.put("start_date", prop("string", "Optional start of the range: a date (2026-03-02) or date-time."));
    p.put("end_date", prop("string", "Optional end of the range (inclusive): a date or date-time."));
    p.put("similarity_threshold", prop("number", "Optional lowest similarity in [0, 1] (default: the calendar's "
        + "threshold)."));
    return of(tool("search_calendar_events", "Search the user's calendar for events similar to a text, optionally "
        + "within a date range. Lists events with their similarity scores, nearest in time to the start of the "
        + "range first, then by similarity.", p, List.of("search_text"), reads("Search calendar events"),
        object(Map.of("events", ARRAY_OF_OBJECTS), List.of("events"))), (call, a) -> {
          DejaCollection col = service.calendar(call.tenant());
          ZoneId zone = col.spec().window().map(w -> w.defaultZone()).orElse(ZoneId.of("UTC"));
          Optional<Instant> from = a.string("start_date").map(s -> instant("start_date", s, zone, false));
          Optional<Instant> to = a.string("end_date").map(s -> instant("end_date", s, zone, true));
          OptionalDouble threshold = a.number("similarity_threshold").map(OptionalDouble::of)
              .orElse(OptionalDouble.empty());
          String text = a.required("search_text");
          service.checkTextSize("search_text", text);
          List<SearchHit> hits = service.search(col, new SearchRequest(call.tenant(), text, new Item(Map.of()),
              from, to, threshold, 50));
          List<Object> events = new ArrayList<>();
          List<String> lines = new ArrayList<>();
          for (SearchHit h : hits) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("uid", h.item().id());
            e.put("similarity", Views.round(h.score()));
            e.putAll(h.item().item().fields());
            events.add(e);
            lines.add(describeEvent(h.item(), Optional.of(h.score())));
          }
          Map<String, Object> structured = Map.of("events", events);
          if (hits.isEmpty()) {
            return ok("No events found similar to \"" + shortened(text) + "\"" + (from.isPresent() || to.isPresent()
                ? " in that range" : "") + ".", structured);
          }
          return ok("Found " + hits.size() + " event(s):\n" + String.join("\n", lines), structured);
        });
  }

  /** A text to quote back, at most 80 characters (a long search text is not echoed whole). */
  private static String shortened(String text) {
    return text.length() <= 80 ? text : text.substring(0, 77) + "…";
  }

  private static Instant instant(String field, String text, ZoneId zone, boolean endOfDay) {
    if (Temporals.isDate(text)) {
      LocalDate d = Temporals.date(field, text, zone);
      return endOfDay ? d.plusDays(1).atStartOfDay(zone).toInstant().minusMillis(1) : d.atStartOfDay(zone)
          .toInstant();
    }
    return Temporals.dateTime(field, text, zone).toInstant();
  }

  // ---- generic check

  static DejaTool checkDuplicate(DejaService service) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("collection", prop("string", "The collection to check against (one of yours, e.g. 'calendar', "
        + "'memories', 'glossary' or one you created)."));
    Map<String, Object> item = prop("object", "The new item: an object of the collection's fields (e.g. {\"text\": "
        + "\"...\"} for a text or memory collection; {\"title\", \"start\"} for a calendar).");
    p.put("item", item);
    p.put("exclude_id", prop("string", "Optional id never to match (the item being edited)."));
    return of(tool("check_duplicate", "Check whether an item would be a duplicate of one already stored in a "
        + "collection, without storing anything. Returns NEW, DUPLICATE or POSSIBLE_DUPLICATE with the matches, "
        + "their scores, stages and reasons.", p, List.of("collection", "item"), reads("Check for a duplicate"),
        verdictOutput()), (call, a) -> {
          String name = a.required("collection");
          DejaCollection col = service.collection(call.tenant(), name);
          Item it;
          try {
            it = new Item(a.object("item"));
          } catch (IllegalArgumentException e) {
            throw new InvalidInputException("argument 'item': " + e.getMessage(), e);
          }
          Verdict v = service.check(call, col, it, a.string("exclude_id"));
          Map<String, Object> structured = Views.verdict(v, false);
          if (v.outcome() == Outcome.NEW) {
            return ok("NEW: nothing in '" + name + "' duplicates it." + warnings(v.warnings()), structured);
          }
          List<String> lines = new ArrayList<>();
          for (Match m : v.matches()) {
            lines.add("- " + m.id() + " (" + m.level() + ", score " + score(m.score()) + ", stage " + m.stage()
                + "): " + m.explanation().message());
          }
          return ok(v.outcome() + ": " + v.matches().size() + " match(es) in '" + name + "':\n"
              + String.join("\n", lines) + warnings(v.warnings()), structured);
        });
  }

  // ---- glossary

  static DejaTool findDuplicateDefinitions(DejaService service) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("term", prop("string", "The term about to be defined."));
    p.put("org_context", prop("string", "Optional organisational context; only definitions in the same context "
        + "match (null equals empty)."));
    p.put("legal_context", prop("string", "Optional legal context (null equals empty)."));
    Map<String, Object> basis = prop("array", "Optional legal basis: a list of references, compared "
        + "order-independently (null equals []).");
    basis.put("items", Map.of("type", "string"));
    p.put("legal_basis", basis);
    p.put("exclude_id", prop("string", "Optional id of the definition being edited, never matched."));
    return of(tool("find_duplicate_definitions", "Find existing definitions that duplicate a term in the same "
        + "organisational context, legal context and legal basis: stage 1 exact term, stage 2 synonym, stage 3 "
        + "fuzzy (only when 1 and 2 found nothing); archived definitions never match. Each match comes with its "
        + "stage, score and reason.", p, List.of("term"), reads("Find duplicate definitions"),
        object(ordered("outcome", enumOf("NEW", "DUPLICATE", "POSSIBLE_DUPLICATE"), "duplicates", ARRAY_OF_OBJECTS),
            List.of("outcome", "duplicates"))), (call, a) -> {
          Map<String, Object> f = new LinkedHashMap<>();
          String term = a.required("term");
          f.put("term", term);
          a.string("org_context").ifPresent(s -> f.put("org_context", s));
          a.string("legal_context").ifPresent(s -> f.put("legal_context", s));
          a.strings("legal_basis").ifPresent(l -> f.put("legal_basis", l));
          DejaCollection col = service.glossary(call.tenant());
          Verdict v = service.check(call, col, new Item(f), a.string("exclude_id"));
          List<Object> dups = new ArrayList<>();
          List<String> lines = new ArrayList<>();
          for (Match m : v.matches()) {
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("id", m.id());
            d.put("term", m.item().item().findString("term").orElse(""));
            d.put("stage", m.stage());
            d.put("score", Views.round(m.score()));
            d.put("level", m.level().name());
            d.put("reason", m.explanation().message());
            dups.add(d);
            lines.add("- " + m.id() + " \"" + d.get("term") + "\" — stage " + m.stage() + ", score "
                + score(m.score()) + ": " + m.explanation().message());
          }
          Map<String, Object> structured = new LinkedHashMap<>();
          structured.put("outcome", v.outcome().name());
          structured.put("duplicates", dups);
          if (dups.isEmpty()) {
            return ok("No duplicate definitions of \"" + term + "\" in this context.", structured);
          }
          return ok("Found " + dups.size() + " duplicate definition(s) of \"" + term + "\":\n"
              + String.join("\n", lines), structured);
        });
  }
}
