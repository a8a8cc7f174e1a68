package dev.deja.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The rules deja dedupe and the Spark job share about a batch file's rows. */
class BatchRowsTest {

  @Test
  void aHeaderNeedsTheRequiredFieldsAndAtLeastOneField() {
    var calendar = Presets.spec("calendar");
    BatchRows.checkHeader("f.csv", List.of("id", "title", "start"), calendar);
    assertThatThrownBy(() -> BatchRows.checkHeader("f.csv", List.of("id", "title"), calendar))
        .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("f.csv:1: no column 'start'");
    var text = Presets.spec("text");
    assertThatThrownBy(() -> BatchRows.checkHeader("f.csv", List.of("id", "other"), text))
        .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("f.csv:1: no column 'text'");
    // Only optional fields: a header naming none of them is still refused.
    var optional = dev.deja.core.spec.SpecReader.read(java.util.Map.of("name", "opt", "fields",
        java.util.Map.of("name", java.util.Map.of("type", "text"))), "opt");
    assertThatThrownBy(() -> BatchRows.checkHeader("f.csv", List.of("id", "other"), optional))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("no column is a field of 'opt'");
  }

  @Test
  void cellsAndIdsAreReadOneWay() {
    assertThat(BatchRows.cell(null)).isEmpty();
    assertThat(BatchRows.cell("  ")).isEmpty();
    assertThat(BatchRows.cell(" a7 ")).contains("a7");
    assertThat(BatchRows.optionalString(null, "x")).isEmpty();
    assertThat(BatchRows.optionalString("a7", "x")).isEqualTo(Optional.of("a7"));
    assertThatThrownBy(() -> BatchRows.optionalString(7, "f:3: 'id'")).isInstanceOf(InvalidInputException.class)
        .hasMessage("f:3: 'id' must be a non-blank string");
  }

  @Test
  void aLinkShowsItsScoreToFourDecimals() {
    assertThat(BatchRows.linkJson("a", "b", 0.123456, "record", "why")).containsExactly(
        java.util.Map.entry("a", "a"), java.util.Map.entry("b", "b"), java.util.Map.entry("score", 0.1235),
        java.util.Map.entry("stage", "record"), java.util.Map.entry("reason", "why"));
  }
}
