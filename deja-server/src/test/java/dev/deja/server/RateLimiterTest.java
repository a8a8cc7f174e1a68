package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.testkit.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RateLimiterTest {
  final MutableClock clock = new MutableClock(Instant.parse("2026-03-02T10:00:00Z"));
  final RateLimiter limiter = new RateLimiter(true, Map.of(
      RateLimiter.Kind.READ, new RateLimiter.Limit(10, 20),
      RateLimiter.Kind.CHECK, new RateLimiter.Limit(2, 4),
      RateLimiter.Kind.WRITE, new RateLimiter.Limit(0.5, 2)), clock);

  @Test
  void aFullBucketAllowsItsBurstThenSaysHowLongToWait() {
    for (int i = 0; i < 4; i++) {
      assertThat(limiter.acquire("k", RateLimiter.Kind.CHECK, 1)).isZero();
    }
    assertThat(limiter.acquire("k", RateLimiter.Kind.CHECK, 1)).isEqualTo(1);
    clock.advance(Duration.ofMillis(500));
    assertThat(limiter.acquire("k", RateLimiter.Kind.CHECK, 1)).as("one token refilled after 0.5 s at 2/s")
        .isZero();
    assertThat(limiter.acquire("k", RateLimiter.Kind.CHECK, 1)).isEqualTo(1);
  }

  @Test
  void aRefundGivesTheTokensBackButNeverMoreThanTheBurst() {
    for (int i = 0; i < 4; i++) {
      assertThat(limiter.acquire("k", RateLimiter.Kind.CHECK, 1)).isZero();
    }
    assertThat(limiter.acquire("k", RateLimiter.Kind.CHECK, 1)).isEqualTo(1);
    limiter.refund("k", RateLimiter.Kind.CHECK, 1);
    assertThat(limiter.acquire("k", RateLimiter.Kind.CHECK, 1)).as("the refunded token").isZero();
    limiter.refund("k", RateLimiter.Kind.CHECK, 100);
    for (int i = 0; i < 4; i++) {
      assertThat(limiter.acquire("k", RateLimiter.Kind.CHECK, 1)).isZero();
    }
    assertThat(limiter.acquire("k", RateLimiter.Kind.CHECK, 1)).as("a refund fills the bucket to its burst only")
        .isEqualTo(1);
    assertThat(RateLimiter.refundable(400)).isTrue();
    assertThat(RateLimiter.refundable(409)).as("a refused duplicate did its work").isFalse();
  }

  @Test
  void expensiveCallsTakeMoreTokensAndWaitLonger() {
    assertThat(limiter.acquire("k", RateLimiter.Kind.WRITE, 2)).isZero();
    assertThat(limiter.acquire("k", RateLimiter.Kind.WRITE, 2)).as("2 tokens at 0.5/s").isEqualTo(4);
    clock.advance(Duration.ofSeconds(2));
    assertThat(limiter.acquire("k", RateLimiter.Kind.WRITE, 2)).as("1 token refilled, 1 missing").isEqualTo(2);
    clock.advance(Duration.ofSeconds(2));
    assertThat(limiter.acquire("k", RateLimiter.Kind.WRITE, 2)).isZero();
    assertThat(limiter.acquire("k", RateLimiter.Kind.WRITE, 100)).as("a cost above the burst takes the burst")
        .isEqualTo(4);
  }

  @Test
  void keysAndKindsHaveTheirOwnBuckets() {
    for (int i = 0; i < 4; i++) {
      limiter.acquire("a", RateLimiter.Kind.CHECK, 1);
    }
    assertThat(limiter.acquire("a", RateLimiter.Kind.CHECK, 1)).isPositive();
    assertThat(limiter.acquire("b", RateLimiter.Kind.CHECK, 1)).isZero();
    assertThat(limiter.acquire("a", RateLimiter.Kind.READ, 1)).isZero();
  }

  @Test
  void aBucketNeverHoldsMoreThanItsBurst() {
    clock.advance(Duration.ofHours(1));
    for (int i = 0; i < 4; i++) {
      assertThat(limiter.acquire("k", RateLimiter.Kind.CHECK, 1)).isZero();
    }
    assertThat(limiter.acquire("k", RateLimiter.Kind.CHECK, 1)).isPositive();
  }

  @Test
  void disabledLimitsAllowEverything() {
    RateLimiter off = new RateLimiter(false, Map.of(
        RateLimiter.Kind.READ, new RateLimiter.Limit(1, 1),
        RateLimiter.Kind.CHECK, new RateLimiter.Limit(1, 1),
        RateLimiter.Kind.WRITE, new RateLimiter.Limit(1, 1)), clock);
    for (int i = 0; i < 100; i++) {
      assertThat(off.acquire("k", RateLimiter.Kind.WRITE, 5)).isZero();
    }
  }
}
