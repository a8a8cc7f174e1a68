package dev.deja.lexicon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.guard.Lexicon;
import dev.deja.core.guard.NameReadings;
import dev.deja.core.guard.PairSignals;
import dev.deja.core.lexical.WordKnowledge;
import dev.deja.core.lexical.WordKnowledges;
import org.junit.jupiter.api.Test;

class GivenNamesTest {
  private static final WordKnowledge K = WordKnowledges.defaults();

  @Test
  void theListsKnowFirstNamesOfEveryLanguageAndNotOrdinaryWords() {
    GivenNames names = new GivenNames();
    assertThat(names.size()).isGreaterThan(10_000);
    assertThat(names.contains("ollie")).isTrue();
    assertThat(names.contains("keisha")).isTrue();
    assertThat(names.contains("lucia")).as("accents folded: Lucía").isTrue();
    assertThat(names.contains("jonas")).isTrue();
    assertThat(names.contains("dentist")).isFalse();
    assertThat(names.contains("marathon")).isFalse();
  }

  @Test
  void aFirstNameCountsWhereTheWritingMakesItAName() {
    assertThat(given("Ollie's swim class (Water Babies)")).containsExactly("ollie");
    assertThat(given("Ruby's baby swim class")).as("a word that is a name: the possessive says whose")
        .containsExactly("ruby");
    assertThat(given("Babysit Mateo & Lucía")).containsExactly("lucia", "mateo");
    assertThat(given("We have dinner with Auntie Carol tonight")).as("after a word for a person")
        .containsExactly("carol");
    assertThat(given("Frank discussion about the budget")).as("a first word that is also a word").isEmpty();
    assertThat(given("Christmas trip to São Paulo")).as("part of a place name").isEmpty();
    assertThat(given("Kids with their dad (Fri–Sun)")).as("a weekday abbreviation").isEmpty();
    assertThat(given("Nan's visit")).as("a word for a kind of person").isEmpty();
    assertThat(given("Interview delivery driver – Keisha")).containsExactly("keisha");
  }

  @Test
  void peopleConflictWhenEachNamesSomeoneTheOtherDoesNot() {
    assertThat(people("Ollie's swim class (Water Babies)", "Ruby's baby swim class (Water Babies)")).isEqualTo(1.0);
    assertThat(people("Interview delivery driver – Keisha", "Interview delivery driver – Andre")).isEqualTo(1.0);
    assertThat(people("Keisha – driver interview", "Interview delivery driver – Keisha")).isZero();
    assertThat(people("Orthodontist – Sofia", "Sofia orthodontist appointment")).isZero();
    assertThat(people("Family trip to Brazil", "Christmas trip to São Paulo")).isZero();
  }

  @Test
  void aFirstNameThatIsAlsoAWordCountsWhereTheOtherTitleWritesAFirstName() {
    // "Ruby" opening a title may be the gem; opposite "Ollie" in the same place it is a sister.
    assertThat(people("Ruby speech therapy session", "Ollie speech therapy session")).isEqualTo(1.0);
    assertThat(people("Ollie speech therapy session", "Ruby speech therapy session")).isEqualTo(1.0);
    assertThat(people("Jade covers the shop", "Nadia & Sam long weekend in New Orleans")).isEqualTo(1.0);
    // Not in another place, not a word for a kind of person, not a month, not a name both titles share.
    assertThat(people("Ruby on Rails workshop", "Workshop with Ollie")).isZero();
    assertThat(people("Nan visit", "Ollie visit")).isZero();
    assertThat(people("May payroll run", "Ollie payroll run")).isZero();
    assertThat(people("Mark physio", "Mark physio with Ollie")).isZero();
  }

  @Test
  void hostileTitlesNeverBreakTheSignalAndItIsSymmetric() {
    java.util.Random random = new java.util.Random(16);
    String[] parts = {"Ollie", "Ruby's", "Lucía", "İstanbul", "ǅemal", "’s", "'s", "O'Brien", "Mc", "🎾", "\u0301",
        "São", "Paulo", "Fri–Sun", "MAY", "Nan's", "x", "", " ", "-", "&", "Zahnarzt", "ß", "\uD83D", "Ⅻ", "Ａｎｎａ",
        "שלום", "Ölçek", "Mark", "the", "with", "at", "Dr.", "A" + "a".repeat(300)};
    for (int i = 0; i < 400; i++) {
      String a = title(random, parts);
      String b = title(random, parts);
      double ab = people(a, b);
      assertThat(ab).as("%s / %s", a, b).isIn(0.0, 1.0).isEqualTo(people(b, a));
      assertThat(NameReadings.givenNames(a, Lexicon.ENGLISH, K)).allSatisfy(n -> assertThat(n).isNotBlank()
          .doesNotContain(" ").isLowerCase());
    }
  }

  private static String title(java.util.Random random, String[] parts) {
    StringBuilder sb = new StringBuilder();
    int n = 1 + random.nextInt(6);
    for (int i = 0; i < n; i++) {
      sb.append(parts[random.nextInt(parts.length)]).append(random.nextBoolean() ? " " : "");
    }
    return sb.toString();
  }

  private static java.util.Set<String> given(String text) {
    return NameReadings.givenNames(text, Lexicon.ENGLISH, K);
  }

  private static double people(String a, String b) {
    return PairSignals.of(a, b, Lexicon.ENGLISH, K).values().get("people_conflict");
  }
}
