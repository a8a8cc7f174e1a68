package dev.deja.calendar.caldav;

import dev.deja.core.InvalidInputException;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.store.StoreBackend;
import dev.deja.format.DejaConfig;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/** Reads the {@code caldav:} section of a {@code deja.yaml} and wraps a tenant's backend with it. Thread-safe. */
public final class CalDavStores {
  private CalDavStores() {}

  /** The section's calendars by collection name, for a tenant (its name replaces {@code {tenant}} in URLs). */
  public static Map<String, CalDavSettings> settings(DejaConfig config, String tenant, Function<String, String> env) {
    Map<String, CalDavSettings> out = new LinkedHashMap<>();
    Map<String, Object> section = config.section("caldav");
    for (Map.Entry<String, Object> e : section.entrySet()) {
      String where = config.source() + ": caldav." + e.getKey();
      if (!config.collections().containsKey(e.getKey())) {
        throw new InvalidInputException(where + ": no collection '" + e.getKey() + "' is declared under "
            + "'collections:' (declare it, e.g. " + e.getKey() + ": {preset: calendar})");
      }
      out.put(e.getKey(), CalDavSettings.from(e.getValue(), where, tenant, env));
    }
    return out;
  }

  /** The backend with the config's CalDAV calendars, or the backend itself when the config names none. */
  public static StoreBackend wrap(StoreBackend backend, String tenant, DejaConfig config, EmbedderProvider embedders,
      Clock clock) {
    return wrap(backend, tenant, config, embedders, clock, new CalDavMonitor());
  }

  /** As above, reporting the calendars opened, and their fail-open answers, to a process's monitor. */
  public static StoreBackend wrap(StoreBackend backend, String tenant, DejaConfig config, EmbedderProvider embedders,
      Clock clock, CalDavMonitor monitor) {
    Map<String, CalDavSettings> s;
    try {
      s = settings(config, tenant, System::getenv);
    } catch (RuntimeException e) {
      backend.close();
      throw e;
    }
    return s.isEmpty() ? backend : new CalDavStoreBackend(backend, tenant, s, embedders, clock, monitor);
  }
}
