package dev.deja.calendar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import dev.deja.core.recur.RecurrenceExpanders;
import java.time.DayOfWeek;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class Ical4jRecurrenceExpanderTest {
  private static final ZoneId UTC = ZoneOffset.UTC;
  private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
  private final Ical4jRecurrenceExpander x = new Ical4jRecurrenceExpander();

  private static LocalDateTime t(String s) {
    return LocalDateTime.parse(s);
  }

  @Test
  void isTheRegisteredService() {
    assertThat(RecurrenceExpanders.find()).get().isInstanceOf(Ical4jRecurrenceExpander.class);
  }

  @Test
  void weeklyByDayIncludesTheFirstStartAndEveryListedDay() {
    // 2026-03-02 is a Monday.
    List<LocalDateTime> d = x.expand("FREQ=WEEKLY;BYDAY=MO,WE", t("2026-03-02T09:00"), UTC, t("2026-03-15T23:59"), 100);
    assertThat(d).containsExactly(t("2026-03-02T09:00"), t("2026-03-04T09:00"), t("2026-03-09T09:00"),
        t("2026-03-11T09:00"));
  }

  @Test
  void rrulePrefixIsAccepted() {
    assertThat(x.expand("RRULE:FREQ=DAILY;COUNT=2", t("2026-03-02T09:00"), UTC, t("2027-01-01T00:00"), 100))
        .containsExactly(t("2026-03-02T09:00"), t("2026-03-03T09:00"));
  }

  @Test
  void intervalSkipsWeeks() {
    List<LocalDateTime> d = x.expand("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", t("2026-03-03T18:30"), UTC,
        t("2026-04-30T00:00"), 100);
    assertThat(d).containsExactly(t("2026-03-03T18:30"), t("2026-03-17T18:30"), t("2026-03-31T18:30"),
        t("2026-04-14T18:30"), t("2026-04-28T18:30"));
  }

  @Test
  void countLimitsTheSeriesIncludingTheFirst() {
    assertThat(x.expand("FREQ=WEEKLY;COUNT=3", t("2026-03-02T09:00"), UTC, t("2030-01-01T00:00"), 100))
        .containsExactly(t("2026-03-02T09:00"), t("2026-03-09T09:00"), t("2026-03-16T09:00"));
  }

  @Test
  void untilAsUtcDateTimeAndAsDateAreInclusive() {
    assertThat(x.expand("FREQ=DAILY;UNTIL=20260304T090000Z", t("2026-03-02T09:00"), UTC, t("2030-01-01T00:00"), 100))
        .containsExactly(t("2026-03-02T09:00"), t("2026-03-03T09:00"), t("2026-03-04T09:00"));
    assertThat(x.expand("FREQ=DAILY;UNTIL=20260304", t("2026-03-02T00:00"), BERLIN, t("2030-01-01T00:00"), 100))
        .containsExactly(t("2026-03-02T00:00"), t("2026-03-03T00:00"), t("2026-03-04T00:00"));
  }

  @Test
  void untilInUtcIsComparedAsAnInstantInTheSeriesZone() {
    // 09:00 Berlin (CET) is 08:00Z: an UNTIL of 08:30Z on the 4th includes the 4th, of 07:30Z does not.
    assertThat(x.expand("FREQ=DAILY;UNTIL=20260304T083000Z", t("2026-03-02T09:00"), BERLIN, t("2030-01-01T00:00"),
        100)).hasSize(3);
    assertThat(x.expand("FREQ=DAILY;UNTIL=20260304T073000Z", t("2026-03-02T09:00"), BERLIN, t("2030-01-01T00:00"),
        100)).hasSize(2);
  }

  @Test
  void monthlyByMonthDayAndByDayPosition() {
    assertThat(x.expand("FREQ=MONTHLY;BYMONTHDAY=15", t("2026-01-15T10:00"), UTC, t("2026-04-30T00:00"), 100))
        .containsExactly(t("2026-01-15T10:00"), t("2026-02-15T10:00"), t("2026-03-15T10:00"), t("2026-04-15T10:00"));
    // The first Monday of each month.
    List<LocalDateTime> firstMondays = x.expand("FREQ=MONTHLY;BYDAY=1MO", t("2026-01-05T10:00"), UTC,
        t("2026-06-30T00:00"), 100);
    assertThat(firstMondays).hasSize(6).allSatisfy(d -> {
      assertThat(d.getDayOfWeek()).isEqualTo(DayOfWeek.MONDAY);
      assertThat(d.getDayOfMonth()).isLessThanOrEqualTo(7);
    });
  }

  @Test
  void monthlyOnThe31stSkipsShortMonthsAsRfc5545Says() {
    assertThat(x.expand("FREQ=MONTHLY", t("2026-01-31T10:00"), UTC, t("2026-05-31T23:00"), 100))
        .containsExactly(t("2026-01-31T10:00"), t("2026-03-31T10:00"), t("2026-05-31T10:00"));
  }

  @Test
  void wallClockTimeStaysTheSameAcrossDaylightSavingChanges() {
    // Europe/Berlin switches to summer time on 2026-03-29 and back on 2026-10-25.
    List<LocalDateTime> d = x.expand("FREQ=WEEKLY;BYDAY=TH", t("2026-03-19T09:00"), BERLIN, t("2026-04-10T00:00"),
        100);
    assertThat(d).containsExactly(t("2026-03-19T09:00"), t("2026-03-26T09:00"), t("2026-04-02T09:00"),
        t("2026-04-09T09:00"));
    List<LocalDateTime> autumn = x.expand("FREQ=DAILY", t("2026-10-24T09:00"), BERLIN, t("2026-10-26T12:00"), 100);
    assertThat(autumn).containsExactly(t("2026-10-24T09:00"), t("2026-10-25T09:00"), t("2026-10-26T09:00"));
  }

  @Test
  void maxAndUntilBoundTheResult() {
    assertThat(x.expand("FREQ=DAILY", t("2026-03-02T09:00"), UTC, t("2030-01-01T00:00"), 5)).hasSize(5);
    assertThat(x.expand("FREQ=DAILY", t("2026-03-02T09:00"), UTC, t("2026-03-04T09:00"), 100)).hasSize(3);
    assertThat(x.expand("FREQ=DAILY", t("2026-03-02T09:00"), UTC, t("2026-03-01T09:00"), 100)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"FREQ=SOMETIMES", "BYDAY=MO", "FREQ=WEEKLY;BYDAY=XX", "FREQ=WEEKLY;COUNT=many",
      "FREQ=DAILY;UNTIL=20261399", "not a rule", "FREQ=WEEKLY;INTERVAL=-2"})
  void invalidRulesAreInvalidInput(String rule) {
    assertThatThrownBy(() -> x.expand(rule, t("2026-03-02T09:00"), UTC, t("2027-01-01T00:00"), 10))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("rrule");
  }

  @Test
  void blankRuleIsInvalidInput() {
    assertThatThrownBy(() -> x.expand(" ", t("2026-03-02T09:00"), UTC, t("2027-01-01T00:00"), 10))
        .isInstanceOf(InvalidInputException.class);
  }
}
