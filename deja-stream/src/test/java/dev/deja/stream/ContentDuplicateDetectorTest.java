package dev.deja.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.testkit.MutableClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The design's detector API: checks, adding, statistics, events, metrics. */
class ContentDuplicateDetectorTest {
  private final MutableClock clock = new MutableClock(Instant.parse("2026-03-02T10:00:00Z"));
  private final List<ContentDuplicationEvent> events = new ArrayList<>();
  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  private final StreamDeduplicator dedup = StreamDeduplicator.builder().clock(clock).listener(events::add)
      .metrics(StreamMetrics.on(meters)).build();

  @Test
  void checksAddsAndCounts() {
    ContentDuplicateDetector d = dedup.detector("chat-1");
    String intro = "Okay, I found five Italian restaurants in South Philadelphia. They are all open tonight.";
    assertThat(d.containsDuplicateContent(intro, "chat-1").isDuplicate()).isFalse();
    d.addContent(intro);
    clock.advance(Duration.ofSeconds(3));
    DuplicateCheck c = d.containsDuplicateContent("Here are five Italian restaurants in South Philly", "chat-1");
    assertThat(c.isDuplicate()).isTrue();
    assertThat(c.preview()).hasValue("Okay, I found five Italian restaurants in South Philadelphia.");
    assertThat(c.layer()).isEqualTo("paraphrase");
    assertThat(d.containsDuplicateContent("They are all open tonight.", "chat-1").layer()).isEqualTo("exact");
    assertThat(d.containsDuplicateContent("Pasta at Luigi's costs $18 per plate.", "chat-1").isDuplicate())
        .isFalse();

    DetectorStatistics s = d.statistics();
    assertThat(s.asMap()).containsEntry("total_chunks_tracked", 2L).containsEntry("unique_hashes", 2L)
        .containsEntry("accumulated_text_length", (long) intro.length()).containsEntry("similarity_threshold", 0.95)
        .containsEntry("content_similarity_threshold", 0.85).containsEntry("sentence_window_size", 50)
        .containsEntry("duplicates_detected", 2L);

    assertThat(events).hasSize(2);
    ContentDuplicationEvent e = events.get(0);
    assertThat(e.sessionId()).isEqualTo("chat-1");
    assertThat(e.timestamp()).isEqualTo(Instant.parse("2026-03-02T10:00:03Z"));
    assertThat(e.eventId()).endsWith("-1").isNotEqualTo(events.get(1).eventId());
    assertThat(e.similarity()).isBetween(0.45, 1.0);
    assertThat(meters.counter("content.duplicates.detected", "layer", "paraphrase").count()).isEqualTo(1.0);
    assertThat(meters.timer("content.detection.latency").count()).isPositive();
  }

  /**
   * The design API reads a text's units in their paragraphs, as the filter does (a sentence in a closing summary is
   * weighed as part of it), and a question about a text leaves no summary open for the next.
   */
  @Test
  void aSummaryIsReadWithinATextAndAQuestionLeavesNoneOpen() {
    ContentDuplicateDetector d = dedup.detector("chat-2");
    d.addContent("The museum opens at 9 am and closes at 6 pm. Tickets cost 12 euros for adults.");
    String loose = "Grown-ups pay twelve euros to get in.";
    assertThat(d.containsDuplicateContent("So here is the short version for your visit. " + loose, "chat-2")
        .isDuplicate()).isTrue();
    assertThat(d.containsDuplicateContent(loose, "chat-2").isDuplicate())
        .as("the summary opened by the question before is not open now").isFalse();
    d.addContent("So here is the short version for your visit.");
    assertThat(d.containsDuplicateContent(loose, "chat-2").isDuplicate()).as("added, it is").isTrue();
    d.addContent("\n\nA new paragraph starts here.");
    assertThat(d.containsDuplicateContent(loose, "chat-2").isDuplicate()).as("until a line break").isFalse();
  }

  @Test
  void previewsAreCutTo100Characters() {
    String longSentence = "This is a very long sentence about the school trip to the science museum that keeps "
        + "going with many details about buses, lunches, permission slips and the time everyone returns home.";
    ResponseFilter f = dedup.open("s");
    f.accept(longSentence + " " + longSentence);
    f.finish();
    assertThat(events).hasSize(1);
    assertThat(events.get(0).originalPreview()).hasSize(100);
    assertThat(events.get(0).duplicatePreview()).hasSize(100);
    assertThat(events.get(0).position()).isEqualTo(longSentence.length() + 1);
    assertThat(ContentDuplicationEvent.preview("a😀b", 2)).isEqualTo("a");
  }

  @Test
  void theWindowLimitsNearMatchesButNotExactRepeats() {
    StreamDeduplicator small = StreamDeduplicator.builder()
        .options(StreamOptions.defaults().with(java.util.Map.of("sentence_window_size", 2), "test")).build();
    String text = "Lessons for kids start at 9:30 and last until 3:00. Parking fills up by nine. The lifts open at "
        + "eight sharp. Snow is expected on Sunday. Kids' lessons run from 9:30 to 3:00. Parking fills up by nine.";
    String out = small.dedupe(List.of(text));
    assertThat(out).contains("Kids' lessons run from 9:30 to 3:00.");
    assertThat(out).containsOnlyOnce("Parking fills up by nine.");
  }
}
