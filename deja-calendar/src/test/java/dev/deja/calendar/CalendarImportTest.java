package dev.deja.calendar;

import static dev.deja.calendar.ICalendarTest.FIELDS;
import static dev.deja.calendar.ICalendarTest.cal;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.store.MemoryCollectionStore;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class CalendarImportTest {
  private final DejaCollection events = CalendarTests.collection(new MemoryCollectionStore("family"));

  private static final String FILE = cal(
      "BEGIN:VEVENT", "UID:dentist-1", "SUMMARY:Dentist appointment", "DTSTART;TZID=Europe/Berlin:20260302T140000",
      "DTEND;TZID=Europe/Berlin:20260302T150000", "END:VEVENT",
      // The same real-world event from another calendar: other UID, 30 minutes later, same title.
      "BEGIN:VEVENT", "UID:dentist-2", "SUMMARY:Dentist appointment", "DTSTART;TZID=Europe/Berlin:20260302T143000",
      "END:VEVENT",
      "BEGIN:VEVENT", "UID:holiday", "SUMMARY:School holiday", "DTSTART;VALUE=DATE:20260406",
      "DTEND;VALUE=DATE:20260411", "END:VEVENT",
      "BEGIN:VEVENT", "UID:piano", "SUMMARY:Piano lesson", "DTSTART:20260303T160000Z", "RRULE:FREQ=WEEKLY;COUNT=8",
      "EXDATE:20260310T160000Z", "END:VEVENT",
      // One occurrence of the piano series, entered again by hand.
      "BEGIN:VEVENT", "UID:piano-once", "SUMMARY:Piano lesson", "DTSTART:20260317T160000Z", "END:VEVENT",
      // The excluded date is free: a lesson on it is new.
      "BEGIN:VEVENT", "UID:piano-extra", "SUMMARY:Piano lesson", "DTSTART:20260310T160000Z", "END:VEVENT");

  @Test
  void eachEventGoesThroughTheDuplicateCheck() {
    AtomicInteger steps = new AtomicInteger();
    CalendarImport.Report r = CalendarImport.run(events, "default", ICalendar.read(FILE, "f.ics", FIELDS), false,
        steps::incrementAndGet);
    assertThat(steps).hasValue(6);
    assertThat(r.rows()).extracting(CalendarImport.Row::kind).containsExactly(CalendarImport.Kind.CREATED,
        CalendarImport.Kind.DUPLICATE, CalendarImport.Kind.CREATED, CalendarImport.Kind.CREATED,
        CalendarImport.Kind.DUPLICATE, CalendarImport.Kind.CREATED);
    assertThat(r.rows().get(1).matches()).extracting(m -> m.id()).containsExactly("dentist-1");
    assertThat(r.rows().get(4).matches()).extracting(m -> m.id()).containsExactly("piano");
    assertThat(r.rows().get(0).id()).contains("dentist-1");
    assertThat(events.count("default")).isEqualTo(4);
    assertThat(events.get("default", "holiday").orElseThrow().item().fields()).containsEntry("end", "2026-04-10");
  }

  @Test
  void importingTheSameFileAgainCreatesNothing() {
    CalendarImport.run(events, "default", ICalendar.read(FILE, "f.ics", FIELDS), false, () -> { });
    CalendarImport.Report again = CalendarImport.run(events, "default", ICalendar.read(FILE, "f.ics", FIELDS),
        false, () -> { });
    assertThat(again.count(CalendarImport.Kind.CREATED)).isZero();
    assertThat(again.count(CalendarImport.Kind.EXISTS)).isEqualTo(4);
    assertThat(events.count("default")).isEqualTo(4);
  }

  @Test
  void forceCreatesDuplicatesAndNamesWhatTheyDuplicate() {
    CalendarImport.Report r = CalendarImport.run(events, "default", ICalendar.read(FILE, "f.ics", FIELDS), true,
        () -> { });
    assertThat(r.count(CalendarImport.Kind.CREATED)).isEqualTo(6);
    assertThat(r.rows().get(1).matches()).extracting(m -> m.id()).containsExactly("dentist-1");
  }

  @Test
  void oneBadEventMeansNothingIsWritten() {
    String bad = FILE.replace("END:VCALENDAR", "BEGIN:VEVENT\r\nUID:bad\r\nSUMMARY:Broken\r\n"
        + "DTSTART:20260303T160000Z\r\nRRULE:FREQ=WEEKLY;INTERVAL=0\r\nEND:VEVENT\r\nEND:VCALENDAR");
    assertThatThrownBy(() -> CalendarImport.run(events, "default", ICalendar.read(bad, "f.ics", FIELDS), false,
        () -> { })).isInstanceOf(InvalidInputException.class).hasMessageContaining("UID bad")
        .hasMessageContaining("rrule");
    assertThat(events.count("default")).isZero();
  }

  @Test
  void aUidTwiceInOneFileIsRejectedBeforeWriting() {
    String twice = cal("BEGIN:VEVENT", "UID:x", "SUMMARY:A", "DTSTART:20260303T160000Z", "END:VEVENT",
        "BEGIN:VEVENT", "UID:x", "SUMMARY:B", "DTSTART:20260304T160000Z", "END:VEVENT");
    assertThatThrownBy(() -> CalendarImport.run(events, "default", ICalendar.read(twice, "f.ics", FIELDS), false,
        () -> { })).isInstanceOf(InvalidInputException.class).hasMessageStartingWith("f.ics: event UID x")
        .hasMessageContaining("more than once");
    assertThat(events.count("default")).isZero();
  }

  @Test
  void aCancelledEventNeitherBlocksNorIsBlocked() {
    String file = cal("BEGIN:VEVENT", "UID:lunch-1", "SUMMARY:Team lunch", "STATUS:CANCELLED",
        "DTSTART:20260305T120000Z", "END:VEVENT",
        "BEGIN:VEVENT", "UID:lunch-2", "SUMMARY:Team lunch", "DTSTART:20260305T120000Z", "END:VEVENT",
        "BEGIN:VEVENT", "UID:lunch-3", "SUMMARY:Team lunch", "STATUS:CANCELLED", "DTSTART:20260305T121500Z",
        "END:VEVENT",
        "BEGIN:VEVENT", "UID:lunch-4", "SUMMARY:Team lunch", "DTSTART:20260305T123000Z", "END:VEVENT");
    CalendarImport.Report r = CalendarImport.run(events, "default", ICalendar.read(file, "f.ics", FIELDS), false,
        () -> { });
    assertThat(r.rows()).extracting(CalendarImport.Row::kind).containsExactly(CalendarImport.Kind.CREATED,
        CalendarImport.Kind.CREATED, CalendarImport.Kind.CREATED, CalendarImport.Kind.DUPLICATE);
    assertThat(r.rows().get(2).message()).contains("'cancelled' is never compared");
    assertThat(r.rows().get(3).matches()).extracting(m -> m.id()).containsExactly("lunch-2");
  }

  @Test
  void aMovedOccurrenceIsImportedAtItsNewTimeAndTheOldSlotIsFree() {
    String file = cal("BEGIN:VEVENT", "UID:piano", "SUMMARY:Piano lesson", "DTSTART:20260303T160000Z",
        "RRULE:FREQ=WEEKLY;COUNT=8", "END:VEVENT",
        "BEGIN:VEVENT", "UID:piano", "RECURRENCE-ID:20260310T160000Z", "SUMMARY:Piano lesson",
        "DTSTART:20260311T170000Z", "END:VEVENT");
    CalendarImport.Report r = CalendarImport.run(events, "default", ICalendar.read(file, "f.ics", FIELDS), false,
        () -> { });
    assertThat(r.rows()).extracting(CalendarImport.Row::kind).containsOnly(CalendarImport.Kind.CREATED);
    assertThat(r.rows().get(1).id()).contains("piano~20260310T1600");
    java.util.function.Function<String, dev.deja.core.engine.Outcome> check = start -> events.check(
        dev.deja.core.engine.CheckRequest.of("default", dev.deja.core.item.Item.of("title", "Piano lesson", "start",
            start))).outcome();
    assertThat(check.apply("2026-03-11T17:30Z")).isEqualTo(dev.deja.core.engine.Outcome.DUPLICATE);
    assertThat(check.apply("2026-03-10T16:00Z")).isEqualTo(dev.deja.core.engine.Outcome.NEW);
    assertThat(check.apply("2026-03-17T16:00Z")).isEqualTo(dev.deja.core.engine.Outcome.DUPLICATE);
  }

  @Test
  void exportThenImportIntoAnEmptyCollectionGivesTheSameItems() {
    CalendarImport.run(events, "default", ICalendar.read(FILE, "f.ics", FIELDS), false, () -> { });
    String out = CalendarExport.write(events, "default", CalendarTests.CLOCK);
    DejaCollection copy = CalendarTests.collection(new MemoryCollectionStore("copy"));
    CalendarImport.Report r = CalendarImport.run(copy, "default", ICalendar.read(out, "out.ics", FIELDS), false,
        () -> { });
    assertThat(r.count(CalendarImport.Kind.CREATED)).isEqualTo(4);
    for (String id : List.of("dentist-1", "holiday", "piano", "piano-extra")) {
      assertThat(copy.get("default", id).map(s -> s.item())).as(id)
          .isEqualTo(events.get("default", id).map(s -> s.item()));
    }
    assertThat(copy.get("default", "dentist-2")).isEqualTo(Optional.empty());
    assertThat(out).doesNotContain("piano~");
  }
}
