package dev.deja.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.item.Item;
import dev.deja.core.store.MemoryStoreBackend;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CatalogTest {

  @Test
  void collectionsAreCreatedFromPresetsAndComeBackFromTheirStoredDefinitions() {
    MemoryStoreBackend backend = new MemoryStoreBackend();
    Catalog c = new Catalog(backend, DejaConfig.empty(), EmbedderProvider.none(), Clock.systemUTC());
    c.create("notes", Map.of("preset", "text", "stages", Map.of("fuzzy", Map.of("similarity_threshold", 0.9))));
    c.find("notes").orElseThrow().put(PutRequest.of("t", Item.of("text", "hello")));
    assertThat(c.names()).containsExactly("notes");
    assertThat(c.definition("notes").orElseThrow()).containsEntry("name", "notes").containsKey("fields");
    Catalog again = new Catalog(backend, DejaConfig.empty(), EmbedderProvider.none(), Clock.systemUTC());
    assertThat(again.names()).containsExactly("notes");
    assertThat(again.find("notes").orElseThrow().spec().stage("fuzzy").orElseThrow().options())
        .containsEntry("similarity_threshold", 0.9);
    assertThat(again.find("notes").orElseThrow().count("t")).isEqualTo(1);
    assertThat(again.drop("notes")).isTrue();
    assertThat(again.names()).isEmpty();
    assertThat(backend.collections()).isEmpty();
  }

  @Test
  void namesAndDefinitionsAreValidated() {
    Catalog c = new Catalog(new MemoryStoreBackend(), DejaConfig.empty(), EmbedderProvider.none(), Clock.systemUTC());
    assertThatThrownBy(() -> c.create("Bad Name", Map.of("preset", "text"))).hasMessageContaining("not a valid");
    assertThatThrownBy(() -> c.create("x", Map.of("preset", "nope"))).hasMessageContaining("unknown preset");
    assertThatThrownBy(() -> c.create("x", Map.of("preset", "text", "stages", Map.of("fuzzy",
        Map.of("treshold", 1))))).hasMessageContaining("unknown key ['treshold']");
    c.create("x", Map.of("preset", "text"));
    assertThatThrownBy(() -> c.create("x", Map.of("preset", "text")))
        .isInstanceOf(Catalog.CollectionExistsException.class);
  }

  @Test
  void collectionsDeclaredInTheConfigAreCreated() {
    DejaConfig config = DejaConfig.of(Map.of("collections", Map.of("glossary-kvk", Map.of("preset", "glossary"))),
        "test");
    Catalog c = new Catalog(new MemoryStoreBackend(), config, EmbedderProvider.none(), Clock.systemUTC());
    assertThat(c.names()).containsExactly("glossary-kvk");
  }
}
