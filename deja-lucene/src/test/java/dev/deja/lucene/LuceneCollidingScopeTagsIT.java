package dev.deja.lucene;

import dev.deja.lucene.internal.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The store's contract when every scope has the same tag: the key and term lookups, which skip the scope filter when
 * the query asks for nothing else, find other scopes' items and must fall back to the filtered lookup — nothing
 * outside the scope is ever a candidate, and every result still equals the reference model's.
 */
class LuceneCollidingScopeTagsIT extends LuceneCollectionStoreIT {

  @BeforeAll
  static void collide() {
    Schema.useScopeTagLengthForTests(0);
  }

  @AfterAll
  static void restore() {
    Schema.useScopeTagLengthForTests(16);
  }
}
