package dev.deja.embed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.embed.Embedder;
import java.lang.reflect.Field;
import org.junit.jupiter.api.Test;

/**
 * The shipped models as collections find them: loaded once, on first use, and told by a stage that aligns their word
 * pieces to keep them — also when the stage is built before the model is loaded.
 */
class InProcessEmbedderProviderIT {

  @Test
  void aDeclaredAlignmentMadeBeforeTheModelLoadsReachesIt() throws ReflectiveOperationException {
    Embedder lazy = new InProcessEmbedderProvider().find("e5-small-v2-q").orElseThrow();
    assertThat(new InProcessEmbedderProvider().find("e5-small-v2-q").orElseThrow()).isSameAs(lazy);
    // The model is shared by the JVM: another test may have loaded it already.
    int before = model(lazy) == null ? 0 : model(lazy).piecesKept();
    lazy.keepTokenVectors();
    // A text no other test embeds (the shared model's cache would answer it without running the model).
    lazy.embed("Dentist on Tuesday at nine, provider " + getClass().getName());
    assertThat(model(lazy).piecesKept()).isEqualTo(before + 1);
  }

  /**
   * The model behind the lazy and caching wrappers, null before it loads (private fields: no accessor is worth adding
   * for a test).
   */
  private static OnnxEmbedder model(Embedder lazy) throws ReflectiveOperationException {
    Field loaded = lazy.getClass().getDeclaredField("loaded");
    loaded.setAccessible(true);
    Object caching = loaded.get(lazy);
    if (caching == null) {
      return null;
    }
    Field delegate = CachingEmbedder.class.getDeclaredField("delegate");
    delegate.setAccessible(true);
    return (OnnxEmbedder) delegate.get(caching);
  }
}
