package dev.deja.calendar;

import dev.deja.core.engine.Match;
import dev.deja.format.Views;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The JSON view of an import's report, the same from {@code deja import --json} and the server's
 * {@code POST /v1/collections/NAME/import}: counts, then every event with its result and matches.
 *
 * <p>Thread-safe: stateless.
 */
public final class ImportReports {
  private ImportReports() {}

  /**
   * {@code {"file", "collection", "tenant", "created", "duplicates", "existing", "events": [...], "skipped": [...]}}.
   */
  public static Map<String, Object> json(String source, String collection, String tenant, CalendarImport.Report r) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("file", source);
    o.put("collection", collection);
    o.put("tenant", tenant);
    o.put("created", r.count(CalendarImport.Kind.CREATED));
    o.put("duplicates", r.count(CalendarImport.Kind.DUPLICATE));
    o.put("existing", r.count(CalendarImport.Kind.EXISTS));
    List<Object> events = new ArrayList<>();
    for (CalendarImport.Row row : r.rows()) {
      Map<String, Object> e = new LinkedHashMap<>();
      e.put("uid", row.event().uid().orElse(null));
      e.put("result", row.kind().name().toLowerCase(Locale.ROOT));
      e.put("id", row.id().orElse(null));
      e.put("item", row.event().item().fields());
      List<Object> matches = new ArrayList<>();
      for (Match m : row.matches()) {
        matches.add(Views.match(m, false));
      }
      e.put("matches", matches);
      e.put("message", row.message());
      events.add(e);
    }
    o.put("events", events);
    o.put("skipped", r.skipped());
    return o;
  }
}
