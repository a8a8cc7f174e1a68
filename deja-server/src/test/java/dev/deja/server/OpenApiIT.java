package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** /openapi.json documents every route the server registered (the proxy's included, and /mcp), with the error shape. */
class OpenApiIT {
  @Test
  void everyRegisteredRouteIsDocumented(@TempDir Path dir) {
    // With the chat completions proxy on, so that its routes are registered too (the upstream is never called).
    try (TestServer s = TestServer.start(dir, Map.of("proxy", Map.of("upstream", "http://127.0.0.1:9/v1")))) {
      TestServer.Res r = s.send("GET", "/openapi.json", null, null);
      assertThat(r.status()).isEqualTo(200);
      assertThat(r.map()).containsEntry("openapi", "3.1.0");
      Map<String, Object> paths = TestServer.obj(r.map().get("paths"));
      assertThat(s.server.routes()).hasSizeGreaterThan(15).contains("POST /v1/chat/completions",
          "GET /v1/models/{model}");
      for (String route : s.server.routes()) {
        String method = route.substring(0, route.indexOf(' ')).toLowerCase(Locale.ROOT);
        String path = route.substring(route.indexOf(' ') + 1);
        assertThat(paths).as("documented path %s", path).containsKey(path);
        assertThat(TestServer.obj(paths.get(path))).as("documented %s", route).containsKey(method);
      }
      assertThat(TestServer.obj(paths.get("/mcp"))).containsKeys("get", "post", "delete");
      Map<String, Object> schemas = TestServer.obj(TestServer.obj(r.map().get("components")).get("schemas"));
      assertThat(schemas).containsKeys("Error", "Verdict", "WriteResult");
      // No documented path that the server does not serve (apart from /mcp, a servlet beside the routes).
      for (String path : paths.keySet()) {
        if (!path.equals("/mcp")) {
          assertThat(s.server.routes()).as("served path %s", path).anyMatch(rt -> rt.endsWith(" " + path));
        }
      }
    }
  }
}
