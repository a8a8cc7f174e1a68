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

  @Test
  void toStringShowsNoSecret() {
    ServerConfig c = ServerConfig.defaults().withAdminKey("admin-secret-0123456789")
        .withStore("postgresql://deja:pg-secret-pw@127.0.0.1:5432/deja");
    assertThat(c.toString()).doesNotContain("admin-secret-0123456789").doesNotContain("pg-secret-pw")
        .contains("admin_key=(set)").contains("127.0.0.1:5432");
  }

  @ParameterizedTest
  @CsvSource({"port, DEJA_SERVER_PORT", "rate_limits.enabled, DEJA_SERVER_RATE_LIMITS_ENABLED",
      "rate_limits.check_per_second, DEJA_SERVER_RATE_LIMITS_CHECK_PER_SECOND",
      "idempotency.retention_hours, DEJA_SERVER_IDEMPOTENCY_RETENTION_HOURS", "mcp.enabled, DEJA_SERVER_MCP_ENABLED",
      "proxy.upstream, DEJA_SERVER_PROXY_UPSTREAM", "proxy.api_key, DEJA_SERVER_PROXY_API_KEY"})
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

  @Test
  void theProxyIsOffUnlessAnUpstreamIsSet() {
    ServerConfig off = ServerConfig.defaults();
    assertThat(off.proxy().upstream()).isEmpty();
    assertThat(off.proxy().options()).isEmpty();
    assertThat(off.proxy().requireKey()).isTrue();

    ServerConfig fromFile = ServerConfig.from(yaml(Map.of("proxy", Map.of("upstream", "http://localhost:8000/v1",
        "response_timeout_seconds", 30, "api_key", "sk-upstream"))), Map.of());
    assertThat(fromFile.proxy().options()).hasValueSatisfying(o -> {
      assertThat(o.upstream()).hasToString("http://localhost:8000/v1");
      assertThat(o.responseTimeout()).hasSeconds(30);
      assertThat(o.idleTimeout()).hasSeconds(60);
      assertThat(o.apiKey()).contains("sk-upstream");
      assertThat(o.maxRequestBytes()).isEqualTo(16 << 20);
    });
    assertThat(fromFile.proxy().toString()).doesNotContain("sk-upstream");
    assertThat(fromFile.toString()).doesNotContain("sk-upstream");

    ServerConfig fromEnv = ServerConfig.from(DejaConfig.empty(),
        Map.of("DEJA_SERVER_PROXY_UPSTREAM", "https://api.example.com/v1", "DEJA_SERVER_PROXY_REQUIRE_KEY", "false"));
    assertThat(fromEnv.proxy().upstream()).map(Object::toString).hasValue("https://api.example.com/v1");
    assertThat(fromEnv.proxy().requireKey()).isFalse();
    assertThat(ServerConfig.defaults().withProxyUpstream(java.net.URI.create("http://127.0.0.1:1")).proxy().upstream())
        .isPresent();
  }

  @Test
  void proxyMistakesNameTheKey() {
    assertThatThrownBy(() -> ServerConfig.from(DejaConfig.empty(), Map.of("DEJA_SERVER_PROXY_UPSTREAM", "ftp://x")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("server.proxy.upstream (DEJA_SERVER_PROXY_UPSTREAM): must be an http(s) URL");
    assertThatThrownBy(() -> ServerConfig.from(yaml(Map.of("proxy", Map.of("upstream", "http://h/v1",
        "idle_timeout_seconds", 0))), Map.of())).hasMessageContaining("server.proxy.idle_timeout_seconds");
    assertThatThrownBy(() -> ServerConfig.from(yaml(Map.of("proxy", Map.of("upsteam", "http://h/v1"))), Map.of()))
        .hasMessageContaining("unknown key(s) [proxy.upsteam]");
    assertThatThrownBy(() -> ProxySettings.parseUpstream("http://[x", "--upstream"))
        .hasMessageContaining("--upstream: not a URL");
  }
}
