package dev.deja.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.item.ItemIds;
import dev.deja.core.item.UnicodeText;
import dev.deja.core.time.Temporals;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 17: values that used to become a 500 or stored data other than acknowledged — dates beyond what the engine's
 * arithmetic holds, strings without a UTF-8 form, ids longer than a store can index — are invalid input naming where
 * they were found.
 */
class Issue17Test {
  private static final char HIGH = (char) 0xD800;
  private static final char LOW = (char) 0xDFFF;

  @ParameterizedTest
  @ValueSource(strings = {"+999999999-12-31T23:59", "+10000-01-01T00:00", "-0001-12-31T23:00", "0000-01-01T00:00",
      "+999999999-12-31T23:59+01:00", "+999999999-12-31T23:59+01:00[Europe/Amsterdam]", "9999-12-31T23:00-05:00"})
  void dateTimesOutsideYearsOneToNineThousandNineHundredNinetyNineAreRefusedNamingTheField(String text) {
    assertThatThrownBy(() -> Temporals.dateTime("start", text, ZoneOffset.UTC))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("field 'start'");
  }

  @ParameterizedTest
  @ValueSource(strings = {"+999999999-12-31", "+10000-01-01", "0000-12-31"})
  void datesOutsideTheRangeAreRefused(String text) {
    assertThatThrownBy(() -> Temporals.date("end", text, ZoneOffset.UTC))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("field 'end'");
  }

  @Test
  void theEdgesOfTheRangeAreDates() {
    assertThat(Temporals.date("d", "0001-01-01", ZoneOffset.UTC)).isEqualTo(LocalDate.of(1, 1, 1));
    assertThat(Temporals.date("d", "9999-12-31", ZoneOffset.UTC)).isEqualTo(LocalDate.of(9999, 12, 31));
    assertThat(Temporals.dateTime("d", "9999-12-31T23:59", ZoneId.of("Europe/Amsterdam")).getYear()).isEqualTo(9999);
    assertThat(Temporals.dateTime("d", "0001-01-01T00:00", ZoneOffset.UTC).toInstant().toEpochMilli())
        .isEqualTo(-62_135_596_800_000L);
  }

  @ParameterizedTest
  @CsvSource({"plain,-1", "'',-1", "emoji 🎉,-1", "a HIGH,2", "LOW b,0", "x LOW HIGH y,2", "HIGH HIGH LOW,0"})
  void theFirstUnpairedSurrogateIsFound(String text, int index) {
    String s = text.replace("HIGH", String.valueOf(HIGH)).replace("LOW", String.valueOf(LOW));
    assertThat(UnicodeText.firstUnpairedSurrogate(s)).isEqualTo(index);
    assertThat(UnicodeText.isWellFormed(s)).isEqualTo(index < 0);
  }

  @Test
  void nulIsRefusedBecauseNoStoreKeepsIt() {
    assertThatThrownBy(() -> UnicodeText.require("field 'term'", "a" + (char) 0 + "b"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("field 'term': contains U+0000 (NUL) at character 1, which no store keeps");
    assertThat(UnicodeText.isWellFormed("a" + (char) 0)).isTrue();
  }

  @Test
  void everyStringOfAValueIsCheckedNamingItsPath() {
    assertThatCode(() -> UnicodeText.requireAll("f", List.of("a", Map.of("k", List.of("b", "c")))))
        .doesNotThrowAnyException();
    assertThatThrownBy(() -> UnicodeText.requireAll("field 'legal_basis'", List.of("ok", Map.of("value",
        "bad " + LOW)))).isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("field 'legal_basis'[1].value: not Unicode text: an unpaired surrogate U+DFFF at "
            + "character 4");
    assertThatThrownBy(() -> UnicodeText.requireAll("item", Map.of("na" + HIGH, 1)))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("field name");
  }

  @Test
  void idsHaveOneLimitCountedInUtf8Bytes() {
    assertThat(ItemIds.requireNew("id", "x".repeat(1024))).hasSize(1024);
    assertThatThrownBy(() -> ItemIds.requireNew("id", "x".repeat(1025))).hasMessage(
        "id: at most 1024 bytes as UTF-8, got 1025");
    // 'é' is two bytes, '中' three, an emoji four.
    assertThatThrownBy(() -> ItemIds.requireNew("id", "é".repeat(513))).hasMessageContaining("got 1026");
    assertThatThrownBy(() -> ItemIds.requireNew("id", "中".repeat(342))).hasMessageContaining("got 1026");
    assertThatThrownBy(() -> ItemIds.requireNew("id", "🎉".repeat(257))).hasMessageContaining("got 1028");
    assertThat(ItemIds.requireNew("id", "🎉".repeat(256))).isNotEmpty();
    assertThatThrownBy(() -> ItemIds.requireNew("id", "a" + (char) 0)).hasMessageContaining("U+0000");
    assertThatThrownBy(() -> ItemIds.requireNew("id", " ")).hasMessageContaining("blank");
    assertThatThrownBy(() -> ItemIds.requireNew("id", "a" + LOW)).hasMessageContaining("not Unicode text");
    assertThat(ItemIds.requireStored("after", "x".repeat(ItemIds.MAX_STORED_BYTES))).isNotEmpty();
    assertThat(ItemIds.couldExist("x".repeat(ItemIds.MAX_STORED_BYTES + 1))).isFalse();
    assertThat(ItemIds.couldExist("a" + HIGH)).isFalse();
    assertThat(ItemIds.couldExist("s~20260311T1700")).isTrue();
  }
}
