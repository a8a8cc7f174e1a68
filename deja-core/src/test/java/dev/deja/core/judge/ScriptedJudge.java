package dev.deja.core.judge;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A judge for tests: answers with a function of the request, records every request, and can be slow or fail. A fake,
 * not a mock: it behaves like a judge. Thread-safe.
 */
final class ScriptedJudge implements PairJudge {
  private final Function<JudgeRequest, Judgement> answer;
  private final List<JudgeRequest> requests = new ArrayList<>();
  private volatile long sleepMillis;
  private volatile JudgeException failure;

  ScriptedJudge(Function<JudgeRequest, Judgement> answer) {
    this.answer = answer;
  }

  /** Answers SAME for every pair. */
  static ScriptedJudge same() {
    return new ScriptedJudge(r -> new Judgement(Decision.SAME, "both state the same fact"));
  }

  /** Answers DIFFERENT for every pair. */
  static ScriptedJudge different() {
    return new ScriptedJudge(r -> new Judgement(Decision.DIFFERENT, "they state different facts"));
  }

  /** Sleeps this long before answering (ignoring the timeout it is given, as a badly behaved judge would). */
  ScriptedJudge sleeping(long millis) {
    this.sleepMillis = millis;
    return this;
  }

  /** Fails every call with this exception. */
  ScriptedJudge failing(JudgeException e) {
    this.failure = e;
    return this;
  }

  @Override
  public String model() {
    return "scripted";
  }

  @Override
  public Judgement judge(JudgeRequest request, Duration timeout) {
    synchronized (requests) {
      requests.add(request);
    }
    if (sleepMillis > 0) {
      try {
        Thread.sleep(sleepMillis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new JudgeException(JudgeException.Failure.TIMEOUT, "interrupted", e);
      }
    }
    if (failure != null) {
      throw failure;
    }
    return answer.apply(request);
  }

  List<JudgeRequest> requests() {
    synchronized (requests) {
      return List.copyOf(requests);
    }
  }
}
