package dev.deja.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.deja.core.judge.Decision;
import dev.deja.core.judge.JudgeException;
import dev.deja.core.judge.JudgeException.Failure;
import dev.deja.core.judge.JudgeKind;
import dev.deja.core.judge.JudgeRequest;
import dev.deja.core.judge.Judgement;
import dev.deja.core.judge.RemoteJudgeSpec;
import dev.deja.core.judge.RemoteJudgeSpec.ResponseFormat;
import dev.deja.testkit.FakeUpstream;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** {@link RemoteJudge} against the fake upstream's judge models: decisions, what is sent, every failure. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RemoteJudgeIT {
  private static final String SECRET = "sk-judge-0123456789abcdef";
  private static final JudgeRequest SESAME = new JudgeRequest(JudgeKind.MEMORY, "I am allergic to sesame.",
      "I have a sesame allergy.");
  private static final Duration TIMEOUT = Duration.ofSeconds(5);
  private FakeUpstream upstream;

  @BeforeAll
  void start() throws IOException {
    upstream = new FakeUpstream();
  }

  @AfterAll
  void stop() {
    upstream.close();
  }

  private RemoteJudge judge(String model) {
    return new RemoteJudge(RemoteJudgeSpec.of("llm", URI.create(upstream.base()), model)
        .withApiKeyEnv("DEJA_JUDGE_KEY"), Map.of("DEJA_JUDGE_KEY", SECRET)::get);
  }

  private static JudgeException failure(RemoteJudge j, Duration timeout) {
    return catchThrowableOfType(() -> j.judge(SESAME, timeout), JudgeException.class);
  }

  @Test
  void asksWithTheKindsRulesAndOnlyTheTwoTextsAndReadsTheDecision() {
    int before = upstream.judgeRequests().size();
    Judgement j = judge("judge-same").judge(SESAME, TIMEOUT);
    assertThat(j.decision()).isEqualTo(Decision.SAME);
    assertThat(j.reason()).isEqualTo("the fake judge always says SAME");
    assertThat(judge("judge-different").judge(SESAME, TIMEOUT).decision()).isEqualTo(Decision.DIFFERENT);
    String body = upstream.judgeRequests().get(before);
    assertThat(body).startsWith("{\"model\":\"judge-same\",\"messages\":[{\"role\":\"system\",\"content\":")
        .contains("\"temperature\":0.0,\"max_tokens\":200,\"response_format\":{\"type\":\"json_schema\","
            + "\"json_schema\":{\"name\":\"deja_judgement\",\"strict\":true,")
        .contains("\"enum\":[\"SAME\",\"DIFFERENT\"]");
    // The user message is the question: the two texts as JSON, nothing else of the items.
    assertThat(body).contains("{\"role\":\"user\",\"content\":\"An existing and a new memory fact, as JSON. Are they "
        + "the same?\\n{\\\"existing\\\": \\\"I am allergic to sesame.\\\", \\\"new\\\": \\\"I have a sesame "
        + "allergy.\\\"}\"}");
    assertThat(upstream.authorizations().get(upstream.authorizations().size() - 1)).isEqualTo("Bearer " + SECRET);
    assertThat(judge("judge-same").model()).isEqualTo("llm:judge-same");
  }

  @Test
  void theRulesModelDecidesDeterministicallyFromTheTexts() {
    RemoteJudge rules = judge("judge-rules");
    assertThat(rules.judge(new JudgeRequest(JudgeKind.MEMORY, "I run 5 km every morning",
        "Every morning I run 5 km"), TIMEOUT).decision()).isEqualTo(Decision.SAME);
    Judgement numbers = rules.judge(new JudgeRequest(JudgeKind.MEMORY, "I run 5 km every morning",
        "I run 10 km every morning"), TIMEOUT);
    assertThat(numbers.decision()).isEqualTo(Decision.DIFFERENT);
    assertThat(numbers.reason()).isEqualTo("the numbers differ: [5] vs [10]");
    assertThat(rules.judge(new JudgeRequest(JudgeKind.CALENDAR, "Dentist", "Dentist",
        Optional.of("the two events start 90 minutes apart")), TIMEOUT).decision()).isEqualTo(Decision.DIFFERENT);
  }

  @Test
  void anEndpointThatRefusesTheSchemaIsAskedForAJsonObjectAndThatIsRemembered() {
    RemoteJudge j = judge("judge-no-schema");
    int before = upstream.judgeRequests().size();
    assertThat(j.judge(SESAME, TIMEOUT).decision()).isEqualTo(Decision.SAME);
    assertThat(j.responseFormat()).isEqualTo(ResponseFormat.JSON_OBJECT);
    assertThat(upstream.judgeRequests()).hasSize(before + 2);
    j.judge(SESAME, TIMEOUT);
    assertThat(upstream.judgeRequests()).hasSize(before + 3);
    assertThat(upstream.judgeRequests().get(before + 2)).contains("\"response_format\":{\"type\":\"json_object\"}");
    // Configured to json_schema only, the refusal is final.
    RemoteJudge strict = new RemoteJudge(RemoteJudgeSpec.of("llm", URI.create(upstream.base()), "judge-no-schema")
        .withResponseFormat(ResponseFormat.JSON_SCHEMA));
    JudgeException e = failure(strict, TIMEOUT);
    assertThat(e.failure()).isEqualTo(Failure.CLIENT_ERROR);
    assertThat(e).hasMessageContaining("HTTP 400: 'response_format of type json_schema is not supported");
  }

  @Test
  void anAnswerWrappedInProseAndACodeFenceIsRead() {
    assertThat(judge("judge-fenced").judge(SESAME, TIMEOUT).decision()).isEqualTo(Decision.SAME);
  }

  @Test
  void malformedAnswersAreMalformedFailures() {
    JudgeException prose = failure(judge("judge-malformed"), TIMEOUT);
    assertThat(prose.failure()).isEqualTo(Failure.MALFORMED);
    assertThat(prose).hasMessage("judge 'llm' (POST " + upstream.base() + "/chat/completions): invalid response: "
        + "the answer is not JSON: 'I think they are the same!'");
    assertThat(prose.isRetriable()).isFalse();
    JudgeException maybe = failure(judge("judge-bad-decision"), TIMEOUT);
    assertThat(maybe.failure()).isEqualTo(Failure.MALFORMED);
    assertThat(maybe).hasMessageContaining("the decision must be SAME or DIFFERENT, got 'MAYBE'");
  }

  @Test
  void rateLimitsServerErrorsAndUnknownModelsAreFailuresThatSayWhich() {
    JudgeException limited = failure(judge("error-429"), TIMEOUT);
    assertThat(limited.failure()).isEqualTo(Failure.RATE_LIMITED);
    assertThat(limited).hasMessageEndingWith("HTTP 429: 'Rate limit reached'");
    assertThat(limited.isRetriable()).isTrue();
    JudgeException boom = failure(judge("error-500"), TIMEOUT);
    assertThat(boom.failure()).isEqualTo(Failure.SERVER_ERROR);
    assertThat(boom).hasMessageEndingWith("HTTP 500: 'boom'");
    JudgeException unknown = failure(judge("judge-nope"), TIMEOUT);
    assertThat(unknown.failure()).isEqualTo(Failure.CLIENT_ERROR);
    assertThat(unknown).hasMessageContaining("HTTP 404: 'The model 'judge-nope' does not exist'");
  }

  @Test
  void aSlowJudgeTimesOutWithinTheGivenTime() {
    long t0 = System.nanoTime();
    JudgeException e = failure(judge("judge-slow"), Duration.ofMillis(300));
    long millis = (System.nanoTime() - t0) / 1_000_000;
    assertThat(e.failure()).isEqualTo(Failure.TIMEOUT);
    assertThat(e).hasMessageContaining("no complete answer within 300 ms");
    assertThat(millis).isLessThan(3_000);
  }

  @Test
  void aMissingKeyOrARefusedConnectionIsReportedWithoutTheKey() throws IOException {
    RemoteJudge noKey = new RemoteJudge(RemoteJudgeSpec.of("llm", URI.create(upstream.base()), "judge-same")
        .withApiKeyEnv("DEJA_UNSET_KEY"), Map.<String, String>of()::get);
    JudgeException e = failure(noKey, TIMEOUT);
    assertThat(e.failure()).isEqualTo(Failure.NOT_CONFIGURED);
    assertThat(e).hasMessageEndingWith("the environment variable DEJA_UNSET_KEY (api_key_env) is not set");
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    RemoteJudge closed = new RemoteJudge(RemoteJudgeSpec.of("llm", URI.create("http://127.0.0.1:" + port + "/v1"),
        "judge-same").withApiKeyEnv("K"), Map.of("K", SECRET)::get);
    JudgeException refused = failure(closed, TIMEOUT);
    assertThat(refused.failure()).isEqualTo(Failure.CONNECTION);
    assertThat(refused.getMessage()).doesNotContain(SECRET);
  }
}
