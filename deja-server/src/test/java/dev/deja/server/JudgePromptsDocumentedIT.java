package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.judge.JudgeKind;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** docs/CONFIGURATION.md shows every judge kind's instructions exactly as they are sent. */
class JudgePromptsDocumentedIT {
  @Test
  void everyKindsInstructionsAreOnTheConfigurationPage() throws Exception {
    // Tests run with the module directory as working directory.
    String doc = Files.readString(Path.of("..", "docs", "CONFIGURATION.md"));
    for (JudgeKind k : JudgeKind.values()) {
      assertThat(doc).as("instructions of %s", k.configName())
          .contains("`" + k.configName() + "`:\n\n```text\n" + k.instructions() + "\n```");
    }
  }
}
