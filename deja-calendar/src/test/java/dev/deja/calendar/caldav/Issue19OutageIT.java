package dev.deja.calendar.caldav;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.StoreConfigurationException;
import dev.deja.core.StoreException;
import dev.deja.core.engine.Action;
import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.Outcome;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.engine.SearchRequest;
import dev.deja.core.engine.Verdict;
import dev.deja.core.item.Item;
import dev.deja.testkit.RadicaleServer;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 19 item 6 against a real Radicale that is stopped in the middle of each test: a fail-open answer says it was
 * made without the calendar, the monitor sees the outage and the recovery, and a calendar that does not exist is a
 * configuration error rather than an outage. (Its own server: stopping it would disturb other classes' tests.)
 */
class Issue19OutageIT {
  @RegisterExtension
  static final RadicaleServer RADICALE = new RadicaleServer();

  private static final Item DENTIST = Item.of("title", "Dentist", "start", "2026-03-02T14:00Z");

  private static CalDavCollectionStore store(CalDavSettings s, CalDavMonitor monitor) {
    return new CalDavCollectionStore(s, "default", () -> CalDavCollectionIT.SPEC, CalDavCollectionIT.EMBEDDERS,
        CalDavCollectionIT.CLOCK, monitor);
  }

  @Test
  void aFailOpenCheckDuringAnOutageCarriesAWarningAndTheMonitorSeesTheOutageEndAgain() throws Exception {
    String url = RADICALE.newCalendar();
    CalDavMonitor monitor = new CalDavMonitor();
    CalDavCollectionStore store = store(CalDavSettings.of(url).withFailOpen(true), monitor);
    DejaCollection events = CalDavCollectionIT.collection(store);
    assertThat(events.put(PutRequest.of("default", DENTIST)).action()).isEqualTo(Action.CREATED);
    Verdict before = events.check(CheckRequest.of("default", DENTIST));
    assertThat(before.outcome()).isEqualTo(Outcome.DUPLICATE);
    assertThat(before.warnings()).isEmpty();
    assertThat(monitor.probe()).singleElement().satisfies(s -> assertThat(s.status()).isEqualTo("ok"));

    RADICALE.stop();
    try {
      Verdict during = events.check(CheckRequest.of("default", DENTIST));
      assertThat(during.outcome()).as("no stored event was compared").isEqualTo(Outcome.NEW);
      assertThat(during.warnings()).singleElement().asString().contains("collection 'family'").contains(url)
          .contains("without its CalDAV calendar").contains("connection refused").contains("fail_open is true");
      assertThat(store.failedOpen()).isEqualTo(1);
      assertThat(monitor.failedOpen()).isEqualTo(1);
      assertThat(monitor.probe()).singleElement().satisfies(s -> {
        assertThat(s.url()).isEqualTo(url);
        assertThat(s.status()).isEqualTo("unreachable");
        assertThat(s.detail()).contains("connection refused").contains("fail_open is true");
      });
      assertThatThrownBy(() -> events.search(new SearchRequest("default", "Dentist", Item.of(),
          Optional.empty(), Optional.empty(), OptionalDouble.empty(), 10)))
          .as("a search is never answered from nothing").isInstanceOf(StoreException.class)
          .hasMessageContaining("unreachable");
      assertThatThrownBy(() -> events.put(PutRequest.of("default", Item.of("title", "Gym", "start",
          "2026-03-03T10:00Z")))).as("the create needs the server").isInstanceOf(StoreException.class);
    } finally {
      RADICALE.restart();
    }
    assertThat(monitor.probe()).singleElement().satisfies(s -> assertThat(s.status()).isEqualTo("ok"));
    Verdict after = events.check(CheckRequest.of("default", DENTIST));
    assertThat(after.outcome()).isEqualTo(Outcome.DUPLICATE);
    assertThat(after.warnings()).isEmpty();
    assertThat(monitor.failedOpen()).as("the check and the refused put's check").isEqualTo(2);
  }

  @Test
  void aFailClosedCheckDuringAnOutageIsARetriableFailure() throws Exception {
    String url = RADICALE.newCalendar();
    DejaCollection events = CalDavCollectionIT.collection(store(CalDavSettings.of(url), new CalDavMonitor()));
    RADICALE.stop();
    try {
      assertThatThrownBy(() -> events.check(CheckRequest.of("default", DENTIST)))
          .isInstanceOf(CalDavClient.Unavailable.class).hasMessageContaining("fail_open is false")
          .satisfies(e -> assertThat(((StoreException) e).isRetriable()).isTrue());
    } finally {
      RADICALE.restart();
    }
    assertThat(events.check(CheckRequest.of("default", DENTIST)).warnings()).isEmpty();
  }

  @Test
  void aCalendarThatDoesNotExistIsAConfigurationErrorEvenWhenFailingOpen() throws Exception {
    String url = RADICALE.root().resolve("deja/no-such-calendar/").toString();
    CalDavMonitor monitor = new CalDavMonitor();
    DejaCollection events = CalDavCollectionIT.collection(store(CalDavSettings.of(url).withFailOpen(true), monitor));
    assertThatThrownBy(() -> events.check(CheckRequest.of("default", DENTIST)))
        .isInstanceOf(StoreConfigurationException.class).hasMessageContaining(url).hasMessageContaining("HTTP 404")
        .hasMessageContaining("configuration error")
        .satisfies(e -> assertThat(((StoreException) e).isRetriable()).isFalse());
    assertThat(monitor.failedOpen()).isZero();
    assertThat(monitor.probe()).singleElement().satisfies(s -> {
      assertThat(s.status()).isEqualTo("misconfigured");
      assertThat(s.detail()).contains("does not exist");
    });
  }
}
