package dev.deja.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import dev.deja.core.embed.Embedder;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.embed.RemoteEmbedderSpec;
import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.Outcome;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.engine.Verdict;
import dev.deja.core.item.Item;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.store.MemoryCollectionStore;
import dev.deja.format.DejaConfig;
import dev.deja.format.Yaml;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** A deja.yaml's {@code embedders:} section, served by {@link Embedders#provider}, drives a semantic stage. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ConfiguredEmbeddersIT {
  private FakeEmbeddingServer server;
  private DejaConfig config;

  @BeforeAll
  void start() throws IOException {
    server = new FakeEmbeddingServer(384);
    String yaml = """
        embedders:
          cloud:
            type: openai
            base_url: "%s"
            model: fake-model
            dimension: 384
            api_key_env: DEJA_TEST_KEY
            timeout_ms: 2000
            retries: 1
            batch_size: 16
        collections:
          notes:
            preset: memory
            stages:
              semantic: {enabled: true, model: cloud, similarity_threshold: 0.6}
              combined: {enabled: false}
        """.formatted(server.baseUrl());
    config = DejaConfig.of(Yaml.object(yaml, "deja.yaml"), "deja.yaml");
  }

  @AfterAll
  void stop() {
    server.close();
  }

  @Test
  void aSpecUsesTheRemoteEmbedderByName() {
    assertThat(server.requests()).as("reading the configuration connects to nothing").isEmpty();
    CollectionSpec spec = config.collections().get("notes");
    EmbedderProvider embedders = Embedders.provider(config.embedders(), Map.of("DEJA_TEST_KEY", "k-1")::get);
    DejaCollection c = DejaCollection.builder(spec).store(new MemoryCollectionStore("notes"))
        .embedders(embedders).build();
    c.put(PutRequest.of("t", Item.of("text", "The user prefers dark mode in the editor")));
    Verdict v = c.check(CheckRequest.of("t", Item.of("text", "user prefers dark mode in editor")));
    assertThat(v.outcome()).as(v.explanation().render()).isEqualTo(Outcome.DUPLICATE);
    assertThat(v.matches().get(0).stage()).isEqualTo("semantic");
    assertThat(server.requests()).isNotEmpty().allSatisfy(r -> {
      assertThat(r.authorization()).contains("Bearer k-1");
      assertThat(r.model()).isEqualTo("fake-model");
    });
  }

  @Test
  void theProviderServesRemoteNamesThenShippedModels() {
    EmbedderProvider embedders = Embedders.provider(config.embedders(), name -> null);
    Embedder cloud = embedders.find("cloud").orElseThrow();
    assertThat(cloud.model()).isEqualTo("cloud:fake-model");
    assertThat(cloud).isSameAs(embedders.find("cloud").orElseThrow());
    assertThat(cloud).as("cached by default").isInstanceOf(CachingEmbedder.class);
    assertThat(embedders.find("all-minilm-l6-v2")).isPresent();
    assertThat(embedders.find("no-such-model")).isEmpty();
  }

  @Test
  void aRemoteEmbedderMayNotTakeAShippedModelsName() {
    RemoteEmbedderSpec clash = RemoteEmbedderSpec.of("all-minilm-l6-v2", server.baseUrl(), "m", 384);
    assertThatThrownBy(() -> Embedders.provider(Map.of("all-minilm-l6-v2", clash)))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("embedders.all-minilm-l6-v2")
        .hasMessageContaining("shipped in-process model");
  }

  @Test
  void aSpecNamingAnUnknownEmbedderIsRejected() {
    // A stage that runs must have its model; a switched-off one (the memory preset's semantic stage as shipped) is
    // checked for its options only, so that a preset's alternative does not make its model a requirement.
    String yaml = """
        collections:
          notes:
            preset: memory
            stages:
              semantic: {enabled: true, model: clouds}
        """;
    DejaConfig bad = DejaConfig.of(Yaml.object(yaml, "deja.yaml"), "deja.yaml");
    assertThatThrownBy(bad::collections).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("collections.notes").hasMessageContaining("no embedder for model 'clouds'");
  }
}
