package dev.deja.lucene.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.item.StoredItem;
import dev.deja.lucene.internal.Overlay.Version;
import dev.deja.testkit.TestItems;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The overlay answers exactly what the writes since the last prune say ({@link NaiveOverlay}), for every snapshot —
 * also for snapshots taken earlier, which later writes into the shared tail must not change.
 */
class OverlayTest {
  private static final List<String> SCOPES = List.of("a#", "b#", "c#", "d#");

  @Test
  void answersLikeTheWritesItHolds() {
    for (long seed = 1; seed <= 20; seed++) {
      run(new SplittableRandom(seed), 1_000);
    }
  }

  @Test
  void aLongRunWithoutPruningFoldsManyTails() {
    run(new SplittableRandom(99), 20 * Overlay.TAIL);
  }

  private static void run(SplittableRandom r, int steps) {
    Overlay overlay = new Overlay();
    NaiveOverlay model = new NaiveOverlay();
    Map<String, String> scopeOf = new HashMap<>(); // current scope of each id that exists
    List<Overlay.Snapshot> kept = new ArrayList<>();
    List<List<Version>> keptModel = new ArrayList<>();
    long seq = 0;
    int pruneEvery = r.nextInt(3) == 0 ? Integer.MAX_VALUE : 20 + r.nextInt(200);
    for (int step = 0; step < steps; step++) {
      String id = "i" + r.nextInt(60);
      String old = scopeOf.get(id);
      Version v;
      seq++;
      if (old != null && r.nextInt(5) == 0) {
        v = new Version(seq, id, Optional.empty(), old);
        scopeOf.remove(id);
      } else {
        String scope = SCOPES.get(r.nextInt(SCOPES.size()));
        StoredItem item = TestItems.item(id).tenant("t").scope(scope).field("n", seq).build();
        v = new Version(seq, id, Optional.of(item), old);
        scopeOf.put(id, scope);
      }
      overlay.add(v);
      model.add(v);
      if (step % pruneEvery == pruneEvery - 1) {
        long upTo = seq - r.nextInt(30);
        overlay.pruneUpTo(upTo);
        model.pruneUpTo(upTo);
      }
      if (step < 300 || step % 17 == 0) {
        assertSame(overlay.snapshot(), model.snapshot());
      }
      if (r.nextInt(25) == 0) {
        kept.add(overlay.snapshot());
        keptModel.add(model.snapshot());
      }
    }
    for (int i = 0; i < kept.size(); i++) {
      assertSame(kept.get(i), keptModel.get(i));
    }
  }

  private static void assertSame(Overlay.Snapshot s, List<Version> model) {
    assertThat(s.ids()).isEqualTo(NaiveOverlay.ids(model));
    assertThat(s.size()).isEqualTo(NaiveOverlay.ids(model).size());
    assertThat(s.isEmpty()).isEqualTo(model.isEmpty());
    assertThat(new HashSet<>(s.liveItems())).isEqualTo(NaiveOverlay.liveItems(model));
    assertThat(s.liveItems()).doesNotHaveDuplicates();
    for (int i = 0; i < 60; i++) {
      assertThat(s.latest("i" + i)).isEqualTo(NaiveOverlay.latest(model, "i" + i));
    }
    for (String scope : SCOPES) {
      Overlay.ScopeView got = s.scope(scope);
      Overlay.ScopeView want = NaiveOverlay.scope(model, scope);
      assertThat(got.live()).as(scope).isEqualTo(want.live());
      assertThat(got.shadowed()).as(scope).isEqualTo(want.shadowed());
    }
  }
}
