package dev.deja.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.SubmissionPublisher;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The Java API: a list of chunks, an Iterator, a Flow.Publisher. */
class StreamDeduplicatorTest {
  private final StreamDeduplicator dedup = StreamDeduplicator.withDefaults();
  private final List<String> chunks = List.of("I checked cam", "psites near Lake Champlain for July ",
      "4–6. Both have sites with electric ", "hook-ups.\n- Button Bay: $32 per night\n- Grand", " Isle: $30\n\nI checked ",
      "campsites near Lake Champlain ", "for July 4–6. Both ", "have sites with electric ", "hook-ups.");
  private final String expected = "I checked campsites near Lake Champlain for July 4–6. Both have sites with "
      + "electric hook-ups.\n- Button Bay: $32 per night\n- Grand Isle: $30";

  @Test
  void dedupeAList() {
    assertThat(dedup.dedupe(chunks)).isEqualTo(expected);
    assertThat(dedup.dedupe(List.of())).isEmpty();
  }

  @Test
  void theSameAmountInAnotherCurrencyIsKept() {
    assertThat(dedup.dedupe(List.of("The basic plan costs £50 a month. ", "The basic plan costs $50 a month. ",
        "The basic plan costs £50 a month.")))
        .isEqualTo("The basic plan costs £50 a month. The basic plan costs $50 a month.");
  }

  /**
   * A sentence that opens with a reformulatory marker says again what the answer said, by the marker's meaning, even
   * with no content word in common, and is removed; without the marker the model weighs it and keeps it. A sentence
   * that says something else in other words (another weekday: the contrasts guard vetoes) is kept, and so is a unit
   * that reads as two sentences: the marker speaks for its own sentence only.
   */
  @Test
  void aSentenceOpenedByAReformulationMarkerIsARestatement() {
    String guideline = "A common guideline is 0.75 g of protein per kilo of body weight per day. ";
    String example = "For someone weighing 70 kg, that's about 53 g a day.";
    String marked = "In other words, three quarters of a gram for every kilogram you weigh. ";
    assertThat(dedup.dedupe(List.of(guideline, marked, example))).isEqualTo(guideline + example);
    assertThat(dedup.dedupe(List.of(guideline, "Put simply, three quarters of a gram for every kilogram you weigh. ",
        example))).isEqualTo(guideline + example);
    String unmarked = "Three quarters of a gram for every kilogram you weigh. ";
    assertThat(dedup.dedupe(List.of(guideline, unmarked, example))).isEqualTo(guideline + unmarked + example);
    String open = "The pool is open late on Monday. ";
    String friday = "In other words, it is open late on Friday. ";
    assertThat(dedup.dedupe(List.of(open, friday))).isEqualTo(open + friday);
    String loans = "Over five years, Loan A costs about £140 less in total. ";
    String other = "Loan B allows early repayment.";
    assertThat(dedup.dedupe(List.of(loans, "In other words, you'd pay roughly £140 less overall with Loan A. ", other)))
        .isEqualTo(loans + other);
    String desk = "The Hertz desk is in Arrivals Hall B, next to the exit. ";
    String two = "In other words, you collect the car in Hall B. Walker's team checks your licence and your card.";
    assertThat(dedup.dedupe(List.of(desk, two))).as("'B. Walker' reads as an initial: one unit, two sentences")
        .isEqualTo(desk + two);
    assertThat(dedup.dedupe(List.of(desk, "In other words, you collect the car in Hall B. ",
        "Bring your licence and your card."))).as("'B. Bring' ends a sentence: the marked one is removed")
        .isEqualTo(desk + "Bring your licence and your card.");
  }

  @Test
  void aWordWithAnotherSignIsKept() {
    assertThat(dedup.dedupe(List.of("The course teaches C++ from scratch. ", "The course teaches C from scratch. ",
        "At night it drops to -5 degrees. ", "At night it drops to 5 degrees. ",
        "The course teaches C++ from scratch.")))
        .isEqualTo("The course teaches C++ from scratch. The course teaches C from scratch. "
            + "At night it drops to -5 degrees. At night it drops to 5 degrees.");
  }

  @Test
  void aHandleWithOtherPunctuationIsKept() {
    assertThat(dedup.dedupe(List.of("Follow the project on @deja_dev for updates. ",
        "Follow the project on @dejadev for updates. ", "Follow the project on @deja_dev for updates.")))
        .isEqualTo("Follow the project on @deja_dev for updates. Follow the project on @dejadev for updates.");
  }

  @Test
  void wrapAnIteratorEmittingAsUnitsComplete() {
    Iterator<String> it = dedup.wrap(chunks.iterator(), "s");
    List<String> out = new ArrayList<>();
    it.forEachRemaining(out::add);
    assertThat(String.join("", out)).isEqualTo(expected);
    assertThat(out.get(0)).isEqualTo("I checked campsites near Lake Champlain for July 4–6.");
    assertThat(out).doesNotContain("");
  }

  @Test
  void wrapAPublisher() throws Exception {
    List<String> out = Collections.synchronizedList(new ArrayList<>());
    CompletableFuture<Void> done = new CompletableFuture<>();
    try (SubmissionPublisher<String> source = new SubmissionPublisher<>()) {
      dedup.wrap(source, "s").subscribe(new Flow.Subscriber<>() {
        private Flow.Subscription sub;

        @Override
        public void onSubscribe(Flow.Subscription s) {
          sub = s;
          s.request(1);
        }

        @Override
        public void onNext(String item) {
          out.add(item);
          sub.request(1);
        }

        @Override
        public void onError(Throwable t) {
          done.completeExceptionally(t);
        }

        @Override
        public void onComplete() {
          done.complete(null);
        }
      });
      chunks.forEach(source::submit);
    }
    done.get(10, TimeUnit.SECONDS);
    assertThat(String.join("", out)).isEqualTo(expected);
  }

  @Test
  void aPublisherErrorStillDeliversTheHeldText() throws Exception {
    List<String> out = Collections.synchronizedList(new ArrayList<>());
    CompletableFuture<Throwable> failed = new CompletableFuture<>();
    SubmissionPublisher<String> source = new SubmissionPublisher<>();
    dedup.wrap(source, "s").subscribe(new Flow.Subscriber<>() {
      @Override
      public void onSubscribe(Flow.Subscription s) {
        s.request(Long.MAX_VALUE);
      }

      @Override
      public void onNext(String item) {
        out.add(item);
      }

      @Override
      public void onError(Throwable t) {
        failed.complete(t);
      }

      @Override
      public void onComplete() {
        failed.complete(null);
      }
    });
    source.submit("First sentence here. Unfinished tai");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (out.isEmpty() && System.nanoTime() < deadline) {
      Thread.onSpinWait(); // closeExceptionally drops undelivered items: wait until the chunk was taken
    }
    source.closeExceptionally(new IllegalStateException("upstream broke"));
    assertThat(failed.get(10, TimeUnit.SECONDS)).hasMessage("upstream broke");
    assertThat(String.join("", out)).isEqualTo("First sentence here. Unfinished tai");
  }
}
