package dev.deja.core.guard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.lexical.WordRelation.Kind;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The text signals of a pair, each on the smallest pair that shows it, with a table for word knowledge. */
class PairSignalsTest {
  private static final Set<String> COMMON = Set.of("allergic", "sesame", "mustard", "karate", "judo", "class",
      "love", "hate", "cilantro", "coriander", "fly", "flying", "madrid", "marathon", "half", "tournament", "chess",
      "debate", "hearing", "test", "surgery", "cataract", "grandpa", "work", "worked", "office", "coffee", "tea",
      "morning", "evening", "yoga", "pitch", "perfect", "translator", "german", "english", "owe", "owes", "pounds",
      "texts", "calls", "prefer", "dog", "sister", "visit", "visits", "grandmother", "have", "service", "health",
      "national", "employer", "swim", "lesson", "deaf", "ear", "right", "like", "dislike");
  private static final TableWordKnowledge K = new TableWordKnowledge(COMMON, Set.of("grandpa", "sister",
      "grandmother", "parents", "manager", "reader", "stepsister"), Set.of("worked"))
      .relate("karate", "judo", Kind.SIBLING)
      .relate("love", "hate", Kind.ANTONYM)
      .relate("like", "dislike", Kind.ANTONYM)
      .relate("hearing", "deaf", Kind.ANTONYM)
      .relate("cilantro", "coriander", Kind.SAME)
      .relate("flying", "fly", Kind.FORM)
      .relate("manager", "manage", Kind.FORM)
      .verbs("tour", "owe", "owes", "visit", "visits", "have", "work", "worked", "prefer", "love", "hate", "fly", "flying",
          "test", "swim", "service", "pitch", "dog", "class", "manage");

  private static Map<String, Double> of(String a, String b) {
    return PairSignals.of(a, b, Lexicon.ENGLISH, K).values();
  }

  @ParameterizedTest(name = "{2}: ''{0}'' / ''{1}''")
  @CsvSource(delimiter = '|', value = {
      "I'm 29.|I'm 39.|numbers_conflict",
      "I'm twenty-nine.|I'm 34.|numbers_conflict",
      "Yoga at 8 am.|Yoga at 8 pm.|numbers_conflict",
      "My train leaves at 07:45.|My train leaves at 19:45.|numbers_conflict",
      "Lunch is at one o'clock.|Lunch is at 3 pm.|numbers_conflict",
      // An hour after a day is a clock time, compared with one written with minutes.
      "Every Monday at 10:00 I have my team meeting.|My team meeting is on Monday at 11.|numbers_conflict",
      "I had Covid in Jan '22.|I had Covid in January 2021.|numbers_conflict",
      // The same numbers counting other things.
      "I keep two sheep and a deer.|I keep two deer and a sheep.|numbers_conflict",
      "I have perfect pitch.|I don't have perfect pitch.|negation_mismatch",
      "My sister Lotte visits.|My sister Femke visits.|names_conflict",
      "My sister visits.|My sister Femke visits.|names_one_side",
      "Yoga on Friday mornings.|Yoga on Friday evenings.|contrast_conflict",
      "I work in the office.|I want to work in the office.|modality_mismatch",
      "I prefer texts over calls.|I prefer calls over texts.|swap",
      "I translate English to German.|I translate German to English.|swap",
      "I'd rather listen to Bach than Mozart.|I prefer Mozart to Bach.|swap",
      "Please call me Beatriz, not Bea.|Please call me Bea, not Beatriz.|swap",
      "Sam owes me fifty pounds.|I owe Sam fifty pounds.|swap",
      "I visit my grandmother every Sunday.|My grandmother visits me every Sunday.|swap",
      // A role said from the two sides: the speaker's manager, or the speaker managing.
      "My manager is Priya.|I manage Priya.|swap",
      // Two words exchanged, each now bound to the other's partner.
      "I drink tea in the morning and coffee in the evening.|"
          + "I drink coffee in the morning and tea in the evening.|swap",
      "I'm a nurse but my sister works in the office.|My sister is a nurse but I work in the office.|swap",
      "I'm flying to Madrid.|I'm flying from Madrid.|role_change",
      // The two ends of a span of time.
      "I worked at the bank until 2018.|I've worked at the bank since 2018.|role_change",
      "Winter tyres stay on until April.|Winter tyres go on from April.|role_change",
      // The shared word may be a person, the subject of a clause the preposition opens.
      "I've had piano lessons since I was six.|I had piano lessons until I was six.|role_change",
      "Sam lent the tent to me.|Sam borrowed the tent from me.|role_change",
      "I visit my grandmother.|My grandmother visits.|subject_shift",
      "I'm a nurse.|My sister is a nurse.|other_subject",
      // The speaker has something else than the other text's subject.
      "I have a dog and I'm a nurse.|My sister is a nurse.|other_subject",
      "My sister owes Sam fifty pounds.|I owe Sam fifty pounds.|other_subject",
      // "were" after the subject is its verb; only "We're" opening a text is the speaker's household.
      "I'm in Lisbon this week.|My parents were in Lisbon this week.|other_subject",
      // A hyphenated compound is a person when the compound is one.
      "I'm a nurse.|My step-sister is a nurse.|other_subject",
      // "Be" and a predicate that is no name: what the other person is.
      "I'm a manager.|My manager is a nurse.|other_subject",
      "I worked at the office.|I work at the office.|tense_mismatch",
      "Ich habe und Kaffee.|I have coffee.|language_mismatch",
      "Theo karate class|Theo judo class|sibling",
      "I love cilantro.|I hate cilantro.|antonym",
      "Elena half marathon|Elena marathon|modifier_change",
      "Grandpa cataract surgery|Grandpa hearing test|owner_only",
      "Grandpa cataract surgery|Grandpa hearing test|head_differs",
      "Theo karate class|Theo judo class|single_change",
      "Theo karate class|Theo judo class|in_place",
      "Elena half marathon|Elena marathon|extension"})
  void eachSignalFiresOnItsCase(String a, String b, String signal) {
    assertThat(of(a, b).get(signal)).as(signal + " " + PairSignals.of(a, b, Lexicon.ENGLISH, K).evidence())
        .isEqualTo(1.0);
    assertThat(PairSignals.of(a, b, Lexicon.ENGLISH, K).evidence()).containsKey(signal);
  }

