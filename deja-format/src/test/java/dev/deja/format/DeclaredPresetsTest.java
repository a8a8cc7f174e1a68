package dev.deja.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.engine.Verdict;
import dev.deja.core.item.Item;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.store.MemoryStoreBackend;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 20, point 2: a preset or collection a {@code deja.yaml} declares is one definition that every command (through
 * {@link DejaConfig#presetSpec}) and the server (through {@link Catalog}) use, and {@code null} removes a key.
 */
class DeclaredPresetsTest {

  private static final String YAML = """
      presets:
        products:                     # a new preset, based on a built-in one
          preset: text
          fields: {text: null, name: {type: text, required: true}}
          stages:
            exact: {fields: [name]}
            fuzzy: {field: name, similarity_threshold: 0.8}
        gadgets:                      # based on a declared preset
          preset: products
          stages: {fuzzy: {similarity_threshold: 0.9}}
      collections:
        catalogue:
          preset: text
          fields: {text: null, title: text}
          stages: {exact: {fields: [title]}, fuzzy: {field: title}}
      """;

  private static DejaConfig config() {
    return DejaConfig.of(Yaml.object(YAML, "deja.yaml"), "deja.yaml");
  }

  @Test
  void aDeclaredPresetIsAPresetLikeTheBuiltInOnes() {
    CollectionSpec products = config().presetSpec("products", List.of());
    assertThat(products.name()).isEqualTo("products");
    assertThat(products.fields()).containsOnlyKeys("name");
    assertThat(products.stage("fuzzy").orElseThrow().options()).containsEntry("field", "name")
        .containsEntry("similarity_threshold", 0.8).containsEntry("measure", "sequence");
    CollectionSpec gadgets = config().presetSpec("gadgets", List.of("stages.exact.enabled=false"));
    assertThat(gadgets.fields()).containsOnlyKeys("name");
    assertThat(gadgets.stage("fuzzy").orElseThrow().options()).containsEntry("similarity_threshold", 0.9);
    assertThat(gadgets.stage("exact").orElseThrow().enabled()).isFalse();
  }

  @Test
  void aDeclaredCollectionIsUsableAsAPreset() {
    CollectionSpec catalogue = config().presetSpec("catalogue", List.of());
    assertThat(catalogue.name()).isEqualTo("catalogue");
    assertThat(catalogue.fields()).containsOnlyKeys("title");
    assertThat(config().presetNames()).containsExactly("calendar", "memory", "glossary", "text", "products",
        "gadgets", "catalogue");
  }

  @Test
  void nullRemovesAKeyFromTheTreeItself() {
    assertThat(config().presetTree("products").get("fields")).isEqualTo(Map.of("name",
        Map.of("type", "text", "required", true)));
    Object stages = DejaConfig.applySettings(config().presetTree("text"), List.of("stages.fuzzy=null")).get("stages");
    assertThat(List.copyOf(((Map<?, ?>) stages).keySet())).isEqualTo(List.of("exact"));
  }

  @Test
  void theServerCreatesCollectionsFromDeclaredPresets() {
    Catalog c = new Catalog(new MemoryStoreBackend(), config(), EmbedderProvider.none(), Clock.systemUTC());
    assertThat(c.names()).containsExactly("catalogue");
    c.create("shop", Map.of("preset", "products"));
    c.find("shop").orElseThrow().put(PutRequest.of("t", Item.of("name", "USB-C charger 65W")));
    Verdict v = c.find("shop").orElseThrow().check(CheckRequest.of("t", Item.of("name", "usb-c charger 65 W")));
    assertThat(v.outcome()).isEqualTo(dev.deja.core.engine.Outcome.DUPLICATE);
    assertThat(c.find("shop").orElseThrow().spec().fields()).containsOnlyKeys("name");
  }

  @Test
  void mistakesNameTheKeyAndTheKnownPresets() {
    assertThatThrownBy(() -> config().presetSpec("product", List.of())).isInstanceOf(InvalidInputException.class)
        .hasMessage("unknown preset 'product'; presets: calendar, memory, glossary, text, products, gadgets; "
            + "collections of deja.yaml: catalogue");
    assertThatThrownBy(() -> DejaConfig.empty().presetSpec("products", List.of()))
        .hasMessageContaining("(a preset or collection of a deja.yaml is found with --config FILE)");
    assertThatThrownBy(() -> DejaConfig.of(Yaml.object("presets: {calender: {time_window: {time_window_hours: 3}}}",
        "x"), "x.yaml")).hasMessageStartingWith("x.yaml: presets.calender: unknown preset; built-in presets: "
        + "calendar, memory, glossary, text");
    assertThatThrownBy(() -> DejaConfig.of(Yaml.object("presets: {a: {preset: b}, b: {preset: a}}", "x"), "x.yaml"))
        .hasMessageContaining("a preset is based on itself: a → b → a");
    assertThatThrownBy(() -> DejaConfig.of(Yaml.object("presets: {a: {preset: nope}}", "x"), "x.yaml"))
        .hasMessageContaining("presets.a.preset: unknown preset 'nope'");
    assertThatThrownBy(() -> DejaConfig.of(Yaml.object("presets: {text: {preset: memory}}", "x"), "x.yaml"))
        .hasMessageContaining("presets.text.preset: 'text' is a built-in preset");
  }
}
