package dev.deja.lexicon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.lexical.WordKnowledge;
import dev.deja.core.lexical.WordKnowledges;
import dev.deja.core.lexical.WordRelation.Kind;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Known values of WordNet 3.1 relations, ICU number words and CLDR glossary words, through the service. */
class WordNetKnowledgeTest {
  private static final WordKnowledge K = WordKnowledges.defaults();

  @Test
  void isTheRegisteredService() {
    assertThat(K).isInstanceOf(WordNetKnowledge.class);
    assertThat(K.source()).isEqualTo("WordNet 3.1");
  }

  @ParameterizedTest(name = "{0} / {1} → {2}")
  @CsvSource({
      "coriander, cilantro, SAME",
      "favourite, favorite, SAME",
      "colour, color, SAME",
      "vet, veterinarian, SAME",
      "physiotherapy, physical therapy, SAME",
      "grandad, grandfather, SAME",
      "kiwis, kiwi, FORM",
      "allergy, allergic, FORM",
      "hate, love, ANTONYM",
      "nephew, niece, ANTONYM",
      "early, late, ANTONYM",
      "orthodontist, dentist, NARROWER",
      "dentist, orthodontist, BROADER",
      "vegan, vegetarian, NARROWER",
      "karate, judo, SIBLING",
      "volleyball, basketball, SIBLING",
      "kitchen, pizza, UNRELATED",
      "padel, tennis, UNKNOWN",
      // WordNet's lookup drops digits ("q3" is read as "q"): codes with other digits are not forms of one word.
      "q3, q4, UNKNOWN",
      "ps5, ps4, UNKNOWN",
      "kp91, kp19, UNKNOWN",
      "domingo, sunday, SAME",
      "wochen, week, SAME",
      "espana, spain, SAME",
      // Abbreviations WordNet lists with a full stop ("dr.", "oz."), which a text's words lose.
      "dr, doctor, SAME",
      "oz, ounce, SAME",
      // A word WordNet knows without one stays itself: "no" is no number.
      "no, number, UNRELATED"})
  void relatesWords(String a, String b, Kind kind) {
    assertThat(K.relate(a, b).kind()).isEqualTo(kind);
    assertThat(K.relate(a, b).closeness()).isBetween(0.0, 1.0);
  }

  @Test
  void synonymsShareASenseInUse() {
    // "king" and "queen" share one synset (a pre-eminent competitor), the fifth sense of "queen", which WordNet's
    // sense-tagged texts never use it in; "see" and "visit" share "visit"'s first sense, which they use "see" in.
    assertThat(K.relate("king", "queen").kind()).isNotEqualTo(Kind.SAME);
    assertThat(K.relate("queen", "king").kind()).isNotEqualTo(Kind.SAME);
    assertThat(K.relate("see", "visit").kind()).isEqualTo(Kind.SAME);
    assertThat(K.relate("fine", "ok").kind()).isEqualTo(Kind.SAME);
  }

  @Test
  void theSynonymsOfAWordOrPhraseAreTheOtherWordsOfItsSensesInUse() {
    assertThat(K.synonyms("physical therapy")).contains("physiotherapy").doesNotContain("physical therapy");
    // Not through a sense no tagged text uses: "queen"'s fifth sense holds "king".
    assertThat(K.synonyms("queen")).doesNotContain("king");
    assertThat(K.synonyms("qwertyuiop")).isEmpty();
  }