  @ParameterizedTest(name = "counts agree: ''{0}'' / ''{1}''")
  @CsvSource(delimiter = '|', value = {
      // The same counts of the same things, in another order.
      "I keep two sheep and a deer.|I keep a deer and two sheep.",
      "I keep 2 sheep and 3 deer.|I keep three deer and two sheep.",
      // A word counted twice, differently, is a size or a range: no count to compare.
      "I keep two sheep and a deer in a 12-foot-by-18-foot pen.|I keep two sheep and a deer in a 12-by-18-foot pen.",
      // The last word of a larger number counts nothing by itself: "twenty-five days" is 25 days, not 5.
      "I get twenty-five days' holiday a year.|I get 25 days' holiday a year.",
      // Two articles are no numbers: "a" counts only against a number.
      "I keep a sheep and a deer.|I keep a deer and a sheep."})
  void theSameCountsOfTheSameThingsAreNoConflict(String a, String b) {
    assertThat(of(a, b).get("numbers_conflict")).as(PairSignals.of(a, b, Lexicon.ENGLISH, K).evidence().toString())
        .isZero();
  }

  @ParameterizedTest(name = "no other subject: ''{0}'' / ''{1}''")
  @CsvSource(delimiter = '|', value = {
      // The subject is a thing, not a person.
      "My coffee is strong.|I like strong coffee.",
      // The text does not open with its subject.
      "For my sister, coffee is fine.|I drink coffee.",
      // "We" includes the speaker.
      "We visit grandpa on Sundays.|I visit grandpa on Sundays.",
      // Both texts have "I" as the subject.
      "I visit my sister.|I'm visiting my sister.",
      // "Be" and a name says whom the speaker has in that role: a fact about the speaker.
      "My manager is Rosalind Achterberg.|I report to Rosalind Achterberg.",
      "My sister is called Maren.|I have a sister named Maren.",
      // What the speaker says they have is no one else: "I've got" X, "my X is".
      "My printer is an HP LaserJet.|I've got an HP LaserJet printer.",
      "My sister lives in Lisbon.|I have a sister who lives in Lisbon.",
      // The last part of a hyphenated compound is not the thing: an e-reader is no reader.
      "My e-reader is a Kobo.|I read books on a Kobo."})
  void anotherPersonAsTheSubjectNeedsAPersonOpeningTheOtherText(String a, String b) {
    assertThat(of(a, b).get("other_subject")).as(PairSignals.of(a, b, Lexicon.ENGLISH, K).evidence().toString())
        .isZero();
  }

  @ParameterizedTest(name = "no swap: ''{0}'' / ''{1}''")
  @CsvSource(delimiter = '|', value = {
      // Each word keeps its own marker: the same trip told in another order.
      "I moved from Berlin to Munich.|I moved to Munich from Berlin.",
      // Another order without a marker between the words: a rewording.
      "My chess rating is 1650.|I'm rated 1650 at chess.",
      "I'd rather have tea than coffee.|I prefer tea to coffee.",
      // An infinitive's "to" governs the verb, not the word that moved.
      "This winter I'd like to learn knitting.|I want to learn to knit this winter.",
      // The same two parties around the verb, one of them in a converse form.
      "My grandmother visits me.|I get a visit from my grandmother.",
      "Sam owes me fifty pounds.|Sam is owed fifty pounds by me.",
      // The same parties in the same places.
      "Sam owes me fifty pounds.|Sam still owes me fifty pounds.",
      // Things, times and places are not parties.
      "Last year I sold my car.|My car was sold last year.",
      "In July I visit my grandmother.|I visit my grandmother in July.",
      // A verb-like word inside a title is not a verb between a subject and an object.
      "Seattle tour (Sofia)|Sofia campus tour at Seattle",
      // The same role from the other side's words: the speaker still reports to the manager.
      "My manager is Priya.|Priya manages me.",
      // Clauses in another order: each word keeps its partner.
      "I swim on Mondays and run on Fridays.|I run on Fridays and swim on Mondays.",
      // Words that move within one clause or title, no coordinator between them: the same fact.
      "My favourite cake is lemon cake.|Lemon cake is my favourite cake.",
      "Parent quiz night at Oakfield|Oakfield quiz night for parents",
      "On Mondays I swim and on Fridays I run.|I swim on Mondays and run on Fridays."})
  void sharedWordsInAnotherOrderAreNotASwapUnlessAMarkerSitsBetweenThemInBoth(String a, String b) {
    assertThat(of(a, b).get("swap")).as(PairSignals.of(a, b, Lexicon.ENGLISH, K).evidence().toString()).isZero();
  }

