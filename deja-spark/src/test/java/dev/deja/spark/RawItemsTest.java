package dev.deja.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.format.DejaConfig;
import dev.deja.format.Yaml;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Rows become items by deja dedupe's reading rules. */
class RawItemsTest {
  private static final CollectionSpec SPEC = DejaConfig.of(Yaml.object("""
      presets:
        t:
          preset: text
          fields:
            tags: {type: list}
            n: {type: number}
            ok: {type: boolean}
      """, "test"), "test").presetSpec("t", List.of());

  @Test
  void jsonLineWithIdAndTenant() {
    RawItems.Entry e = RawItems.read(RawItems.Kind.JSON, "{\"id\": \"a\", \"tenant\": \"t1\", \"text\": \"x\"}",
        "f:1", SPEC, null);
    assertThat(e.id()).isEqualTo("a");
    assertThat(e.tenant()).contains("t1");
    assertThat(e.item().fields()).isEqualTo(Map.of("text", "x"));
  }

  @Test
  void scenarioLines() {
    assertThat(RawItems.isItemLine("{\"id\": \"a\", \"op\": \"check\", \"record\": {\"text\": \"x\"}}")).isFalse();
    assertThat(RawItems.isItemLine("{\"id\": \"a\", \"op\": \"add\", \"record\": {\"text\": \"x\"}}")).isTrue();
    assertThat(RawItems.isItemLine("   ")).isFalse();
    RawItems.Entry e = RawItems.read(RawItems.Kind.JSON, "{\"id\": \"a\", \"record\": {\"text\": \"x\"}}", "f:1",
        SPEC, null);
    assertThat(e.item().fields()).isEqualTo(Map.of("text", "x"));
  }

  @Test
  void csvCellsTypedByTheirFields() {
    RawItems.Entry e = RawItems.read(RawItems.Kind.CSV,
        "{\"id\": \"7\", \"text\": \" x \", \"tags\": \"a; b;\", \"n\": \"2.5\", \"ok\": \"TRUE\", \"other\": \"y\"}",
        "f.csv:2", SPEC, null);
    assertThat(e.item().fields()).isEqualTo(Map.of("text", "x", "tags", List.of("a", "b"), "n", 2.5, "ok", true));
    assertThat(e.tenant()).isEqualTo(Optional.empty());
  }

  @Test
  void acrossSideReadAndDroppedWhenNoField() {
    RawItems.Entry e = RawItems.read(RawItems.Kind.JSON, "{\"id\": \"a\", \"source\": \"A\", \"text\": \"x\"}",
        "f:1", SPEC, "source");
    assertThat(e.side()).contains("A");
    assertThat(e.item().fields()).isEqualTo(Map.of("text", "x"));
    assertThatThrownBy(() -> RawItems.read(RawItems.Kind.JSON, "{\"id\": \"a\", \"text\": \"x\"}", "f:3", SPEC,
        "source")).isInstanceOf(InvalidInputException.class).hasMessage("f:3: no 'source' value (--across source)");
  }

  @Test
  void badCellsNameTheirPlace() {
    assertThatThrownBy(() -> RawItems.read(RawItems.Kind.CSV, "{\"id\": \"1\", \"n\": \"many\"}", "f.csv:4", SPEC,
        null)).isInstanceOf(InvalidInputException.class).hasMessage("f.csv:4: column 'n': 'many' is not a number");
  }
}
