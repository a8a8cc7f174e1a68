package dev.deja.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.engine.Verdict;
import dev.deja.core.item.Item;
import dev.deja.core.judge.JudgeProvider;
import dev.deja.core.judge.JudgeStats;
import dev.deja.core.judge.RemoteJudgeSpec;
import dev.deja.core.judge.RemoteJudgeSpec.ResponseFormat;
import dev.deja.core.store.MemoryStoreBackend;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The {@code judges:} section of a deja.yaml, and stages that name its endpoints. */
class DejaConfigJudgesTest {

  private static DejaConfig config(String yaml) {
    return DejaConfig.of(Yaml.object(yaml, "deja.yaml"), "deja.yaml");
  }

  @Test
  void everyKeyIsReadAndDefaultsAreTheDocumentedOnes() {
    DejaConfig c = config("""
        judges:
          local:
            type: openai
            base_url: "http://localhost:11434/v1/"
            model: "llama3.1:8b"
            api_key_env: OLLAMA_KEY
            connect_timeout_ms: 500
            response_format: json_object
            temperature: 0.2
            max_tokens: 0
          plain: {type: openai, base_url: "https://api.example.com/v1", model: m}
        """);
    assertThat(c.judges().get("local")).isEqualTo(new RemoteJudgeSpec("local", "openai",
        URI.create("http://localhost:11434/v1/"), "llama3.1:8b", Optional.of("OLLAMA_KEY"), Duration.ofMillis(500),
        ResponseFormat.JSON_OBJECT, 0.2, 0));
    assertThat(c.judges().get("local").endpoint()).isEqualTo(URI.create("http://localhost:11434/v1/chat/completions"));
    assertThat(c.judges().get("plain")).isEqualTo(RemoteJudgeSpec.of("plain", URI.create("https://api.example.com/v1"),
        "m"));
  }

  @Test
  void mistakesAreErrorsNamingThePath() {
    assertThatThrownBy(() -> config("judges: {local: {type: openai, base_url: x, model: m}}"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("judges.local: base_url must be an http or https address");
    assertThatThrownBy(() -> config("judges: {local: {type: openai, base_url: 'http://h/v1', model: m, timeout: 3}}"))
        .hasMessageContaining("judges.local: unknown key ['timeout']");
    assertThatThrownBy(() -> config("judges: {local: {type: openai, base_url: 'http://h/v1', model: m, "
        + "api_key_env: 'sk-123 secret'}}")).hasMessageContaining("not the key itself").hasMessageNotContaining("sk-123");
    // A stage naming an endpoint that is not declared is an error when the configuration is read.
    assertThatThrownBy(() -> config("""
        judges: {local: {type: openai, base_url: "http://h/v1", model: m}}
        presets: {memory: {stages: {combined: {judge: {endpoint: lcoal}}}}}
        """).presetSpec("memory", List.of()))
        .hasMessageContaining("stages.combined.judge.endpoint: no judge endpoint 'lcoal' is configured");
    assertThat(config("""
        judges: {local: {type: openai, base_url: "http://h/v1", model: m}}
        presets: {memory: {stages: {combined: {judge: {endpoint: local, band: [0.3, 0.9]}}}}}
        """).presetSpec("memory", List.of()).stage("combined").orElseThrow().options().get("judge"))
        .isEqualTo(Map.of("endpoint", "local", "band", List.of(0.3, 0.9)));
  }

  @Test
  void aStoredCollectionWhoseEndpointIsGoneStillOpensAndFallsBackVisibly() {
    MemoryStoreBackend backend = new MemoryStoreBackend();
    Map<String, Object> def = Map.of("preset", "text", "stages", Map.of("fuzzy", Map.of("judge",
        Map.of("endpoint", "gone", "band", List.of(0.0, 1.0)))));
    // Creating it needs the endpoint.
    Catalog without = new Catalog(backend, DejaConfig.empty(), EmbedderProvider.none(), Clock.systemUTC());
    assertThatThrownBy(() -> without.create("notes", def)).hasMessageContaining("no judge endpoint 'gone'");
    Catalog with = new Catalog(backend, DejaConfig.empty(), EmbedderProvider.none(),
        JudgeProvider.of(Map.of("gone", dev.deja.core.judge.Judging.placeholder("gone"))),
        dev.deja.core.judge.JudgeListener.NONE, Clock.systemUTC());
    with.create("notes", def).put(PutRequest.of("t", Item.of("text", "I am allergic to sesame.")));
    // Opened again by a process without it: usable, the in-process decision, and the verdict says why.
    JudgeStats stats = new JudgeStats();
    Catalog again = new Catalog(backend, DejaConfig.empty(), EmbedderProvider.none(), JudgeProvider.none(), stats,
        Clock.systemUTC());
    Verdict v = again.find("notes").orElseThrow().check(CheckRequest.of("t", Item.of("text",
        "I am allergic to sesame seeds.")));
    assertThat(v.warnings()).singleElement().asString().contains("judge endpoint 'gone' is not configured here");
    assertThat(stats.fallbacksByReason()).containsExactly(Map.entry("not_configured", 1L));
  }
}
