package dev.deja.server;

import dev.deja.core.engine.Match;
import dev.deja.core.engine.Verdict;
import dev.deja.core.item.Item;
import dev.deja.format.Json;
import dev.deja.format.Views;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One structured JSON log line for each duplicate detected, on the logger {@code deja.events} at INFO:
 *
 * <pre>{@code
 * {"event":"duplicate_detected","event_id":"…","timestamp":"2026-03-02T14:00:00Z","tenant":"acme",
 *  "session_id":"s-1","surface":"http","collection":"memories","operation":"put","action":"MERGED",
 *  "outcome":"DUPLICATE","stage":"semantic","similarity":0.91,"existing_id":"…","matches":1,
 *  "new_preview":"User prefers dark mode","existing_preview":"The user likes dark mode"}
 * }</pre>
 *
 * <p>The fields are the memory design's event fields (event id, session/tenant, timestamp, previews, similarity) plus
 * the stage. Previews are the items' display text cut to 100 characters (code points), so that logs never carry whole
 * documents. Thread-safe.
 */
public final class DuplicateEvents {
  /** The logger the events are written to. */
  public static final String LOGGER = "deja.events";
  static final int PREVIEW = 100;
  private static final Logger LOG = LoggerFactory.getLogger(LOGGER);

  private final Clock clock;
  private final Consumer<String> sink;

  public DuplicateEvents(Clock clock) {
    this(clock, LOG::info);
  }

  /** Events written to a sink instead of the logger (tests read them). */
  public DuplicateEvents(Clock clock, Consumer<String> sink) {
    this.clock = clock;
    this.sink = sink;
  }

  /** Writes the event of a verdict that found something; does nothing for NEW. */
  public void detected(Verdict v, Context c, Optional<String> action) {
    Optional<Match> best = v.best();
    if (best.isEmpty()) {
      return;
    }
    Match m = best.get();
    Map<String, Object> e = new LinkedHashMap<>();
    e.put("event", "duplicate_detected");
    e.put("event_id", UUID.randomUUID().toString());
    e.put("timestamp", clock.instant().toString());
    e.put("tenant", c.tenant());
    c.sessionId().ifPresent(s -> e.put("session_id", s));
    e.put("surface", c.surface());
    e.put("collection", c.collection());
    e.put("operation", c.operation());
    action.ifPresent(a -> e.put("action", a));
    e.put("outcome", v.outcome().name());
    e.put("stage", m.stage());
    e.put("similarity", Views.round(m.score()));
    e.put("existing_id", m.id());
    e.put("matches", v.matches().size());
    e.put("new_preview", preview(c.item(), c.displayField()));
    e.put("existing_preview", preview(m.item().item(), c.displayField()));
    sink.accept(Json.write(e));
  }

  /** Where a verdict came from. */
  public record Context(String tenant, Optional<String> sessionId, String surface, String collection,
      String operation, Item item, String displayField) {}

  /** The display text of an item cut to 100 characters (code points), with "…" when cut. */
  static String preview(Item item, String field) {
    String s = item.findString(field).orElseGet(() -> item.fields().toString());
    if (s.codePointCount(0, s.length()) <= PREVIEW) {
      return s;
    }
    return s.substring(0, s.offsetByCodePoints(0, PREVIEW - 1)) + "…";
  }
}
