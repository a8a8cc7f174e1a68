package dev.deja.calendar.caldav;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.calendar.CalendarExport;
import dev.deja.calendar.ICalendar;
import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.Outcome;
import dev.deja.core.engine.Verdict;
import dev.deja.core.item.Item;
import dev.deja.testkit.RadicaleServer;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Events in the shapes other calendar software writes, stored on a real Radicale and read back through REPORT
 * (whose XML turns the CRLFs of the calendar data into LFs): folded lines, Windows zone names, moved and cancelled
 * occurrences.
 */
class CalDavInteropIT {
  @RegisterExtension
  static final RadicaleServer RADICALE = new RadicaleServer();

  private static final String LONG_UID = "040000008200E00074C5B7101A82E0080000000080B9E6D3C0A6DC01000000000000000"
      + "010000000D3F4E7E8E0B5C14A9E7C6B2F0A1D3C4B";

  private static DejaCollection collection(String url) {
    return CalDavCollectionIT.collection(new CalDavCollectionStore(CalDavSettings.of(url), "default",
        () -> CalDavCollectionIT.SPEC, CalDavCollectionIT.EMBEDDERS, CalDavCollectionIT.CLOCK));
  }

  private static String fold(String line) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < line.length(); i += 60) {
      b.append(i == 0 ? "" : "\r\n ").append(line, i, Math.min(line.length(), i + 60));
    }
    return b.toString();
  }

  private static String calendar(String... lines) {
    return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN\r\n"
        + String.join("\r\n", lines) + "\r\nEND:VCALENDAR\r\n";
  }

  private static Outcome check(DejaCollection events, Item item) {
    return events.check(CheckRequest.of("default", item)).outcome();
  }

  @Test
  void foldedSummaryLocationAndUidAreReadWhole() throws Exception {
    String url = RADICALE.newCalendar();
    String title = "Quarterly planning review with the Amsterdam and Rotterdam regional teams";
    assertThat(RadicaleServer.putRaw(url, "outlook.ics", calendar("BEGIN:VEVENT", fold("UID:" + LONG_UID),
        "DTSTAMP:20260101T000000Z", fold("SUMMARY:" + title),
        fold("LOCATION:Conference room 4.12\\, Herengracht 182\\, Amsterdam\\, Netherlands"),
        "DESCRIPTION:short", "DTSTART:20260302T090000Z", "DTEND:20260302T100000Z", "END:VEVENT"))).isEqualTo(201);
    DejaCollection events = collection(url);
    Verdict v = events.check(CheckRequest.of("default", Item.of("title", title, "start", "2026-03-02T09:00Z")));
    assertThat(v.outcome()).isEqualTo(Outcome.DUPLICATE);
    assertThat(v.matches()).extracting(m -> m.id()).containsExactly(LONG_UID);
    ICalendar.Parsed exported = ICalendar.read(CalendarExport.write(events, "default", CalDavCollectionIT.CLOCK),
        "out.ics", CalDavCollectionIT.SPEC.fields().keySet());
    assertThat(exported.events()).singleElement().satisfies(e -> {
      assertThat(e.uid()).contains(LONG_UID);
      assertThat(e.item().findString("location")).contains(
          "Conference room 4.12, Herengracht 182, Amsterdam, Netherlands");
    });
  }

  @Test
  void windowsZoneNamesWorkWithAndWithoutTheirVtimezone() throws Exception {
    String url = RADICALE.newCalendar();
    String vtimezone = String.join("\r\n", "BEGIN:VTIMEZONE", "TZID:W. Europe Standard Time", "BEGIN:STANDARD",
        "DTSTART:16010101T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
        "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD", "BEGIN:DAYLIGHT", "DTSTART:16010101T020000",
        "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT",
        "END:VTIMEZONE");
    assertThat(RadicaleServer.putRaw(url, "a.ics", calendar(vtimezone, "BEGIN:VEVENT", "UID:standup",
        "DTSTAMP:20260101T000000Z", "SUMMARY:Team standup", "DTSTART;TZID=W. Europe Standard Time:20260302T090000",
        "DTEND;TZID=W. Europe Standard Time:20260302T091500", "END:VEVENT"))).isEqualTo(201);
    assertThat(RadicaleServer.putRaw(url, "b.ics", calendar("BEGIN:VEVENT", "UID:retro",
        "DTSTAMP:20260101T000000Z", "SUMMARY:Sprint retro", "DTSTART;TZID=GMT Standard Time:20260303T150000",
        "END:VEVENT"))).isIn(200, 201);
    DejaCollection events = collection(url);
    // 09:00 in Berlin is 08:00 UTC in March.
    assertThat(check(events, Item.of("title", "Team standup", "start", "2026-03-02T08:00Z")))
        .isEqualTo(Outcome.DUPLICATE);
    assertThat(check(events, Item.of("title", "Sprint retro", "start", "2026-03-03T15:00", "time_zone",
        "Europe/London"))).isEqualTo(Outcome.DUPLICATE);
  }

  @Test
  void aMovedOccurrenceIsFoundAtItsNewSlotAndTheOldSlotIsFree() throws Exception {
    String url = RADICALE.newCalendar();
    assertThat(RadicaleServer.putRaw(url, "piano.ics", calendar(
        "BEGIN:VEVENT", "UID:piano", "DTSTAMP:20260101T000000Z", "SUMMARY:Piano lesson",
        "DTSTART;TZID=Europe/Berlin:20260303T170000", "DTEND;TZID=Europe/Berlin:20260303T174500",
        "RRULE:FREQ=WEEKLY;BYDAY=TU", "END:VEVENT",
        "BEGIN:VEVENT", "UID:piano", "DTSTAMP:20260101T000000Z", "RECURRENCE-ID;TZID=Europe/Berlin:20260310T170000",
        "SUMMARY:Piano lesson", "DTSTART;TZID=Europe/Berlin:20260311T180000",
        "DTEND;TZID=Europe/Berlin:20260311T184500", "END:VEVENT",
        "BEGIN:VEVENT", "UID:piano", "DTSTAMP:20260101T000000Z", "RECURRENCE-ID;TZID=Europe/Berlin:20260317T170000",
        "STATUS:CANCELLED", "SUMMARY:Piano lesson", "DTSTART;TZID=Europe/Berlin:20260317T170000", "END:VEVENT")))
        .isEqualTo(201);
    DejaCollection events = collection(url);
    Verdict moved = events.check(CheckRequest.of("default", Item.of("title", "Piano lesson", "start",
        "2026-03-11T18:00", "time_zone", "Europe/Berlin")));
    assertThat(moved.outcome()).isEqualTo(Outcome.DUPLICATE);
    assertThat(moved.matches()).extracting(m -> m.id()).containsExactly("piano~20260310T1700");
    for (String free : List.of("2026-03-10T17:00", "2026-03-17T17:00")) {
      assertThat(check(events, Item.of("title", "Piano lesson", "start", free, "time_zone", "Europe/Berlin")))
          .as(free).isEqualTo(Outcome.NEW);
    }
    assertThat(check(events, Item.of("title", "Piano lesson", "start", "2026-03-24T17:00", "time_zone",
        "Europe/Berlin"))).isEqualTo(Outcome.DUPLICATE);
  }

  @Test
  void aCancelledEventDoesNotBlockANewOne() throws Exception {
    String url = RADICALE.newCalendar();
    assertThat(RadicaleServer.putRaw(url, "lunch.ics", calendar("BEGIN:VEVENT", "UID:lunch",
        "DTSTAMP:20260101T000000Z", "SUMMARY:Team lunch", "STATUS:CANCELLED", "DTSTART:20260305T120000Z",
        "DTEND:20260305T130000Z", "END:VEVENT"))).isEqualTo(201);
    DejaCollection events = collection(url);
    assertThat(check(events, Item.of("title", "Team lunch", "start", "2026-03-05T12:00Z")))
        .isEqualTo(Outcome.NEW);
  }
}
