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

/**
 * Issue 20, point 4: batch use of the command — JSON Lines and CSV in for {@code check} and {@code dedupe}, CSV out with
 * a cluster id, and {@code link} between two files — on a collection declared in a deja.yaml (point 2).
 */
class BatchCommandsIT {
  @TempDir
  Path dir;
  Path config;
  Path products;

  @BeforeEach
  void files() throws Exception {
    config = dir.resolve("deja.yaml");
    Files.writeString(config, """
        collections:
          products:
            preset: text
            fields: {text: null, name: {type: text, required: true}, tags: list}
            stages:
              exact: {fields: [name]}
              fuzzy: {field: name, similarity_threshold: 0.85, possible_threshold: null}
        """);
    products = dir.resolve("products.csv");
    Files.writeString(products, """
        id,name,price,tags
        p1,USB-C charger 65W,19.99,power;usb
        p2,"Laptop stand, aluminium",29,desk
        p3,usb-c charger 65 W,18.5,
        p4,Wireless mouse,12,desk
        p5,"Laptop stand aluminium",30,
        """);
  }

  private CliRunner.Result run(String... args) {
    List<String> all = new java.util.ArrayList<>(List.of(args));
    all.addAll(List.of("--config", config.toString(), "--preset", "products"));
    return CliRunner.run(all.toArray(String[]::new));
  }

  @Test
  void dedupeWritesEveryCsvRowWithItsClusterIdAndWhichToKeep() throws Exception {
    CliRunner.Result r = run("dedupe", products.toString(), "--csv");
    assertThat(r.exit()).as(r.err()).isEqualTo(Main.DUPLICATE);
    assertThat(r.out().lines().toList()).containsExactly(
        "cluster_id,keep,id,name,price,tags",
        "1,true,p1,\"USB-C charger 65W\",19.99,power;usb",
        "2,true,p2,\"Laptop stand, aluminium\",29,desk",
        "1,false,p3,\"usb-c charger 65 W\",18.5,",
        "3,true,p4,\"Wireless mouse\",12,desk",
        "2,false,p5,\"Laptop stand aluminium\",30,");
    assertThat(r.err())
        .contains("products.csv: 1 of 4 column(s) not compared (no field of 'products' has the name): price");

    Path out = dir.resolve("clusters.jsonl");
    assertThat(run("dedupe", products.toString(), "--out", out.toString(), "--json").exit()).isEqualTo(1);
    List<String> lines = Files.readAllLines(out);
    assertThat(lines).hasSize(5);
    assertThat(Json.object(lines.get(2), "line 3")).containsEntry("cluster_id", 1).containsEntry("keep", false)
        .containsEntry("id", "p3");
  }

  @Test
  void dedupeReadsJsonLinesToo() throws Exception {
    Path f = dir.resolve("products.jsonl");
    Files.writeString(f, """
        {"name": "Espresso machine"}
        {"name": "espresso machine!"}
        {"name": "Milk frother"}
        """);
    CliRunner.Result r = run("dedupe", f.toString(), "--csv");
    assertThat(r.exit()).as(r.err()).isEqualTo(Main.DUPLICATE);
    assertThat(r.out().lines().toList()).containsExactly("cluster_id,keep,id,name,tags",
        "1,true,item-00001,\"Espresso machine\",", "1,false,item-00002,\"espresso machine!\",",
        "2,true,item-00003,\"Milk frother\",");
  }

