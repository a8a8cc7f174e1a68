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
  void aWordBothTextsWriteIsPairedWithItselfBeforeAFormOfIt() {
    // "babies" is written in both; "baby" (the same stem) only in the second, so it is the one left over.
    WordAlignment al = WordAlignment.of("Ollie's swim class (Water Babies)", "Ruby's baby swim class (Water Babies)",
        Lexicon.ENGLISH, K);
    assertThat(al.matched()).extracting(p -> p.a() + "=" + p.b()).contains("babies=babies")
        .doesNotContain("babies=baby");
    assertThat(al.unmatchedB()).contains("baby").doesNotContain("babies");
    // A form still pairs when the word itself is not there, and the pairs keep the first text's order.
    al = WordAlignment.of("Baby swim class", "Swim class for babies", Lexicon.ENGLISH, K);
    assertThat(al.matched()).extracting(p -> p.a() + "=" + p.b()).containsExactly("baby=babies", "swim=swim",
        "class=class");
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

  @Test
  void theWordsOfTheSameDurationOrRateAreNoLeftOvers() {
    WordAlignment al = WordAlignment.of("I moved here a fortnight ago.", "I moved here two weeks ago.", Lexicon.ENGLISH,
        K);
    assertThat(al.unmatchedA()).isEmpty();
    assertThat(al.unmatchedB()).isEmpty();
    al = WordAlignment.of("I moved here a fortnight ago.", "I moved here three weeks ago.", Lexicon.ENGLISH, K);
    assertThat(al.unmatchedA()).as("another duration").containsExactly("fortnight");
    assertThat(al.unmatchedB()).containsExactly("weeks");
    al = WordAlignment.of("My check-ups are every 6 months.", "I have check-ups twice a year.", Lexicon.ENGLISH, K);
    assertThat(al.unmatchedA()).doesNotContain("months");
    assertThat(al.unmatchedB()).doesNotContain("twice");
    al = WordAlignment.of("My check-ups are every 4 months.", "I have check-ups twice a year.", Lexicon.ENGLISH, K);
    assertThat(al.unmatchedA()).as("another rate").contains("months");
    al = WordAlignment.of("I cook on Mondays.", "I cook on Thursdays.", Lexicon.ENGLISH, K);
    assertThat(al.unmatchedA()).as("the same rate on another day").containsExactly("mondays");
    al = WordAlignment.of("I read every night.", "I read every day.", Lexicon.ENGLISH, K);
    assertThat(al.unmatchedA()).as("the same rate at another time").containsExactly("night");
    assertThat(al.unmatchedB()).containsExactly("day");
  }

  @Test
  void haveGotAndTheNounNumberBeforeANumberAreGrammarNotContent() {
    assertThat(WordAlignment.content("I've got two sisters.", Lexicon.ENGLISH, K)).containsExactly("sisters");
    assertThat(WordAlignment.content("We haven't got a car.", Lexicon.ENGLISH, K)).containsExactly("car");
    assertThat(WordAlignment.content("Our allotment plot is number 47.", Lexicon.ENGLISH, K))
        .containsExactly("allotment", "plot");
    // "Got" as the past of "get", and "number" that names no number, are content words.
    assertThat(WordAlignment.content("I got a new job.", Lexicon.ENGLISH, K)).containsExactly("got", "new", "job");
    assertThat(WordAlignment.content("My number is on the fridge.", Lexicon.ENGLISH, K))
        .containsExactly("number", "fridge");
    WordAlignment al = WordAlignment.of("I've got two girls.", "I have two girls.", Lexicon.ENGLISH, K);
    assertThat(al.complete()).isTrue();
  }

  @Test
  void anUnknownWordThatShortensADictionaryWordIsThatWord() {
    TableWordKnowledge k = new TableWordKnowledge(Set.of("physiotherapist", "appointment", "meeting", "week", "weekend",
        "thursday", "staff", "see", "rota"), Set.of(), Set.of());
    WordAlignment al = WordAlignment.of("Physio on Thursday", "See the physiotherapist on Thursday", Lexicon.ENGLISH,
        k);
    assertThat(al.unmatchedA()).isEmpty();
    assertThat(al.matched()).anySatisfy(p -> assertThat(p.relation().evidence())
        .isEqualTo("clipped form of 'physiotherapist'"));
    al = WordAlignment.of("Staff mtg", "Staff meeting", Lexicon.ENGLISH, k);
    assertThat(al.complete()).as("a contraction").isTrue();
    al = WordAlignment.of("Staff meeting", "Staff mtg", Lexicon.ENGLISH, k);
    assertThat(al.complete()).as("either side").isTrue();
    // A word in its own right is not part of a longer one.
    al = WordAlignment.of("Rota this week", "Rota this weekend", Lexicon.ENGLISH, k);
    assertThat(al.unmatchedA()).containsExactly("week");
    // A contraction keeps the last letter and only consonants: "mting" and "mtn" are no "meeting".
    assertThat(Clippings.contraction("mtg", "meeting")).isTrue();
    assertThat(Clippings.contraction("appt", "appointment")).isTrue();
    assertThat(Clippings.contraction("mtn", "meeting")).isFalse();
    assertThat(Clippings.contraction("mting", "meeting")).isFalse();
  }

  @Test
  void anUnknownWordThatClipsASynonymOfTheOtherWordIsThatWord() {
    TableWordKnowledge k = new TableWordKnowledge(Set.of("physical", "therapy", "physical therapy", "shoulder",
        "budgeting", "use"), Set.of(), Set.of())
        .phrases("physical therapy")
        .synonyms("physical therapy", "physiotherapy", "physiatrics")
        .synonyms("use", "apply", "employ");
    WordAlignment al = WordAlignment.of("Rosa physio (shoulder)", "Rosa physical therapy (shoulder)",
        Lexicon.ENGLISH, k);
    assertThat(al.complete()).isTrue();
    assertThat(al.matched()).anySatisfy(p -> assertThat(p.relation().evidence())
        .isEqualTo("clipped form of 'physiotherapy', a synonym of 'physical therapy'"));
    al = WordAlignment.of("Rosa physical therapy (shoulder)", "Rosa physio (shoulder)", Lexicon.ENGLISH, k);
    assertThat(al.complete()).as("either side").isTrue();
    // The word spelled out is longer than the clipping: "app" does not clip "use" through "apply".
    al = WordAlignment.of("My budgeting app", "I use budgeting", Lexicon.ENGLISH, k);
    assertThat(al.unmatchedA()).contains("app");
  }

  @Test
  void anAbbreviationSpellsTheWordsAroundAFunctionWord() {
    WordAlignment al = WordAlignment.of("UW campus tour", "Campus tour at University of Washington", Lexicon.ENGLISH,
        K);
    assertThat(al.unmatchedA()).isEmpty();
    assertThat(al.unmatchedB()).isEmpty();
    assertThat(al.matched()).anySatisfy(p -> assertThat(p.relation().evidence())
        .isEqualTo("abbreviation of 'university of washington'"));
    al = WordAlignment.of("Renew at the DMV", "Renew at the Department of Motor Vehicles", Lexicon.ENGLISH, K);
    assertThat(al.unmatchedA()).isEmpty();
    // Only function words are skipped.
    al = WordAlignment.of("UW campus tour", "Campus tour at University Park Washington", Lexicon.ENGLISH, K);
    assertThat(al.unmatchedA()).containsExactly("uw");
  }
}