  @ParameterizedTest(name = "same numbers: ''{0}'' / ''{1}''")
  @CsvSource(delimiter = '|', value = {
      // Digits read one word each are one number (a code, a phone number).
      "The door code is four four one seven.|Our door code is 4417.",
      // A value said twice is the same value.
      "It takes me 40 minutes there and 40 back.|My commute is 40 minutes each way.",
      // Without a leading zero or am/pm an hour may be either half of the day.
      "My train leaves at 7:45.|My train leaves at 19:45.",
      "My train leaves at 07:45.|My train leaves at 7:45 am.",
      // A year of two digits after an apostrophe is the year (POSIX %y: '22 is 2022, '69 is 1969).
      "I had Covid in Jan '22.|I had COVID in January 2022.",
      "I was born in the summer of ’69.|I was born in the summer of 1969.",
      // An hour after a day is the clock time written with minutes.
      "Every Monday at 10:00 I have my team meeting.|My team meeting is on Monday at 10.",
      "Yoga tomorrow at 7|Yoga tomorrow at 7:00"})
  void theSameValuesWrittenOtherwiseDoNotConflict(String a, String b) {
    assertThat(of(a, b).get("numbers_conflict")).as(PairSignals.of(a, b, Lexicon.ENGLISH, K).evidence().toString())
        .isZero();
  }

  @Test
  void theSameNumbersHoweverWrittenAgreeAndOnlyNumbersCount() {
    // Digits and number words, a currency sign and the currency's name: the same amounts.
    PairSignals.Result r = PairSignals.of("Our flat is number 7.", "We live in flat seven.", Lexicon.ENGLISH, K);
    assertThat(r.values().get("numbers_agree")).as(r.evidence().toString()).isOne();
    assertThat(r.evidence().get("numbers_agree")).contains("7");
    assertThat(of("I lent Sam £34.", "Sam borrowed thirty-four pounds from me.").get("numbers_agree")).isOne();
    // Other numbers, numbers on one side only, clock times and the same durations written otherwise do not.
    assertThat(of("I have three cats.", "I have 4 cats.").get("numbers_agree")).isZero();
    assertThat(of("I have three cats.", "I have cats.").get("numbers_agree")).isZero();
    assertThat(of("Lunch is at 1 pm.", "Lunch is at one o'clock.").get("numbers_agree")).isZero();
    assertThat(of("I swim for two weeks.", "I swim for a fortnight.").get("numbers_agree")).isZero();
  }

  @Test
  void theUserAMemoryOpensWithIsNoAddedWordOppositeI() {
    Map<String, Double> speaker = of("User visits grandpa on Sundays.", "I visit grandpa on Sundays.");
    assertThat(speaker.get("extension")).isZero();
    assertThat(of("I visit grandpa on Sundays.", "User visits grandpa on Sundays.").get("extension")).isZero();
    // Another added word is an extension; so is "user" that is not the speaker opening the text.
    assertThat(of("I visit grandpa.", "I visit grandpa on Sundays.").get("extension")).isOne();
    assertThat(of("I visit grandpa on Sundays.", "I visit grandpa user on Sundays.").get("extension")).isOne();
    // "The user" opening a memory is the speaker too; "the user's sister" is the user's sister.
    Map<String, Double> article = of("The user visits grandpa on Sundays.", "I visit grandpa on Sundays.");
    assertThat(article.get("extension")).isZero();
    assertThat(article.get("subject_shift")).isZero();
    assertThat(article.get("other_subject")).isZero();
    assertThat(of("The user's sister visits grandpa.", "I visit grandpa.").get("subject_shift")).isOne();
  }

  @Test
  void whenTheSpeakerIsAllOneTextHasLeftEveryWordIsMatched() {
    // Then a negation is the only difference, which the memory preset vetoes.
    Map<String, Double> v = of("User visits grandpa on Sundays.", "I don't visit grandpa on Sundays.");
    assertThat(v.get("matched_share")).isOne();
    assertThat(v.get("unmatched")).isZero();
    assertThat(v.get("negation_mismatch")).isOne();
    // Another word left over on the other side: not every word is matched.
    assertThat(of("User visits grandpa on Sundays.", "I visit grandpa in Lisbon on Sundays.").get("matched_share"))
        .isLessThan(1.0);
  }

  @Test
  void oneAfterADeterminerIsNoCount() {
    // "the one vegetable" is "the only vegetable"; "one sugar" is a count.
    Map<String, Double> only = of("Eggplant is the one vegetable I hate.", "Eggplant is the only vegetable I hate.");
    assertThat(only.get("numbers_one_side")).isZero();
    assertThat(of("My one regret is selling the boat.", "My only regret is selling the boat.")
        .get("numbers_one_side")).isZero();
    assertThat(of("I take one sugar in my tea.", "I take two sugars in my tea.").get("numbers_conflict")).isOne();
  }

