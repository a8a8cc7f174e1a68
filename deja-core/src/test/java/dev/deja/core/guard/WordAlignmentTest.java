package dev.deja.core.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.lexical.WordRelation;
import dev.deja.core.lexical.WordRelation.Kind;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Reading two left-over words of an alignment as counterparts. */
class WordAlignmentTest {
  private static final TableWordKnowledge K = new TableWordKnowledge(Set.of("love", "hate", "adore", "tea", "coffee"),
      Set.of(), Set.of())
      .relate("love", "hate", Kind.ANTONYM)
      .relate("adore", "hate", Kind.ANTONYM)
      .verbs("love", "hate", "adore");

  @Test
  void oneWordWithOppositesIsTheSoleOpposite() {
    WordAlignment al = WordAlignment.of("I love tea.", "I hate tea.", Lexicon.ENGLISH, K);
    assertThat(al.soleOpposite()).map(WordAlignment.Pair::a).contains("love");
    WordAlignment read = al.matching(al.soleOpposite().orElseThrow());
    assertThat(read.unmatchedA()).isEmpty();
    assertThat(read.unmatchedB()).isEmpty();
    assertThat(read.relations()).isEmpty();
    assertThat(read.matchedShare()).isEqualTo(1.0);
    // The alignment itself is unchanged.
    assertThat(al.unmatchedA()).containsExactly("love");
  }

  @Test
  void twoWordsWithOppositesAreNoSoleOpposite() {
    WordAlignment al = WordAlignment.of("I love and adore tea.", "I hate tea.", Lexicon.ENGLISH, K);
    assertThat(al.soleOpposite()).isEmpty();
    assertThat(WordAlignment.of("I love tea.", "I love coffee.", Lexicon.ENGLISH, K).soleOpposite()).isEmpty();
  }

  @Test
  void onlyLeftOverWordsCanBeReadAsCounterparts() {
    WordAlignment al = WordAlignment.of("I love tea.", "I hate tea.", Lexicon.ENGLISH, K);
    assertThatThrownBy(() -> al.matching(new WordAlignment.Pair("tea", "hate",
        new WordRelation(Kind.ANTONYM, "")))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a left-over pair");
  }
}
