package dev.deja.core.cascade;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** A stage that weighs lexical signals without word knowledge on the class path says so. */
class CombinedStageKnowledgeTest {
  @Test
  void lexicalSignalsWithoutKnowledgeAreLoggedOncePerStage() {
    Logger jul = Logger.getLogger(CombinedStageFactory.class.getName());
    List<LogRecord> records = new ArrayList<>();
    Handler capture = new Handler() {
      @Override
      public void publish(LogRecord r) {
        records.add(r);
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    };
    jul.addHandler(capture);
    try {
      List<String> features = List.of("cosine", "sibling", "single_change*sequence", "time_proximity");
      assertThat(CombinedStageFactory.withoutWordKnowledge("knowledge-test", features, false))
          .containsExactly("sibling", "single_change*sequence");
      CombinedStageFactory.withoutWordKnowledge("knowledge-test", features, false);
      assertThat(records).hasSize(1);
      assertThat(records.get(0).getLevel()).isEqualTo(Level.WARNING);
      assertThat(java.text.MessageFormat.format(records.get(0).getMessage(), records.get(0).getParameters()))
          .contains("'knowledge-test'").contains("sibling, single_change*sequence").contains("deja-lexicon");
    } finally {
      jul.removeHandler(capture);
    }
  }

  @Test
  void knowledgeOrNoLexicalSignalIsNothingToSay() {
    assertThat(CombinedStageFactory.withoutWordKnowledge("with-knowledge", List.of("sibling"), true)).isEmpty();
    assertThat(CombinedStageFactory.withoutWordKnowledge("surface-only", List.of("cosine", "sequence", "trigram"),
        false)).isEmpty();
  }
}