  @Test
  void anHourWithoutADayMayBeAnAgeAndStaysANumber() {
    Map<String, Double> v = of("I left school at 16.", "I left school at 4 pm.");
    assertThat(v.get("numbers_conflict")).isZero();
    assertThat(v.get("numbers_one_side")).isZero();
    assertThat(NumberReadings.numbers("I left school at 16.", Lexicon.ENGLISH).numbers()).containsExactly(16.0);
    assertThat(NumberReadings.numbers("Standup on Monday at 9", Lexicon.ENGLISH).times())
        .containsExactly(Set.of(540, 1260));
  }

  @Test
  void aNegatedOppositeSaysTheSame() {
    PairSignals.Result r = PairSignals.of("My right ear has no hearing.", "I'm deaf in my right ear.", Lexicon.ENGLISH,
        K);
    assertThat(r.values().get("negation_mismatch")).isZero();
    assertThat(r.values().get("antonym")).isZero();
    assertThat(r.evidence().get("matched_share")).contains("negates the opposite").contains("'hearing' / 'deaf'");
    // An opposite made with a negative prefix is the negated word: the two are counterparts, as synonyms are —
    // nothing is left over, no word changed.
    Map<String, Double> dislike = of("I don't like cilantro.", "I dislike cilantro.");
    assertThat(dislike.get("matched_share")).isEqualTo(1.0);
    assertThat(dislike.get("unmatched")).isZero();
    assertThat(dislike.get("single_change")).isZero();
    assertThat(dislike.get("negation_mismatch")).isZero();
    assertThat(dislike.get("antonym")).isZero();
    // Other opposites only cancel the contradictions: "doesn't love" is not "hates", so a word is still changed.
    Map<String, Double> hate = of("I don't love cilantro.", "I hate cilantro.");
    assertThat(hate.get("negation_mismatch")).isZero();
    assertThat(hate.get("antonym")).isZero();
    assertThat(hate.get("single_change")).isEqualTo(1.0);
    assertThat(hate.get("matched_share")).isLessThan(1.0);
    // Both negated: the opposites stay opposites.
    Map<String, Double> both = of("My right ear has no hearing.", "I'm not deaf in my right ear.");
    assertThat(both.get("antonym")).isEqualTo(1.0);
    // An opposite without a negation stays a contradiction.
    assertThat(of("I love cilantro.", "I hate cilantro.").get("antonym")).isEqualTo(1.0);
  }

  @ParameterizedTest(name = "''{0}'' / ''{1}'': {2}")
  @CsvSource({"like, dislike, true", "unhappy, happy, true", "possible, impossible, true", "legal, illegal, true",
      "agree, disagree, true", "smoker, non-smoker, true", "love, hate, false", "arrive, leave, false",
      "in, inn, false", "dislike, dislike, false"})
  void anOppositeMadeWithANegativePrefix(String a, String b, boolean prefixed) {
    assertThat(NegationReadings.prefixedOpposite(a, b)).isEqualTo(prefixed);
  }

  @Test
  void bothNegatedButNotTheSameThing() {
    // Each text negates one of the two things the other states.
    PairSignals.Result r = PairSignals.of("I drink tea but I don't drink coffee.", "I'm a coffee drinker, not a tea"
        + " drinker.", Lexicon.ENGLISH, K);
    assertThat(r.values().get("negation_mismatch")).isZero();
    assertThat(r.values().get("negation_scope")).isEqualTo(1.0);
    assertThat(r.evidence().get("negation_scope")).isIn("'tea' stated in the new text, 'tea' negated in the existing one",
        "'coffee' negated in the new text, 'coffee' stated in the existing one");
    // A negation with nothing after it reaches back: "dark chocolate isn't".
    assertThat(of("I can't eat milk chocolate, but dark chocolate is fine.", "Milk chocolate is OK for me; dark"
        + " chocolate isn't.").get("negation_scope")).isEqualTo(1.0);
    // The same things negated, in other words and order.
    assertThat(of("I drink tea but I don't drink coffee.", "I'm a tea drinker, not a coffee drinker.")
        .get("negation_scope")).isZero();
    assertThat(of("I have a piano but never play it.", "I own a piano that I don't play.").get("negation_scope"))
        .isZero();
    // A time or place after the negated verb and object is not what is negated.
    assertThat(of("On Sundays I avoid sugar at breakfast.", "I don't eat sugar at breakfast on Sundays.")
        .get("negation_scope")).isZero();
    // One negation in one text is negation_mismatch's case, not this one.
    assertThat(of("I have a piano.", "I don't have a piano.").get("negation_scope")).isZero();
    // A negative determiner before the object negates the verb before it too: "eat no meat" is "don't eat meat" (and
    // a gloss writes Dutch "geen", German "kein" as "no"); the subject before a function word stays stated.
    assertThat(of("I eat no meat.", "I don't eat meat.").get("negation_scope")).isZero();
    assertThat(of("My husband drinks no coffee.", "My husband doesn't drink coffee.").get("negation_scope")).isZero();
    assertThat(of("My sister has no children.", "My sister doesn't have children.").get("negation_scope")).isZero();
    assertThat(of("I eat no meat, but I eat fish.", "I eat meat, but I eat no fish.").get("negation_scope"))
        .isEqualTo(1.0);
  }

