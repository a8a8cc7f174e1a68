package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import dev.deja.format.DejaConfig;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ServerConfigTest {
  static DejaConfig yaml(Map<String, Object> server) {
    return DejaConfig.of(Map.of("server", server), "deja.yaml");
  }

  @Test
  void defaults() {
    ServerConfig c = ServerConfig.defaults();
    assertThat(c.port()).isEqualTo(8080);
    assertThat(c.host()).isEqualTo("127.0.0.1");
    assertThat(c.dataDir()).isEqualTo(Path.of("./deja-data"));
    assertThat(c.adminKey()).isEmpty();
    assertThat(c.maxBodyBytes()).isEqualTo(1_048_576);
    assertThat(c.rateLimitsEnabled()).isTrue();
    assertThat(c.memoryCollection()).isEqualTo("memories");
  }

  @ParameterizedTest
  @CsvSource({"port, DEJA_SERVER_PORT", "rate_limits.enabled, DEJA_SERVER_RATE_LIMITS_ENABLED",
      "rate_limits.check_per_second, DEJA_SERVER_RATE_LIMITS_CHECK_PER_SECOND",
      "idempotency.retention_hours, DEJA_SERVER_IDEMPOTENCY_RETENTION_HOURS", "mcp.enabled, DEJA_SERVER_MCP_ENABLED"})
  void environmentVariableNames(String key, String env) {
    assertThat(ServerConfig.envName(key)).isEqualTo(env);
    assertThat(ServerConfig.SETTINGS).anyMatch(s -> s.key().equals(key) && s.env().equals(env));
  }

  @Test
  void theEnvironmentOverridesTheFile() {
    ServerConfig c = ServerConfig.from(yaml(Map.of("port", 9000, "rate_limits", Map.of("check_burst", 7))),
        Map.of("DEJA_SERVER_PORT", "9100", "DEJA_ADMIN_KEY", "an-admin-key-of-length", "DEJA_SERVER_WARM_UP",
            "false"));
    assertThat(c.port()).isEqualTo(9100);
    assertThat(c.checkBurst()).isEqualTo(7);
    assertThat(c.adminKey()).contains("an-admin-key-of-length");
    assertThat(c.warmUp()).isFalse();
  }

  @Test
  void mistakesNameTheKey() {
    assertThatThrownBy(() -> ServerConfig.from(yaml(Map.of("prot", 1)), Map.of()))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("unknown key(s) [prot]");
    assertThatThrownBy(() -> ServerConfig.from(yaml(Map.of("port", "eighty")), Map.of()))
        .hasMessageContaining("server.port (DEJA_SERVER_PORT): must be an integer");
    assertThatThrownBy(() -> ServerConfig.from(DejaConfig.empty(), Map.of("DEJA_SERVER_RATE_LIMITS_ENABLED", "yes")))
        .hasMessageContaining("must be true or false");
    assertThatThrownBy(() -> ServerConfig.from(yaml(Map.of("rate_limits", Map.of("read_burst", -1))), Map.of()))
        .hasMessageContaining("server.rate_limits.read_burst: must be a positive number");
    assertThatThrownBy(() -> ServerConfig.from(yaml(Map.of("admin_key", "short")), Map.of()))
        .hasMessageContaining("at least 16 characters");
    assertThatThrownBy(() -> ServerConfig.from(yaml(Map.of("port", 70000)), Map.of()))
        .hasMessageContaining("[0, 65535]");
  }
}
