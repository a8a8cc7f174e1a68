package dev.deja.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The server commands are wired in, and bad settings are one-line errors with exit code 2. */
class ServeCommandTest {
  @Test
  void serveAndMcpAreCommands() {
    CliRunner.Result serve = CliRunner.run("serve", "--help");
    assertThat(serve.exit()).isZero();
    assertThat(serve.out()).contains("--port").contains("--data").contains("--config").contains("SIGTERM")
        .contains("--upstream");
    CliRunner.Result mcp = CliRunner.run("mcp", "--help");
    assertThat(mcp.exit()).isZero();
    assertThat(mcp.out()).contains("--tenant").contains("stdin");
    CliRunner.Result bench = CliRunner.run("bench", "--help");
    assertThat(bench.out()).contains("http").contains("fuzz");
  }

  @Test
  void aBadTenantIsABadInput() {
    CliRunner.Result r = CliRunner.run("mcp", "--tenant", "Not Valid");
    assertThat(r.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(r.err()).contains("--tenant");
  }

  @Test
  @org.junit.jupiter.api.Timeout(120)
  void aConfigurationThatCanNeverMatchStopsServeAndMcpAtTheStart(@org.junit.jupiter.api.io.TempDir
      java.nio.file.Path dir) throws Exception {
    java.nio.file.Path config = dir.resolve("deja.yaml");
    java.nio.file.Files.writeString(config, String.join("\n", "presets:", "  text:", "    stages:",
        "      exact: {enabled: false}", "      fuzzy: {lexical: none}", ""));
    for (String[] args : new String[][] {
        {"serve", "--config", config.toString(), "--port", "0", "--data", dir.resolve("data").toString()},
        {"mcp", "--config", config.toString(), "--data", dir.resolve("data").toString()}}) {
      CliRunner.Result r = CliRunner.run(args);
      assertThat(r.exit()).as(args[0] + ": " + r.err()).isEqualTo(Main.BAD_INPUT);
      assertThat(r.err()).as(args[0]).startsWith("deja: error: preset 'text' (with " + config + "): stages.fuzzy: "
          + "this fuzzy stage can never match");
    }
    assertThat(dir.resolve("data")).as("nothing was opened").doesNotExist();
  }

  @Test
  void aBadUpstreamIsABadInput() {
    for (String url : new String[] {"ftp://example.com/v1", "localhost:8000", "http://[bad"}) {
      CliRunner.Result r = CliRunner.run("serve", "--upstream", url, "--port", "0");
      assertThat(r.exit()).as(url).isEqualTo(Main.BAD_INPUT);
      assertThat(r.err()).as(url).contains("--upstream");
    }
  }

  @Test
  void benchRefusesBadOptions() {
    CliRunner.Result r = CliRunner.run("bench", "http", "--url", "http://127.0.0.1:1", "--key", "k",
        "--workloads", "calendar");
    assertThat(r.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(r.err()).contains("--workloads");
  }
}