  @Test
  void aContractionOpeningASentenceIsNoName() {
    assertThat(NameReadings.contraction("We've")).isTrue();
    assertThat(NameReadings.contraction("Don't")).isTrue();
    assertThat(NameReadings.contraction("O'Neill")).isFalse();
    assertThat(NameReadings.names("We've got three grandchildren.", Lexicon.ENGLISH)).isEmpty();
    assertThat(NameReadings.names("Then We've got Femke.", Lexicon.ENGLISH)).containsExactly("femke");
    assertThat(NameReadings.names("We've got three grandchildren.", Lexicon.ENGLISH, K)).isEmpty();
    assertThat(NameReadings.names("You'll meet O'Neill.", Lexicon.ENGLISH, K)).containsExactly("oneill");
    assertThat(of("We've got three grandkids.", "We have three grandchildren.").get("names_one_side")).isZero();
  }

  @ParameterizedTest(name = "currencies: ''{0}'' / ''{1}'' → {2}")
  @CsvSource(delimiter = '|', value = {
      "Sam owes me £50.|Sam owes me $50.|1.0",
      "My rent is €900 a month.|My rent is 900 dollars a month.|1.0",
      "My rent is 900€ a month.|My rent is ₹900 a month.|1.0",
      // The same currency as a symbol and as a word, singular or plural, after digits or a number word.
      "Sam owes me £50.|Sam owes me fifty pounds.|0.0",
      "My rent is €900 a month.|My rent is 900 euro a month.|0.0",
      "I paid $20k for it.|I paid twenty thousand dollars for it.|0.0",
      // A currency name that is not after an amount is no currency; one text without a currency compares nothing.
      "I won 50 euros.|I won $50.|1.0",
      // Any number word is an amount, not only the small ones read as counts.
      "Sam owes me fifty pounds.|Sam owes me $50.|1.0",
      "I owe Sam fifty euros.|I owe Sam $50.|1.0",
      "We won 3 games and $50.|We won 3 games and $50.|0.0",
      "Sam owes me 50.|Sam owes me $50.|0.0",
      // Only the names of currencies with a symbol are read: "gold" (the Zimbabwe Gold) is a word of its own.
      "We have 2 gold cards.|We have $2.|0.0"})
  void theSameAmountInAnotherCurrencyIsAnotherAmount(String a, String b, double expected) {
    assertBothWays("numbers_conflict", a, b, expected);
  }

  @ParameterizedTest(name = "marks: ''{0}'' / ''{1}'' → {2}")
  @CsvSource(delimiter = '|', value = {
      "I code in C++.|I code in C.|1.0",
      "I code in C#.|I code in C++.|1.0",
      "My blood type is A+.|My blood type is A.|1.0",
      "My grade was B-.|My grade was B.|1.0",
      "My grade was B-.|My grade was B−.|0.0",
      "We use C++ at work and C at home.|We use C at home and C++ at work.|0.0",
      // A mark the other text spells out, and signs that are no marks.
      "I code in C#.|I code in C sharp.|0.0",
      "I split the cost of Disney+ with my brother.|I split the cost of Disney Plus with my brother.|0.0",
      "I bought a T-shirt.|I bought a T shirt.|0.0",
      "Our ratio is x+y.|Our ratio is x y.|0.0",
      "I code in C++.|I code in Java.|0.0",
      // A plus against a minus between a word and a number; a minus alone there is part of a name.
      "I'm in timezone UTC+2.|I'm in timezone UTC-2.|1.0",
      "I had COVID-19 in March.|I had COVID 19 in March.|0.0",
      "I'm in timezone UTC+2.|I'm in timezone UTC+2 in summer.|0.0"})
  void aWordWithAnotherSignIsAnotherWord(String a, String b, double expected) {
    assertBothWays("contrast_conflict", a, b, expected);
  }

  @ParameterizedTest(name = "identifiers: ''{0}'' / ''{1}'' → {2}")
  @CsvSource(delimiter = '|', value = {
      "My Instagram handle is @samlee.|My Instagram handle is @sam_lee.|1.0",
      "My email is sam.lee@gmail.com.|My email is samlee@gmail.com.|1.0",
      "My GitHub username is jdoe_dev.|My GitHub username is jdoe-dev.|1.0",
      // A leading "@", case and the punctuation around a word are notation.
      "My Instagram handle is @samlee.|My Instagram handle is samlee|0.0",
      "Email me at Sofia@Brightline.io.|My email is (sofia@brightline.io)|0.0",
      // Other letters are other names, which the names and the words already read; no identifier to compare.
      "My handle is @samlee.|My handle is @sarahlee.|0.0",
      "My e-mail is on my card.|My email is on my card.|0.0"})
  void aHandleWithOtherPunctuationIsAnotherHandle(String a, String b, double expected) {
    assertThat(Identifiers.conflict(a, b) != null ? 1.0 : 0.0).as(a + " / " + b).isEqualTo(expected);
    assertThat(Identifiers.conflict(b, a) != null ? 1.0 : 0.0).as(b + " / " + a).isEqualTo(expected);
    if (expected > 0) {
      assertBothWays("contrast_conflict", a, b, expected);
    }
  }

