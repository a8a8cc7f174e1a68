package dev.deja.embed;

import dev.deja.core.embed.Embedder;
import dev.deja.core.embed.RemoteEmbedderSpec;
import dev.deja.testkit.EmbedderContract;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.AfterAll;

/** {@link RemoteEmbedder} meets the embedder contract against the local fake server (batches of 5). */
class RemoteEmbedderContractIT extends EmbedderContract {
  private FakeEmbeddingServer server;

  @Override
  protected Embedder newEmbedder() {
    try {
      server = new FakeEmbeddingServer(384);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new RemoteEmbedder(RemoteEmbedderSpec.of("cloud", server.baseUrl(), "fake-model", 384).withBatchSize(5));
  }

  @Override
  protected boolean promisesUnitNorm() {
    return false; // the client returns what the endpoint sends; it does not normalise
  }

  @AfterAll
  void stopServer() {
    server.close();
  }
}
