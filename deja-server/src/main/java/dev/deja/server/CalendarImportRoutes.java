package dev.deja.server;

import dev.deja.calendar.CalendarImport;
import dev.deja.calendar.ICalendar;
import dev.deja.calendar.ImportReports;
import dev.deja.core.engine.DejaCollection;
import io.javalin.http.Context;
import java.io.IOException;
import java.util.Map;
import java.util.Set;

/**
 * {@code POST /v1/collections/{name}/import}: an iCalendar file into a collection of a running server, each event
 * through the duplicate check — what {@code deja import} does on a store no server holds. The body is the .ics file
 * itself; the answer is the report {@code deja import --json} prints. The whole file is read and validated before the
 * first write, so a malformed file changes nothing (400). Thread-safe.
 */
final class CalendarImportRoutes {
  private final DejaService service;
  private final Callers callers;
  private final ServerConfig config;

  CalendarImportRoutes(DejaService service, Callers callers) {
    this.service = service;
    this.callers = callers;
    this.config = service.config();
  }

  void register(RouteTable r) {
    r.post("/v1/collections/{name}/import", this::importFile);
  }

  private void importFile(Context ctx) throws IOException {
    KeyStore.Caller c = callers.tenant(ctx);
    String name = ctx.pathParam("name");
    DejaCollection col = service.collection(c.tenant(), name);
    Map<String, String> p = RequestInput.params(ctx, Set.of("force"));
    boolean force = booleanParam(p.get("force"));
    byte[] raw = RequestInput.rawBody(ctx, config.maxBodyBytes());
    if (!col.spec().fields().containsKey("title") || !col.spec().fields().containsKey("start")) {
      throw ApiException.invalid("collection '" + name + "' is not a calendar (it has no 'title' and 'start' "
          + "fields); import reads iCalendar events");
    }
    ICalendar.Parsed parsed = ICalendar.read(ICalendar.decode(raw, "request body"), "request body",
        col.spec().fields().keySet());
    callers.limit(c, RateLimiter.Kind.WRITE, callers.cost(col) * Math.max(1, parsed.events().size()));
    CalendarImport.Report report = DejaService.guarded(() ->
        CalendarImport.run(col, c.tenant(), parsed, force, () -> { }));
    Responses.json(ctx, 200, ImportReports.json("request body", name, c.tenant(), report));
  }

  private static boolean booleanParam(String v) {
    if (v == null || v.equals("false")) {
      return false;
    }
    if (v.equals("true")) {
      return true;
    }
    throw ApiException.invalid("force: must be true or false, got '" + v + "'");
  }
}
