package dev.deja.calendar.caldav;

import dev.deja.calendar.ICalendar;
import dev.deja.calendar.Ical4jRecurrenceExpander;
import dev.deja.core.InvalidInputException;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.engine.ItemPreparer;
import dev.deja.core.cascade.StageContext;
import dev.deja.core.cascade.StageRegistry;
import dev.deja.core.index.Candidate;
import dev.deja.core.index.CandidateQuery;
import dev.deja.core.index.DegradableIndex;
import dev.deja.core.index.TimeFilter;
import dev.deja.core.item.Item;
import dev.deja.core.item.ItemKeys;
import dev.deja.core.item.StoredItem;
import dev.deja.core.recur.Occurrences;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.store.CollectionStore;
import dev.deja.core.store.MemoryCollectionStore;
import dev.deja.core.store.Page;
import dev.deja.core.store.ScopeLocks;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A collection whose events live in a CalDAV calendar: every check reads the events of its time window from the
 * server (REPORT calendar-query with a time-range), so an event someone else created there a moment ago is seen; a
 * write creates the event there with {@code PUT} and {@code If-None-Match: *}; a search reads from the server too.
 * Nothing is cached.
 *
 * <p>Recurring events on the server are expanded here (with the collection's {@code recurrence:} settings and ical4j)
 * into occurrences named {@code SERIES~START}, exactly as the engine materialises its own series, so a new event that
 * duplicates one occurrence is found and the match names the series. Writes of materialised occurrences are not sent:
 * the server holds the series with its RRULE and EXDATEs.
 *
 * <p>Limits, by the nature of CalDAV: the scope lock ({@link #inScope}) serialises writers in this process only; two
 * processes (or another client) may create two duplicate events with different UIDs between a check and a PUT (the same
 * UID twice is refused by {@code If-None-Match: *}). One calendar belongs to one tenant (the URL's {@code {tenant}}),
 * and the collection must not have scope fields. Events created elsewhere carry version 1 and no Deja history. A
 * broken event on the server (no DTSTART, an unreadable RRULE) is left out of checks with a warning in the log.
 *
 * <p>When the server cannot be reached (refused, timed out, 5xx): with {@code fail_open: false} (the default) every
 * operation fails with a retriable {@link dev.deja.core.StoreException} saying so; with {@code fail_open: true} a
 * check's candidate lookup ({@link #lookup}) proceeds as if the window were empty, with a warning the engine puts on
 * the verdict (also logged, and counted by {@link #failedOpen()} and the {@link CalDavMonitor}); searches, listings
 * and the create that may follow a check still need the server. A calendar that does not exist (404) is a
 * {@link dev.deja.core.StoreConfigurationException}, never failed open.
 *
 * <p>Thread-safe.
 */
public final class CalDavCollectionStore implements CollectionStore, DegradableIndex {
  private static final Logger LOG = LoggerFactory.getLogger(CalDavCollectionStore.class);
  /** Ids the engine gives a series' occurrences: {@code SERIES~20260302T0900} or {@code SERIES~20260302}. */
  private static final Pattern OCCURRENCE_ID = Pattern.compile(".+~[0-9]{8}(T[0-9]{4})?");
  /** Days are compared in each event's own zone; a range in UTC must reach this far either side (UTC−12…UTC+14). */
  private static final long ZONE_SLACK_MILLIS = 14 * 3_600_000L;
  private static final long DAY_MILLIS = 86_400_000L;

  private final CalDavClient client;
  private final String tenant;
  private final Supplier<CollectionSpec> specs;
  private final EmbedderProvider embedders;
  private final Clock clock;
  private final ScopeLocks locks = new ScopeLocks();
  private final AtomicLong failedOpen = new AtomicLong();
  private final CalDavMonitor monitor;
  private volatile Context context;

  /**
   * @param settings the calendar
   * @param tenant the tenant all of the calendar's events belong to
   * @param specs the collection's spec (asked once, at first use: the catalog defines it after opening the store)
   * @param embedders for the stages that derive lookup keys (no embedding happens here)
   * @param clock the DTSTAMP of created events
   */
  public CalDavCollectionStore(CalDavSettings settings, String tenant, Supplier<CollectionSpec> specs,
      EmbedderProvider embedders, Clock clock) {
    this(settings, tenant, specs, embedders, clock, new CalDavMonitor());
  }

  /** As above, reporting the calendar and its fail-open answers to a process's monitor. */
  public CalDavCollectionStore(CalDavSettings settings, String tenant, Supplier<CollectionSpec> specs,
      EmbedderProvider embedders, Clock clock, CalDavMonitor monitor) {
    this.client = new CalDavClient(settings);
    this.monitor = monitor;
    monitor.opened(client);
    this.tenant = tenant;
    this.specs = specs;
    this.embedders = embedders;
    this.clock = clock;
  }

  /** The client (for tests and tools that create the calendar). */
  public CalDavClient client() {
    return client;
  }

  /** How many candidate lookups proceeded without the server because it was unavailable and fail_open is true. */
  public long failedOpen() {
    return failedOpen.get();
  }

  private record Context(CollectionSpec spec, ItemPreparer preparer, Optional<Occurrences> occurrences) {}

  private Context context() {
    Context c = context;
    if (c == null) {
      synchronized (this) {
        if (context == null) {
          CollectionSpec spec = specs.get();
          if (!spec.scope().isEmpty()) {
            throw new InvalidInputException("collection '" + spec.name() + "': a CalDAV-backed collection cannot "
                + "have scope fields (one calendar is one scope)");
          }
          ItemPreparer preparer = new ItemPreparer(spec, StageRegistry.defaults().build(new StageContext(spec,
              embedders)));
          Optional<Occurrences> occ = spec.recurrence().flatMap(r -> spec.window().map(w -> new Occurrences(r, w,
              new Ical4jRecurrenceExpander())));
          context = new Context(spec, preparer, occ);
        }
        c = context;
      }
    }
    return c;
  }

  @Override
  public void insert(StoredItem item) {
    checkTenant(item.tenant());
    if (Occurrences.seriesOf(item).isPresent()) {
      return; // the server holds the series with its rule
    }
    String ics = ICalendar.write(List.of(Map.entry(item.id(), item.item())), clock);
    if (!client.create(item.id(), ics)) {
      throw new InvalidInputException("an item with id '" + item.id() + "' already exists in CalDAV calendar "
          + client.settings().url());
    }
  }

  @Override
  public void replace(StoredItem item) {
    checkTenant(item.tenant());
    if (Occurrences.seriesOf(item).isPresent()) {
      return;
    }
    String ics = ICalendar.write(List.of(Map.entry(item.id(), item.item())), clock);
    if (!client.replace(item.id(), ics)) {
      throw new InvalidInputException("no item with id '" + item.id() + "' in CalDAV calendar "
          + client.settings().url());
    }
  }

  @Override
  public Optional<StoredItem> find(String tenant, String id) {
    if (!this.tenant.equals(tenant)) {
      return Optional.empty();
    }
    // Deja names a resource after its id; another client may not, so the calendar is scanned when the name misses.
    // (Not a UID text-match REPORT: Radicale 3.1 drops the connection on some of them.)
    Optional<CalDavClient.Resource> r = client.get(id);
    List<CalDavClient.Resource> found = r.map(List::of).orElseGet(client::all);
    for (CalDavClient.Resource res : found) {
      for (StoredItem s : masters(res)) {
        if (s.id().equals(id)) {
          return Optional.of(s);
        }
      }
    }
    return Optional.empty();
  }

  @Override
  public boolean delete(String tenant, String id) {
    if (!this.tenant.equals(tenant) || OCCURRENCE_ID.matcher(id).matches() && client.get(id).isEmpty()) {
      return false; // occurrences are not resources: deleting the series removes them
    }
    if (client.delete(client.resourceOf(id))) {
      return true;
    }
    boolean any = false;
    for (CalDavClient.Resource r : client.all()) {
      if (masters(r).stream().anyMatch(s -> s.id().equals(id))) {
        any |= client.delete(client.resolve(r.href()));
      }
    }
    return any;
  }

  @Override
  public Page list(Optional<String> tenant, Optional<String> afterId, int limit) {
    if (tenant.isPresent() && !this.tenant.equals(tenant.get())) {
      return new Page(List.of(), Optional.empty());
    }
    TreeMap<String, StoredItem> byId = new TreeMap<>();
    for (CalDavClient.Resource r : client.all()) {
      for (StoredItem s : masters(r)) {
        byId.put(s.id(), s);
      }
    }
    List<StoredItem> items = new ArrayList<>((afterId.isPresent() ? byId.tailMap(afterId.get(), false) : byId)
        .values());
    if (items.size() > limit) {
      return new Page(items.subList(0, limit), Optional.of(items.get(limit - 1).id()));
    }
    return new Page(items, Optional.empty());
  }

  @Override
  public long count(Optional<String> tenant) {
    if (tenant.isPresent() && !this.tenant.equals(tenant.get())) {
      return 0;
    }
    long n = 0;
    for (CalDavClient.Resource r : client.all()) {
      n += masters(r).size();
    }
    return n;
  }

  @Override
  public <T> T inScope(String scope, Supplier<T> work) {
    return locks.withLock(scope, work);
  }

  /** A search's or listing's candidates: from the server, or a retriable failure when it cannot be reached. */
  @Override
  public List<Candidate> candidates(CandidateQuery q) {
    return window(context(), q, fetch(q));
  }

  /**
   * A check's candidates. When the server cannot be reached: with {@code fail_open: false} a retriable failure saying
   * so; with {@code fail_open: true} no candidates and a warning that the answer was made without the calendar
   * (logged, and counted by {@link #failedOpen()} and the {@link CalDavMonitor}).
   */
  @Override
  public Lookup lookup(CandidateQuery q) {
    Context ctx = context();
    List<CalDavClient.Resource> resources;
    try {
      resources = fetch(q);
    } catch (CalDavClient.Unavailable e) {
      if (!client.settings().failOpen()) {
        throw new CalDavClient.Unavailable(e.getMessage() + "; fail_open is false, so the check fails (it may "
            + "succeed if retried)", e.reason(), e);
      }
      failedOpen.incrementAndGet();
      monitor.answeredWithout();
      LOG.warn("{}; fail_open is true, so the check proceeds as if the calendar had no events in the window",
          e.getMessage());
      return new Lookup(List.of(), List.of("collection '" + ctx.spec().name() + "' was checked without its CalDAV "
          + "calendar " + client.settings().url() + ": the server is unavailable (" + e.reason() + "); fail_open is "
          + "true, so no stored event was compared and a duplicate may have been missed"));
    }
    return new Lookup(window(ctx, q, resources), List.of());
  }

  private List<CalDavClient.Resource> fetch(CandidateQuery q) {
    Optional<Instant[]> range = range(q.time());
    return range.isPresent() ? client.query(range.get()[0], range.get()[1]) : client.all();
  }

  /**
   * The window's events, looked up exactly as the reference store looks up its own items (window scan, keys, lexical
   * ranking, caps and sources): the server's answer is loaded into an in-memory store for this one query.
   */
  private List<Candidate> window(Context ctx, CandidateQuery q, List<CalDavClient.Resource> resources) {
    MemoryCollectionStore window = new MemoryCollectionStore("caldav");
    Set<String> seen = new HashSet<>();
    for (CalDavClient.Resource r : resources) {
      for (StoredItem s : expanded(ctx, r)) {
        if (s.keys().scope().equals(q.scope()) && q.admits(s) && seen.add(s.id())) {
          window.insert(s);
        }
      }
    }
    return window.candidates(q);
  }

  /**
   * The instants a query's time clauses can fall in, widened by a day's worth of zone offsets for clauses on local
   * dates; empty when unbounded (no clauses, or a search without a range), meaning "all events".
   */
  static Optional<Instant[]> range(List<TimeFilter> filters) {
    if (filters.isEmpty()) {
      return Optional.empty();
    }
    long from = Long.MAX_VALUE;
    long to = Long.MIN_VALUE;
    for (TimeFilter f : filters) {
      long a;
      long b;
      if (f.kind() == TimeFilter.Kind.TIMED_START_BETWEEN) {
        a = f.from();
        b = f.to() + 1;
      } else {
        a = Math.multiplyExact(Math.max(f.from(), -3_000_000L), DAY_MILLIS) - ZONE_SLACK_MILLIS;
        b = Math.multiplyExact(Math.min(f.to(), 3_000_000L) + 1, DAY_MILLIS) + ZONE_SLACK_MILLIS;
      }
      from = Math.min(from, a);
      to = Math.max(to, b);
    }
    // Year 1 to 9999 is what iCalendar can say; beyond that the query is unbounded.
    if (from < -62_135_596_800_000L || to > 253_402_300_799_000L) {
      return Optional.empty();
    }
    return Optional.of(new Instant[] {Instant.ofEpochMilli(from), Instant.ofEpochMilli(to)});
  }

  /** The events of one resource as stored items: singles, and series as their masters (no time of their own). */
  private List<StoredItem> masters(CalDavClient.Resource r) {
    Context ctx = context();
    List<StoredItem> out = new ArrayList<>();
    for (ICalendar.Event e : events(ctx, r)) {
      String id = e.uid().orElse(r.href());
      try {
        ItemPreparer.Prepared p = ctx.preparer().prepare(tenant, e.item());
        ItemKeys keys = isSeries(ctx, e.item()) ? new ItemKeys(p.keys().scope(), p.keys().status(), p.keys().keys(),
            p.keys().terms(), Optional.empty()) : p.keys();
        out.add(stored(id, e.item(), keys));
      } catch (InvalidInputException ex) {
        LOG.warn("CalDAV event {} in {} is left out: {}", id, client.settings().url(), ex.getMessage());
      }
    }
    return out;
  }

  /** The events of one resource as candidates: singles as they are, series as their occurrences. */
  private List<StoredItem> expanded(Context ctx, CalDavClient.Resource r) {
    List<StoredItem> out = new ArrayList<>();
    for (ICalendar.Event e : events(ctx, r)) {
      String id = e.uid().orElse(r.href());
      try {
        if (isSeries(ctx, e.item()) && ctx.occurrences().isPresent()) {
          for (Occurrences.Occurrence o : ctx.occurrences().get().of(e.item())) {
            ItemPreparer.Prepared op = ctx.preparer().prepare(tenant, o.item());
            out.add(stored(Occurrences.id(id, o), Occurrences.linked(o, id), op.keys()));
          }
        } else {
          out.add(stored(id, e.item(), ctx.preparer().prepare(tenant, e.item()).keys()));
        }
      } catch (InvalidInputException ex) {
        LOG.warn("CalDAV event {} in {} is left out: {}", id, client.settings().url(), ex.getMessage());
      }
    }
    return out;
  }

  private List<ICalendar.Event> events(Context ctx, CalDavClient.Resource r) {
    try {
      return ICalendar.read(r.calendarData(), client.resolve(r.href()).toString(), ctx.spec().fields().keySet())
          .events();
    } catch (InvalidInputException e) {
      // The message starts with the resource's URL.
      LOG.warn("a CalDAV resource is left out of checks: {}", e.getMessage());
      return List.of();
    }
  }

  private static boolean isSeries(Context ctx, Item item) {
    return ctx.spec().recurrence().isPresent() && Occurrences.isSeries(ctx.spec().recurrence().get(), item);
  }

  private StoredItem stored(String id, Item item, ItemKeys keys) {
    Instant now = clock.instant();
    return new StoredItem(id, tenant, item, keys, Map.of(), 1, now, now, List.of());
  }

  private void checkTenant(String t) {
    if (!tenant.equals(t)) {
      throw new InvalidInputException("CalDAV calendar " + client.settings().url() + " belongs to tenant '" + tenant
          + "', not '" + t + "'");
    }
  }

  @Override
  public void close() {
    // The JDK HttpClient of Java 17 has nothing to close; its threads end with the last reference.
  }
}
