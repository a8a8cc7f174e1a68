package dev.deja.stream;

import dev.deja.core.embed.Embedder;
import dev.deja.core.judge.JudgeKind;
import dev.deja.core.judge.JudgeListener;
import dev.deja.core.judge.JudgeProvider;
import dev.deja.core.judge.JudgeStep;
import dev.deja.core.judge.Judging;
import dev.deja.core.spec.Options;
import java.time.Clock;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Removes repeated sentences and list lines from streamed LLM answers: the entry point of this module.
 *
 * <pre>{@code
 * StreamDeduplicator dedup = StreamDeduplicator.builder().build();          // the defaults
 * String clean = dedup.dedupe(List.of("I found three ca", "fés. Here are three cafés."));
 * Iterator<String> out = dedup.wrap(tokens, "session-1");                  // any Iterator<String> of chunks
 * Flow.Publisher<String> pub = dedup.wrap(upstreamPublisher, "session-1");  // any Flow.Publisher<String>
 * ResponseFilter f = dedup.open("session-1");                              // or drive it yourself
 * }</pre>
 *
 * <p>Each response gets its own {@link ResponseFilter} (and {@link ContentDuplicateDetector}): repeats are looked
 * for within one answer, never across answers. Wrapped streams emit text as soon as a unit completes, hold back only
 * the unfinished unit, and flush it when the source ends.
 *
 * <p>Thread-safe: immutable settings; the filters, iterators and publishers it creates are per response and not
 * thread-safe themselves (a publisher follows the {@link Flow} rules).
 */
public final class StreamDeduplicator {
  private final StreamOptions options;
  private final RepeatJudge judge;
  private final ContentDuplicationListener listener;
  private final StreamMetrics metrics;
  private final Clock clock;
  private final AtomicLong responses = new AtomicLong();

  private StreamDeduplicator(Builder b) {
    this.options = b.options;
    this.judge = new RepeatJudge(b.options, Optional.ofNullable(b.embedder), paraphraseJudge(b));
    this.listener = b.listener;
    this.metrics = b.metrics;
    this.clock = b.clock;
  }

  /**
   * The LLM judge of the paraphrase layer, when the options have a {@code judge} block: its keys are checked here and
   * its endpoint must be one the builder's judges know.
   */
  private static Optional<JudgeStep> paraphraseJudge(Builder b) {
    if (b.options.judge().isEmpty()) {
      return Optional.empty();
    }
    Options stream = new Options("stream", Map.of("judge", b.options.judge()));
    return JudgeStep.read(stream, "paraphrase", new Judging(b.judges, b.judgeListener, b.clock), JudgeKind.SENTENCE,
        false);
  }

  /** A builder with the defaults: {@link StreamOptions#defaults()}, no embedder, no listener, no meters. */
  public static Builder builder() {
    return new Builder();
  }

  /** A deduplicator with the default options. */
  public static StreamDeduplicator withDefaults() {
    return builder().build();
  }

  public StreamOptions options() {
    return options;
  }

  /** The judge this deduplicator uses. */
  public RepeatJudge judge() {
    return judge;
  }

  /** A filter for one new response. */
  public ResponseFilter open(String sessionId) {
    return new ResponseFilter(detector(sessionId), Objects.requireNonNull(sessionId, "sessionId"),
        options.maxUnitChars(), metrics);
  }

  /** A design-style detector for one new response. */
  public ContentDuplicateDetector detector(String sessionId) {
    return new ContentDuplicateDetector(judge, listener, metrics, clock, Long.toString(responses.incrementAndGet()));
  }

  /** The deduplicated text of a whole answer given as chunks. */
  public String dedupe(List<String> chunks) {
    ResponseFilter f = open("-");
    StringBuilder out = new StringBuilder();
    for (String c : chunks) {
      out.append(f.accept(c));
    }
    return out.append(f.finish()).toString();
  }

