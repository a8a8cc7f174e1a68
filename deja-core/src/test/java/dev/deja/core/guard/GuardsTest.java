package dev.deja.core.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.InvalidInputException;
import dev.deja.core.cascade.Probe;
import dev.deja.core.cascade.StageMatch;
import dev.deja.core.engine.Outcome;
import dev.deja.core.explain.Explanation;
import dev.deja.core.item.HistoryEntry;
import dev.deja.core.item.Item;
import dev.deja.core.item.ItemKeys;
import dev.deja.core.item.StoredItem;
import dev.deja.core.spec.SpecReader;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each guard with cases it must stop (conflict) and cases it must let through (paraphrases). */
class GuardsTest {
  private static TextGuard guard(String type, Map<String, Object> options) {
    return (TextGuard) Guards.registry().build(SpecReader.read(Map.of("name", "notes",
        "fields", Map.of("text", Map.of("type", "text")),
        "stages", Map.of("fuzzy", Map.of("type", "fuzzy")),
        "guards", Map.of("g", withType(type, options))), "notes")).get(0);
  }

  private static Map<String, Object> withType(String type, Map<String, Object> options) {
    java.util.Map<String, Object> m = new java.util.LinkedHashMap<>(options);
    m.put("type", type);
    return m;
  }

  private static boolean conflicts(String type, String a, String b) {
    return guard(type, Map.of()).conflict(a, b).isPresent();
  }

  @ParameterizedTest(name = "{0} | {1} → {2}")
  @CsvSource(delimiter = '|', value = {
      "I'm 29.|I'm 39.|true",
      "I'm 29.|I am twenty-nine years old.|false",
      "Our flat is on the fourth floor.|We live on the 4th floor.|false",
      "Our flat is on the fourteenth floor.|Our flat is on the fourth floor.|true",
      "I start work at 8:15.|My working day begins at quarter past eight.|false",
      "I start work at 8:15.|I start work at 9:15.|true",
      "I'd like the daily agenda at 7 am.|I'd like the daily agenda at 7 pm.|true",
      "My usual bus home is the 6:05 pm.|I usually take the 18:05 bus home.|false",
      "I want to save £5,000 by December.|My goal is to have £5k saved by December.|false",
      "I want to save £500 by December.|I want to save £5,000 by December.|true",
      "My blood pressure is around 120/80.|My blood pressure is about 120 over 80.|false",
      "I've been to Mexico once.|I've been to Mexico three times.|true",
      "The window cleaner visits monthly.|Our window cleaner comes once a month.|false",
      "I use locker 112 at the gym.|My gym locker number is 121.|true",
      "Every morning at quarter to seven I walk the dog.|I take the dog out at 6:45 every morning.|false"})
  void numbers(String a, String b, boolean conflict) {
    assertThat(conflicts("numbers", a, b)).isEqualTo(conflict);
    assertThat(conflicts("numbers", b, a)).as("symmetric").isEqualTo(conflict);
  }

  @ParameterizedTest(name = "{0} | {1} → {2}")
  @CsvSource(delimiter = '|', value = {
      "I'm a heavy coffee drinker.|I'm not a coffee drinker.|true",
      "I have no fear of needles.|I have a fear of needles.|true",
      "I love olives.|I can't stand olives.|true",
      "I don't drink coffee.|I'm not a coffee drinker.|false",
      "I avoid red meat.|I don't eat red meat.|false",
      "No alerts before eight, please.|I don't want alerts before 8 am.|false"})
  void negation(String a, String b, boolean conflict) {
    assertThat(conflicts("negation", a, b)).isEqualTo(conflict);
  }

  @Test
  void negationInDutchAndPortuguese() {
    assertThat(guard("negation", Map.of("language", "nl")).conflict("Ik rook.", "Ik rook niet.")).isPresent();
    assertThat(guard("negation", Map.of("language", "pt")).conflict("Eu fumo.", "Eu não fumo.")).isPresent();
    assertThat(guard("negation", Map.of("language", "nl")).conflict("Ik rook niet.", "Ik rook nooit."))
        .isEmpty();
  }

  @ParameterizedTest(name = "{0} | {1} → {2}")
  @CsvSource(delimiter = '|', value = {
      "My son's name is Felipe.|My son's name is Felix.|true",
      "My favourite singer is Dua Lipa.|Adele is the singer I like best.|true",
      "My phone is an iPhone 13 mini.|My phone is an iPhone 13 Pro.|true",
      "Earl Grey is the tea I like most.|My favourite tea is Earl Grey.|false",
      "Aoife, my sister, works as a vet.|My sister Aoife is a vet.|false",
      "I play netball on Monday evenings.|Every Monday evening I play netball.|false"})
  void names(String a, String b, boolean conflict) {
    assertThat(conflicts("names", a, b)).isEqualTo(conflict);
  }

