package dev.deja.core.guard;

import dev.deja.core.InvalidInputException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The words guards look for, per language: negation cues, number words, contrast categories (parts of the day,
 * weekdays, months, meals, frequencies, colours, opposites), modality cues, function words and fillers.
 *
 * <p>English is complete enough for the guards' tables; Dutch and Portuguese carry negation and number words (the
 * design documents use both), so guards that depend only on those work there too. Words are lower-case, without
 * accents or apostrophes (as the {@code standard} analyzer leaves them). Immutable; thread-safe.
 *
 * @param language the language code
 * @param negations words that negate ({@code not}, {@code dont}, {@code never}, {@code niet}, {@code nao})
 * @param numberWords cardinal and ordinal number words and their values ({@code one} is left out: it is a pronoun
 *     too often)
 * @param multipliers words that multiply the number before them ({@code hundred}, {@code thousand})
 * @param categories word to "category:value" ({@code evenings} → {@code daypart:evening})
 * @param modality cue phrase to modality class ({@code want to} → {@code intent}, {@code moving to} → {@code change})
 * @param functionWords words that carry no content (articles, pronouns, auxiliaries, prepositions)
 * @param fillers content-free intensifiers and units that paraphrases add or drop ({@code really}, {@code years old})
 * @param objectMarkers words after which a replaced word is an object, not a verb ({@code a}, {@code to}, {@code my})
 * @param comparatives words that make word order meaningful ({@code than}, {@code over}, {@code rather})
 * @param negatingPrefixes word-forming prefixes that negate or reverse what the rest names ({@code de-} in
 *     "depseudonimisering", {@code un-}, {@code non-}, {@code anti-}); a closed class of each language's morphology
 */
