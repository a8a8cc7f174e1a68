package dev.deja.server;

import io.javalin.http.Context;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/** The admin key's routes: creating and revoking tenant keys. Thread-safe. */
final class AdminRoutes {
  private final Callers callers;
  private final ServerConfig config;

  AdminRoutes(Callers callers, ServerConfig config) {
    this.callers = callers;
    this.config = config;
  }

  void register(RouteTable r) {
    r.post("/v1/admin/keys", this::createKey);
    r.delete("/v1/admin/keys/{key}", this::revokeKey);
  }

  private void createKey(Context ctx) throws IOException {
    callers.admin(ctx);
    Body b = RequestInput.body(ctx, config.maxBodyBytes());
    String tenant = b.requiredString("tenant");
    b.noOthers("request body");
    if (!KeyStore.isValidTenant(tenant)) {
      throw ApiException.invalid("tenant", "'" + tenant + "' is not a valid tenant name (lower-case letters, "
          + "digits, '-' and '_', starting with a letter or digit, at most 64)");
    }
    String key = callers.keys().create(tenant);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("key", key);
    out.put("tenant", tenant);
    Responses.json(ctx, 201, out);
  }

  private void revokeKey(Context ctx) {
    callers.admin(ctx);
    if (!callers.keys().revoke(ctx.pathParam("key"))) {
      throw ApiException.notFound("no such key");
    }
    Responses.noContent(ctx);
  }
}