  @Test
  void synonymsInTheMostUsedSenseOfOneWord() {
    assertThat(K.synonymsInMostUsedSense("keep", "hold")).isTrue();
    assertThat(K.synonymsInMostUsedSense("hold", "keep")).isTrue();
    assertThat(K.synonymsInMostUsedSense("buy", "purchase")).isTrue();
    // "kale" and "lettuce" share a sense in use (money, in slang) that neither is mostly used in: another vegetable.
    assertThat(K.relate("kale", "lettuce").kind()).isEqualTo(Kind.SAME);
    assertThat(K.synonymsInMostUsedSense("kale", "lettuce")).isFalse();
    assertThat(K.synonymsInMostUsedSense("tomato", "pepper")).isFalse();
    assertThat(K.synonymsInMostUsedSense("zzyzx", "keep")).isFalse();
    // WordNet's lookup reads "a3" and "a4" as the letter "a": codes with other digits are no synonyms.
    assertThat(K.synonymsInMostUsedSense("a3", "a4")).isFalse();
    assertThat(K.synonymsInMostUsedSense("5g", "4g")).isFalse();
  }

  @Test
  void opposesWordsNotTheirSynonyms() {
    // WordNet's antonymy is between words: "leave" is the opposite of "arrive", and "get" shares a sense with "arrive"
    // ("when did you get here?") without being the opposite of "leave".
    assertThat(K.relate("arrive", "leave").kind()).isEqualTo(Kind.ANTONYM);
    assertThat(K.relate("get", "leave").kind()).isNotEqualTo(Kind.ANTONYM);
    assertThat(K.relate("leave", "get").kind()).isNotEqualTo(Kind.ANTONYM);
    // The evidence names the words that are opposites, not other words of their senses.
    assertThat(K.relate("back", "front").evidence()).contains("'back' / 'front'");
    // Through adjective clusters: "tardy" is a kind of "unpunctual", the opposite of "punctual".
    assertThat(K.relate("tardy", "punctual").kind()).isEqualTo(Kind.ANTONYM);
    assertThat(K.relate("unripe", "ripe").kind()).isEqualTo(Kind.ANTONYM);
  }

  @Test
  void siblingsAreCloseAndSayWhatTheyShare() {
    assertThat(K.relate("karate", "judo").evidence()).contains("martial art");
    assertThat(K.relate("karate", "judo").closeness()).isGreaterThan(0.8);
    assertThat(K.relate("kitchen", "pizza").closeness()).isLessThan(K.relate("karate", "judo").closeness());
  }