  /**
   * The deduplicated chunks of a stream, pulled lazily: each element is the text a source chunk completed (empty
   * results are skipped), the last one the flushed tail.
   */
  public Iterator<String> wrap(Iterator<String> chunks, String sessionId) {
    ResponseFilter f = open(sessionId);
    return new Iterator<>() {
      private String next;
      private boolean done;

      @Override
      public boolean hasNext() {
        while (next == null && !done) {
          if (chunks.hasNext()) {
            String out = f.accept(chunks.next());
            if (!out.isEmpty()) {
              next = out;
            }
          } else {
            done = true;
            String tail = f.finish();
            if (!tail.isEmpty()) {
              next = tail;
            }
          }
        }
        return next != null;
      }

      @Override
      public String next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        String out = next;
        next = null;
        return out;
      }
    };
  }

  /**
   * A publisher of the deduplicated chunks of a source publisher: subscribing subscribes to the source (once per
   * subscriber, each with its own filter); demand is passed on, a source chunk that completes nothing is replaced by
   * a request for one more, and the held tail is emitted before completion (or before a source error).
   */
  public Flow.Publisher<String> wrap(Flow.Publisher<String> source, String sessionId) {
    Objects.requireNonNull(source, "source");
    return subscriber -> source.subscribe(new DedupProcessor(open(sessionId), subscriber));
  }

  /** The subscriber to the source and the subscription of the downstream subscriber. */
  private static final class DedupProcessor implements Flow.Subscriber<String>, Flow.Subscription {
    private final ResponseFilter filter;
    private final Flow.Subscriber<? super String> downstream;
    private Flow.Subscription upstream;
    private long demand;
    private String tail;
    private Throwable error;
    private boolean sourceDone;
    private boolean terminated;
    private boolean cancelled;

    DedupProcessor(ResponseFilter filter, Flow.Subscriber<? super String> downstream) {
      this.filter = filter;
      this.downstream = downstream;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
      synchronized (this) {
        if (upstream != null) {
          s.cancel();
          return;
        }
        upstream = s;
      }
      downstream.onSubscribe(this);
    }

    @Override
    public void onNext(String chunk) {
      String out;
      synchronized (this) {
        if (terminated || cancelled) {
          return;
        }
        out = filter.accept(chunk);
        if (!out.isEmpty()) {
          demand--;
        }
      }
      if (out.isEmpty()) {
        upstream.request(1);
      } else {
        downstream.onNext(out);
      }
    }

    @Override
    public void onError(Throwable t) {
      synchronized (this) {
        if (terminated || cancelled) {
          return;
        }
        sourceDone = true;
        error = t;
        tail = filter.finish();
      }
      drainEnd();
    }

    @Override
    public void onComplete() {
      synchronized (this) {
        if (terminated || cancelled) {
          return;
        }
        sourceDone = true;
        tail = filter.finish();
      }
      drainEnd();
    }

    /** Emits the tail when there is demand for it, then the terminal signal. */
    private void drainEnd() {
      String emit = null;
      Throwable err;
      synchronized (this) {
        if (!sourceDone || terminated || cancelled) {
          return;
        }
        if (tail != null && !tail.isEmpty()) {
          if (demand <= 0) {
            return;
          }
          emit = tail;
          demand--;
        }
        tail = null;
        terminated = true;
        err = error;
      }
      if (emit != null) {
        downstream.onNext(emit);
      }
      if (err != null) {
        downstream.onError(err);
      } else {
        downstream.onComplete();
      }
    }

    @Override
    public void request(long n) {
      if (n <= 0) {
        cancel();
        downstream.onError(new IllegalArgumentException("request must be positive (rule 3.9), got " + n));
        return;
      }
      boolean done;
      synchronized (this) {
        demand = demand + n < 0 ? Long.MAX_VALUE : demand + n;
        done = sourceDone;
      }
      if (done) {
        drainEnd();
      } else {
        upstream.request(n);
      }
    }

    @Override
    public void cancel() {
      Flow.Subscription s;
      synchronized (this) {
        if (cancelled) {
          return;
        }
        cancelled = true;
        s = upstream;
      }
      if (s != null) {
        s.cancel();
      }
    }
  }

  /** Settings of a {@link StreamDeduplicator}. Not thread-safe. */
  public static final class Builder {
    private StreamOptions options = StreamOptions.defaults();
    private Embedder embedder;
    private ContentDuplicationListener listener = ContentDuplicationListener.none();
    private StreamMetrics metrics = StreamMetrics.none();
    private Clock clock = Clock.systemUTC();
    private JudgeProvider judges = JudgeProvider.none();
    private JudgeListener judgeListener = JudgeListener.NONE;

    private Builder() {}

    /**
     * Where the paraphrase layer's judge ({@code stream.judge}) comes from, and who hears its calls (metrics). Without
     * them, options with a judge block fail to build.
     */
    public Builder judges(JudgeProvider judges, JudgeListener listener) {
      this.judges = Objects.requireNonNull(judges, "judges");
      this.judgeListener = Objects.requireNonNull(listener, "judge listener");
      return this;
    }

    public Builder options(StreamOptions options) {
      this.options = Objects.requireNonNull(options, "options");
      return this;
    }

    /** An embedder for the optional semantic layer (for example MiniLM from deja-embed). */
    public Builder embedder(Embedder embedder) {
      this.embedder = embedder;
      return this;
    }

    public Builder listener(ContentDuplicationListener listener) {
      this.listener = Objects.requireNonNull(listener, "listener");
      return this;
    }

    public Builder metrics(StreamMetrics metrics) {
      this.metrics = Objects.requireNonNull(metrics, "metrics");
      return this;
    }

    /** The clock of event timestamps. */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    public StreamDeduplicator build() {
      return new StreamDeduplicator(this);
    }
  }
}
