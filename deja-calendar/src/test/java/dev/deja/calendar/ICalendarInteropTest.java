package dev.deja.calendar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import dev.deja.core.item.Item;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import net.fortuna.ical4j.data.CalendarBuilder;
import net.fortuna.ical4j.model.Calendar;
import net.fortuna.ical4j.validate.ValidationResult;
import org.junit.jupiter.api.Test;

/**
 * Files in the shapes Google, Outlook/Exchange and Apple write: folded lines (CRLF, LF, a fold inside a UTF-8
 * character), Windows zone names, moved and cancelled occurrences; and an export that other software can read.
 */
class ICalendarInteropTest {
  private static final String LONG_UID = "040000008200E00074C5B7101A82E0080000000080B9E6D3C0A6DC01000000000000000"
      + "010000000D3F4E7E8E0B5C14A9E7C6B2F0A1D3C4B";

  private static ICalendar.Parsed read(String text) {
    return ICalendarTest.read(text);
  }

  /** A line folded RFC 5545 style at {@code at} characters, with the given line break. */
  private static String folded(String line, int at, String lineBreak) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < line.length(); i += at) {
      b.append(i == 0 ? "" : lineBreak + " ").append(line, i, Math.min(line.length(), i + at));
    }
    return b.toString();
  }

  private static String outlookEvent(String lineBreak) {
    String summary = "SUMMARY:Quarterly planning review with the Amsterdam and Rotterdam regional teams";
    String location = "LOCATION:Conference room 4.12\\, Herengracht 182\\, Amsterdam\\, Netherlands";
    List<String> lines = List.of("BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Microsoft Corporation//Outlook 16.0 "
        + "MIMEDIR//EN", "BEGIN:VEVENT", folded("UID:" + LONG_UID, 74, lineBreak), folded(summary, 74, lineBreak),
        folded(location, 74, lineBreak), "DTSTART:20260302T090000Z", "DTEND:20260302T100000Z", "END:VEVENT",
        "END:VCALENDAR");
    return String.join(lineBreak, lines) + lineBreak;
  }

  @Test
  void foldedLinesAreUnfoldedWithCrlfAndWithLfOnly() {
    for (String lineBreak : List.of("\r\n", "\n")) {
      ICalendar.Parsed p = read(outlookEvent(lineBreak));
      assertThat(p.events()).hasSize(1);
      ICalendar.Event e = p.events().get(0);
      assertThat(e.uid()).contains(LONG_UID);
      assertThat(e.item().findString("title")).contains(
          "Quarterly planning review with the Amsterdam and Rotterdam regional teams");
      assertThat(e.item().findString("location")).contains(
          "Conference room 4.12, Herengracht 182, Amsterdam, Netherlands");
    }
  }

  @Test
  void aFoldInsideAUtf8CharacterIsRestored() {
    String line = "SUMMARY:Café Noël – réunion";
    byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
    // Fold between the two bytes of "é" in "Café".
    int split = "SUMMARY:Caf".getBytes(StandardCharsets.UTF_8).length + 1;
    String head = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//EN\r\nBEGIN:VEVENT\r\nUID:u1\r\n"
        + "DTSTART:20260302T090000Z\r\n";
    String tail = "\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
    byte[] h = head.getBytes(StandardCharsets.UTF_8);
    byte[] t = tail.getBytes(StandardCharsets.UTF_8);
    byte[] all = new byte[h.length + bytes.length + 3 + t.length];
    System.arraycopy(h, 0, all, 0, h.length);
    System.arraycopy(bytes, 0, all, h.length, split);
    all[h.length + split] = '\r';
    all[h.length + split + 1] = '\n';
    all[h.length + split + 2] = ' ';
    System.arraycopy(bytes, split, all, h.length + split + 3, bytes.length - split);
    System.arraycopy(t, 0, all, h.length + bytes.length + 3, t.length);
    String text = ICalendar.decode(all, "apple.ics");
    assertThat(read(text).events().get(0).item().findString("title")).contains("Café Noël – réunion");
    assertThatThrownBy(() -> ICalendar.decode(new byte[] {'A', (byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
        "bad.ics")).isInstanceOf(InvalidInputException.class).hasMessage(
        "bad.ics: not UTF-8 text (iCalendar files are UTF-8)");
  }

  @Test
  void windowsZoneNamesResolveThroughCldr() {
    String vtimezone = String.join("\r\n", "BEGIN:VTIMEZONE", "TZID:W. Europe Standard Time", "BEGIN:STANDARD",
        "DTSTART:16010101T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
        "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD", "BEGIN:DAYLIGHT", "DTSTART:16010101T020000",
        "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT",
        "END:VTIMEZONE");
    for (boolean withDefinition : List.of(true, false)) {
      ICalendar.Parsed p = read(ICalendarTest.cal((withDefinition ? vtimezone + "\r\n" : "") + "BEGIN:VEVENT",
          "UID:x", "SUMMARY:Standup", "DTSTART;TZID=W. Europe Standard Time:20260302T090000",
          "DTEND;TZID=W. Europe Standard Time:20260302T091500", "END:VEVENT"));
      assertThat(p.events().get(0).item().fields()).containsEntry("time_zone", "Europe/Berlin")
          .containsEntry("start", "2026-03-02T09:00");
    }
    assertThatThrownBy(() -> read(ICalendarTest.cal("BEGIN:VEVENT", "UID:x", "SUMMARY:Standup",
        "DTSTART;TZID=Customized Time Zone:20260302T090000", "END:VEVENT")))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("unknown time zone TZID 'Customized Time "
            + "Zone'");
  }

  @Test
  void aMovedOccurrenceLeavesTheSeriesAndBecomesAnEventOfItsOwn() {
    ICalendar.Parsed p = read(ICalendarTest.cal("BEGIN:VEVENT", "UID:piano", "SUMMARY:Piano lesson",
        "DTSTART;TZID=Europe/Berlin:20260303T170000", "DTEND;TZID=Europe/Berlin:20260303T174500",
        "RRULE:FREQ=WEEKLY;BYDAY=TU", "END:VEVENT",
        "BEGIN:VEVENT", "UID:piano", "RECURRENCE-ID;TZID=Europe/Berlin:20260310T170000", "SUMMARY:Piano lesson",
        "DTSTART;TZID=Europe/Berlin:20260311T180000", "DTEND;TZID=Europe/Berlin:20260311T184500", "END:VEVENT",
        "BEGIN:VEVENT", "UID:piano", "RECURRENCE-ID;TZID=Europe/Berlin:20260317T170000", "STATUS:CANCELLED",
        "SUMMARY:Piano lesson", "DTSTART;TZID=Europe/Berlin:20260317T170000", "END:VEVENT"));
    assertThat(p.events()).hasSize(2);
    assertThat(p.events().get(0).item().fields()).containsEntry("exdates",
        List.of("2026-03-10T17:00", "2026-03-17T17:00"));
    assertThat(p.events().get(1).uid()).contains("piano~20260310T1700");
    assertThat(p.events().get(1).item().fields()).containsEntry("start", "2026-03-11T18:00")
        .doesNotContainKey("rrule");
    assertThat(p.skipped()).singleElement().asString().contains("cancelled");
    assertThatThrownBy(() -> read(ICalendarTest.cal("BEGIN:VEVENT", "UID:orphan",
        "RECURRENCE-ID:20260310T170000Z", "SUMMARY:x", "DTSTART:20260311T170000Z", "END:VEVENT")))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("no VEVENT with UID orphan");
  }

  @Test
  void parserErrorsSayWhereInWords() {
    assertThatThrownBy(() -> read("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nSUMMARY\r\nEND:VEVENT\r\n"
        + "END:VCALENDAR\r\n")).isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("test.ics: not a valid iCalendar file: line ")
        .hasMessageNotContaining("Error at line").hasMessageNotContaining("[10]");
  }

  @Test
  void theExportIsValidRfc5545FoldedAndReadsBackTheSame() throws Exception {
    List<Map.Entry<String, Item>> events = List.of(
        Map.entry(LONG_UID, Item.of("title", "Quarterly planning review with the Amsterdam and Rotterdam regional "
            + "teams – Café Noël", "start", "2026-03-02T09:00", "end", "2026-03-02T10:00", "time_zone",
            "Europe/Berlin", "all_day", false, "location", "Conference room 4.12, Herengracht 182, Amsterdam")),
        Map.entry("ny", Item.of("title", "Call with New York", "start", "2026-03-03T15:00", "time_zone",
            "America/New_York", "all_day", false)),
        Map.entry("piano", Item.of("title", "Piano lesson", "start", "2026-03-03T17:00", "time_zone",
            "Europe/Berlin", "all_day", false, "rrule", "FREQ=WEEKLY;BYDAY=TU", "exdates",
            List.of("2026-03-10T17:00"))));
    String ics = ICalendar.write(events, ICalendarTest.CLOCK);
    for (String line : ics.split("\r\n")) {
      assertThat(line.getBytes(StandardCharsets.UTF_8).length).as(line).isLessThanOrEqualTo(75);
    }
    assertThat(ics).contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n")
        .contains("BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n");
    assertThat(ics.split("BEGIN:VTIMEZONE", -1)).as("one VTIMEZONE per zone").hasSize(3);
    Calendar parsed = new CalendarBuilder().build(new StringReader(ics));
    ValidationResult v = parsed.validate();
    assertThat(v.hasErrors()).as(v.toString()).isFalse();
    ICalendar.Parsed back = read(ics);
    assertThat(back.events()).extracting(e -> Map.entry(e.uid().orElseThrow(), e.item()))
        .containsExactlyElementsOf(events);
  }
}
