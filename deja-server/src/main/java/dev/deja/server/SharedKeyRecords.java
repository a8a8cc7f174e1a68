package dev.deja.server;

import dev.deja.postgres.PostgresApiKeys;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Tenant keys in the PostgreSQL database that several {@code deja serve --store postgresql://…} instances share
 * ({@code deja_api_keys}). Thread-safe; every change is committed when it returns.
 */
final class SharedKeyRecords implements KeyStore.Records {
  private final PostgresApiKeys table;

  SharedKeyRecords(PostgresApiKeys table) {
    this.table = table;
  }

  @Override
  public Map<String, KeyStore.Entry> load() {
    Map<String, KeyStore.Entry> out = new LinkedHashMap<>();
    for (PostgresApiKeys.Row r : table.all()) {
      out.put(r.sha256(), new KeyStore.Entry(r.sha256(), r.tenant(), r.prefix(), r.createdAt()));
    }
    return out;
  }

  @Override
  public void add(KeyStore.Entry e) {
    table.insert(new PostgresApiKeys.Row(e.sha256(), e.tenant(), e.prefix(), e.createdAt()));
  }

  @Override
  public boolean remove(String sha256) {
    return table.delete(sha256);
  }

  @Override
  public boolean shared() {
    return true;
  }
}
