package dev.deja.core.cascade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import dev.deja.core.guard.Lexicon;
import dev.deja.core.lexical.WordKnowledge;
import dev.deja.core.lexical.WordRelation;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A veto decides a pair whose only difference is its signal; {@code other_subject} when every word is matched. */
class PairFeaturesVetoesTest {
  /** Knows which words name kinds of people, and nothing else. */
  private static final WordKnowledge PEOPLE = new WordKnowledge() {
    @Override
    public String source() {
      return "test";
    }

    @Override
    public WordRelation relate(String a, String b) {
      return WordRelation.UNKNOWN;
    }

    @Override
    public boolean isPersonNoun(String word) {
      return Set.of("sister", "brother", "neighbour").contains(word);
    }

    @Override
    public boolean isCommonWord(String word) {
      return !word.equals("lisbon");
    }
  };

  private static PairFeatures.Values values(String a, String b) {
    PairFeatures f = new PairFeatures(List.of("sequence", "matched_share", "other_subject"), "test", Lexicon.ENGLISH,
        PEOPLE, Duration.ZERO).vetoes(List.of("other_subject"), "test.vetoes");
    return f.complete(f.cheap(a, b, a, b, 0.9, Optional.empty(), Optional.empty()), a, b);
  }

  private static Optional<String> veto(String a, String b) {
    return values(a, b).veto();
  }

  @Test
  void theSameFactAboutSomeoneElseIsVetoed() {
    assertThat(veto("My sister is travelling to Lisbon in April.", "I'm travelling to Lisbon with my sister in April."))
        .hasValueSatisfying(v -> assertThat(v).startsWith("the only difference: other subject"));
  }

  @Test
  void anotherSubjectWithOtherWordsIsLeftToTheModel() {
    // "travelling" / "flying" is a difference too: the veto is for pairs that differ only in who the subject is.
    PairFeatures.Values v = values("My sister is travelling to Lisbon in April.",
        "I'm flying to Lisbon with my sister in April.");
    assertThat(v.values()[2]).as("other_subject").isOne();
    assertThat(v.veto()).isEmpty();
    assertThat(veto("My sister is travelling to Lisbon in April.", "My sister is travelling to Lisbon in April."))
        .isEmpty();
  }

  private static Optional<String> negationVeto(String a, String b, boolean glossed) {
    PairFeatures f = new PairFeatures(List.of("sequence", "matched_share", "extension", "negation_mismatch"), "test",
        Lexicon.ENGLISH, PEOPLE, Duration.ZERO).vetoes(List.of("negation_mismatch"), "test.vetoes");
    return f.complete(f.cheap(a, b, a, b, 0.9, Optional.empty(), Optional.empty()), a, b, a, b, glossed).veto();
  }

  /**
   * Against a gloss, a negation with a word or two added on one side is the only difference (a word-by-word gloss has
   * stray words: "Ik heb geen kinderen." → "no child honor"); between texts as written the added words may say the
   * negation.
   */
  @Test
  void aNegationBesideAnAddedWordIsTheOnlyDifferenceAgainstAGloss() {
    assertThat(negationVeto("I have children.", "no child honor.", true))
        .hasValueSatisfying(v -> assertThat(v).startsWith("the only difference: negation mismatch"));
    assertThat(negationVeto("I have children.", "no child honor.", false)).isEmpty();
    assertThat(negationVeto("I drink alcohol.", "I don't drink alcohol.", false)).isPresent();
    // Other words on both sides: left to the model, glossed or not.
    assertThat(negationVeto("I have cats.", "no child honor.", true)).isEmpty();
  }

  @Test
  void onlyTheListedSignalsMayVeto() {
    assertThatThrownBy(() -> new PairFeatures(List.of("sequence"), "test", Lexicon.ENGLISH, PEOPLE, Duration.ZERO)
        .vetoes(List.of("subject_shift"), "test.vetoes"))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("other_subject");
  }
}
