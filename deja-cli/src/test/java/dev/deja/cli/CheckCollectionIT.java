package dev.deja.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.lucene.LuceneStoreBackend;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20, points 3 and 6: {@code deja check --collection} checks against the store {@code deja serve} uses, and
 * {@code deja import} writes to the tenant it is given, takes {@code --set}, leaves no empty collection behind when it
 * fails, and says what to do while a server holds the store.
 */
class CheckCollectionIT {
  static final Path SAMPLE = Path.of("..", "examples", "family.ics");

  @TempDir
  Path dir;

  @Test
  void checkAgainstACollectionImportedForATenant() {
    String data = dir.resolve("data").toString();
    CliRunner.Result imported = CliRunner.run("import", SAMPLE.toString(), "--collection", "family", "--tenant",
        "demo", "--data", data);
    assertThat(imported.exit()).as(imported.err()).isZero();
    assertThat(imported.out()).contains("Imported family.ics into 'family': 4 created, 1 duplicate(s) skipped");
    assertThat(dir.resolve("data/tenants/demo")).isDirectory();

    CliRunner.Result dup = CliRunner.run("check", "--collection", "family", "--tenant", "demo", "--data", data,
        "-q", "{\"title\": \"Grocery run\", \"start\": \"2026-03-07T10:15\", \"time_zone\": \"Europe/Amsterdam\"}");
    assertThat(dup.out().strip()).isIn("DUPLICATE", "POSSIBLE_DUPLICATE");
    assertThat(dup.exit()).isIn(Main.DUPLICATE, Main.POSSIBLE_DUPLICATE);

    CliRunner.Result otherTenant = CliRunner.run("check", "--collection", "family", "--data", data,
        "{\"title\": \"x\", \"start\": \"2026-03-07T10:15\"}");
    assertThat(otherTenant.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(otherTenant.err()).startsWith("deja: error: collection 'family' does not exist in "
        + Path.of(data).resolve("tenants").resolve("default"));

    CliRunner.Result withPreset = CliRunner.run("check", "--collection", "family", "--tenant", "demo", "--data",
        data, "--preset", "calendar", "{\"title\": \"x\", \"start\": \"2026-03-07T10:15\"}");
    assertThat(withPreset.err().strip()).isEqualTo("deja: error: --preset: does not apply with --collection (the "
        + "collection's stored definition decides); to check with a preset, give --existing");
  }

  @Test
  void whileAServerHoldsTheStoreTheMessageSaysSoAndPointsAtTheHttpRoute() {
    Path tenantDir = dir.resolve("data/tenants/default");
    try (LuceneStoreBackend held = LuceneStoreBackend.open(tenantDir)) {
      held.open("family"); // as a running server holds it
      CliRunner.Result r = CliRunner.run("import", SAMPLE.toString(), "--collection", "family", "--data",
          dir.resolve("data").toString());
      assertThat(r.exit()).isEqualTo(Main.BAD_INPUT);
      assertThat(r.err()).startsWith("deja: error: " + tenantDir + " is held by a running 'deja serve'")
          .contains("POST /v1/collections/family/import with the .ics file as the body (docs/HTTP.md)")
          .doesNotContain("Exception");
    }
  }

  @Test
  void importTakesSetAndAFailedImportLeavesNoCollection() throws Exception {
    String data = dir.resolve("data").toString();
    CliRunner.Result set = CliRunner.run("import", SAMPLE.toString(), "--collection", "wide", "--data", data,
        "--set", "time_window.time_window_hours=48", "--json");
    assertThat(set.exit()).as(set.err()).isZero();
    CliRunner.Result again = CliRunner.run("import", SAMPLE.toString(), "--collection", "wide", "--data", data,
        "--set", "time_window.time_window_hours=3");
    assertThat(again.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(again.err()).contains("--set: collection 'wide' exists in");

    Path recurrenceOnly = dir.resolve("orphan.ics");
    Files.writeString(recurrenceOnly, String.join("\r\n", "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN",
        "BEGIN:VEVENT", "UID:moved", "DTSTAMP:20260301T090000Z", "RECURRENCE-ID:20260304T170000",
        "SUMMARY:Moved", "DTSTART:20260305T170000", "END:VEVENT", "END:VCALENDAR", ""));
    CliRunner.Result bad = CliRunner.run("import", recurrenceOnly.toString(), "--collection", "fresh", "--data",
        data);
    assertThat(bad.exit()).isEqualTo(Main.BAD_INPUT);
    // A failure once the collection is created (its events lack a field the --set made required): removed again.
    CliRunner.Result late = CliRunner.run("import", SAMPLE.toString(), "--collection", "rooms", "--data", data,
        "--set", "fields.room={type: text, required: true}");
    assertThat(late.exit()).as(late.out()).isEqualTo(Main.BAD_INPUT);
    assertThat(late.err()).contains("room");
    CliRunner.Result list = CliRunner.run("check", "--collection", "fresh", "--data", data,
        "{\"title\": \"x\", \"start\": \"2026-03-07T10:15\"}");
    assertThat(list.err()).as("no empty collection left behind").contains("collection 'fresh' does not exist")
        .contains("(collections: wide)");
  }
}