public record Lexicon(
    String language,
    Set<String> negations,
    Map<String, Double> numberWords,
    Map<String, Double> multipliers,
    Map<String, String> categories,
    Map<String, String> modality,
    Set<String> functionWords,
    Set<String> fillers,
    Set<String> objectMarkers,
    Set<String> comparatives,
    Set<String> negatingPrefixes) {

  public Lexicon {
    negations = Set.copyOf(negations);
    numberWords = Map.copyOf(numberWords);
    multipliers = Map.copyOf(multipliers);
    categories = Map.copyOf(categories);
    modality = Map.copyOf(modality);
    functionWords = Set.copyOf(functionWords);
    fillers = Set.copyOf(fillers);
    objectMarkers = Set.copyOf(objectMarkers);
    comparatives = Set.copyOf(comparatives);
    negatingPrefixes = Set.copyOf(negatingPrefixes);
  }

  /**
   * This lexicon with {@code words} read as content words: left out of its function words, fillers, object markers
   * and comparatives (for the acronyms of one text: "EU" in "EU law tutorial", {@link TextProfile#acronyms}).
   */
  public Lexicon readingAsContent(Set<String> words) {
    if (words.isEmpty()) {
      return this;
    }
    return new Lexicon(language, negations, numberWords, multipliers, categories, modality,
        without(functionWords, words), without(fillers, words), without(objectMarkers, words),
        without(comparatives, words), negatingPrefixes);
  }

  private static Set<String> without(Set<String> set, Set<String> words) {
    Set<String> out = new java.util.HashSet<>(set);
    out.removeAll(words);
    return out;
  }

  /** The lexicon of a language: {@code en}, {@code nl}, {@code pt}. */
  public static Lexicon of(String language) {
    return switch (language) {
      case "en" -> ENGLISH;
      case "nl" -> DUTCH;
      case "pt" -> PORTUGUESE;
      default -> throw new InvalidInputException("unknown guard language '" + language + "'; known: en, nl, pt");
    };
  }

  private static Set<String> words(String s) {
    return Set.copyOf(java.util.Arrays.asList(s.trim().split("\\s+")));
  }

  private static Map<String, Double> numbers(String units, String tens, String ordinals) {
    Map<String, Double> m = new HashMap<>();
    String[] u = units.trim().split("\\s+");
    for (int i = 0; i < u.length; i++) {
      if (!u[i].equals("-")) {
        m.put(u[i], (double) i);
      }
    }
    String[] t = tens.trim().split("\\s+");
    for (int i = 0; i < t.length; i++) {
      m.put(t[i], (double) (20 + 10 * i));
    }
    String[] o = ordinals.trim().split("\\s+");
    for (int i = 0; i < o.length; i++) {
      m.put(o[i], (double) (i + 1));
    }
    return m;
  }

  private static Map<String, String> englishCategories() {
    Map<String, String> m = new HashMap<>();
    put(m, "daypart", "morning=morning mornings=morning afternoon=afternoon afternoons=afternoon evening=evening "
        + "evenings=evening night=night nights=night tonight=night noon=noon midday=noon midnight=midnight "
        + "day=day daytime=day overnight=night");
    for (String d : List.of("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")) {
      m.put(d, "weekday:" + d);
      m.put(d + "s", "weekday:" + d);
    }
    put(m, "weekday", "weekday=weekday weekdays=weekday weekend=weekend weekends=weekend");
    for (String mo : List.of("january", "february", "march", "april", "may", "june", "july", "august", "september",
        "october", "november", "december")) {
      m.put(mo, "month:" + mo);
    }
    put(m, "meal", "breakfast=breakfast lunch=lunch lunchtime=lunch dinner=dinner supper=dinner brunch=brunch");
    put(m, "frequency", "daily=day weekly=week monthly=month month=month months=month fortnight=fortnight "
        + "fortnightly=fortnight yearly=year annually=year annual=year week=week weeks=week year=year years=year");
    put(m, "colour", "red=red blue=blue green=green yellow=yellow black=black white=white grey=grey gray=grey "
        + "orange=orange purple=purple pink=pink brown=brown silver=silver gold=gold");
    put(m, "side", "front=front back=back rear=back left=left right=right top=top bottom=bottom upstairs=up "
        + "downstairs=down");
    put(m, "level", "high=high higher=high low=low lower=low mild=mild hot=hot spicy=hot long=long short=short "
        + "early=early late=late heavy=heavy light=light");
    put(m, "order", "before=before after=after");
    put(m, "season", "spring=spring summer=summer autumn=autumn fall=autumn winter=winter");
    return m;
  }

  private static void put(Map<String, String> m, String category, String pairs) {
    for (String p : pairs.trim().split("\\s+")) {
      String[] kv = p.split("=");
      m.put(kv[0], category + ":" + kv[1]);
    }
  }

  /** English. */
  public static final Lexicon ENGLISH = new Lexicon("en",
      words("not no never none nobody nothing neither nor without cannot cant dont doesnt didnt wont isnt arent "
          + "wasnt werent shouldnt wouldnt couldnt havent hasnt hadnt aint avoid avoids"),
      numbers("zero - two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
              + "seventeen eighteen nineteen",
          "twenty thirty forty fifty sixty seventy eighty ninety",
          "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth "
              + "fifteenth sixteenth seventeenth eighteenth nineteenth twentieth"),
      Map.of("hundred", 100.0, "thousand", 1000.0, "million", 1_000_000.0),
      englishCategories(),
      Map.ofEntries(
          Map.entry("want to", "intent"), Map.entry("wants to", "intent"), Map.entry("would like to", "intent"),
          Map.entry("id like to", "intent"), Map.entry("plan to", "intent"), Map.entry("planning to", "intent"),
          Map.entry("going to", "intent"), Map.entry("will", "intent"), Map.entry("goal", "intent"),
          Map.entry("aim to", "intent"), Map.entry("hope to", "intent"), Map.entry("hoping to", "intent"),
          Map.entry("intend", "intent"), Map.entry("moving to", "change"), Map.entry("move to", "change"),
          Map.entry("switching", "change"), Map.entry("changing", "change"), Map.entry("about to", "change"),
          // Aspectual verbs and phrases: a habit or state that begins or ends is not the habit or state itself.
          Map.entry("start", "change"), Map.entry("starting", "change"), Map.entry("stop", "change"),
          Map.entry("stopping", "change"), Map.entry("quit", "change"), Map.entry("quitting", "change"),
          Map.entry("begin", "change"), Map.entry("beginning", "change"), Map.entry("no longer", "change"),
          Map.entry("any more", "change"), Map.entry("anymore", "change"),
          Map.entry("need to", "obligation"), Map.entry("needs to", "obligation"), Map.entry("have to", "obligation"),
          Map.entry("has to", "obligation"), Map.entry("must", "obligation"), Map.entry("used to", "past"),
          Map.entry("learned", "past"), Map.entry("learnt", "past"), Map.entry("last", "past")),
      words("i me my mine we us our ours you your yours he him his she her hers it its they them their theirs "
          + "a an the this that these those is am are was were be been being im ive id its youre were theyre "
          + "have has had do does did to of in on at by for with from about into over under as and or but so "
          + "than then there theres here where what which who whom whose when why how all any both each every some "
          + "such own same s t also just very really only too"),
      words("really very only just please quite years year old actually usually always"),
      words("a an the my your our his her their its to with of in on at for one some any from by about into is "
          + "are was have has"),
      words("than over rather instead"),
      words("un non anti de dis mis counter"));

  /** Dutch: negation and number words only. */
  public static final Lexicon DUTCH = new Lexicon("nl",
      words("niet geen nooit niets niemand nergens zonder"),
      numbers("nul - twee drie vier vijf zes zeven acht negen tien elf twaalf dertien veertien vijftien zestien "
              + "zeventien achttien negentien",
          "twintig dertig veertig vijftig zestig zeventig tachtig negentig",
          "eerste tweede derde vierde vijfde zesde zevende achtste negende tiende"),
      Map.of("honderd", 100.0, "duizend", 1000.0, "miljoen", 1_000_000.0),
      Map.of(), Map.of(),
      words("de het een ik jij hij zij wij jullie mijn jouw zijn haar ons onze is ben zijn was waren van in op aan "
          + "te met voor door bij en of maar dat dit die er"),
      Set.of(), Set.of(), Set.of(),
      words("de on non anti her mis wan contra"));

  /** Portuguese: negation and number words only. */
  public static final Lexicon PORTUGUESE = new Lexicon("pt",
      words("nao nunca nenhum nenhuma nada ninguem jamais sem"),
      numbers("zero - dois tres quatro cinco seis sete oito nove dez onze doze treze catorze quinze dezesseis "
              + "dezessete dezoito dezenove",
          "vinte trinta quarenta cinquenta sessenta setenta oitenta noventa",
          "primeiro segundo terceiro quarto quinto sexto setimo oitavo nono decimo"),
      Map.of("cem", 100.0, "mil", 1000.0),
      Map.of(), Map.of(),
      words("o a os as um uma eu tu ele ela nos eles elas meu minha seu sua e de do da em no na com por para que"),
      Set.of(), Set.of(), Set.of(),
      words("des in anti nao contra"));
}
