package dev.deja.calendar.caldav;

import dev.deja.core.InvalidInputException;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.SpecReader;
import dev.deja.core.store.CollectionStore;
import dev.deja.core.store.StoreBackend;
import dev.deja.format.Json;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A store backend in which some collections live in CalDAV calendars: those named in {@code calendars} open as
 * {@link CalDavCollectionStore}s, every other collection (and every collection's definition) stays in the wrapped
 * backend. Dropping a CalDAV-backed collection forgets its definition; the calendar's events are left on the server.
 *
 * <p>Thread-safe.
 */
public final class CalDavStoreBackend implements StoreBackend {
  private final StoreBackend delegate;
  private final String tenant;
  private final Map<String, CalDavSettings> calendars;
  private final EmbedderProvider embedders;
  private final Clock clock;
  private final CalDavMonitor monitor;
  private final ConcurrentHashMap<String, CalDavCollectionStore> open = new ConcurrentHashMap<>();

  public CalDavStoreBackend(StoreBackend delegate, String tenant, Map<String, CalDavSettings> calendars,
      EmbedderProvider embedders, Clock clock) {
    this(delegate, tenant, calendars, embedders, clock, new CalDavMonitor());
  }

  /** As above, reporting the calendars it opens, and their fail-open answers, to a process's monitor. */
  public CalDavStoreBackend(StoreBackend delegate, String tenant, Map<String, CalDavSettings> calendars,
      EmbedderProvider embedders, Clock clock, CalDavMonitor monitor) {
    this.monitor = monitor;
    this.delegate = delegate;
    this.tenant = tenant;
    this.calendars = Map.copyOf(calendars);
    this.embedders = embedders;
    this.clock = clock;
  }

  /** The CalDAV calendars by collection name. */
  public Map<String, CalDavSettings> calendars() {
    return calendars;
  }

  @Override
  public CollectionStore open(String collection) {
    CalDavSettings s = calendars.get(collection);
    if (s == null) {
      return delegate.open(collection);
    }
    return open.computeIfAbsent(collection, n -> new CalDavCollectionStore(s, tenant, () -> spec(n), embedders,
        clock, monitor));
  }

  /** The spec the catalog recorded for a collection (its resolved definition). */
  private CollectionSpec spec(String collection) {
    String def = delegate.definition(collection).orElseThrow(() -> new InvalidInputException("collection '"
        + collection + "' is backed by CalDAV but has no definition: declare it under 'collections:' (e.g. "
        + "{preset: calendar})"));
    Map<String, Object> stored = Json.object(def, "definition of collection '" + collection + "'");
    if (!(stored.get("resolved") instanceof Map<?, ?> resolved)) {
      throw new InvalidInputException("the stored definition of collection '" + collection + "' is not readable");
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> tree = (Map<String, Object>) resolved;
    return SpecReader.read(tree, collection).withName(collection);
  }

  @Override
  public boolean drop(String collection) {
    open.remove(collection);
    return delegate.drop(collection);
  }

  @Override
  public List<String> collections() {
    return delegate.collections();
  }

  @Override
  public void define(String collection, String definition) {
    delegate.define(collection, definition);
  }

  @Override
  public boolean defineIfAbsent(String collection, String definition) {
    return delegate.defineIfAbsent(collection, definition);
  }

  @Override
  public Optional<String> definition(String collection) {
    return delegate.definition(collection);
  }

  @Override
  public void close() {
    open.values().forEach(CalDavCollectionStore::close);
    open.clear();
    delegate.close();
  }
}
