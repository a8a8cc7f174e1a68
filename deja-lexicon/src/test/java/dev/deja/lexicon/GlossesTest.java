package dev.deja.lexicon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.deja.core.embed.Embedder;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.PutRequest;
import dev.deja.core.guard.Glosses;
import dev.deja.core.guard.Lexicon;
import dev.deja.core.item.Item;
import dev.deja.core.lexical.WordKnowledge;
import dev.deja.core.lexical.WordKnowledges;
import dev.deja.core.spec.SpecReader;
import dev.deja.core.store.MemoryCollectionStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Translations from the FreeDict tables, and the English glosses the combined stage embeds for other languages. */
class GlossesTest {
  private static final WordKnowledge K = WordKnowledges.defaults();

  private static String gloss(String text) {
    return Glosses.english(text, Lexicon.ENGLISH, K);
  }

  @ParameterizedTest(name = "{0} ({1}) → {2}")
  @CsvSource(delimiter = '|', value = {
      "zahnarzt | de | dentist",
      "hautarzt | de | dermatologist",
      "wellensittiche | de | budgerigars",       // an inflected form: the headword without its ending
      "suikers | nl | sugar",                    // a plural
      "wohnungsinspektion | de | flat inspectorate", // a compound of two headwords
      "ontwerpstudio | nl | design studio",
      "domingo | es | sunday",
      "semana | pt | week"})
  void translatesWordsOfEachLanguage(String word, String language, String english) {
    assertThat(K.translations(word, language)).contains(english);
  }

  /**
   * How scripts/bilingual-tables.py reads FreeDict's German dictionary: translation lines that open with a subject
   * label are read ("[cook.] meat"), after the general senses ("fällig": "due" before "[econ.] exigible"); grammar tags
   * are not split at their commas ("I <pron, pers>, me <pron, pers>"), and the abbreviation written right after a tag
   * is no translation ("Friday <n>Fri").
   */
  @Test
  void theGermanTableReadsLabelledSensesAfterTheGeneralOnes() {
    assertThat(K.translations("fleisch", "de")).containsExactly("meat", "flesh");
    assertThat(K.translations("fällig", "fällig", "de")).startsWith("due");
    assertThat(K.translations("ich", "de")).startsWith("i", "me");
    assertThat(K.translations("freitag", "de")).containsExactly("friday");
  }

  @Test
  void knowsNothingOfUnknownWordsAndLanguages() {
    assertThat(K.translations("xqzvbn", "de")).isEmpty();
    assertThat(K.translations("zahnarzt", "sv")).isEmpty();
    assertThat(K.translatedLanguages()).containsExactly("de", "nl", "es", "pt", "fr", "it");
  }

