package dev.deja.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 20, point 9: the smaller things a user of the command trips over. */
class SmallerCliFixesIT {
  @TempDir
  Path dir;

  @Test
  void helpNeverBreaksATokenACommandLineUses() {
    for (String command : List.of("check", "eval", "train", "dedupe", "link", "import", "export", "serve", "bench",
        "presets")) {
      CliRunner.Result r = CliRunner.run(command, "--help");
      assertThat(r.exit()).isZero();
      for (String line : r.out().lines().toList()) {
        assertThat(line).as(command + " --help").doesNotEndWith("stages.").doesNotEndWith("--set stages.");
      }
    }
    assertThat(CliRunner.run("check", "--help").out()).contains(" stages.fuzzy.similarity_threshold=0.4 ");
    assertThat(CliRunner.run("check", "--help").out()).doesNotContain("streams");
  }

  @Test
  void aThresholdSetUnderItsOtherNameReplacesThePresetsAndKnownKeysAreComplete() {
    CliRunner.Result r = CliRunner.run("presets", "calendar", "--set", "stages.semantic.threshold=0.7");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("threshold: 0.7");
    CliRunner.Result typo = CliRunner.run("presets", "text", "--set", "stages.fuzzy.treshold=0.7");
    assertThat(typo.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(typo.err()).contains("unknown key ['treshold']; known keys: [").contains("enabled")
        .contains("fuzzy_threshold").contains(" threshold,").contains("type");
  }

  @Test
  void quietCheckPrintsOnlyTheOutcome() throws Exception {
    Path existing = dir.resolve("notes.jsonl");
    Files.writeString(existing, "{\"id\": \"n1\", \"text\": \"Pick up the dry cleaning on Friday\"}\n");
    CliRunner.Result r = CliRunner.run("check", "--preset", "text", "--existing", existing.toString(), "-q",
        "{\"text\": \"pick up the dry cleaning on friday!\"}");
    assertThat(r.exit()).isEqualTo(Main.DUPLICATE);
    assertThat(r.out()).isEqualTo("DUPLICATE\n");
  }

  @Test
  void exportToAMissingDirectoryNamesItNotATemporaryFile() {
    String data = dir.resolve("data").toString();
    assertThat(CliRunner.run("import", CheckCollectionIT.SAMPLE.toString(), "--collection", "family", "--data", data)
        .exit()).isZero();
    CliRunner.Result r = CliRunner.run("export", "--collection", "family", "--data", data, "-o",
        dir.resolve("nonexistent/x.ics").toString());
    assertThat(r.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(r.err().strip()).isEqualTo("deja: error: " + dir.resolve("nonexistent/x.ics") + ": cannot write: no "
        + "such directory " + dir.resolve("nonexistent"));
  }

  @Test
  void serveOnAPortInUseIsAClearUsageError() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      CliRunner.Result r = CliRunner.run("serve", "--port", String.valueOf(taken.getLocalPort()), "--data",
          dir.resolve("data").toString());
      assertThat(r.exit()).isEqualTo(Main.BAD_INPUT);
      assertThat(r.err()).contains("deja: error: cannot listen on 127.0.0.1:" + taken.getLocalPort()
          + ": the port is in use").doesNotContain("internal error").doesNotContain("JavalinBindException");
    }
  }

  @Test
  void evalOfTheTextPresetSweeps() {
    CliRunner.Result r = CliRunner.run("eval", "--preset", "text", "--sweep", "--data",
        CliRunner.DEV.resolve("memory/pairs.jsonl").toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("threshold");
  }
}
