package dev.deja.core.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Connected components against complete linkage on the same links. */
class ConnectedComponentsTest {
  private static final long SEED = Long.getLong("deja.seed", 21);

  record L(String a, String b, double score) implements ScoredLink {}

  @Test
  void aChainIsOneComponentButNotOneCompleteCluster() {
    Map<String, L> links = new TreeMap<>();
    for (L l : List.of(new L("a", "b", 0.9), new L("b", "c", 0.8), new L("x", "y", 0.95))) {
      links.put(CompleteLinkage.key(l.a(), l.b()), l);
    }
    CompleteLinkage.Clusters<L> cc = ConnectedComponents.cluster(links.values());
    assertThat(cc.clusters()).containsExactly(new TreeSet<>(List.of("a", "b", "c")), new TreeSet<>(List.of("x", "y")));
    assertThat(cc.related()).isEmpty();
    CompleteLinkage.Clusters<L> complete = CompleteLinkage.cluster(new TreeSet<>(List.of("a", "b", "c", "x", "y")),
        links);
    assertThat(complete.clusters()).hasSize(2);
    assertThat(complete.related()).containsExactly(new L("b", "c", 0.8));
  }

  @Test
  void orderOfLinksDoesNotMatterAndEveryCompleteClusterLiesInOneComponent() {
    Random rnd = new Random(SEED);
    List<L> links = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      String a = "i" + rnd.nextInt(200);
      String b = "i" + rnd.nextInt(200);
      if (!a.equals(b)) {
        links.add(a.compareTo(b) < 0 ? new L(a, b, rnd.nextDouble()) : new L(b, a, rnd.nextDouble()));
      }
    }
    List<TreeSet<String>> first = ConnectedComponents.cluster(links).clusters();
    Collections.shuffle(links, rnd);
    assertThat(ConnectedComponents.cluster(links).clusters()).as("seed %d", SEED).isEqualTo(first);
    Map<String, L> byKey = new TreeMap<>();
    links.forEach(l -> byKey.putIfAbsent(CompleteLinkage.key(l.a(), l.b()), l));
    TreeSet<String> ids = new TreeSet<>();
    links.forEach(l -> {
      ids.add(l.a());
      ids.add(l.b());
    });
    for (TreeSet<String> c : CompleteLinkage.cluster(ids, byKey).clusters()) {
      assertThat(first).as("seed %d", SEED).anyMatch(comp -> comp.containsAll(c));
    }
  }
}
