package dev.deja.core.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.DateTimeException;
import java.time.Instant;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StoredItemMapsTest {

  @Test
  void instantsRoundTripLikeInstantParse() {
    SplittableRandom r = new SplittableRandom(7);
    long max = Instant.parse("9999-12-31T23:59:59Z").getEpochSecond();
    for (int i = 0; i < 100_000; i++) {
      long seconds = r.nextLong(-max, max);
      int nanos = switch (r.nextInt(4)) {
        case 0 -> 0;
        case 1 -> r.nextInt(1000) * 1_000_000;
        case 2 -> r.nextInt(1_000_000) * 1000;
        default -> r.nextInt(1_000_000_000);
      };
      Instant expected = Instant.ofEpochSecond(seconds, nanos);
      assertThat(StoredItemMaps.instant(expected.toString())).isEqualTo(expected);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"2026-03-02T14:00:00Z", "2026-03-02T14:00:00.5Z", "2026-03-02T14:00:00.123456789Z",
      "1970-01-01T00:00:00Z", "2024-02-29T23:59:59.999Z", "+10000-01-01T00:00:00Z", "-0001-01-01T00:00:00Z",
      "2026-06-30T23:59:60Z", "2026-03-02T24:00:00Z", "2026-03-02T14:00:00.Z"})
  void agreesWithInstantParse(String text) {
    assertThat(StoredItemMaps.instant(text)).isEqualTo(Instant.parse(text));
  }

  @ParameterizedTest
  @ValueSource(strings = {"2026-02-30T10:00:00Z", "2026-13-01T10:00:00Z", "2026-03-02T14:00:00", "2026-03-02 14:00:00Z", "2026-0x-02T14:00:00Z", ""})
  void rejectsWhatInstantParseRejects(String text) {
    assertThatThrownBy(() -> StoredItemMaps.instant(text)).isInstanceOf(DateTimeException.class);
  }
}