  @Test
  void aPhraseIsNotRelatedByOneOfItsWords() {
    // extJWNL falls back to a word of an unknown phrase; the knowledge must not.
    assertThat(K.relate("user celiac", "coeliac").kind()).isEqualTo(Kind.UNKNOWN);
    assertThat(K.lemmas("user celiac")).isEmpty();
  }

  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource({
      "thirty-four, 34", "thirty four, 34", "vierunddreißig, 34", "vierendertig, 34", "treinta y cuatro, 34",
      "trinta e quatro, 34", "trente-quatre, 34", "one hundred and eighty, 180", "nineteen thirty-eight, 1938",
      "twenty-first, 21", "one, 1", "quatro, 4", "zwei, 2", "dezesseis, 16"})
  void readsNumberWords(String phrase, double value) {
    assertThat(K.numberValue(phrase)).contains(value);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      // A minus sign, and the word English's spell-out writes for one ("minus"; German writes it too) ...
      "It was -5 degrees at the summit. | -5.0",
      "It was minus 5 degrees at the summit. | -5.0",
      "It was minus five degrees at the summit. | -5.0",
      "Es waren minus fünf Grad auf dem Gipfel. | -5.0",
      // ... but not the other languages' words for it, which also mean "less": at least two hours.
      "Necesito al menos dos horas para el examen. | 2.0",
      "Il me faut au moins deux heures pour l'examen. | 2.0",
      // A hyphen between numbers or after a word is no sign.
      "The kids are 3-5 years old. | 3.0 5.0",
      "I had COVID-19 in March. | 19.0"})
  void readsTheSignOfANumber(String text, String values) {
    assertReadsNumbers(text, values);
  }

  @ParameterizedTest(name = "{0} → {1}")
  @CsvSource(delimiter = '|', value = {
      "I eat half a dozen eggs a week. | 6.0",
      "I eat a dozen eggs a week. | 12.0",
      "The flat cost half a million. | 500000.0",
      "We stayed two and a half weeks. | 2.5",
      "I ran a half marathon. | ",
      "I have two cats and a half-finished puzzle. | 2.0"})
  void readsHalvesInText(String text, String value) {
    var read = dev.deja.core.guard.NumberReadings.numbers(text, dev.deja.core.guard.Lexicon.ENGLISH, K).numbers();
    if (value == null) {
      assertThat(read).isEmpty();
    } else {
      assertThat(read).containsExactly(Double.parseDouble(value));
    }
  }

  @ParameterizedTest(name = "{0} is not a number in running text")
  @CsvSource({"ein", "een", "elf", "once", "cent", "house", "one of"})
  void leavesOutArticlesAndEnglishWords(String phrase) {
    assertThat(K.numberValue(phrase)).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      // A language's own number words that are English words too are read in a text of that language ...
      "Mis hijos tienen ocho y once años. | 8.0 11.0",
      "Ich habe elf Katzen. | 11.0",
      "Ik heb elf katten en twee honden. | 2.0 11.0",
      // ... and the English readings only in an English text.
      "My kids are eight and eleven. | 8.0 11.0",
      "I have been to Spain once. | 1.0",
      "Fui a España una vez y once amigos vinieron. | 11.0"})
  void readsNumberWordsInTheTextsOwnLanguage(String text, String values) {
    assertReadsNumbers(text, values);
  }

  /** The numbers a text's profile reads are these (space-separated values, in order). */
  private static void assertReadsNumbers(String text, String values) {
    var profile = dev.deja.core.guard.TextProfile.of(text, dev.deja.core.guard.Lexicon.ENGLISH, K);
    var read = profile.numbers().numbers();
    assertThat(read).as(profile.language()).containsExactlyElementsOf(java.util.Arrays.stream(values.split(" "))
        .map(Double::parseDouble).toList());
  }

  @ParameterizedTest(name = "{0} → {1}")
  @CsvSource(delimiter = '|', value = {
      // Function words of both languages ("im", "am") count for German beside its own "ich" ...
      "Im Sommer fahre ich am liebsten ans Meer. | de",
      "Im Winter gehe ich am Sonntag ins Kino. | de",
      // ... and an English text full of them ("am", "in", "so") stays English without one of German's own.
      "I am in the office, so call me later. | en",
      "Die Hard is on at eight. | en"})
  void tellsTheLanguageByFunctionWordsBothLanguagesShare(String text, String language) {
    assertThat(dev.deja.core.guard.TextProfile.of(text, dev.deja.core.guard.Lexicon.ENGLISH, K).language())
        .isEqualTo(language);
  }

  @Test
  void compoundPartsIncludeTheWordsForOne() {
    assertThat(K.compoundNumberValue("een")).contains(1.0);
    assertThat(K.compoundNumberValue("twee")).contains(2.0);
    assertThat(K.compoundNumberValue("factor")).isEqualTo(Optional.empty());
  }

  @Test
  void tellsFunctionWordsOfOtherLanguages() {
    assertThat(K.functionWordLanguages("und")).containsExactly("de");
    assertThat(K.functionWordLanguages("de")).contains("es", "fr", "nl", "pt");
    assertThat(K.functionWordLanguages("the")).isEmpty();
    assertThat(K.functionWordLanguages("die")).isEmpty(); // also an English word
  }

  @Test
  void tellsCommonWordsPersonsAndPastTense() {
    assertThat(K.isCommonWord("soccer")).isTrue();
    assertThat(K.isCommonWord("lucas")).isFalse();
    assertThat(K.isPersonNoun("grandpa")).isTrue();
    assertThat(K.isPersonNoun("kitchen")).isFalse();
    assertThat(K.isPastTense("went")).isTrue();
    assertThat(K.isPastTense("worked")).isTrue();
    assertThat(K.isPastTense("working")).isFalse();
    assertThat(K.isPastTense("work")).isFalse();
  }

  @Test
  void aWordIsMainlyAVerbWhenTheTaggedTextsUseItMostAsOne() {
    assertThat(K.isMainlyVerb("wear")).isTrue();
    assertThat(K.isMainlyVerb("working")).isTrue();
    assertThat(K.isMainlyVerb("sits")).isTrue();
    assertThat(K.isMainlyVerb("cat")).as("also a verb, mostly a noun").isFalse();
    assertThat(K.isMainlyVerb("number")).isFalse();
    assertThat(K.isMainlyVerb("cello")).isFalse();
    assertThat(K.isMainlyVerb("zzxq")).isFalse();
  }

  @Test
  void relationsAreCachedAndStable() {
    for (int i = 0; i < 3; i++) {
      assertThat(K.relate("karate", "judo")).isEqualTo(K.relate("karate", "judo"));
    }
  }

  @org.junit.jupiter.api.Test
  void aHyphenatedCompoundMeetsItsSynonymWrittenAsOne() {
    // The tokenizer splits "short-sighted"; WordNet lists it as "shortsighted", a synonym of "myopic".
    dev.deja.core.guard.WordAlignment al = dev.deja.core.guard.WordAlignment.of("I'm myopic.", "I'm short-sighted.",
        dev.deja.core.guard.Lexicon.ENGLISH, K);
    assertThat(al.matchedShare()).isEqualTo(1.0);
    assertThat(al.unmatchedB()).isEmpty();
  }

  @org.junit.jupiter.api.Test
  void weekdayAndMonthAbbreviationsAreNotNames() {
    assertThat(dev.deja.core.guard.NameReadings.names("Kids with their dad (Fri–Sun)",
        dev.deja.core.guard.Lexicon.ENGLISH, K)).isEmpty();
    assertThat(dev.deja.core.guard.NameReadings.names("File Sept sales tax for Illinois",
        dev.deja.core.guard.Lexicon.ENGLISH, K)).containsExactly("illinois");
  }

  @org.junit.jupiter.api.Test
  void definitionsAreTheGlossOfTheMostFrequentSenseWithoutExamples() {
    assertThat(K.definitionWords("decade")).contains("period", "10", "years");
    assertThat(K.definitionWords("vegetarian")).contains("eats", "meat");
    // WordNet's gloss of "deaf" ends with an example ("deaf to the sound of the explosion"): not the definition.
    assertThat(K.definitionWords("teetotal")).contains("alcoholic", "abstinence");
    assertThat(K.definitionWords("deaf")).contains("hearing").doesNotContain("explosion");
    assertThat(K.definitionWords("qwzxv")).isEmpty();
    java.util.Map<String, Double> v = dev.deja.core.guard.PairSignals.of("I don't believe in God.", "I'm an atheist.",
        dev.deja.core.guard.Lexicon.ENGLISH, K).values();
    assertThat(v.get("defined")).as("'someone who denies the existence of god' / believe, god").isPositive();
  }

  @ParameterizedTest(name = "{0} / {1} → {2}")
  @CsvSource(delimiter = '|', value = {
      // every left-over word is a dictionary word: another procedure
      "Grandpa Raj's hearing test | Grandpa Raj's cataract surgery | 1.0",
      // names count as known: another destination
      "Camille flight to Paris | Camille flight to Lyon | 1.0",
      // abbreviations are not: 'ortho' and 'appt' are unknown, 'braces' and 'check' known
      "Sofia ortho appt | Sofia braces check | 0.5",
      // a shortened word of the other title is that word: nothing left over
      "Sofia ortho appt | Sofia orthodontist appointment | 0.0",
      // nothing left over
      "Sofia orthodontist appointment | sofia orthodontist appointment | 0.0"})
  void leftOverWordsTheDictionaryKnows(String a, String b, double share) {
    double v = dev.deja.core.guard.PairSignals.of(a, b, dev.deja.core.guard.Lexicon.ENGLISH, K).values()
        .get("leftover_known");
    assertThat(v).isCloseTo(share, org.assertj.core.data.Offset.offset(1e-9));
  }

  @org.junit.jupiter.api.Test
  void compoundsOfTheSameHeadAreRelatedAsCompounds() {
    // WordNet lists both compounds as synonyms: one room, every word matched.
    var same = dev.deja.core.guard.PairSignals.of("We painted the living room.", "We painted the sitting room.",
        dev.deja.core.guard.Lexicon.ENGLISH, K);
    assertThat(same.values().get("matched_share")).isEqualTo(1.0);
    assertThat(same.evidence().get("matched_share")).contains("living room = sitting room");
    // Both are kinds of therapy: siblings, though "physical" and "occupational" are not.
    var kinds = dev.deja.core.guard.PairSignals.of("Mia physical therapy", "Mia occupational therapy",
        dev.deja.core.guard.Lexicon.ENGLISH, K);
    assertThat(kinds.values().get("sibling")).isEqualTo(1.0);
    assertThat(kinds.evidence().get("sibling")).contains("'physical therapy' / 'occupational therapy'");
  }

  @org.junit.jupiter.api.Test
  void weAreContractedIsNotThePastTenseWere() {
    assertThat(tense("We're getting solar panels on the roof.", "Our roof has solar panels.")).isZero();
    assertThat(tense("They’re moving to Leeds.", "They live in Leeds.")).isZero();
    assertThat(tense("We were getting solar panels on the roof.", "Our roof has solar panels.")).isEqualTo(1.0);
  }

  @org.junit.jupiter.api.Test
  void theParticipleOfACompoundAdjectiveIsNotAPastTense() {
    assertThat(tense("I'm short-sighted.", "I'm myopic.")).isZero();
    assertThat(tense("My sister is self-employed.", "My sister works for herself.")).isZero();
    assertThat(tense("My sister was self-employed.", "My sister works for herself.")).isEqualTo(1.0);
  }

  private static double tense(String a, String b) {
    return dev.deja.core.guard.PairSignals.of(a, b, dev.deja.core.guard.Lexicon.ENGLISH, K).values()
        .get("tense_mismatch");
  }

  @org.junit.jupiter.api.Test
  void aCompoundOfThreePartsIsOneWord() {
    dev.deja.core.guard.WordAlignment al = dev.deja.core.guard.WordAlignment.of("My mother lives with us.",
        "We share our home with my mother-in-law.", dev.deja.core.guard.Lexicon.ENGLISH, K);
    assertThat(al.unmatchedB()).contains("mother-in-law");
    assertThat(al.matched()).noneMatch(p -> p.a().equals("mother"));
    assertThat(dev.deja.core.guard.WordAlignment.of("My brother-in-law works for the police.",
        "My brother-in-law is a police officer.", dev.deja.core.guard.Lexicon.ENGLISH, K).matched())
        .anyMatch(p -> p.a().equals("brother-in-law") && p.b().equals("brother-in-law"));
  }

  @Test
  void hostileWordsAreReadWithoutFailing() {
    // Seeded: letters, digits, full stops, hyphens, apostrophes, accents and symbols in any order, looked up as they
    // are and, when WordNet does not know them, with a full stop.
    java.util.Random r = new java.util.Random(20261130L);
    String alphabet = "abcdrz019.-'_ éß@#/";
    for (int i = 0; i < 500; i++) {
      StringBuilder a = new StringBuilder();
      StringBuilder b = new StringBuilder();
      for (int k = 1 + r.nextInt(8); k > 0; k--) {
        a.append(alphabet.charAt(r.nextInt(alphabet.length())));
        b.append(alphabet.charAt(r.nextInt(alphabet.length())));
      }
      String x = a.toString().strip();
      String y = b.toString().strip();
      assertThat(K.relate(x, y).closeness()).as("'%s' / '%s'", x, y).isBetween(0.0, 1.0);
      K.isCommonWord(x);
      K.lemmas(y);
    }
  }
}
