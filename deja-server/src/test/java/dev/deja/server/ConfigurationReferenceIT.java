package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** docs/CONFIGURATION.md's "Server" table lists every server setting with its environment variable. */
class ConfigurationReferenceIT {
  @Test
  void everySettingIsInTheReferenceTable() throws Exception {
    // Tests run with the module directory as working directory.
    String doc = Files.readString(Path.of("..", "docs", "CONFIGURATION.md"));
    String server = doc.substring(doc.indexOf("\n## Server\n"), doc.indexOf("\n## ", doc.indexOf("\n## Server\n") + 1));
    for (ServerConfig.Setting s : ServerConfig.SETTINGS) {
      assertThat(server).as("row of %s", s.key()).contains("| `" + s.key() + "` | `" + s.env() + "` |");
    }
  }
}
