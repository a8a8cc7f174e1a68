package dev.deja.calendar.caldav;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.calendar.CalendarExport;
import dev.deja.calendar.CalendarImport;
import dev.deja.calendar.ICalendar;
import dev.deja.core.StoreException;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.engine.Action;
import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.Outcome;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.engine.SearchHit;
import dev.deja.core.engine.SearchRequest;
import dev.deja.core.engine.Verdict;
import dev.deja.core.engine.WriteResult;
import dev.deja.core.item.Item;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.format.Presets;
import dev.deja.testkit.HashingEmbedder;
import dev.deja.testkit.RadicaleServer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class CalDavCollectionIT {
  @RegisterExtension
  static final RadicaleServer RADICALE = new RadicaleServer();

  static final Clock CLOCK = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);
  static final EmbedderProvider EMBEDDERS = EmbedderProvider.of(Map.of("all-minilm-l6-v2",
      new HashingEmbedder("all-minilm-l6-v2", 384)));
  static final CollectionSpec SPEC = Presets.spec("calendar").withName("family");

  private static CalDavCollectionStore store(CalDavSettings s) {
    return new CalDavCollectionStore(s, "default", () -> SPEC, EMBEDDERS, CLOCK);
  }

  static DejaCollection collection(CalDavCollectionStore store) {
    AtomicLong seq = new AtomicLong();
    return DejaCollection.builder(SPEC).store(store).embedders(EMBEDDERS).clock(CLOCK)
        .ids(() -> "deja-" + seq.incrementAndGet()).build();
  }

  private static String event(String uid, String summary, String... props) {
    StringBuilder sb = new StringBuilder("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//someone else//EN\r\n"
        + "BEGIN:VEVENT\r\nUID:" + uid + "\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:" + summary + "\r\n");
    for (String p : props) {
      sb.append(p).append("\r\n");
    }
    return sb.append("END:VEVENT\r\nEND:VCALENDAR\r\n").toString();
  }

  @Test
  void addCreatesTheEventOnTheServerOnlyWhenAllowed() throws Exception {
    String url = RADICALE.newCalendar();
    CalDavCollectionStore store = store(CalDavSettings.of(url));
    DejaCollection events = collection(store);
    WriteResult first = events.put(new PutRequest("default", Optional.of("dentist"), Item.of("title",
        "Dentist appointment", "start", "2026-03-02T14:00", "end", "2026-03-02T15:00", "time_zone", "Europe/Berlin"),
        false));
    assertThat(first.action()).isEqualTo(Action.CREATED);
    CalDavClient.Resource onServer = store.client().get("dentist").orElseThrow();
    assertThat(onServer.calendarData()).contains("SUMMARY:Dentist appointment")
        .contains("DTSTART;TZID=Europe/Berlin:20260302T140000");

    WriteResult again = events.put(PutRequest.of("default", Item.of("title", "Dentist appointment", "start",
        "2026-03-02T14:30", "time_zone", "Europe/Berlin")));
    assertThat(again.action()).isEqualTo(Action.REJECTED);
    assertThat(again.verdict().matches()).extracting(m -> m.id()).containsExactly("dentist");
    assertThat(store.client().all()).hasSize(1);

    WriteResult other = events.put(PutRequest.of("default", Item.of("title", "Dentist appointment", "start",
        "2026-03-02T20:00", "time_zone", "Europe/Berlin")));
    assertThat(other.action()).as("outside the ±2 h window").isEqualTo(Action.CREATED);
    assertThat(store.client().all()).hasSize(2);
    assertThat(events.count("default")).isEqualTo(2);
  }

  @Test
  void anEventSomeoneElseCreatesBetweenTwoChecksIsSeenByTheSecond() throws Exception {
    String url = RADICALE.newCalendar();
    DejaCollection events = collection(store(CalDavSettings.of(url)));
    Item mine = Item.of("title", "Soccer practice", "start", "2026-03-04T17:00Z");
    assertThat(events.check(CheckRequest.of("default", mine)).outcome()).isEqualTo(Outcome.NEW);

    assertThat(RadicaleServer.putRaw(url, "phone-123.ics", event("phone-123@example.org", "Soccer practice",
        "DTSTART:20260304T163000Z", "DTEND:20260304T173000Z"))).isEqualTo(201);

    Verdict second = events.check(CheckRequest.of("default", mine));
    assertThat(second.outcome()).isEqualTo(Outcome.DUPLICATE);
    assertThat(second.matches()).extracting(m -> m.id()).containsExactly("phone-123@example.org");
    assertThat(events.put(PutRequest.of("default", mine)).action()).isEqualTo(Action.REJECTED);
  }

  @Test
  void aRecurringSeriesOnTheServerIsExpandedInTheWindow() throws Exception {
    String url = RADICALE.newCalendar();
    DejaCollection events = collection(store(CalDavSettings.of(url)));
    assertThat(RadicaleServer.putRaw(url, "piano.ics", event("piano", "Piano lesson",
        "DTSTART;TZID=Europe/Berlin:20260303T170000", "DTEND;TZID=Europe/Berlin:20260303T174500",
        "RRULE:FREQ=WEEKLY;BYDAY=TU", "EXDATE;TZID=Europe/Berlin:20260317T170000"))).isEqualTo(201);

    // The fifth Tuesday, after the switch to summer time (2026-03-29): still 17:00 in Berlin.
    Verdict onOccurrence = events.check(CheckRequest.of("default", Item.of("title", "Piano lesson", "start",
        "2026-03-31T17:00", "time_zone", "Europe/Berlin")));
    assertThat(onOccurrence.outcome()).isEqualTo(Outcome.DUPLICATE);
    assertThat(onOccurrence.matches()).extracting(m -> m.id()).containsExactly("piano");
    assertThat(onOccurrence.matches().get(0).explanation().message()).contains("2026-03-31T17:00");

    Verdict onExcluded = events.check(CheckRequest.of("default", Item.of("title", "Piano lesson", "start",
        "2026-03-17T17:00", "time_zone", "Europe/Berlin")));
    assertThat(onExcluded.outcome()).as("the excluded date is free").isEqualTo(Outcome.NEW);

    Verdict wednesday = events.check(CheckRequest.of("default", Item.of("title", "Piano lesson", "start",
        "2026-03-25T17:00", "time_zone", "Europe/Berlin")));
    assertThat(wednesday.outcome()).isEqualTo(Outcome.NEW);
  }

  @Test
  void allDayEventsOnTheServerMatchTheSameDates() throws Exception {
    String url = RADICALE.newCalendar();
    DejaCollection events = collection(store(CalDavSettings.of(url)));
    RadicaleServer.putRaw(url, "camp.ics", event("camp", "Summer camp", "DTSTART;VALUE=DATE:20260706",
        "DTEND;VALUE=DATE:20260711"));
    assertThat(events.check(CheckRequest.of("default", Item.of("title", "Summer camp", "start", "2026-07-06",
        "end", "2026-07-10", "all_day", true))).outcome()).isEqualTo(Outcome.DUPLICATE);
    assertThat(events.check(CheckRequest.of("default", Item.of("title", "Summer camp", "start", "2026-07-06",
        "end", "2026-07-11", "all_day", true))).outcome()).as("other dates").isEqualTo(Outcome.NEW);
  }

  @Test
  void searchReadsFromTheServer() throws Exception {
    String url = RADICALE.newCalendar();
    DejaCollection events = collection(store(CalDavSettings.of(url)));
    RadicaleServer.putRaw(url, "a.ics", event("a", "Parent teacher conference", "DTSTART:20260305T160000Z"));
    RadicaleServer.putRaw(url, "b.ics", event("b", "Grocery shopping", "DTSTART:20260305T180000Z"));
    List<SearchHit> hits = events.search(new SearchRequest("default", "parent teacher conference", Item.of(),
        Optional.of(Instant.parse("2026-03-05T00:00:00Z")), Optional.of(Instant.parse("2026-03-06T00:00:00Z")),
        OptionalDouble.of(0.5), 10));
    assertThat(hits).extracting(h -> h.item().id()).containsExactly("a");
    List<SearchHit> none = events.search(new SearchRequest("default", "parent teacher conference", Item.of(),
        Optional.of(Instant.parse("2026-04-01T00:00:00Z")), Optional.of(Instant.parse("2026-04-02T00:00:00Z")),
        OptionalDouble.of(0.5), 10));
    assertThat(none).isEmpty();
  }

  @Test
  void importThenExportThroughTheServer() throws Exception {
    String url = RADICALE.newCalendar();
    DejaCollection events = collection(store(CalDavSettings.of(url)));
    String file = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n"
        + "BEGIN:VEVENT\r\nUID:x1\r\nSUMMARY:Book club\r\nDTSTART;TZID=Europe/Paris:20260310T190000\r\nEND:VEVENT\r\n"
        + "BEGIN:VEVENT\r\nUID:x2\r\nSUMMARY:Book club\r\nDTSTART;TZID=Europe/Paris:20260310T193000\r\nEND:VEVENT\r\n"
        + "BEGIN:VEVENT\r\nUID:x3\r\nSUMMARY:Yoga\r\nDTSTART:20260311T070000Z\r\nRRULE:FREQ=DAILY;COUNT=5\r\n"
        + "END:VEVENT\r\nEND:VCALENDAR\r\n";
    Set<String> fields = SPEC.fields().keySet();
    CalendarImport.Report r = CalendarImport.run(events, "default", ICalendar.read(file, "f.ics", fields), false,
        () -> { });
    assertThat(r.rows()).extracting(CalendarImport.Row::kind).containsExactly(CalendarImport.Kind.CREATED,
        CalendarImport.Kind.DUPLICATE, CalendarImport.Kind.CREATED);
    assertThat(events.store().count(Optional.of("default"))).isEqualTo(2);
    ICalendar.Parsed back = ICalendar.read(CalendarExport.write(events, "default", CLOCK), "out.ics", fields);
    assertThat(back.events()).extracting(e -> e.uid().orElseThrow()).containsExactly("x1", "x3");
    assertThat(back.events().get(1).item().findString("rrule")).contains("FREQ=DAILY;COUNT=5");
    assertThat(events.delete("default", "x3")).isTrue();
    assertThat(events.store().count(Optional.of("default"))).isEqualTo(1);
  }

  @Test
  void aServerThatIsDownFailsClosedByDefaultWithAClearError() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    String url = "http://127.0.0.1:" + port + "/deja/down/";
    DejaCollection closed = collection(store(CalDavSettings.of(url).withTimeout(Duration.ofSeconds(2))));
    Item item = Item.of("title", "Dentist", "start", "2026-03-02T14:00Z");
    assertThatThrownBy(() -> closed.check(CheckRequest.of("default", item))).isInstanceOf(StoreException.class)
        .hasMessageContaining(url).hasMessageContaining("unreachable").hasMessageContaining("fail_open is false")
        .satisfies(e -> assertThat(((StoreException) e).isRetriable()).isTrue());
    assertThatThrownBy(() -> closed.put(PutRequest.of("default", item))).isInstanceOf(StoreException.class);

    CalDavCollectionStore openStore = store(CalDavSettings.of(url).withFailOpen(true));
    DejaCollection open = collection(openStore);
    assertThat(open.check(CheckRequest.of("default", item)).outcome()).isEqualTo(Outcome.NEW);
    assertThat(openStore.failedOpen()).isEqualTo(1);
    assertThatThrownBy(() -> open.put(PutRequest.of("default", item))).as("the create itself needs the server")
        .isInstanceOf(StoreException.class).hasMessageContaining("PUT");
  }

  @Test
  void aServerThatDoesNotAnswerTimesOut() throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
      String url = "http://127.0.0.1:" + silent.getLocalPort() + "/deja/silent/";
      DejaCollection events = collection(store(CalDavSettings.of(url).withTimeout(Duration.ofMillis(300))));
      assertThatThrownBy(() -> events.check(CheckRequest.of("default", Item.of("title", "Dentist", "start",
          "2026-03-02T14:00Z")))).isInstanceOf(StoreException.class).hasMessageContaining("within 300 ms");
    }
  }

  @Test
  void aMissingCalendarIsNotRetriable() throws Exception {
    DejaCollection events = collection(store(CalDavSettings.of(RADICALE.root().resolve("deja/nope/").toString())));
    assertThatThrownBy(() -> events.check(CheckRequest.of("default", Item.of("title", "Dentist", "start",
        "2026-03-02T14:00Z")))).isInstanceOf(StoreException.class)
        .satisfies(e -> assertThat(((StoreException) e).isRetriable()).isFalse());
  }
}