  @Test
  void checkInputGivesOneVerdictPerItemAsCsvOrJsonLines() throws Exception {
    Path incoming = dir.resolve("incoming.csv");
    Files.writeString(incoming, "name,price\nUSB C charger 65W,20\nBluetooth speaker,40\n");
    CliRunner.Result r = run("check", "--existing", products.toString(), "--input", incoming.toString(), "--csv");
    assertThat(r.exit()).as(r.err()).isEqualTo(Main.DUPLICATE);
    assertThat(r.out().lines().toList()).containsExactly("line,id,outcome,match_id,score,level,stage,matches",
        "2,,DUPLICATE,p1,1.0000,DUPLICATE,exact,2", "3,,NEW,,,,,0");
    assertThat(r.err()).contains("checked 2 item(s): 1 DUPLICATE, 0 POSSIBLE_DUPLICATE, 1 NEW");

    Path jsonl = dir.resolve("incoming.jsonl");
    Files.writeString(jsonl, "{\"id\": \"n1\", \"name\": \"Bluetooth speaker\"}\n");
    CliRunner.Result j = run("check", "--existing", products.toString(), "--input", jsonl.toString(), "--json");
    assertThat(j.exit()).as(j.err()).isEqualTo(Main.OK);
    assertThat(Json.object(j.out().strip(), "out")).containsEntry("line", 1).containsEntry("id", "n1")
        .containsEntry("outcome", "NEW");

    CliRunner.Result human = run("check", "--existing", products.toString(), "--input", incoming.toString());
    assertThat(human.out()).contains(incoming + ":2  DUPLICATE").contains("p1  score 1.0000  DUPLICATE via exact")
        .contains(incoming + ":3  NEW").contains("checked 2 item(s)");
  }

  @Test
  void aByteOrderMarkAsExcelWritesItIsNoPartOfTheFirstColumnOrLine() throws Exception {
    // Excel's "CSV UTF-8" starts the file with U+FEFF: the first column is still 'id'.
    Path excel = dir.resolve("excel.csv");
    Files.writeString(excel, "\uFEFFid,name\r\nn7,USB C charger 65W\r\n");
    CliRunner.Result r = run("check", "--existing", products.toString(), "--input", excel.toString(), "--csv");
    assertThat(r.exit()).as(r.err()).isEqualTo(Main.DUPLICATE);
    assertThat(r.out().lines().toList()).containsExactly("line,id,outcome,match_id,score,level,stage,matches",
        "2,n7,DUPLICATE,p1,1.0000,DUPLICATE,exact,2");
    assertThat(r.err()).doesNotContain("\uFEFF").contains("checked 1 item(s): 1 DUPLICATE");
    Path jsonl = dir.resolve("bom.jsonl");
    Files.writeString(jsonl, "\uFEFF{\"id\": \"n8\", \"name\": \"Bluetooth speaker\"}\n");
    CliRunner.Result j = run("check", "--existing", excel.toString(), "--input", jsonl.toString(), "--json");
    assertThat(j.exit()).as(j.err()).isEqualTo(Main.OK);
    assertThat(Json.object(j.out().strip(), "out")).containsEntry("id", "n8").containsEntry("outcome", "NEW");
  }

  @Test
  void linkWritesTheLinksOfTheSecondFileToTheFirst() throws Exception {
    Path feed = dir.resolve("feed.csv");
    Files.writeString(feed, "id,name\nf1,USB C charger 65W\nf2,Bluetooth speaker\nf3,laptop stand - aluminium\n");
    CliRunner.Result r = run("link", products.toString(), feed.toString(), "--csv");
    assertThat(r.exit()).as(r.err()).isEqualTo(Main.OK);
    assertThat(r.out().lines().toList()).containsExactly("source_id,target_id,score,level,stage,reason",
        "f1,p1,1.0000,DUPLICATE,exact,\"Exact match: name\"",
        "f1,p3,0.9714,DUPLICATE,fuzzy,\"Fuzzy match: 'USB C charger 65W' ≈ 'usb-c charger 65 W'\"",
        // the standard analyzer folds case and punctuation: the exact stage finds both stands
        "f3,p2,1.0000,DUPLICATE,exact,\"Exact match: name\"", "f3,p5,1.0000,DUPLICATE,exact,\"Exact match: name\"");
    assertThat(r.err()).contains("linked 2 of 3 item(s) of feed.csv to 5 item(s) of products.csv (4 link(s))");
    CliRunner.Result best = run("link", products.toString(), feed.toString(), "--best", "--json");
    assertThat(best.out().lines().map(l -> Json.object(l, "link").get("target_id")).toList())
        .containsExactly("p1", "p2");
  }

