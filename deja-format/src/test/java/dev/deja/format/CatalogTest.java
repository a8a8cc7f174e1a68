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

  @Test
  void aDefinitionThatCanNeverMatchIsRefusedOnCreation() {
    Catalog c = new Catalog(new MemoryStoreBackend(), DejaConfig.empty(), EmbedderProvider.none(), Clock.systemUTC());
    assertThatThrownBy(() -> c.create("notes", Map.of("preset", "text", "stages", Map.of("exact",
        Map.of("enabled", false), "fuzzy", Map.of("lexical", "none")))))
        .isInstanceOf(dev.deja.core.InvalidInputException.class)
        .hasMessageStartingWith("stages.fuzzy: this fuzzy stage can never match");
    assertThat(c.names()).isEmpty();
  }

  @Test
  void aStoredDefinitionThatIsNowRefusedLeavesTheOtherCollectionsUsableAndCanBeDropped() {
    MemoryStoreBackend backend = new MemoryStoreBackend();
    Catalog first = new Catalog(backend, DejaConfig.empty(), EmbedderProvider.none(), Clock.systemUTC());
    first.create("good", Map.of("preset", "text"));
    // As an earlier version stored it, before such a definition was refused.
    backend.define("never", Json.write(Map.of("format", 1, "request", Map.of(), "resolved", Map.of("name", "never",
        "fields", Map.of("text", Map.of("type", "text")), "stages", Map.of("fuzzy", Map.of("type", "fuzzy",
            "lexical", "none"))))));
    Catalog c = new Catalog(backend, DejaConfig.empty(), EmbedderProvider.none(), Clock.systemUTC());
    assertThat(c.names()).containsExactly("good");
    assertThat(c.find("good")).isPresent();
    assertThatThrownBy(() -> c.find("never")).isInstanceOf(dev.deja.core.InvalidInputException.class)
        .hasMessageStartingWith("collection 'never' is stored with a definition that is refused: stages.fuzzy: this "
            + "fuzzy stage can never match")
        .hasMessageEndingWith("; drop the collection and create it again");
    assertThatThrownBy(() -> c.create("never", Map.of("preset", "text"))).hasMessageStartingWith("collection 'never'");
    assertThat(c.drop("never")).isTrue();
    assertThat(backend.collections()).containsExactly("good");
    c.create("never", Map.of("preset", "text"));
    assertThat(c.names()).containsExactly("good", "never");
  }
}
