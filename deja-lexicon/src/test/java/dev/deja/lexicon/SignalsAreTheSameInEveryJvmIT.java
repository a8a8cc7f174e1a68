package dev.deja.lexicon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Same input, same verdict, same explanation — also in another process. Set.of, Map.of and their copyOf iterate in an
 * order that changes from one JVM start to the next; when a signal's evidence (which WordNet relation it names, which
 * keys come first) followed that order, two runs of `deja train --dump` or two servers explained the same pair
 * differently. Runs {@link SignalsInAFreshJvm} twice and compares what it prints.
 */
class SignalsAreTheSameInEveryJvmIT {

  @Test
  void twoJvmsPrintTheSameSignalsAndEvidence() throws Exception {
    String first = run();
    String second = run();
    assertThat(first).contains("antonym").contains("sibling");
    assertThat(second).isEqualTo(first);
  }

  private static String run() throws IOException, InterruptedException {
    String java = ProcessHandle.current().info().command().orElse("java");
    Process p = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
        SignalsInAFreshJvm.class.getName())).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the child JVM finished").isTrue();
    assertThat(p.exitValue()).as("the child JVM's exit code").isZero();
    return out;
  }
}
