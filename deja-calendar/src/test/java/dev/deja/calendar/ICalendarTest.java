package dev.deja.calendar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import dev.deja.core.item.Item;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ICalendarTest {
  static final Set<String> FIELDS = Set.of("title", "start", "end", "all_day", "time_zone", "description", "location",
      "rrule", "exdates", "status");
  static final Clock CLOCK = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);

  static String cal(String... lines) {
    StringBuilder sb = new StringBuilder("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n");
    for (String l : lines) {
      sb.append(l).append("\r\n");
    }
    return sb.append("END:VCALENDAR\r\n").toString();
  }

  static ICalendar.Parsed read(String text) {
    return ICalendar.read(text, "test.ics", FIELDS);
  }

  @Test
  void zonedEventWithEverything() {
    ICalendar.Parsed p = read(cal("BEGIN:VEVENT", "UID:team-sync@example.com", "DTSTAMP:20260101T000000Z",
        "SUMMARY:Team\\, sync", "DESCRIPTION:Line one\\nline two", "LOCATION:Room 4", "STATUS:CONFIRMED",
        "DTSTART;TZID=Europe/Berlin:20260302T090000", "DTEND;TZID=Europe/Berlin:20260302T100000",
        "RRULE:FREQ=WEEKLY;BYDAY=MO", "EXDATE;TZID=Europe/Berlin:20260309T090000,20260316T090000",
        "EXDATE:20260323T080000Z", "END:VEVENT"));
    assertThat(p.skipped()).isEmpty();
    assertThat(p.events()).hasSize(1);
    ICalendar.Event e = p.events().get(0);
    assertThat(e.uid()).contains("team-sync@example.com");
    assertThat(e.item()).isEqualTo(new Item(Map.of("title", "Team, sync", "start", "2026-03-02T09:00",
        "end", "2026-03-02T10:00", "all_day", false, "time_zone", "Europe/Berlin", "description",
        "Line one\nline two", "location", "Room 4", "status", "CONFIRMED", "rrule", "FREQ=WEEKLY;BYDAY=MO",
        "exdates", List.of("2026-03-09T09:00", "2026-03-16T09:00", "2026-03-23T09:00"))));
  }

  @Test
  void allDayEndIsExclusiveInICalendarAndInclusiveInDeja() {
    ICalendar.Parsed p = read(cal("BEGIN:VEVENT", "UID:a", "SUMMARY:Holiday", "DTSTART;VALUE=DATE:20260302",
        "DTEND;VALUE=DATE:20260304", "END:VEVENT", "BEGIN:VEVENT", "UID:b", "SUMMARY:Birthday",
        "DTSTART;VALUE=DATE:20260310", "DTEND;VALUE=DATE:20260311", "END:VEVENT", "BEGIN:VEVENT", "UID:c",
        "SUMMARY:No end", "DTSTART;VALUE=DATE:20260312", "END:VEVENT"));
    assertThat(p.events().get(0).item()).isEqualTo(Item.of("title", "Holiday", "start", "2026-03-02", "end",
        "2026-03-03", "all_day", true));
    assertThat(p.events().get(1).item()).isEqualTo(Item.of("title", "Birthday", "start", "2026-03-10",
        "all_day", true));
    assertThat(p.events().get(2).item()).isEqualTo(Item.of("title", "No end", "start", "2026-03-12",
        "all_day", true));
    String out = ICalendar.write(List.of(Map.entry("a", p.events().get(0).item())), CLOCK);
    assertThat(out).contains("DTSTART;VALUE=DATE:20260302").contains("DTEND;VALUE=DATE:20260304");
  }

  @Test
  void utcAndFloatingAndDurationForms() {
    ICalendar.Parsed p = read(cal("BEGIN:VEVENT", "UID:u", "SUMMARY:Call", "DTSTART:20260302T080000Z",
        "DURATION:PT45M", "END:VEVENT", "BEGIN:VEVENT", "UID:f", "SUMMARY:Floating", "DTSTART:20260302T083000",
        "DTEND;TZID=UTC:20260302T093000", "END:VEVENT"));
    assertThat(p.events().get(0).item()).isEqualTo(Item.of("title", "Call", "start", "2026-03-02T08:00Z", "end",
        "2026-03-02T08:45Z", "all_day", false));
    assertThat(p.events().get(1).item().findString("start")).contains("2026-03-02T08:30");
    assertThat(p.events().get(1).item().has("time_zone")).isFalse();
  }

  @Test
  void vendorPrefixedTzidIsResolved() {
    ICalendar.Parsed p = read(cal("BEGIN:VEVENT", "UID:m", "SUMMARY:Moz",
        "DTSTART;TZID=/mozilla.org/20070129_1/Europe/Berlin:20260302T090000", "END:VEVENT"));
    assertThat(p.events().get(0).item().findString("time_zone")).contains("Europe/Berlin");
  }

  @Test
  void aChangedOccurrenceInUtcIsNamedInUtc() {
    ICalendar.Parsed p = read(cal("BEGIN:VEVENT", "UID:s", "SUMMARY:Standup", "DTSTART:20260302T090000Z",
        "RRULE:FREQ=DAILY", "END:VEVENT", "BEGIN:VEVENT", "UID:s", "SUMMARY:Standup (moved)",
        "RECURRENCE-ID:20260303T090000Z", "DTSTART:20260303T100000Z", "END:VEVENT"));
    assertThat(p.events()).hasSize(2);
    assertThat(p.events().get(0).item().fields()).containsEntry("exdates", List.of("2026-03-03T09:00Z"));
    assertThat(p.events().get(1).uid()).contains("s~20260303T0900");
    assertThat(p.events().get(1).item().findString("start")).contains("2026-03-03T10:00Z");
    assertThat(p.skipped()).isEmpty();
  }

  @Test
  void fieldsTheCollectionLacksAreLeftOut() {
    ICalendar.Parsed p = ICalendar.read(cal("BEGIN:VEVENT", "UID:x", "SUMMARY:T", "STATUS:TENTATIVE",
        "DTSTART:20260302T090000Z", "END:VEVENT"), "t.ics", Set.of("title", "start", "all_day"));
    assertThat(p.events().get(0).item().fields()).containsOnlyKeys("title", "start", "all_day");
  }

  @Test
  void roundTripKeepsEveryField() {
    // Rules are written in ical4j's canonical part order (FREQ, UNTIL/COUNT, INTERVAL, BY…): the same rule.
    List<Map.Entry<String, Item>> items = new ArrayList<>();
    items.add(Map.entry("zoned", new Item(Map.of("title", "Piano; lesson, Maya", "start", "2026-03-02T17:00",
        "end", "2026-03-02T17:45", "all_day", false, "time_zone", "America/New_York", "description",
        "Bring\nbooks", "location", "Studio", "status", "CONFIRMED", "rrule", "FREQ=WEEKLY;COUNT=10;BYDAY=MO",
        "exdates", List.of("2026-03-09T17:00")))));
    items.add(Map.entry("utc", Item.of("title", "Call", "start", "2026-03-02T08:00Z", "end", "2026-03-02T08:30Z",
        "all_day", false)));
    items.add(Map.entry("floating", Item.of("title", "Lunch", "start", "2026-03-03T12:30", "all_day", false)));
    items.add(Map.entry("allday", new Item(Map.of("title", "Camp", "start", "2026-07-01", "end", "2026-07-05",
        "all_day", true, "rrule", "FREQ=YEARLY", "exdates", List.of("2027-07-01")))));
    String text = ICalendar.write(items, CLOCK);
    assertThat(text).contains("DTSTAMP:20260101T000000Z").contains("EXDATE;VALUE=DATE:20270701")
        .contains("EXDATE;TZID=America/New_York:20260309T170000");
    ICalendar.Parsed back = read(text);
    assertThat(back.skipped()).isEmpty();
    assertThat(back.events()).extracting(e -> e.uid().orElseThrow()).containsExactly("zoned", "utc", "floating",
        "allday");
    for (int i = 0; i < items.size(); i++) {
      assertThat(back.events().get(i).item()).as(items.get(i).getKey()).isEqualTo(items.get(i).getValue());
    }
    assertThat(ICalendar.write(items, CLOCK)).as("deterministic").isEqualTo(text);
  }

  @Test
  void malformedFilesAreInvalidInputNamingTheProblem() {
    assertThatThrownBy(() -> read("this is not a calendar")).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("test.ics").hasMessageContaining("not a valid iCalendar");
    assertThatThrownBy(() -> read("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:x\r\n"))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("test.ics");
    assertThatThrownBy(() -> read(cal("BEGIN:VEVENT", "UID:n", "DTSTART:20260302T090000Z", "END:VEVENT")))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("UID n").hasMessageContaining("SUMMARY");
    assertThatThrownBy(() -> read(cal("BEGIN:VEVENT", "UID:d", "SUMMARY:x", "DTSTART:2026-03-02", "END:VEVENT")))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("line 7").hasMessageContaining("2026-03-02");
    assertThatThrownBy(() -> read(cal("BEGIN:VEVENT", "UID:z", "SUMMARY:x",
        "DTSTART;TZID=Mars/Olympus:20260302T090000", "END:VEVENT"))).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("Mars/Olympus");
    assertThatThrownBy(() -> read(cal("BEGIN:VEVENT", "UID:e", "SUMMARY:x", "DTSTART;VALUE=DATE:20260305",
        "DTEND;VALUE=DATE:20260301", "END:VEVENT"))).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("before");
    assertThatThrownBy(() -> read(cal("BEGIN:VEVENT", "UID:s", "SUMMARY:x", "END:VEVENT")))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("DTSTART is required");
  }
}