  @ParameterizedTest(name = "signs: ''{0}'' / ''{1}'' → {2}")
  @CsvSource(delimiter = '|', value = {
      "It is -5 degrees outside.|It is 5 degrees outside.|1.0",
      "It is −5 degrees outside.|It is -5 degrees outside.|0.0",
      "It is minus 5 degrees outside.|It is -5 degrees outside.|0.0",
      "It is minus four degrees outside.|It is -4 degrees outside.|0.0",
      "It is minus four degrees outside.|It is four degrees outside.|1.0",
      // A hyphen between numbers or after a word is no sign.
      "The kids are 3-5 years old.|The kids are 3 to 5 years old.|0.0",
      "I had COVID-19 in March.|I had COVID 19 in March.|0.0"})
  void aMinusMakesANegativeNumber(String a, String b, double expected) {
    assertBothWays("numbers_conflict", a, b, expected);
  }

  @ParameterizedTest(name = "order: ''{0}'' / ''{1}'' → {2}")
  @CsvSource(delimiter = '|', value = {
      "Our wedding anniversary is on 12/03.|Our wedding anniversary is on 03/12.|1.0",
      "My partner and I split the rent 60/40.|My partner and I split the rent 40/60.|1.0",
      "My passport expires on 2027-05-11.|My passport expires on 2027-11-05.|1.0",
      "Our wedding anniversary is on 12/03.|Our wedding anniversary is on 12/3.|0.0",
      "My partner and I split the rent 60/40.|My partner and I split the rent 60-40.|0.0",
      // Numbers in another order that are not joined are no run.
      "I have 3 cats and 4 dogs.|I have 4 dogs and 3 cats.|0.0",
      "The kids are 3-5 years old.|The kids are 3 to 5 years old.|0.0"})
  void theSameNumbersJoinedInAnotherOrderAreOtherNumbers(String a, String b, double expected) {
    assertBothWays("numbers_conflict", a, b, expected);
  }

  /** The signal reads the pair alike in both orders, as expected. */
  @ParameterizedTest(name = "{2}: ''{0}'' / ''{1}'' → {3}")
  @CsvSource(delimiter = '|', value = {
      // One word each, between the same words: two fillings of one template.
      "Femi football match vs Heriot-Watt|Femi rugby match vs Heriot-Watt|in_place|1",
      "Lotte tap class at Dance Base|Lotte ballet class at Dance Base|in_place|1",
      // A rewording moves or adds words as well.
      "Take Theo to karate|Theo karate class|in_place|0",
      "Theo karate class|Karate – Theo|in_place|0",
      "Karate class Theo|Theo karate lesson|in_place_edge|0",
      // The same change at the start or the end of both texts, next to the same word, is read apart.
      "Sofia karate class|Theo karate class|in_place|0",
      "Sofia karate class|Theo karate class|in_place_edge|1",
      "Clean out the garage|Clean out the basement|in_place|0",
      "Clean out the garage|Clean out the basement|in_place_edge|1",
      "Theo karate class|Theo judo class|in_place_edge|0",
      // Two words on one side, or the left-over words apart.
      "Put general waste bin out|Put recycling bin out|in_place|0",
      "Theo karate class at the dojo|Theo judo lesson at the dojo|in_place|0",
      // Nothing left over, or nothing around the change.
      "Theo karate class|Theo's karate class|in_place|0",
      "Karate|Judo|in_place_edge|0"})
  void aChangeInOnePlaceNextToTheSameWordsIsInPlace(String a, String b, String signal, double expected) {
    assertBothWays(signal, a, b, expected);
    if (expected == 1.0) {
      assertThat(PairSignals.of(a, b, Lexicon.ENGLISH, K).evidence().get(signal)).contains("in the same place");
    }
  }

  private static void assertBothWays(String signal, String a, String b, double expected) {
    assertThat(of(a, b).get(signal)).as(PairSignals.of(a, b, Lexicon.ENGLISH, K).evidence().toString())
        .isEqualTo(expected);
    assertThat(of(b, a).get(signal)).isEqualTo(expected);
  }

  @Test
  void theSignOfANumberWrittenAsAWordIsNoContentWord() {
    assertThat(of("It is minus 5 degrees outside.", "It is -5 degrees outside.").get("unmatched")).isZero();
    assertThat(of("Being late is a minus for me.", "Being late is a problem for me.").get("unmatched")).isPositive();
  }

  @Test
  void thePresentPerfectIsNotAPastTense() {
    assertThat(of("I've worked at the office since May.", "I work at the office since May.").get("tense_mismatch"))
        .isZero();
    assertThat(of("I have always worked at the office.", "I work at the office.").get("tense_mismatch")).isZero();
    assertThat(of("I had worked at the office.", "I work at the office.").get("tense_mismatch")).isEqualTo(1.0);
    // A present passive is not past either; a past one is.
    assertThat(of("The office is worked in daily.", "I work at the office daily.").get("tense_mismatch")).isZero();
    assertThat(of("The office was worked in daily.", "I work at the office daily.").get("tense_mismatch"))
        .isEqualTo(1.0);
  }

