package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.embed.Embedder;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.testkit.HashingEmbedder;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The warm-up at start: the default model, then the built-in collections' models, one after the other. */
class HealthWarmUpTest {
  /** Records the models in the order their first text was embedded; "broken" fails, "absent" is not provided. */
  private static final class Recording implements EmbedderProvider {
    final List<String> loaded = new CopyOnWriteArrayList<>();

    @Override
    public Optional<Embedder> find(String model) {
      if (model.equals("absent")) {
        return Optional.empty();
      }
      HashingEmbedder inner = new HashingEmbedder(model, 8);
      return Optional.of(new Embedder() {
        @Override
        public String model() {
          return model;
        }

        @Override
        public int dimension() {
          return 8;
        }

        @Override
        public float[] embed(String text) {
          loaded.add(model);
          if (model.equals("broken")) {
            throw new IllegalStateException("no such file");
          }
          return inner.embed(text);
        }
      });
    }
  }

  @Test
  void loadsTheDefaultModelThenEachOtherModelOnceInOrder() throws InterruptedException {
    Recording provider = new Recording();
    Health health = new Health(null);
    health.warmUp(health.tracked(provider), List.of("bge-small-en-v1.5-q", Health.DEFAULT_MODEL, "absent", "broken",
        "bge-small-en-v1.5-q", "e5-small-v2-q"), provider);
    assertThat(health.awaitWarmUp(10_000)).isTrue();
    assertThat(provider.loaded).containsExactly(Health.DEFAULT_MODEL, "bge-small-en-v1.5-q", "broken",
        "e5-small-v2-q");
    // Readiness is about the default model: another model that fails is left to its first use.
    assertThat(health.ready()).isTrue();
    Map<?, ?> checks = (Map<?, ?>) health.report().get("checks");
    Map<?, ?> embedder = (Map<?, ?>) checks.get("embedder");
    assertThat(embedder.get("status")).isEqualTo("ok");
    assertThat(embedder.get("detail")).isEqualTo(Health.DEFAULT_MODEL + " loaded");
  }

  @Test
  void aServerStartingDrainedLoadsNothing() throws InterruptedException {
    Recording provider = new Recording();
    Health health = new Health(null);
    health.draining();
    health.warmUp(provider, List.of("bge-small-en-v1.5-q"), provider);
    assertThat(health.awaitWarmUp(10_000)).isTrue();
    assertThat(provider.loaded).isEmpty();
  }

  @Test
  void theBuiltInCollectionsPresetsNameTheirModels() {
    assertThat(DejaServer.presetModels(List.of("memory", "calendar")))
        .contains("bge-small-en-v1.5-q", "all-minilm-l6-v2");
  }
}
