package dev.deja.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import dev.deja.core.embed.RemoteEmbedderSpec;
import dev.deja.core.spec.CollectionSpec;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The {@code embedders:} section of a deja.yaml: every key, its default, and errors that name the path. */
class DejaConfigEmbeddersTest {

  private static DejaConfig config(String yaml) {
    return DejaConfig.of(Yaml.object(yaml, "deja.yaml"), "deja.yaml");
  }

  @Test
  void everyKeyIsRead() {
    DejaConfig c = config("""
        embedders:
          cloud:
            type: openai
            base_url: "https://api.example.com/v1/"
            model: text-embedding-3-small
            dimension: 1536
            api_key_env: OPENAI_API_KEY
            timeout_ms: 2000
            connect_timeout_ms: 500
            retries: 3
            backoff_ms: 50
            batch_size: 32
            cache_size: 0
        """);
    RemoteEmbedderSpec s = c.embedders().get("cloud");
    assertThat(s).isEqualTo(new RemoteEmbedderSpec("cloud", "openai", URI.create("https://api.example.com/v1/"),
        "text-embedding-3-small", 1536, Optional.of("OPENAI_API_KEY"), Duration.ofMillis(2000),
        Duration.ofMillis(500), 3, Duration.ofMillis(50), 32, 0));
    assertThat(s.endpoint()).isEqualTo(URI.create("https://api.example.com/v1/embeddings"));
  }

  @Test
  void defaults() {
    RemoteEmbedderSpec s = config("""
        embedders:
          local: {type: openai, base_url: "http://localhost:11434/v1", model: nomic-embed-text, dimension: 768}
        """).embedders().get("local");
    assertThat(s.apiKeyEnv()).isEmpty();
    assertThat(s.timeout()).isEqualTo(Duration.ofSeconds(10));
    assertThat(s.connectTimeout()).isEqualTo(Duration.ofSeconds(10));
    assertThat(s.retries()).isEqualTo(2);
    assertThat(s.backoff()).isEqualTo(Duration.ofMillis(200));
    assertThat(s.batchSize()).isEqualTo(64);
    assertThat(s.cacheSize()).isEqualTo(10_000);
    assertThat(config("presets: {}").embedders()).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      {type: openai, model: m, dimension: 8}                                    | embedders.cloud.base_url: is required
      {type: openai, base_url: "ftp://x", model: m, dimension: 8}                | base_url must be an http or https address
      {type: openai, base_url: "http://x y", model: m, dimension: 8}             | embedders.cloud.base_url: not an address
      {base_url: "http://x", model: m, dimension: 8}                             | embedders.cloud.type: is required
      {type: cohere, base_url: "http://x", model: m, dimension: 8}               | embedders.cloud.type: must be one of openai
      {type: openai, base_url: "http://x", dimension: 8}                         | embedders.cloud.model: is required
      {type: openai, base_url: "http://x", model: m}                             | embedders.cloud.dimension: is required
      {type: openai, base_url: "http://x", model: m, dimension: 0}               | embedders.cloud.dimension: must be a number in [1, 65536]
      {type: openai, base_url: "http://x", model: m, dimension: 8, retries: -1}  | embedders.cloud.retries: must be a number in [0, 10]
      {type: openai, base_url: "http://x", model: m, dimension: 8, batch_size: 0} | embedders.cloud.batch_size: must be a number in [1, 2048]
      {type: openai, base_url: "http://x", model: m, dimension: 8, timeout: 5}   | embedders.cloud: unknown key ['timeout']
      {type: openai, base_url: "http://x", model: m, dimension: 8, api_key_env: sk-abc123} | not the key itself
      """)
  void mistakesNameTheKey(String entry, String message) {
    assertThatThrownBy(() -> config("embedders:\n  cloud: " + entry)).isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("deja.yaml: ").hasMessageContaining(message).hasMessageNotContaining("sk-abc123");
  }

  @Test
  void theSectionMustBeAMapping() {
    assertThatThrownBy(() -> config("embedders: [cloud]")).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("'embedders' must be a mapping");
  }

  @Test
  void aSpecMayNameAConfiguredEmbedderWithoutConnecting() {
    DejaConfig c = config("""
        embedders:
          cloud: {type: openai, base_url: "http://127.0.0.1:9/v1", model: m, dimension: 384}
        collections:
          notes:
            preset: memory
            stages: {semantic: {model: cloud}}
        presets:
          calendar:
            stages: {semantic: {model: cloud}}
        """);
    CollectionSpec notes = c.collections().get("notes");
    assertThat(notes.stage("semantic").orElseThrow().options().get("model")).isEqualTo("cloud");
    assertThat(c.presetSpec("calendar", java.util.List.of()).name()).isEqualTo("calendar");
  }
}