  @ParameterizedTest(name = "{0} | {1} → {2}")
  @CsvSource(delimiter = '|', value = {
      "I do yoga on Tuesday and Friday evenings.|I do yoga on Tuesday and Friday mornings.|true",
      "My wife takes Felix to nursery on Thursdays.|My wife takes Felix to nursery on Wednesdays.|true",
      "I'm expecting twins in June.|I'm expecting twins in July.|true",
      "I take iron tablets with lunch.|I take iron tablets with dinner.|true",
      "My motorbike is a red Ducati.|My motorbike is a black Ducati.|true",
      "I prefer the back row on buses.|I prefer the front row on buses.|true",
      "I'm vegetarian on weekends only.|I'm vegetarian on weekdays only.|true",
      "I only eat vegetarian from Monday to Friday.|I'm vegetarian on weekdays only.|false",
      "I have my iron supplement at lunchtime.|I take iron tablets with lunch.|false",
      "I play netball on Monday evenings.|Every Monday evening I play netball.|false",
      // "day" is a part of the day only where the text names no other; beside "morning" it is a date.
      "I work day shifts at the hospital.|I work night shifts at the hospital.|true",
      "Bin day is Tuesday morning.|Our bins are collected on Tuesday mornings.|false",
      "Bin day is Tuesday morning.|Our bins are collected on Tuesday evenings.|true",
      "I code in C++ at work.|I code in C at work.|true",
      "My blood type is O-.|My blood type is O+.|true",
      "I code in C# at work.|I code in C sharp at work.|false"})
  void contrasts(String a, String b, boolean conflict) {
    assertThat(conflicts("contrasts", a, b)).isEqualTo(conflict);
  }

  @ParameterizedTest(name = "{0} | {1} → {2}")
  @CsvSource(delimiter = '|', value = {
      "I'm allergic to sesame.|I'm allergic to mustard.|true",
      "My wife is a pharmacist.|My wife is a paramedic.|true",
      "I have a treadmill in the spare room.|I have a rowing machine in the spare room.|true",
      "My wife has a cat allergy.|My wife is allergic to cats.|false",
      "I avoid red meat.|I don't eat red meat.|false",
      "My wife is a paramedic.|My wife works as a paramedic.|false"})
  void substitutionInObjectPosition(String a, String b, boolean conflict) {
    assertThat(conflicts("substitution", a, b)).isEqualTo(conflict);
  }

  @Test
  void substitutionAnywhereForTitles() {
    TextGuard any = guard("substitution", Map.of("position", "any", "max_words", 1));
    assertThat(any.conflict("Maya gymnastics class", "Arjun gymnastics class")).isPresent();
    assertThat(any.conflict("Daniel dermatologist appointment", "Daniel dentist appointment")).isPresent();
    assertThat(any.conflict("Maya gymnastics class", "Maya gymnastics")).isEmpty();
    assertThat(any.conflict("Clean out the garage", "Sort and clear the garage")).isEmpty();
    assertThat(guard("substitution", Map.of()).conflict("Maya gymnastics class", "Arjun gymnastics class"))
        .as("object position only by default").isEmpty();
  }

  @ParameterizedTest(name = "{0} | {1} → {2}")
  @CsvSource(delimiter = '|', value = {
      "Grandpa Raj's hearing test|Grandpa Raj's cataract surgery|true",
      "Hillcrest art show|Hillcrest book fair week|true",
      "Arjun mock trial competition|Arjun debate tournament|true",
      "Maya's 9th birthday|Maya turns 9!|false",
      "Clean out the garage|Sort and clear the garage|false",
      "Maya – tumbling|Maya gymnastics class|false",
      "Arjun driving lesson|Arjun learner's permit test at the DMV|false",
      "hearing test|cataract surgery|false",
      "Soccer practice|Kids football training|false"})
  void substitutionOfATitlesHead(String a, String b, boolean conflict) {
    TextGuard head = guard("substitution", Map.of("position", "any", "max_words", 1, "head_max_words", 3,
        "equivalents", List.of("soccer = football", "practice = training")));
    assertThat(head.conflict(a, b).isPresent()).isEqualTo(conflict);
  }

  @Test
  void theHeadRuleIsOffByDefaultAndFollowsTheLanguage() {
    assertThat(guard("substitution", Map.of("position", "any", "max_words", 1))
        .conflict("Grandpa Raj's hearing test", "Grandpa Raj's cataract surgery")).isEmpty();
    TextGuard pt = guard("substitution", Map.of("position", "any", "max_words", 1, "head_max_words", 3,
        "language", "pt"));
    assertThat(pt.conflict("Exame auditivo do avô Raj", "Cirurgia ocular do avô Raj")).isPresent();
    assertThat(pt.conflict("Avô Raj exame auditivo", "Avô Raj cirurgia ocular")).as("not the head in pt")
        .isEmpty();
    assertThat(guard("substitution", Map.of("position", "any", "max_words", 1, "head_max_words", 3))
        .conflict("Grandpa Raj's hearing test", "Grandpa Raj's cataract surgery").orElseThrow().message())
        .contains("head replaced").contains("'hearing test' → 'cataract surgery'");
    assertThatThrownBy(() -> guard("substitution", Map.of("head_max_words", 1)))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("head_max_words");
  }

