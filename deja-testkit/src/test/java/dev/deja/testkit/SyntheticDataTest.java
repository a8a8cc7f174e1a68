package dev.deja.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class SyntheticDataTest {
  @Test
  void itemsArePureFunctionsOfSeedAndIndex() {
    for (long i = 0; i < 200; i++) {
      assertThat(SyntheticData.calendarEvent(7, i, 50).item()).isEqualTo(SyntheticData.calendarEvent(7, i, 50).item());
      assertThat(SyntheticData.memoryFact(7, i, 1000, 8).vector().orElseThrow())
          .containsExactly(SyntheticData.memoryFact(7, i, 1000, 8).vector().orElseThrow());
    }
    assertThat(SyntheticData.calendarEvent(7, 1, 50).item()).isNotEqualTo(SyntheticData.calendarEvent(8, 1, 50).item());
  }

  @Test
  void memoryVectorsAreUnitAndVariantsAreClose() {
    for (long i = 0; i < 50; i++) {
      float[] a = SyntheticData.memoryFact(3, i, 1000, 384).vector().orElseThrow();
      float[] b = SyntheticData.memoryVariant(3, i, 1000, 384).vector().orElseThrow();
      double na = 0;
      double dot = 0;
      for (int k = 0; k < a.length; k++) {
        na += a[k] * a[k];
        dot += a[k] * b[k];
      }
      assertThat(na).isCloseTo(1.0, Offset.offset(1e-4));
      assertThat(dot).isGreaterThan(0.98);
      assertThat(SyntheticData.memoryVariant(3, i, 1000, 384).tenant())
          .isEqualTo(SyntheticData.memoryFact(3, i, 1000, 384).tenant());
    }
  }

  @Test
  void calendarEventsSpreadOverTenantsAndIncludeAllDayOnes() {
    java.util.Set<String> tenants = new java.util.HashSet<>();
    int allDay = 0;
    for (long i = 0; i < 1000; i++) {
      SyntheticData.Generated g = SyntheticData.calendarEvent(1, i, 100);
      tenants.add(g.tenant());
      if (Boolean.TRUE.equals(g.item().fields().get("all_day"))) {
        allDay++;
      }
    }
    assertThat(tenants).hasSizeGreaterThan(90);
    assertThat(allDay).isBetween(50, 150);
  }
}
