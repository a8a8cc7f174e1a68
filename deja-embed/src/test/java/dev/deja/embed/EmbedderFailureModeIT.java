package dev.deja.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.deja.core.embed.EmbeddingException;
import dev.deja.core.embed.RemoteEmbedderSpec;
import dev.deja.core.engine.Action;
import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.Outcome;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.engine.Verdict;
import dev.deja.core.explain.Explanation;
import dev.deja.core.item.Item;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.SpecReader;
import dev.deja.core.store.MemoryCollectionStore;
import dev.deja.embed.FakeEmbeddingServer.Reply;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * {@code on_embedder_failure} through the engine: a remote embedder that fails makes a check fail ({@code closed}) or
 * skips the semantic stage with a warning while the other stages still decide ({@code open}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EmbedderFailureModeIT {
  private static final String STORED = "Pick up the kids from school";
  private static final String REWORDED = "pick up kids from school";
  private FakeEmbeddingServer server;

  @BeforeAll
  void start() throws IOException {
    server = new FakeEmbeddingServer(384);
  }

  @AfterAll
  void stop() {
    server.close();
  }

  @BeforeEach
  void reset() {
    server.reset();
  }

  private static CollectionSpec spec(String onFailure) {
    Map<String, Object> stages = new LinkedHashMap<>();
    stages.put("exact", Map.of("type", "exact", "fields", List.of("text"), "case_sensitive", false,
        "analyzer", "standard"));
    stages.put("semantic", Map.of("type", "semantic", "field", "text", "model", "cloud",
        "similarity_threshold", 0.6, "on_embedder_failure", onFailure));
    return SpecReader.read(Map.of(
        "name", "notes",
        "fields", Map.of("text", Map.of("type", "text", "required", true)),
        "stages", stages,
        "policy", Map.of("on_duplicate", "reject")), "notes");
  }

  /** A collection with one stored note, written while the endpoint was healthy; retries off so failures are quick. */
  private DejaCollection collection(String onFailure) {
    RemoteEmbedderSpec remote = RemoteEmbedderSpec.of("cloud", server.baseUrl(), "fake-model", 384)
        .withRetries(0, Duration.ZERO).withCacheSize(0);
    AtomicLong ids = new AtomicLong();
    DejaCollection c = DejaCollection.builder(spec(onFailure)).store(new MemoryCollectionStore("notes"))
        .embedders(Embedders.provider(Map.of("cloud", remote), name -> null))
        .ids(() -> "n" + ids.incrementAndGet()).build();
    assertThat(c.put(PutRequest.of("t", Item.of("text", STORED))).action()).isEqualTo(Action.CREATED);
    return c;
  }

  private static Explanation stage(Verdict v, String name) {
    return v.explanation().details().stream().filter(e -> e.kind().equals("stage") && e.name().equals(name))
        .findFirst().orElseThrow(() -> new AssertionError("no stage " + name + " in\n" + v.explanation().render()));
  }

  @Test
  void aHealthyEndpointFindsTheRewording() {
    Verdict v = collection("closed").check(CheckRequest.of("t", Item.of("text", REWORDED)));
    assertThat(v.outcome()).as(v.explanation().render()).isEqualTo(Outcome.DUPLICATE);
    assertThat(v.matches().get(0).stage()).isEqualTo("semantic");
    assertThat(stage(v, "semantic").evidence()).containsEntry("model", "cloud:fake-model");
    assertThat(v.warnings()).isEmpty();
  }

  @Test
  void failClosedMakesTheCheckAndThePutFail() {
    DejaCollection c = collection("closed");
    server.always(Reply.status(500, "{\"error\": {\"message\": \"down\"}}"));
    EmbeddingException e = catchThrowableOfType(EmbeddingException.class,
        () -> c.check(CheckRequest.of("t", Item.of("text", REWORDED))));
    assertThat(e.isRetriable()).isTrue();
    assertThat(e).hasMessageContaining("HTTP 500").hasMessageContaining("down");
    EmbeddingException exact = catchThrowableOfType(EmbeddingException.class,
        () -> c.check(CheckRequest.of("t", Item.of("text", STORED))));
    assertThat(exact).as("closed means closed, even when an exact match exists").isNotNull();
    assertThat(catchThrowableOfType(EmbeddingException.class,
        () -> c.put(PutRequest.of("t", Item.of("text", "a new note"))))).isNotNull();
    assertThat(c.store().count(java.util.Optional.empty())).isEqualTo(1);
  }

  @Test
  void failOpenSkipsTheSemanticStageWithAWarning() {
    DejaCollection c = collection("open");
    server.always(Reply.status(500, "{\"error\": {\"message\": \"down\"}}"));

    Verdict reworded = c.check(CheckRequest.of("t", Item.of("text", REWORDED)));
    assertThat(reworded.outcome()).as("the semantic stage would have matched; skipped, nothing else does")
        .isEqualTo(Outcome.NEW);
    assertThat(reworded.warnings()).singleElement().asString().contains("stage 'semantic' has no embedding")
        .contains("HTTP 500").contains("failing open");
    Explanation semantic = stage(reworded, "semantic");
    assertThat(semantic.result()).isEqualTo("skipped");
    assertThat(semantic.message()).contains("failed open");

    Verdict copy = c.check(CheckRequest.of("t", Item.of("text", "PICK UP the kids from school")));
    assertThat(copy.outcome()).as("exact matches still work").isEqualTo(Outcome.DUPLICATE);
    assertThat(copy.matches().get(0).stage()).isEqualTo("exact");
    assertThat(copy.warnings()).singleElement().asString().contains("stage 'semantic' has no embedding");
    assertThat(stage(copy, "semantic").result()).isEqualTo("skipped");
  }

  @Test
  void failOpenAlsoCoversAnEndpointThatAnswersNonsense() {
    DejaCollection c = collection("open");
    server.always(Reply.body("<html>maintenance</html>"));
    Verdict v = c.check(CheckRequest.of("t", Item.of("text", REWORDED)));
    assertThat(v.outcome()).isEqualTo(Outcome.NEW);
    assertThat(v.warnings()).singleElement().asString().contains("invalid response");
  }
}
