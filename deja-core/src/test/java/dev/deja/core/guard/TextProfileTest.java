package dev.deja.core.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** What one text is read as before it is compared: here, the acronyms that spell a function word. */
class TextProfileTest {
  private static final TableWordKnowledge K = new TableWordKnowledge(
      Set.of("tutorial", "law", "contract", "team", "meeting", "card", "business", "partner", "meat", "eat"),
      Set.of(), Set.of()).functionWord("eu", "pt");

  @Test
  void anAcronymThatSpellsAFunctionWordIsAContentWord() {
    assertThat(TextProfile.acronyms("Camille tutorial – EU law", Lexicon.ENGLISH, K)).containsExactly("eu");
    assertThat(TextProfile.acronyms("Meeting with the US team about IT", Lexicon.ENGLISH, K))
        .containsExactly("it", "us");
    assertThat(TextProfile.of("Jonas ID card appointment", Lexicon.ENGLISH, K).content()).contains("id");
    assertThat(TextProfile.of("I'm an IT business partner.", Lexicon.ENGLISH, K).content()).contains("it");
    assertThat(TextProfile.of("Camille tutorial – EU law", Lexicon.ENGLISH, K).content())
        .as("a function word of another language too").contains("eu");
  }

  @Test
  void capitalsThroughoutOrAsEmphasisAreNoAcronyms() {
    assertThat(TextProfile.acronyms("MY SISTER IS A VET.", Lexicon.ENGLISH, K)).isEmpty();
    assertThat(TextProfile.acronyms("I do NOT eat meat.", Lexicon.ENGLISH, K)).as("a negation").isEmpty();
    assertThat(TextProfile.acronyms("Lunch with ECHR people at the OECD", Lexicon.ENGLISH, K))
        .as("no function word").isEmpty();
    assertThat(TextProfile.acronyms("Ask about e-ID or O'Neil's AS-level", Lexicon.ENGLISH, K))
        .as("part of a longer word").isEmpty();
    assertThat(TextProfile.of("Meeting with the team", Lexicon.ENGLISH, K).content()).doesNotContain("the");
  }

  @Test
  void theAcronymOfEitherTextIsAContentWordOfThePair() {
    PairSignals.Result r = PairSignals.of("Camille tutorial – contract law", "Camille tutorial – EU law",
        Lexicon.ENGLISH, K);
    assertThat(r.evidence().get("unmatched")).contains("eu");
    assertThat(r.values().get("extension")).as("a word replaced, not a word added").isZero();
    assertThat(PairSignals.of("Meeting with the US team", "Meeting with the team", Lexicon.ENGLISH, K)
        .values().get("extension")).isEqualTo(1.0);
  }
}
