package dev.deja.core.judge;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link JudgeListener} that counts: calls by outcome, cache hits, disagreements, fallbacks by reason, and the time
 * checks waited for calls. {@code deja eval --judge} reports from it; applications without a metrics library can
 * read it too. Thread-safe.
 */
public final class JudgeStats implements JudgeListener {
  private final Map<String, AtomicLong> calls = new ConcurrentHashMap<>();
  private final Map<String, AtomicLong> fallbacks = new ConcurrentHashMap<>();
  private final AtomicLong cacheHits = new AtomicLong();
  private final AtomicLong disagreements = new AtomicLong();
  private final AtomicLong waitedNanos = new AtomicLong();
  private final AtomicLong maxNanos = new AtomicLong();

  @Override
  public void called(String model, String outcome, Duration latency) {
    calls.computeIfAbsent(outcome, k -> new AtomicLong()).incrementAndGet();
    long n = latency.toNanos();
    waitedNanos.addAndGet(n);
    maxNanos.accumulateAndGet(n, Math::max);
  }

  @Override
  public void cacheHit(String model) {
    cacheHits.incrementAndGet();
  }

  @Override
  public void disagreed(String model) {
    disagreements.incrementAndGet();
  }

  @Override
  public void fellBack(String model, String reason) {
    fallbacks.computeIfAbsent(reason, k -> new AtomicLong()).incrementAndGet();
  }

  /** Calls made, whatever their outcome. */
  public long calls() {
    return calls.values().stream().mapToLong(AtomicLong::get).sum();
  }

  /** Calls by outcome ({@code same}, {@code different}, failure labels), sorted by name. */
  public Map<String, Long> callsByOutcome() {
    Map<String, Long> out = new TreeMap<>();
    calls.forEach((k, v) -> out.put(k, v.get()));
    return out;
  }

  public long cacheHits() {
    return cacheHits.get();
  }

  public long disagreements() {
    return disagreements.get();
  }

  /** Pairs decided in-process although the judge should have decided them. */
  public long fallbacks() {
    return fallbacks.values().stream().mapToLong(AtomicLong::get).sum();
  }

  /** Fallbacks by reason, sorted by name. */
  public Map<String, Long> fallbacksByReason() {
    Map<String, Long> out = new TreeMap<>();
    fallbacks.forEach((k, v) -> out.put(k, v.get()));
    return out;
  }

  /** The mean time a call took, in milliseconds (0 without calls). */
  public double meanMillis() {
    long n = calls();
    return n == 0 ? 0 : waitedNanos.get() / 1e6 / n;
  }

  /** The longest call, in milliseconds. */
  public double maxMillis() {
    return maxNanos.get() / 1e6;
  }
}