  @ParameterizedTest(name = "{0} | {1} → {2}")
  @CsvSource(delimiter = '|', value = {
      "My sister Aoife is a vet.|My sister Aoife is a vet nurse.|true",
      "I'm 29.|I am twenty-nine years old.|false",
      "I live in Glasgow.|I live in Glasgow!|false"})
  void extension(String a, String b, boolean conflict) {
    assertThat(conflicts("extension", a, b)).isEqualTo(conflict);
  }

  @ParameterizedTest(name = "{0} | {1} → {2}")
  @CsvSource(delimiter = '|', value = {
      "I live in Glasgow.|I'm moving to Glasgow.|true",
      "I bank with Starling.|I'm switching my bank to Starling.|true",
      "I learned to knit last winter.|I want to learn to knit this winter.|true",
      "I need to have my appendix removed.|I've had my appendix removed.|true",
      "I want to learn to knit this winter.|This winter I'd like to learn knitting.|false",
      "I prefer calls in the afternoon.|I'd rather take calls in the afternoon.|false"})
  void modality(String a, String b, boolean conflict) {
    assertThat(conflicts("modality", a, b)).isEqualTo(conflict);
  }

  @ParameterizedTest(name = "{0} | {1} → {2}")
  @CsvSource(delimiter = '|', value = {
      "I'd rather have text messages than voice notes.|I'd rather have voice notes than text messages.|true",
      "My favourite cake is carrot cake.|Carrot cake is my favourite cake.|false",
      "I prefer texts to voice notes.|I'd rather have text messages than voice notes.|false"})
  void swap(String a, String b, boolean conflict) {
    assertThat(conflicts("swap", a, b)).isEqualTo(conflict);
  }

  @Test
  void aGuardVetoesOrDowngradesAndExplainsItself() {
    TextGuard veto = guard("numbers", Map.of());
    TextGuard downgrade = guard("numbers", Map.of("effect", "downgrade"));
    Probe probe = new Probe("t", Item.of("text", "I'm 29."), Optional.empty());
    StoredItem stored = stored("I'm 39.");
    StageMatch match = new StageMatch("s", 0.9, Outcome.DUPLICATE,
        Explanation.of("stage", "semantic").result("match").build());
    GuardDecision d = veto.inspect(probe, stored, match);
    assertThat(d.effect()).isEqualTo(GuardDecision.Effect.VETO);
    assertThat(d.explanation().evidence()).containsEntry("new", "[29]").containsEntry("existing", "[39]");
    assertThat(downgrade.inspect(probe, stored, match).effect()).isEqualTo(GuardDecision.Effect.DOWNGRADE);
    assertThat(veto.inspect(probe, stored("I'm twenty-nine."), match).effect()).isEqualTo(GuardDecision.Effect.PASS);
    TextGuard lenient = guard("numbers", Map.of("unless_score_above", 0.85));
    assertThat(lenient.inspect(probe, stored, match).effect()).isEqualTo(GuardDecision.Effect.PASS);
    assertThat(veto.appliesTo("exact")).isFalse();
    assertThat(veto.appliesTo("semantic")).isTrue();
  }

  @Test
  void misconfiguredGuardsAreClearErrors() {
    assertThatThrownBy(() -> guard("numbers", Map.of("efect", "veto"))).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("guards.g: unknown key ['efect']");
    assertThatThrownBy(() -> guard("negation", Map.of("language", "fr"))).hasMessageContaining("must be one of en");
    assertThatThrownBy(() -> guard("colour", Map.of())).hasMessageContaining("unknown guard type 'colour'");
    assertThatThrownBy(() -> guard("numbers", Map.of("field", "title"))).hasMessageContaining("unknown field");
  }

  private static StoredItem stored(String text) {
    Instant t = Instant.EPOCH;
    return new StoredItem("s", "t", Item.of("text", text), new ItemKeys("t#", "", Set.of(), Set.of(),
        Optional.empty()), Map.of(), 1, t, t, List.of(new HistoryEntry(t, "CREATED", Optional.empty(), "")));
  }

  @ParameterizedTest(name = "affix: {0} | {1} → {2}")
  @CsvSource(delimiter = '|', value = {
      "depseudonimisering|pseudonimisering|true",
      "pseudonimisering|Depseudonimisering|true",
      "onbevoegd|bevoegd|true",
      "pseudonimisering|pseudonimiseren|false",
      "verificatie proces|verificatieproces|false",
      "authentificatie|authenticatie|false"})
  void affixTellsNegatingPrefixesFromSpellingVariants(String a, String b, boolean conflict) {
    TextGuard g = guard("affix", Map.of("language", "nl"));
    assertThat(g.conflict(a, b).isPresent()).isEqualTo(conflict);
  }
}
