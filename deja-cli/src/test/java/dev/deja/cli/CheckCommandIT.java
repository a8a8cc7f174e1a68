package dev.deja.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.format.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CheckCommandIT {
  @TempDir
  Path dir;
  Path events;

  @BeforeEach
  void writeEvents() throws Exception {
    events = dir.resolve("events.jsonl");
    Files.writeString(events, String.join("\n",
        "{\"id\": \"e1\", \"title\": \"Soccer practice\", \"start\": \"2026-03-04T17:00\", \"all_day\": false}",
        "{\"op\": \"add\", \"id\": \"e2\", \"record\": {\"title\": \"Piano lesson\", \"start\": \"2026-03-04T18:00\"}}",
        "{\"id\": \"e3\", \"tenant\": \"other\", \"title\": \"Dentist\", \"start\": \"2026-03-04T17:00\"}", ""));
  }

  @Test
  void aDuplicatePrintsTheMatchAndItsExplanationAndExitsOne() {
    CliRunner.Result r = CliRunner.run("check", "--preset", "calendar", "--existing", events.toString(),
        "{\"title\": \"Soccer Practice!\", \"start\": \"2026-03-04T17:30\"}");
    assertThat(r.exit()).isEqualTo(Main.DUPLICATE);
    assertThat(r.out()).startsWith("DUPLICATE — 1 match(es)").contains("e1").contains("Explanation:")
        .contains("starts 30 minute(s) before the new item");
  }

  @Test
  void aNewItemExitsZero() {
    CliRunner.Result r = CliRunner.run("check", "-p", "calendar", "-e", events.toString(), "-q",
        "{\"title\": \"Dentist\", \"start\": \"2026-03-04T17:00\"}");
    assertThat(r.exit()).isEqualTo(Main.OK);
    assertThat(r.out().strip()).isEqualTo("NEW");
  }

  @Test
  void jsonOutputIsOneObjectWithTheVerdict() {
    CliRunner.Result r = CliRunner.run("check", "--preset", "calendar", "--existing", events.toString(), "--json",
        "{\"title\": \"Piano lesson\", \"start\": \"2026-03-04T18:15\"}");
    assertThat(r.exit()).isEqualTo(Main.DUPLICATE);
    Map<String, Object> v = Json.object(r.out().strip(), "output");
    assertThat(v).containsEntry("outcome", "DUPLICATE").containsKeys("matches", "explanation");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> matches = (List<Map<String, Object>>) v.get("matches");
    assertThat(matches.get(0)).containsEntry("id", "e2").containsEntry("stage", "exact")
        .containsKeys("score", "item", "explanation");
  }

  @Test
  void aPossibleDuplicateExitsThree() throws Exception {
    Path notes = dir.resolve("notes.jsonl");
    Files.writeString(notes, "{\"id\": \"n1\", \"text\": \"Pick up the dry cleaning on Friday\"}\n");
    CliRunner.Result r = CliRunner.run("check", "--preset", "text", "--existing", notes.toString(),
        "{\"text\": \"Pick up dry cleaning Friday morning\"}");
    assertThat(r.exit()).isEqualTo(Main.POSSIBLE_DUPLICATE);
  }

  @ParameterizedTest(name = "''{0}'' / ''{1}''")
  @CsvSource(delimiter = '|', value = {
      // The same fact in the first person: the model reads "User works" as "I works", and "user" is no added word.
      "User works night shifts at a hospital in Leeds.|I work night shifts at a hospital in Leeds.|1",
      "The user is allergic to penicillin.|I'm allergic to penicillin.|1",
      // Negated, or said of someone else: another fact.
      "User works night shifts at a hospital in Leeds.|I don't work night shifts at a hospital in Leeds.|0",
      "User works night shifts at a hospital in Leeds.|My wife works night shifts at a hospital in Leeds.|0",
      "User is allergic to penicillin.|I am not allergic to penicillin.|0",
      "The user is allergic to penicillin.|My son is allergic to penicillin.|0"})
  void aMemoryAgentsWroteAboutTheUserIsTheUsersOwnFact(String stored, String text, int exit) throws Exception {
    checkMemory(stored, text, exit);
  }

  /** Checks a memory against one stored memory with the memory preset and asserts the exit code. */
  private void checkMemory(String stored, String text, int exit) throws Exception {
    Path memories = dir.resolve("memories.jsonl");
    Files.writeString(memories, Json.write(Map.of("id", "m1", "text", stored)) + "\n");
    CliRunner.Result r = CliRunner.run("check", "--preset", "memory", "--existing", memories.toString(), "-q",
        Json.write(Map.of("text", text)));
    assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(exit);
  }

  /** A fact stored in another language: its negation in English is another fact, the fact itself is the same one. */
  @ParameterizedTest(name = "''{0}'' / ''{1}''")
  @CsvSource(delimiter = '|', value = {
      "Ik drink geen alcohol.|I drink alcohol.|0",
      "Ik heb geen auto.|I have a car.|0",
      "Ich habe keine Kinder.|I have children.|0",
      "Ich trinke keinen Alkohol.|I drink alcohol.|0",
      "Ik heb geen kinderen.|I have children.|0",  // glossed "no child honor", a stray word: the negation decides
      "Os meus pais moram no Recife.|My parents live in Recife.|1",
      // Inflected verbs read by their dictionary form ("habitent" → habiter → live), elided words as words.
      "Mes parents habitent à Lisbonne.|My parents live in Lisbon.|1",
      "Mes parents n'habitent pas à Lisbonne.|My parents live in Lisbon.|0",
      "Eu bebo café todos os dias.|I drink coffee every day.|1"})
  void aNegationInAnotherLanguageIsReadAsOne(String stored, String text, int exit) throws Exception {
    checkMemory(stored, text, exit);
  }

  /**
   * The signals read a text in another language through its gloss made beside the English one: "Prüfung" takes the
   * translation the English fact uses ("exam", FreeDict's ninth), not the dictionary's first sense ("proving"), and
   * the explanation shows that reading; the model still embeds the gloss made alone, whatever the candidate.
   */
  @Test
  void aGlossReadsAWordInTheSenseTheOtherTextUses() throws Exception {
    Path memories = dir.resolve("memories.jsonl");
    Files.writeString(memories, Json.write(Map.of("id", "m1", "text", "I have a statistics exam on Friday.")) + "\n");
    CliRunner.Result r = CliRunner.run("check", "--preset", "memory", "--existing", memories.toString(), "--json",
        Json.write(Map.of("text", "Ich habe am Freitag eine Prüfung in Statistik.")));
    assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(1);
    java.util.regex.Matcher readAs = java.util.regex.Pattern.compile("\"read_as\":\"([^\"]*)\"").matcher(r.out());
    assertThat(readAs.find()).as(r.out()).isTrue();
    assertThat(readAs.group(1)).contains("exam statistic").doesNotContain("proving");
    // The embedding (and with it the word pieces the token features align) keeps the gloss made alone ("… proving
    // statistics"), in which the English fact's "exam" finds no piece of its own.
    assertThat(r.out()).contains("least aligned: 'exam'");
  }

  /**
   * Facts that share their words but not their meaning, each merged at 0.998-1.0 before it was read (a wrong merge
   * loses one: exit 0, new), next to the same fact reworded (exit 1, a duplicate).
   */
  @ParameterizedTest(name = "''{0}'' / ''{1}''")
  @CsvSource(delimiter = '|', value = {
      // The same numbers counting other things.
      "I have two sons and a daughter.|I have two daughters and a son.|0",
      "We have two cats and a dog.|We have two dogs and a cat.|0",
      "We have two cats and a dog.|We have a dog and two cats.|1",
      // Two words exchanged between clauses, each bound to the other's partner.
      "I prefer tea in the morning and coffee in the afternoon.|"
          + "I prefer coffee in the morning and tea in the afternoon.|0",
      "My mother is a teacher and my father is a nurse.|My father is a teacher and my mother is a nurse.|0",
      "I'm vegetarian but my husband eats meat.|My husband is vegetarian but I eat meat.|0",
      "I swim on Mondays and run on Fridays.|I run on Fridays and swim on Mondays.|1",
      "My favourite cake is lemon cake.|Lemon cake is my favourite cake.|1",
      // A role said from the other side.
      "My manager is Priya.|I manage Priya.|0",
      "My tutor is Sam.|I tutor Sam.|0",
      "My manager is Priya.|Priya manages me.|1",
      // The same amount in another currency (one normalised text: the analyzer drops the symbols).
      "Sam owes me £50.|Sam owes me $50.|0",
      "My rent is €900 a month.|My rent is 900 dollars a month.|0",
      "Sam owes me £50.|Sam owes me fifty pounds.|1",
      "Sam owes me $50.|Sam owes me fifty pounds.|0",
      // A word with another sign written onto it, and a negative number (the analyzer drops the signs too).
      "My blood type is A+.|My blood type is A.|0",
      "I code in C++.|I code in C.|0",
      "It was -5 degrees at the summit.|It was 5 degrees at the summit.|0",
      "It was -5 degrees at the summit.|It was minus 5 degrees at the summit.|1",
      "I'm in timezone UTC+2.|I'm in timezone UTC-2.|0",
      // The same numbers joined in another order: another date, another split.
      "Our wedding anniversary is on 12/03.|Our wedding anniversary is on 03/12.|0",
      "My partner and I split the rent 60/40.|My partner and I split the rent 40/60.|0",
      // A handle or an address with other punctuation (the analyzer drops it or splits at it).
      "My Instagram handle is @sam_lee.|My Instagram handle is @samlee.|0",
      "My GitHub username is jdoe_dev.|My GitHub username is jdoe-dev.|0",
      "My email is sam.lee@gmail.com.|My email is samlee@gmail.com.|0",
      "My GitHub username is jdoe_dev.|My GitHub username is @JDoe_Dev|1",
      // A word's opposite, or the word negated against itself stated; a negated word and its opposite made with a
      // negative prefix are one fact.
      "I dislike mushrooms.|I like mushrooms.|0",
      "I like mushrooms.|I don't like mushrooms.|0",
      "I dislike mushrooms.|I don't like mushrooms.|1",
      "I'm unhappy in my job.|I'm not happy in my job.|1",
      "I disagree with the new office plan.|I don't agree with the new office plan.|1"})
  void theSameWordsSayingAnotherFactAreNotMerged(String stored, String text, int exit) throws Exception {
    checkMemory(stored, text, exit);
  }

  @ParameterizedTest(name = "{0} / {1} → exit {2}")
  @CsvSource(delimiter = '|', value = {
      // A date in numbers and the same date in words, in either order of day and month.
      "My passport expires on 11/05/2027.|My passport expires on 11 May 2027.|1",
      "Our wedding anniversary is on 12/03.|Our wedding anniversary is on 12 March.|1",
      "My son was born on 04.09.2019.|My son was born on 4 September 2019.|1",
      "My passport expires on 2027-05-11.|My passport expires on May 11, 2027.|1",
      // Another day, another year.
      "My passport expires on 11/05/2027.|My passport expires on 12 May 2027.|0",
      "My passport expires on 11/05/2027.|My passport expires on 11 May 2028.|0"})
  void theSameDateWrittenInNumbersOrInWordsIsOneFact(String stored, String text, int exit) throws Exception {
    checkMemory(stored, text, exit);
  }

  @ParameterizedTest(name = "{0} / {1} → exit {2}")
  @CsvSource(delimiter = '|', value = {
      // A length or a weight in other units (ICU's unit names and conversions).
      "I'm 1.8 m tall.|I'm 180 cm tall.|1",
      "I weigh 70 kg.|I weigh 154 lbs.|1",
      "I run 5 miles every morning.|I run 8 km every morning.|1",
      "I sleep 8 hrs a night.|I sleep eight hours a night.|1",
      "I keep my bedroom at 20°C.|I keep my bedroom at 68°F.|1",
      // Another amount, or the same number in another unit.
      "I'm 1.8 m tall.|I'm 170 cm tall.|0",
      "I weigh 70 kg.|I weigh 70 lbs.|0",
      "I run 5 km every morning.|I run 5 miles every morning.|0",
      "I keep my bedroom at 20°C.|I keep my bedroom at 20°F.|0",
      "I keep my bedroom at 20°C.|I keep my bedroom at 25°C.|0"})
  void theSameQuantityInOtherUnitsIsOneFact(String stored, String text, int exit) throws Exception {
    checkMemory(stored, text, exit);
  }

  @ParameterizedTest(name = "{0} / {1} → exit {2}")
  @CsvSource(delimiter = '|', value = {
      // A phone, card or account number in other groups of digits.
      "My phone number is 07700 900123.|My phone number is 07700900123.|1",
      "My account number is 1234-5678.|My account number is 1234 5678.|1",
      // Another digit, or the groups in another order.
      "My phone number is 07700 900123.|My phone number is 07700 900124.|0",
      "My account number is 1234-5678.|My account number is 5678-1234.|0",
      // Codes whose digits differ are other things, whatever their letters.
      "I game on a PS5.|I game on a PS4.|0",
      "My Q3 sales target is 50 deals.|My Q4 sales target is 50 deals.|0"})
  void theSameNumberInOtherGroupsOfDigitsIsOneFact(String stored, String text, int exit) throws Exception {
    checkMemory(stored, text, exit);
  }

  @ParameterizedTest(name = "{0} / {1} → exit {2}")
  @CsvSource(delimiter = '|', value = {
      // A decade in digits or in words.
      "I grew up in the 90s.|I grew up in the nineties.|1",
      "I'm in my thirties.|I'm in my 30s.|1",
      // Another decade, or one age against a decade of life.
      "I grew up in the 1990s.|I grew up in the 1980s.|0",
      "My grandmother is 90.|My grandmother is in her 90s.|0"})
  void theSameDecadeInDigitsOrWordsIsOneFact(String stored, String text, int exit) throws Exception {
    checkMemory(stored, text, exit);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "malformed JSON|calendar|{\"title\": |malformed JSON",
      "unknown preset|calender|{}|unknown preset 'calender'",
      "unknown field|calendar|{\"title\": \"x\", \"start\": \"2026-03-04T17:00\", \"color\": \"red\"}|unknown field 'color'",
      "missing field|calendar|{\"start\": \"2026-03-04T17:00\"}|field 'title' is required",
      "not an object|calendar|[1, 2]|expected a JSON object"})
  void badInputIsOneLineAndExitsTwo(String what, String preset, String item, String message) {
    CliRunner.Result r = CliRunner.run("check", "--preset", preset, "--existing", events.toString(), item);
    assertThat(r.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(r.err()).contains(message).doesNotContain("Exception").doesNotContain("\tat ");
    assertThat(r.err().strip().lines()).hasSize(1);
  }

  @Test
  void aMissingExistingFileIsBadInput() {
    CliRunner.Result r = CliRunner.run("check", "--preset", "calendar", "--existing", dir.resolve("no.jsonl")
        .toString(), "{\"title\": \"x\", \"start\": \"2026-03-04T17:00\"}");
    assertThat(r.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(r.err()).contains("no such file");
  }

  @Test
  void checkingAgainstNothingSaysSoOnStderr() throws Exception {
    String item = "{\"text\": \"the quarterly report is due on friday\"}";
    CliRunner.Result none = CliRunner.run("check", "--preset", "text", item);
    assertThat(none.exit()).as("issue 20: no --existing is refused, not answered NEW").isEqualTo(Main.BAD_INPUT);
    assertThat(none.out()).isEmpty();
    assertThat(none.err()).startsWith("deja: error: nothing to check against: give --existing FILE");
    Path empty = dir.resolve("empty.jsonl");
    Files.writeString(empty, "\n");
    CliRunner.Result emptyFile = CliRunner.run("check", "--preset", "text", "--existing", empty.toString(), item);
    assertThat(emptyFile.exit()).isEqualTo(Main.OK);
    assertThat(emptyFile.err()).startsWith("deja check: note: " + empty + " has no items: the item was checked "
        + "against an empty store");
    Path others = dir.resolve("others.jsonl");
    Files.writeString(others, "{\"tenant\": \"acme\", \"text\": \"the quarterly report is due on friday\"}\n");
    CliRunner.Result otherTenant = CliRunner.run("check", "--preset", "text", "--existing", others.toString(), item);
    assertThat(otherTenant.exit()).isEqualTo(Main.OK);
    assertThat(otherTenant.err()).startsWith("deja check: note: none of the 1 item(s) of " + others + " can match "
        + "in tenant 'default' (items of other tenants never match)");
    CliRunner.Result sameTenant = CliRunner.run("check", "--preset", "text", "--tenant", "acme", "--existing",
        others.toString(), item);
    assertThat(sameTenant.exit()).isEqualTo(Main.DUPLICATE);
    assertThat(sameTenant.err()).isEmpty();
  }

  @Test
  void aConfigurationThatCanNeverMatchIsOneLineNamingTheStageAndExitsTwo() throws Exception {
    Path config = dir.resolve("deja.yaml");
    Files.writeString(config, String.join("\n", "presets:", "  text:", "    stages:", "      exact: {enabled: false}",
        "      fuzzy: {lexical: none}", ""));
    CliRunner.Result r = CliRunner.run("check", "--preset", "text", "--config", config.toString(), "--existing",
        events.toString(), "{\"text\": \"x\"}");
    assertThat(r.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(r.err().strip().lines()).hasSize(1);
    assertThat(r.err()).startsWith("deja: error: preset 'text' (with " + config + "): stages.fuzzy: this fuzzy stage "
        + "can never match: no candidate ever reaches it.").contains("To feed it: set stages.fuzzy.lexical to words");
    CliRunner.Result off = CliRunner.run("check", "--preset", "glossary", "--set", "stages.exact.enabled=false",
        "--set", "stages.synonym.enabled=false", "--set", "stages.fuzzy.enabled=false", "--set",
        "stages.compound.enabled=false", "--existing", events.toString(), "{\"term\": \"x\"}");
    assertThat(off.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(off.err()).isEqualTo("deja: error: preset 'glossary': stages: every stage is switched off (exact, "
        + "synonym, fuzzy, compound), so nothing can ever match; switch one on, e.g. stages.exact.enabled: true\n");
  }

  @Test
  void helpListsTheCommands() {
    CliRunner.Result r = CliRunner.run("--help");
    assertThat(r.exit()).isZero();
    assertThat(r.out()).contains("check").contains("eval").contains("presets").contains("Exit codes");
    assertThat(CliRunner.run("check", "--help").out()).contains("--existing").contains("--json");
    assertThat(CliRunner.run("eval", "--help").out()).contains("--sweep").contains("--measure");
    CliRunner.Result none = CliRunner.run();
    assertThat(none.exit()).as("no command is a usage error").isEqualTo(2);
    assertThat(none.out()).isEmpty();
    assertThat(none.err()).contains("a command is required").contains("Commands:");
  }

  @Test
  void presetsAreListedAndShown() {
    CliRunner.Result list = CliRunner.run("presets");
    assertThat(list.out()).contains("calendar").contains("glossary").contains("memory").contains("text");
    CliRunner.Result show = CliRunner.run("presets", "glossary", "--set", "stages.exact.case_sensitive=false");
    assertThat(show.exit()).isZero();
    assertThat(show.out()).as("YAML, as written in deja.yaml").contains("case_sensitive: false");
    CliRunner.Result json = CliRunner.run("presets", "glossary", "--json", "--set", "stages.exact.case_sensitive=false");
    assertThat(json.out()).contains("\"case_sensitive\" : false");
  }
}