  @Test
  void firstAsAnAdverbIsNoNumberButBeforeANounItIsOne() {
    for (Object k : java.util.List.of(dev.deja.core.lexical.WordKnowledge.none(), K)) {
      dev.deja.core.lexical.WordKnowledge knowledge = (dev.deja.core.lexical.WordKnowledge) k;
      assertThat(NumberReadings.numbers("Unplug the router for half a minute first.", Lexicon.ENGLISH, knowledge)
          .numbers()).isEmpty();
      assertThat(NumberReadings.numbers("First, preheat the oven; at first it smokes.", Lexicon.ENGLISH, knowledge)
          .numbers()).isEmpty();
      assertThat(NumberReadings.numbers("First of all, the early tickets sell out first!", Lexicon.ENGLISH,
          knowledge).numbers()).isEmpty();
    }
    // The lexicon's ordinals (the table knowledge of these tests spells out cardinals only).
    assertThat(NumberReadings.numbers("My first car was a Fiat.", Lexicon.ENGLISH).numbers()).containsExactly(1.0);
    assertThat(NumberReadings.numbers("I dropped out after first year.", Lexicon.ENGLISH).numbers())
        .containsExactly(1.0);
    assertThat(of("Wash the rice first.", "Wash the rice.").get("numbers_one_side")).isZero();
  }

  @Test
  void digitsReadOneByOneStillDifferFromOtherDigits() {
    assertThat(of("The door code is four four one seven.", "Our door code is 4471.").get("numbers_conflict"))
        .isEqualTo(1.0);
    assertThat(of("I have two cats and three dogs.", "I have 2 cats and 2 dogs.").get("numbers_conflict"))
        .isEqualTo(1.0);
    // Two digit words side by side are two numbers, not a two-digit one.
    assertThat(NumberReadings.numbers("two three-year-olds", Lexicon.ENGLISH, K).numbers()).containsExactly(2.0, 3.0);
  }

  @Test
  void aRewordingWithSynonymsAndFormsMatchesEveryWord() {
    Map<String, Double> v = of("I'm allergic to cilantro.", "I am allergic to coriander.");
    assertThat(v.get("matched_share")).isEqualTo(1.0);
    assertThat(v.get("unmatched")).isZero();
    assertThat(v.get("sibling")).isZero();
  }

  @Test
  void anAbbreviationMatchesItsSpelledOutWords() {
    Map<String, Double> v = of("My employer is the NHS.", "My employer is the National Health Service.");
    assertThat(v.get("matched_share")).isEqualTo(1.0);
    assertThat(v.get("names_one_side")).isZero();
    assertThat(v.get("names_conflict")).isZero();
  }

  @Test
  void sharedWordsInAnotherOrderAreInversions() {
    assertThat(of("translator, German to English", "translator, English to German").get("inversions"))
        .isGreaterThan(0);
    assertThat(of("translator, German to English", "translator, German to English").get("inversions")).isZero();
  }

  @Test
  void possessivesDoNotMakeNewWords() {
    Map<String, Double> v = of("Ollie's swim lesson", "Ollie swim lesson");
    assertThat(v.get("matched_share")).isEqualTo(1.0);
    assertThat(v.get("names_one_side")).isZero();
  }

  @Test
  void everySignalIsInTheUnitIntervalAndACopyHasNoConflict() {
    Random rnd = new Random(20261126L);
    String[] words = COMMON.toArray(String[]::new);
    java.util.Arrays.sort(words);
    for (int i = 0; i < 300; i++) {
      StringBuilder a = new StringBuilder();
      StringBuilder b = new StringBuilder();
      for (int w = 0, n = 1 + rnd.nextInt(7); w < n; w++) {
        a.append(words[rnd.nextInt(words.length)]).append(rnd.nextInt(5) == 0 ? " 7 " : " ");
        b.append(words[rnd.nextInt(words.length)]).append(rnd.nextInt(9) == 0 ? " not " : " ");
      }
      Map<String, Double> v = of(a.toString(), b.toString());
      assertThat(v.keySet()).as("seed 20261126, case " + i).containsExactlyElementsOf(PairSignals.NAMES);
      v.values().forEach(x -> assertThat(x).isBetween(0.0, 1.0));
      Map<String, Double> same = of(a.toString(), a.toString());
      assertThat(same.get("matched_share")).isEqualTo(1.0);
      assertThat(same.get("sequence")).isEqualTo(1.0);
      for (String conflict : new String[] {"numbers_conflict", "negation_mismatch", "names_conflict",
          "contrast_conflict", "modality_mismatch", "swap", "role_change", "sibling", "antonym", "single_change",
          "negation_scope"}) {
        assertThat(same.get(conflict)).as(conflict + " on a copy of '" + a + "'").isZero();
      }
      // A copy of a text with negations negates the same words.
      assertThat(of(b.toString(), b.toString()).get("negation_scope")).as("a copy of '" + b + "'").isZero();
    }
  }

