package dev.deja.calendar.caldav;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.StoreException;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.engine.Action;
import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.item.Item;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.format.Presets;
import dev.deja.testkit.HashingEmbedder;
import dev.deja.testkit.RadicaleServer;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** HTTP Basic authentication against a Radicale that requires it (htpasswd, plain). */
class CalDavAuthIT {
  @RegisterExtension
  static final RadicaleServer RADICALE = new RadicaleServer().withUser("alice", "s3cret");

  static final CollectionSpec SPEC = Presets.spec("calendar").withName("family");
  static final EmbedderProvider EMBEDDERS = EmbedderProvider.of(Map.of("all-minilm-l6-v2",
      new HashingEmbedder("all-minilm-l6-v2", 384)));

  private static DejaCollection collection(CalDavSettings s) {
    Clock clock = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);
    return DejaCollection.builder(SPEC).store(new CalDavCollectionStore(s, "default", () -> SPEC, EMBEDDERS, clock))
        .embedders(EMBEDDERS).clock(clock).build();
  }

  @Test
  void theRightCredentialsWorkAndWrongOrMissingOnesSaySo() throws Exception {
    String url = RADICALE.newCalendar("alice", "family");
    Item item = Item.of("title", "Dentist", "start", "2026-03-02T14:00Z");
    assertThat(collection(CalDavSettings.of(url).withCredentials("alice", "s3cret")).put(PutRequest.of("default",
        item)).action()).isEqualTo(Action.CREATED);
    assertThatThrownBy(() -> collection(CalDavSettings.of(url).withCredentials("alice", "wrong"))
        .check(CheckRequest.of("default", item))).isInstanceOf(StoreException.class)
        .hasMessageContaining("HTTP 401").hasMessageContaining("check user and password")
        .satisfies(e -> assertThat(((StoreException) e).isRetriable()).isFalse());
    assertThatThrownBy(() -> collection(CalDavSettings.of(url)).check(CheckRequest.of("default", item)))
        .isInstanceOf(StoreException.class).hasMessageContaining("it needs credentials");
  }
}
