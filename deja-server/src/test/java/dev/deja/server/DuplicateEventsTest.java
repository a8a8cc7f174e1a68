package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.item.Item;
import org.junit.jupiter.api.Test;

class DuplicateEventsTest {
  @Test
  void previewsAreCutTo100CodePoints() {
    String emoji = "\ud83d\ude00".repeat(150);
    String p = DuplicateEvents.preview(Item.of("text", emoji), "text");
    assertThat(p.codePointCount(0, p.length())).isEqualTo(100);
    assertThat(p).endsWith("…");
    assertThat(DuplicateEvents.preview(Item.of("text", "short"), "text")).isEqualTo("short");
    String exactly = "x".repeat(100);
    assertThat(DuplicateEvents.preview(Item.of("text", exactly), "text")).isEqualTo(exactly);
  }
}