  @org.junit.jupiter.api.Test
  void aWordTheOtherTextSpellsOutByItsDefinitionIsDefined() {
    TableWordKnowledge k = new TableWordKnowledge(Set.of("vegetarian", "meat", "eat", "decade", "evening", "day",
        "quartet", "musicians"),
        Set.of(), Set.of())
        .define("vegetarian", "eater of fruits and grains and nuts; someone who eats no meat or fish")
        .define("decade", "a period of 10 years")
        .define("quartet", "a musical group of 4 musicians")
        .define("evening", "the latter part of the day")
        .relate("latte", "coffee", Kind.BROADER)
        .define("latte", "strong espresso coffee with a topping of frothed steamed milk")
        .define("espresso", "strong black coffee brewed by forcing steam under pressure through coffee beans");
    Map<String, Double> vegetarian = PairSignals.of("My husband doesn't eat meat.", "My husband is vegetarian.",
        Lexicon.ENGLISH, k).values();
    assertThat(vegetarian.get("defined")).as("eat and meat spell out vegetarian: all three leftovers").isEqualTo(1.0);
    assertThat(PairSignals.of("I sing with 4 musicians.", "I sing with a quartet.", Lexicon.ENGLISH,
        k).evidence().get("defined")).as("a word and a number the other text lacks").contains("'quartet'")
        .contains("the number 4");
    // The same duration otherwise written leaves no word to define.
    assertThat(PairSignals.of("I have lived here for 10 years.", "I've lived here for a decade.", Lexicon.ENGLISH,
        k).values()).containsEntry("unmatched", 0.0).containsEntry("defined", 0.0);
    // One defining word is the whole or the kind, not a rewording.
    assertThat(PairSignals.of("Yoga on Tuesday days.", "Yoga on Tuesday evenings.", Lexicon.ENGLISH, k).values()
        .get("defined")).isZero();
    // Related otherwise (broader): left to the broader signal.
    assertThat(PairSignals.of("I drink latte with milk.", "I drink coffee.", Lexicon.ENGLISH, k).values()
        .get("defined")).isZero();
    assertThat(PairSignals.of("My husband is vegetarian.", "My husband is vegetarian.", Lexicon.ENGLISH, k).values()
        .get("defined")).isZero();
  }

  @Test
  void onlyVerbsLeftOverWithNothingElseDifferentIsAVerbChange() {
    TableWordKnowledge k = new TableWordKnowledge(Set.of("philips", "working", "olives", "stand", "love", "cello",
        "viola", "play", "orchestra"), Set.of(), Set.of()).mainlyVerbs("working", "stand", "love", "play");
    PairSignals.Result added = PairSignals.of("I've been with Philips since 2018.",
        "I've been working at Philips since 2018.", Lexicon.ENGLISH, k);
    assertThat(added.values().get("verb_change")).isEqualTo(1.0);
    assertThat(added.evidence().get("verb_change")).contains("working");
    // The verb changes the polarity with a negation: another fact.
    assertThat(PairSignals.of("I can't stand olives.", "I love olives.", Lexicon.ENGLISH, k).values()
        .get("verb_change")).isZero();
    // A noun changed.
    assertThat(PairSignals.of("I play the cello.", "I play the viola.", Lexicon.ENGLISH, k).values()
        .get("verb_change")).isZero();
    // A phrase the knowledge lists is read as listed, not by its first word.
    TableWordKnowledge listed = new TableWordKnowledge(Set.of("waiting", "list", "hip", "replacement"), Set.of(),
        Set.of()).mainlyVerbs("waiting").phrases("waiting list");
    assertThat(PairSignals.of("I'm on the waiting list for a new hip.", "I have a new hip.", Lexicon.ENGLISH, listed)
        .values().get("verb_change")).isZero();
  }

  @Test
  void theWordsOfAClockTimeAreNotContentWords() {
    PairSignals.Result r = PairSignals.of("I pick the kids up from school at half past three.",
        "School pickup is at 3:30 for me.", Lexicon.ENGLISH, K);
    assertThat(r.values().get("numbers_conflict")).isZero();
    assertThat(r.evidence().get("unmatched")).doesNotContain("half").doesNotContain("past");
    r = PairSignals.of("I always have lunch at 1 pm.", "I always have lunch at one o'clock.", Lexicon.ENGLISH, K);
    assertThat(r.values().get("numbers_conflict")).isZero();
    assertThat(r.values().get("unmatched")).as(r.evidence().toString()).isZero();
    assertThat(PairSignals.of("I go to bed around midnight.", "I go to bed around 12 am.", Lexicon.ENGLISH, K)
        .values().get("matched_share")).isEqualTo(1.0);
    assertThat(WordAlignment.content("It's ten past noon, İstanbul time.", Lexicon.ENGLISH, K))
        .as("a text whose lower case changes its length is left as it is").contains("istanbul");
  }

  @Test
  void aTextWithoutContentWordsIsNotExtended() {
    assertThat(of("Work begins at quarter past eight.", "I'm 39.").get("extension")).isZero();
    assertThat(of("I love cilantro in salads.", "I love cilantro.").get("extension")).isEqualTo(1.0);
  }
}
