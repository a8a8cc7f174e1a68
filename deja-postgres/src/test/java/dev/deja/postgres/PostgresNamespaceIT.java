package dev.deja.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.index.CandidateQuery;
import dev.deja.core.store.StoreBackend;
import dev.deja.testkit.StoreBackendContract;
import dev.deja.testkit.TestItems;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A namespace view (the server's per-tenant backend) is a full {@link StoreBackend}, isolated from other namespaces
 * of the same database, sharing one connection pool.
 */
class PostgresNamespaceIT extends StoreBackendContract {
  private final List<PostgresStoreBackend> roots = new ArrayList<>();

  private PostgresStoreBackend root(PostgresSettings s) {
    PostgresStoreBackend r = PostgresStoreBackend.connect(s);
    roots.add(r);
    return r;
  }

  @Override
  protected StoreBackend newBackend() {
    return root(PgTests.freshSchema()).namespace("tenant-a");
  }

  @Override
  protected Optional<StoreBackend> reopen(StoreBackend closed) {
    closed.close();
    return Optional.of(root(((PostgresStoreBackend) closed).settings()).namespace("tenant-a"));
  }

  @AfterEach
  void closeRoots() {
    roots.forEach(r -> {
      r.close();
      PgTests.dropSchema(r.settings());
    });
  }

  @Test
  void namespacesHaveTheirOwnCollectionsOfTheSameName() {
    PostgresStoreBackend root = root(PgTests.freshSchema());
    PostgresStoreBackend a = root.namespace("a");
    PostgresStoreBackend b = root.namespace("b");
    assertThat(root.namespace("a")).isSameAs(a);
    a.open("events").insert(TestItems.item("x").keys("exact|k").build());
    b.open("events");
    assertThat(a.collections()).containsExactly("events");
    assertThat(b.collections()).containsExactly("events");
    assertThat(root.collections()).isEmpty();
    assertThat(b.open("events").find("t1", "x")).isEmpty();
    assertThat(b.open("events").candidates(CandidateQuery.builder("t1#").keys("exact|k").build())).isEmpty();
    b.close();
    assertThat(a.open("events").find("t1", "x")).isPresent();
    assertThat(root.namespace("b").collections()).containsExactly("events");
  }
}
