package dev.deja.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.format.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code deja import} and {@code deja export} on the Lucene store in a temporary data directory. */
class ImportExportCommandIT {
  @TempDir
  Path dir;

  private static final String ICS = String.join("\r\n", "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN",
      "BEGIN:VEVENT", "UID:dentist-1", "SUMMARY:Dentist appointment", "DTSTART;TZID=Europe/Berlin:20260302T140000",
      "DTEND;TZID=Europe/Berlin:20260302T150000", "END:VEVENT",
      "BEGIN:VEVENT", "UID:dentist-2", "SUMMARY:Dr. dentist appointment", "DTSTART;TZID=Europe/Berlin:20260302T143000",
      "END:VEVENT",
      "BEGIN:VEVENT", "UID:camp", "SUMMARY:Summer camp", "DTSTART;VALUE=DATE:20260706", "DTEND;VALUE=DATE:20260711",
      "END:VEVENT",
      "BEGIN:VEVENT", "UID:yoga", "SUMMARY:Yoga", "DTSTART:20260311T070000Z", "RRULE:FREQ=WEEKLY;COUNT=4",
      "END:VEVENT", "END:VCALENDAR", "");

  private String[] store(String... args) {
    String[] out = new String[args.length + 2];
    System.arraycopy(args, 0, out, 0, args.length);
    out[args.length] = "--data";
    out[args.length + 1] = dir.resolve("data").toString();
    return out;
  }

  @Test
  void importReportsCreatedAndDuplicatesThenExportRoundTrips() throws Exception {
    Path file = dir.resolve("family.ics");
    Files.writeString(file, ICS, StandardCharsets.UTF_8);
    CliRunner.Result r = CliRunner.run(store("import", file.toString(), "--collection", "family"));
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("created    dentist-1").contains("duplicate").contains("duplicates dentist-1")
        .contains("3 created, 1 duplicate(s) skipped, 0 already there");

    CliRunner.Result again = CliRunner.run(store("import", file.toString(), "--collection", "family", "--json"));
    assertThat(again.exit()).as(again.err()).isZero();
    Map<String, Object> json = Json.object(again.out(), "report");
    assertThat(json).containsEntry("created", 0).containsEntry("existing", 3).containsEntry("duplicates", 1);
    assertThat((List<?>) json.get("events")).hasSize(4);

    CliRunner.Result export = CliRunner.run(store("export", "--collection", "family"));
    assertThat(export.exit()).as(export.err()).isZero();
    assertThat(export.out()).contains("UID:dentist-1").contains("UID:camp").contains("UID:yoga")
        .doesNotContain("UID:dentist-2").contains("DTEND;VALUE=DATE:20260711").contains("RRULE:FREQ=WEEKLY;COUNT=4")
        .contains("DTSTART;TZID=Europe/Berlin:20260302T140000");

    Path out = dir.resolve("out.ics");
    assertThat(CliRunner.run(store("export", "--collection", "family", "-o", out.toString())).exit()).isZero();
    CliRunner.Result copy = CliRunner.run(store("import", out.toString(), "--collection", "copy", "--json"));
    assertThat(Json.object(copy.out(), "report")).containsEntry("created", 3).containsEntry("duplicates", 0);
  }

  @Test
  void aMalformedFileIsExitTwoAndWritesNothing() throws Exception {
    Path bad = dir.resolve("bad.ics");
    Files.writeString(bad, ICS.replace("DTSTART:20260311T070000Z", "DTSTART:2026-03-11"), StandardCharsets.UTF_8);
    CliRunner.Result r = CliRunner.run(store("import", bad.toString(), "--collection", "family"));
    assertThat(r.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(r.err()).startsWith("deja: error: bad.ics: not a valid iCalendar file").contains("line");
    Path missing = dir.resolve("nope.ics");
    CliRunner.Result m = CliRunner.run(store("import", missing.toString(), "--collection", "family"));
    assertThat(m.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(m.err()).contains("no such file");
    CliRunner.Result export = CliRunner.run(store("export", "--collection", "family"));
    assertThat(export.exit()).as("not even the collection was created").isEqualTo(Main.BAD_INPUT);
    assertThat(export.err()).contains("collection 'family' does not exist");
  }

  @Test
  void exportOfAnUnknownCollectionNamesTheOnesThatExist() {
    CliRunner.Result r = CliRunner.run(store("export", "--collection", "nope"));
    assertThat(r.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(r.err()).contains("collection 'nope' does not exist");
  }
}