  @Test
  void inputErrorsNameTheFileAndLine() throws Exception {
    Path noName = dir.resolve("no-name.csv");
    Files.writeString(noName, "id,title\n1,x\n");
    assertThat(run("dedupe", noName.toString()).err().strip()).isEqualTo("deja: error: " + noName
        + ":1: no column 'name', a required field of 'products'; the header has [id, title]; fields: [name, tags]");

    Path repeated = dir.resolve("repeated.csv");
    Files.writeString(repeated, "id,name\na,x\nb,y\na,z\n");
    CliRunner.Result r = run("dedupe", repeated.toString());
    assertThat(r.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(r.err().strip()).isEqualTo("deja: error: " + repeated + ":4: id 'a' appears twice in " + repeated
        + " (first on line 2); every item needs its own id");

    Path malformed = dir.resolve("malformed.jsonl");
    Files.writeString(malformed, "{\"name\": \"a\"}\n{\"name\": \"b\", \"x\": }\n");
    assertThat(run("dedupe", malformed.toString()).err().strip()).startsWith("deja: error: " + malformed
        + ":2, column 20: malformed JSON: Unexpected character").doesNotContain("line 1");

    Path unknown = dir.resolve("unknown.jsonl");
    Files.writeString(unknown, "{\"name\": \"a\"}\n{\"name\": \"b\", \"colour\": \"red\"}\n");
    CliRunner.Result u = run("check", "--existing", unknown.toString(), "{\"name\": \"a\"}");
    assertThat(u.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(u.err().strip()).isEqualTo("deja: error: " + unknown + ":2: unknown field 'colour'; collection "
        + "'products' has fields: name, tags");

    Path notANumber = dir.resolve("bad-cell.csv");
    Files.writeString(notANumber, "name,tags\n\"unterminated,x\n");
    assertThat(run("dedupe", notANumber.toString()).err()).contains(notANumber + ":2: malformed CSV: Missing closing "
        + "quote")
        .doesNotContain("Exception");
  }

  @Test
  void checkWithoutExistingItemsRefusesInsteadOfAnsweringNew() {
    CliRunner.Result r = run("check", "{\"name\": \"x\"}");
    assertThat(r.exit()).isEqualTo(Main.BAD_INPUT);
    assertThat(r.err().strip()).isEqualTo("deja: error: nothing to check against: give --existing FILE (the items "
        + "to compare with, JSON Lines or CSV) or --collection NAME (a collection of the store 'deja serve' uses: "
        + "--data DIR or --store URL); checked against nothing, every item would be NEW");
    assertThat(r.out()).isEmpty();
  }

  @Test
  void aDeclaredCollectionIsAPresetForEveryCommand() throws Exception {
    Path pairs = dir.resolve("pairs.jsonl");
    Files.writeString(pairs, """
        {"id": "1", "left": {"name": "USB-C charger"}, "right": {"name": "usb-c charger!"}, "label": 1}
        {"id": "2", "left": {"name": "USB-C charger"}, "right": {"name": "Wireless mouse"}, "label": 0}
        """);
    CliRunner.Result eval = run("eval", "--data", pairs.toString(), "--json");
    assertThat(eval.exit()).as(eval.err()).isEqualTo(Main.OK);
    assertThat(Json.object(eval.out().strip(), "eval")).containsEntry("preset", "products");
    CliRunner.Result presets = CliRunner.run("presets", "--config", config.toString());
    assertThat(presets.out()).contains("products  Collection declared in " + config + ", based on 'text'.");
    CliRunner.Result yaml = CliRunner.run("presets", "products", "--config", config.toString());
    assertThat(yaml.out()).startsWith("name: products\n").contains("fields:\n  name:\n    type: text")
        .doesNotContain("text: null");
    CliRunner.Result json = CliRunner.run("presets", "products", "--config", config.toString(), "--json");
    assertThat(Json.object(json.out(), "presets")).containsEntry("name", "products");
  }
}