  /** Hostile input: a very long word or text is glossed (or left) quickly, not split letter by letter. */
  @Test
  void aVeryLongWordIsNotSplitLetterByLetter() {
    String word = "Wohnungs".repeat(1_250);
    assertThat(K.translations(word.toLowerCase(java.util.Locale.ROOT), "de")).isEmpty();
    String text = "Ich habe " + word + " und " + "zwei Katzen ".repeat(2_000);
    assertThat(org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20),
        () -> gloss(text))).startsWith(word).contains("2 cats");
  }

  @ParameterizedTest(name = "{0} → {1}")
  @CsvSource(delimiter = '|', value = {
      "Ich habe zwei Wellensittiche. | 2 budgerigars.",           // function words out, number words as digits
      "Ik wil twee suikers in mijn koffie. | 2 sugar coffee.",
      "Hautarzt Daniel | dermatologist Daniel",                    // a title its function words do not place
      "Miete fällig | rental due",
      "O meu carro é um Toyota Prius de 2016. | car Toyota Prius 2016.",
      "Ich trinke Alkohol. | drink alcohol."})                    // the cognate, not FreeDict's first "ethyl alcohol"
  void glossesTextsInOtherLanguages(String text, String english) {
    assertThat(gloss(text)).isEqualTo(english);
  }

  /**
   * Beside an English text, a word of several senses takes the translation the other text uses — the same word or a
   * synonym (WordNet) — instead of the dictionary's first; alone, or beside a text that uses none of them, the first.
   */
  @ParameterizedTest(name = "{0} beside {1} → {2}")
  @CsvSource(delimiter = '|', value = {
      "Reunião de pais – Theo | Theo parents' meeting | meeting parents – Theo | bevy parents – Theo",
      "Reisepass-Termin Generalkonsulat | Jonas passport appointment at German consulate | appointment | appointed day",
      "Prüfung Statistik | Statistics exam | exam statistics | proving statistic",
      "Prüfung Statistik | Statistics check | verification statistics | proving statistic",  // a WordNet synonym
      "Natal em São Paulo | Christmas trip to São Paulo | christmas | natal",
      "Im Flugzeug sitze ich am liebsten am Gang. | I like the corridor seat on planes. | corridor | escapement",
      "Ik gebruik Bitwarden. | I use Bitwarden. | use Bitwarden. | custom Bitwarden."})
  void besideAnEnglishTextAWordTakesTheSenseThatTextUses(String text, String other, String beside, String alone) {
    assertThat(Glosses.english(text, other, Lexicon.ENGLISH, K)).contains(beside);
    assertThat(gloss(text)).contains(alone);
  }

  /** An English text is never glossed, whatever stands beside it; nor is a text beside an empty one changed. */
  @Test
  void besideAnotherTextEnglishStaysEnglish() {
    assertThat(Glosses.english("I have two budgies.", "Ich habe zwei Wellensittiche.", Lexicon.ENGLISH, K))
        .isEqualTo("I have two budgies.");
    assertThat(Glosses.english("Ich habe zwei Wellensittiche.", " ", Lexicon.ENGLISH, K)).isEqualTo("2 budgerigars.");
    assertThat(Glosses.english("Reunião de pais", "We went to the cinema.", Lexicon.ENGLISH, K))
        .isEqualTo(gloss("Reunião de pais"));
  }

  /**
   * An inflected verb is glossed by its dictionary form, which is what a bilingual dictionary lists ("moram" is
   * "morar", "bebo" is "beber"), and an elided article or pronoun is a word of its own ("J'aime" is "je aime").
   */
  @ParameterizedTest(name = "{0} → {1}")
  @CsvSource(delimiter = '|', value = {
      "Mes parents habitent à Lisbonne. | dwell",
      "Eu bebo café todos os dias. | drink",
      "Ik eet elke dag een appel. | eat",
      "Wir wohnen in Hamburg. | living",                         // FreeDict's first translation of "wohnen"
      "Mis padres viven en Lisboa con nosotros. | live",
      "J'aime le fromage. | love",
      "Je n'ai pas de voiture. | not vehicle"})
  void glossesInflectedWordsByTheirDictionaryForm(String text, String verb) {
    assertThat(gloss(text)).contains(verb).doesNotContain("'");
  }

  /** The dictionary forms, and a translation found only through one. */
  @Test
  void theDictionaryFormsComeFromTheMorphologicalDictionaries() {
    assertThat(Inflections.lemmas("habitent", "fr")).contains("habiter");
    assertThat(Inflections.lemmas("moram", "pt")).containsExactly("morar");
    assertThat(Inflections.lemmas("bebo", "es")).containsExactly("beber");
    assertThat(Inflections.lemmas("eet", "nl")).containsExactly("eten");
    assertThat(Inflections.lemmas("mag", "de")).contains("mögen");
    assertThat(Inflections.lemmas("katzen", "de")).containsExactly("katze");                 // a noun, capitalised
    assertThat(Inflections.lemmas("beber", "es")).isEmpty();                                 // already the lemma
    assertThat(Inflections.lemmas("xyzzy", "fr")).isEmpty();
    assertThat(Inflections.lemmas("bebo", "it")).isEmpty();                                  // no dictionary
    assertThat(K.translations("moram", "moram", "pt")).contains("live");
    assertThat(K.translations("moram", "pt")).isEmpty();     // the folded word alone: no dictionary form
  }

  /**
   * A word that is a headword of its own and also an inflected form of another keeps the senses of both, its own
   * first: "domingos" (FreeDict: Dominica) is the plural of "domingo" (Sunday), "jogo" (a game, a set) the first
   * person of "jogar" (to play); the gloss beside an English text takes the sense that text uses.
   */
  @Test
  void aWordThatIsAlsoAnInflectedFormHasTheSensesOfItsDictionaryFormAfterItsOwn() {
    assertThat(K.translations("domingos", "domingos", "pt")).startsWith("dominica").contains("sunday");
    assertThat(K.translations("jogo", "jogo", "pt")).startsWith("outfit").contains("play");
    assertThat(Glosses.english("Jogo vôlei aos domingos à tarde.", "I play volleyball on Sunday afternoons.",
        Lexicon.ENGLISH, K)).contains("play").contains("sunday");
    assertThat(gloss("Jogo vôlei aos domingos à tarde.")).contains("outfit").contains("dominica");
  }

  /**
   * Hostile input from a seeded generator: words of accented letters, apostrophes (elisions and stray ones), digits
   * and marks are glossed without an error and quickly, with no doubled spaces where an elided word was split off.
   */
  @Test
  void randomTextsWithElisionsAndAccentsAreGlossedWithoutError() {
    java.util.Random random = new java.util.Random(7);
    String[] pieces = {"l'", "d'", "j'", "n'", "qu'", "dell'", "'", "’", "á", "ñ", "ç", "ü", "ß", "é", "ã", "o", "e",
        "a", "s", "r", "n", "t", "m", "i", "9", "-", ".", " "};
    String[] words = {"aime", "habitent", "moram", "bebo", "años", "país", "alcool", "enfants", "eet", "wohnen",
        "Lisboa", "n'aime", "l'eau", "J'ai", "qu'il", "dell'acqua", "année", "straße"};
    for (int i = 0; i < 2_000; i++) {
      StringBuilder b = new StringBuilder();
      int n = 1 + random.nextInt(12);
      for (int k = 0; k < n; k++) {
        b.append(random.nextBoolean() ? words[random.nextInt(words.length)] : pieces[random.nextInt(pieces.length)]);
        if (random.nextInt(3) == 0) {
          b.append(' ');
        }
      }
      String text = b.toString();
      String g = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20),
          () -> gloss(text), text);
      assertThat(g).as(text).isNotNull();
      if (!g.equals(text)) {
        assertThat(g).as(text).doesNotContain("  ");
      }
    }
  }

  /** An accent the folding drops still tells two headwords apart: "año" (year) is not "ano". */
  @Test
  void anAccentedWordIsFoundAsWritten() {
    assertThat(K.translations("ano", "año", "es")).contains("year");
    assertThat(K.translations("anos", "años", "es")).contains("year");   // the plural, by its dictionary form
    assertThat(K.translations("ano", "ano", "es")).doesNotContain("year");
    assertThat(gloss("Mis hijos tienen ocho y once años.")).contains("year");
  }

  /**
   * A negation stays in the gloss, as an English one: left out with the function words, "Ik drink geen alcohol" read
   * as "I drink alcohol" and merged with it.
   */
  @ParameterizedTest(name = "{0} → {1}")
  @CsvSource(delimiter = '|', value = {
      "Ich habe keine Kinder. | no children.",
      "Ik heb geen auto. | no car.",
      "No tengo coche. | not car.",
      "Eu não tenho carro. | not car.",
      "Je n'ai pas de voiture. | not vehicle.",  // "ne … pas" once
      "Os meus pais moram no Recife. | parents dwell Recife.",  // Portuguese "no" is "in the", left out
      "Je n'aime pas la nourriture épicée. | not love food spice."}) // an elided "ne" is a word of its own
  void keepsNegationsAsEnglishOnes(String text, String english) {
    assertThat(gloss(text)).isEqualTo(english);
  }

  /**
   * Negations are counted in the text's language: Portuguese "no" is none, Spanish "no" is one, and "geen" is one in a
   * Dutch text that its English words make read as English; a capitalised word inside a name is none, and so is a
   * foreign negation without a function word of its language beside it.
   */
  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource(delimiter = '|', value = {
      "Os meus pais moram no Recife.|0",
      "Os meus pais não moram no Recife.|1",
      "No tengo coche.|1",
      "Ik drink geen alcohol.|1",
      "Ik drink alcohol.|0",
      "I give £20 a month to Médecins Sans Frontières.|0",
      "I love mai tais.|0",                   // Italian "mai" without an Italian word beside it
      "Sans serif fonts only.|0",
      "I don't drink alcohol.|1"})
  void countsNegationsInTheTextsLanguage(String text, int negations) {
    assertThat(dev.deja.core.guard.TextProfile.of(text, Lexicon.ENGLISH, K).negations()).isEqualTo(negations);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "I live in Glasgow.",                 // a place WordNet knows, not the German word for a Glaswegian
      "My parents live in Recife.",         // a place it does not know, among English words
      "Mochi vet checkup",                  // a pet's name among English words
      "Medicare open enrollment deadline",
      "My car's number plate is KP19 XVB.", // codes
      "Dr Mensah 8.40",                     // an abbreviation
      "Rosa choir practice"})               // a first name that is also a Spanish word
  void leavesEnglishAsItIs(String text) {
    assertThat(gloss(text)).isEqualTo(text);
  }

  /**
   * Over every English text of the project's labelled memory and calendar sets, the gloss changes nothing: the tables
   * act on other languages only. English here: not in a pair whose note names another language, and without a word
   * that is a function word of another language and no English word ("Meine", "ist").
   */
  @Test
  void leavesEveryEnglishTextOfTheLabelledSetsAsItIs() throws IOException {
    Pattern language = Pattern.compile("German|Dutch|Spanish|Portuguese|French|Italian|cross-lingual");
    ObjectMapper json = new ObjectMapper();
    java.util.Set<String> foreign = new java.util.HashSet<>();
    java.util.Set<String> texts = new java.util.TreeSet<>();
    for (String split : List.of("train", "dev")) {
      for (String preset : List.of("memory", "calendar")) {
        for (String line : Files.readAllLines(Path.of("..", "datasets", split, preset, "pairs.jsonl"))) {
          JsonNode pair = json.readTree(line);
          for (String side : List.of("left", "right")) {
            JsonNode item = pair.path(side);
            String text = item.has("text") ? item.path("text").asText() : item.path("title").asText();
            texts.add(text);
            if (language.matcher(pair.path("note").asText()).find()) {
              foreign.add(text);
            }
          }
        }
      }
    }
    texts.removeAll(foreign);
    texts.removeIf(t -> Pattern.compile("[^\\p{L}]+").splitAsStream(t.toLowerCase(java.util.Locale.ROOT))
        .anyMatch(w -> !K.functionWordLanguages(w).isEmpty()));
    List<String> changed = new ArrayList<>();
    for (String text : texts) {
      if (!gloss(text).equals(text)) {
        changed.add(text + " → " + gloss(text));
      }
    }
    assertThat(texts).hasSizeGreaterThan(1400);
    assertThat(changed).isEmpty();
  }

  /** Records what it is asked to embed. */
  private static final class RecordingEmbedder implements Embedder {
    final List<String> texts = new ArrayList<>();

    @Override
    public String model() {
      return "recording";
    }

    @Override
    public int dimension() {
      return 2;
    }

    @Override
    public synchronized float[] embed(String text) {
      texts.add(text);
      return new float[] {1, 0};
    }
  }

  private static DejaCollection collection(RecordingEmbedder e, Boolean translate) {
    Map<String, Object> combined = new LinkedHashMap<>();
    combined.put("type", "combined");
    combined.put("model", "recording");
    combined.put("features", Map.of("cosine", 4.0));
    combined.put("bias", -2.0);
    if (translate != null) {
      combined.put("translate", translate);
    }
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("name", "notes");
    tree.put("fields", Map.of("text", Map.of("type", "text")));
    tree.put("stages", Map.of("combined", combined));
    AtomicInteger ids = new AtomicInteger();
    return DejaCollection.builder(SpecReader.read(tree, "notes")).store(new MemoryCollectionStore("notes"))
        .embedders(EmbedderProvider.of(Map.of("recording", e))).ids(() -> "n" + ids.incrementAndGet()).build();
  }

  @Test
  void theCombinedStageEmbedsTheGlossOfAnotherLanguageUnlessTold() {
    RecordingEmbedder on = new RecordingEmbedder();
    collection(on, null).put(PutRequest.of("t", Item.of("text", "Ich habe zwei Wellensittiche.")));
    collection(on, null).put(PutRequest.of("t", Item.of("text", "I have two budgies.")));
    assertThat(on.texts).containsExactly("2 budgerigars.", "I have two budgies.");

    RecordingEmbedder off = new RecordingEmbedder();
    collection(off, false).put(PutRequest.of("t", Item.of("text", "Ich habe zwei Wellensittiche.")));
    assertThat(off.texts).containsExactly("Ich habe zwei Wellensittiche.");
  }
}
