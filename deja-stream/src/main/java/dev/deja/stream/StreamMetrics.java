package dev.deja.stream;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import java.util.Objects;

/**
 * The design's three meters on a Micrometer registry: {@code content.duplicates.detected} (counter, tag
 * {@code layer}), {@code content.detection.latency} (timer, one sample per completed unit) and
 * {@code content.detection.errors} (counter). A Prometheus registry exposes them as
 * {@code content_duplicates_detected_total}, {@code content_detection_latency_seconds} and
 * {@code content_detection_errors_total}.
 *
 * <p>Thread-safe.
 */
public final class StreamMetrics {
  private final MeterRegistry registry;
  private final Timer latency;
  private final Counter errors;

  private StreamMetrics(MeterRegistry registry) {
    this.registry = Objects.requireNonNull(registry, "registry");
    this.latency = Timer.builder("content.detection.latency")
        .description("Time to judge one completed unit of a streamed answer").register(registry);
    this.errors = Counter.builder("content.detection.errors")
        .description("Errors inside detection; the content was let through").register(registry);
  }

  /** Meters on this registry. */
  public static StreamMetrics on(MeterRegistry registry) {
    return new StreamMetrics(registry);
  }

  /** Meters that go nowhere (an empty composite registry). */
  public static StreamMetrics none() {
    return new StreamMetrics(new CompositeMeterRegistry());
  }

  public MeterRegistry registry() {
    return registry;
  }

  void duplicate(String layer) {
    Counter.builder("content.duplicates.detected").description("Repeated units removed from streamed answers")
        .tag("layer", layer).register(registry).increment();
  }

  void latencyNanos(long nanos) {
    latency.record(nanos, java.util.concurrent.TimeUnit.NANOSECONDS);
  }

  void error() {
    errors.increment();
  }
}
