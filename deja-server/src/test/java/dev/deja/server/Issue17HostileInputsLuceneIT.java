package dev.deja.server;

import java.util.Map;

/** Issue 17's hostile inputs on the embedded Lucene store. */
class Issue17HostileInputsLuceneIT extends HostileInputsContract {
  @Override
  protected Map<String, Object> storeSettings() {
    return Map.of();
  }
}
