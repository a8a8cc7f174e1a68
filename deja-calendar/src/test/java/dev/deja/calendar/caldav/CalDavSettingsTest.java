package dev.deja.calendar.caldav;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import dev.deja.core.index.TimeFilter;
import dev.deja.format.DejaConfig;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CalDavSettingsTest {
  private static final Map<String, String> ENV = Map.of("CAL_PW", "s3cret");

  private static CalDavSettings read(Map<String, Object> entry) {
    return CalDavSettings.from(entry, "caldav.family", "the family", ENV::get);
  }

  @Test
  void readsEveryKeyAndFillsInTheTenant() {
    CalDavSettings s = read(Map.of("url", "http://127.0.0.1:5232/{tenant}/family", "user", "deja", "password_env",
        "CAL_PW", "timeout_ms", 1500, "fail_open", true));
    assertThat(s.url().toString()).isEqualTo("http://127.0.0.1:5232/the%20family/family/");
    assertThat(s.user()).contains("deja");
    assertThat(s.password()).contains("s3cret");
    assertThat(s.timeout()).isEqualTo(Duration.ofMillis(1500));
    assertThat(s.failOpen()).isTrue();
    assertThat(s.toString()).doesNotContain("s3cret").contains("(set)");
  }

  @Test
  void defaultsAreFiveSecondsAndFailClosed() {
    CalDavSettings s = read(Map.of("url", "https://cal.example.org/dav/family/"));
    assertThat(s.timeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(s.failOpen()).isFalse();
    assertThat(s.user()).isEmpty();
  }

  @Test
  void badEntriesNameTheKey() {
    assertThatThrownBy(() -> read(Map.of())).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("caldav.family.url: required");
    assertThatThrownBy(() -> read(Map.of("url", "ftp://x/y/"))).hasMessageContaining("http:// or https://");
    assertThatThrownBy(() -> read(Map.of("url", "http://x/y/", "passwd", "x")))
        .hasMessageContaining("caldav.family.passwd: unknown key");
    assertThatThrownBy(() -> read(Map.of("url", "http://x/y/", "user", "u", "password_env", "NOPE")))
        .hasMessageContaining("NOPE is not set");
    assertThatThrownBy(() -> read(Map.of("url", "http://x/y/", "password", "p")))
        .hasMessageContaining("a password needs a user");
    assertThatThrownBy(() -> read(Map.of("url", "http://x/y/", "timeout_ms", 0))).hasMessageContaining("timeout_ms");
    assertThatThrownBy(() -> read(Map.of("url", "http://x/y/", "fail_open", "yes")))
        .hasMessageContaining("fail_open: must be true or false");
    assertThatThrownBy(() -> CalDavSettings.from("http://x/", "caldav.family", "t", ENV::get))
        .hasMessageContaining("must be a mapping");
  }

  @Test
  void theCollectionMustBeDeclared() {
    DejaConfig declared = DejaConfig.of(Map.of("collections", Map.of("family", Map.of("preset", "calendar")),
        "caldav", Map.of("family", Map.of("url", "http://127.0.0.1:5232/{tenant}/family/"))), "deja.yaml");
    assertThat(CalDavStores.settings(declared, "t1", ENV::get)).containsOnlyKeys("family");
    DejaConfig undeclared = DejaConfig.of(Map.of("caldav", Map.of("work", Map.of("url", "http://x/y/"))),
        "deja.yaml");
    assertThatThrownBy(() -> CalDavStores.settings(undeclared, "t1", ENV::get))
        .hasMessageContaining("deja.yaml: caldav.work: no collection 'work' is declared");
  }

  @Test
  void queryRangesCoverEveryClauseAndWidenLocalDates() {
    long t0 = Instant.parse("2026-03-02T12:00:00Z").toEpochMilli();
    Optional<Instant[]> timed = CalDavCollectionStore.range(List.of(new TimeFilter(
        TimeFilter.Kind.TIMED_START_BETWEEN, t0 - 7_200_000, t0 + 7_200_000)));
    assertThat(timed.orElseThrow()).containsExactly(Instant.parse("2026-03-02T10:00:00Z"),
        Instant.parse("2026-03-02T14:00:00.001Z"));
    long day = java.time.LocalDate.parse("2026-07-06").toEpochDay();
    Optional<Instant[]> allDay = CalDavCollectionStore.range(List.of(new TimeFilter(
        TimeFilter.Kind.ALL_DAY_SAME_DATES, day, day + 4)));
    assertThat(allDay.orElseThrow()).containsExactly(Instant.parse("2026-07-05T10:00:00Z"),
        Instant.parse("2026-07-11T14:00:00Z"));
    assertThat(CalDavCollectionStore.range(List.of())).isEmpty();
    assertThat(CalDavCollectionStore.range(List.of(new TimeFilter(TimeFilter.Kind.TIMED_START_BETWEEN,
        Long.MIN_VALUE / 4, Long.MAX_VALUE / 4)))).as("a search without a range reads everything").isEmpty();
  }
}
