package dev.deja.postgres;

import dev.deja.postgres.internal.Connections;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The table of API key digests that every server instance on one database shares ({@code deja_api_keys}, migration
 * V2): a key created through one {@code deja serve --store postgresql://…} instance is accepted by the others, and a
 * key revoked through one is refused by all. Only digests are stored; what a digest is, and which keys exist, is the
 * server's business ({@code dev.deja.server.KeyStore}).
 *
 * <p>Obtained from {@link PostgresStoreBackend#apiKeys()}. Every call is one statement in its own transaction,
 * committed when it returns. Thread-safe.
 */
public final class PostgresApiKeys {
  /** One stored key: its SHA-256 digest (hex), tenant, display prefix and creation time (ISO-8601). */
  public record Row(String sha256, String tenant, String prefix, String createdAt) {
    public Row {
      Objects.requireNonNull(sha256, "sha256");
      Objects.requireNonNull(tenant, "tenant");
      Objects.requireNonNull(prefix, "prefix");
      Objects.requireNonNull(createdAt, "createdAt");
    }
  }

  private final Connections connections;
  private final String where;

  PostgresApiKeys(Connections connections, String where) {
    this.connections = connections;
    this.where = where;
  }

  /** Every stored key, in creation order. */
  public List<Row> all() {
    return connections.read("reading the API keys at " + where, c -> {
      try (PreparedStatement ps = c.prepareStatement(
          "SELECT sha256, tenant, prefix, created_at FROM deja_api_keys ORDER BY created_at, sha256");
          ResultSet rs = ps.executeQuery()) {
        List<Row> out = new ArrayList<>();
        while (rs.next()) {
          out.add(new Row(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)));
        }
        return out;
      }
    });
  }

  /** Stores a key's digest; false when that digest is already stored. */
  public boolean insert(Row row) {
    return connections.write("storing an API key at " + where, c -> {
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO deja_api_keys (sha256, tenant, prefix, created_at) "
          + "VALUES (?, ?, ?, ?) ON CONFLICT (sha256) DO NOTHING")) {
        ps.setString(1, row.sha256());
        ps.setString(2, row.tenant());
        ps.setString(3, row.prefix());
        ps.setString(4, row.createdAt());
        return ps.executeUpdate() == 1;
      }
    });
  }

  /** Deletes a key's digest; whether it was stored. */
  public boolean delete(String sha256) {
    return connections.write("revoking an API key at " + where, c -> {
      try (PreparedStatement ps = c.prepareStatement("DELETE FROM deja_api_keys WHERE sha256 = ?")) {
        ps.setString(1, sha256);
        return ps.executeUpdate() == 1;
      }
    });
  }
}
