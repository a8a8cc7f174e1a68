package dev.deja.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetsTest {
  @TempDir
  Path dir;

  private Path write(String name, String content) throws Exception {
    Path p = dir.resolve(name);
    Files.writeString(p, content);
    return p;
  }

  @Test
  void detectsEachFormat() throws Exception {
    assertThat(Datasets.detect(write("p.jsonl", "{\"id\":\"1\",\"left\":{},\"right\":{},\"label\":1}\n")))
        .isEqualTo(Datasets.Kind.PAIRS);
    assertThat(Datasets.detect(write("s.jsonl", "\n{\"op\":\"add\",\"id\":\"e1\",\"record\":{}}\n")))
        .isEqualTo(Datasets.Kind.SCENARIO);
    assertThat(Datasets.detect(write("t.jsonl", "{\"id\":\"s\",\"chunks\":[]}"))).isEqualTo(Datasets.Kind.STREAMS);
    assertThatThrownBy(() -> Datasets.detect(write("x.jsonl", "{\"foo\":1}")))
        .hasMessageContaining("not a known dataset format");
  }

  @Test
  void readsAScenarioWithExpectationsAndSelfExclusion() throws Exception {
    Path p = write("s.jsonl", """
        {"op": "add", "id": "e1", "record": {"term": "a"}}
        {"op": "check", "id": "k1", "record": {"term": "a"}, "expect": ["e1"], "exclude_id": "e9", "category": "exact"}
        """);
    var lines = Datasets.scenario(p);
    assertThat(lines).hasSize(2);
    assertThat(lines.get(1).expect()).containsExactly("e1");
    assertThat(lines.get(1).excludeId()).contains("e9");
    assertThat(lines.get(1).category()).isEqualTo("exact");
  }

  @Test
  void errorsNameTheFileAndLine() throws Exception {
    assertThatThrownBy(() -> Datasets.pairs(write("p.jsonl", "{\"id\":\"1\",\"left\":{},\"right\":{},\"label\":1}\n"
        + "{\"id\":\"2\",\"left\":{},\"right\":{},\"label\":7}\n"))).hasMessageContaining("p.jsonl:2: 'label' must be 0 or 1");
    assertThatThrownBy(() -> Datasets.scenario(write("s.jsonl", "{\"op\":\"check\",\"id\":\"k\",\"record\":{}}")))
        .hasMessageContaining("s.jsonl:1: 'expect' must be an array");
    assertThatThrownBy(() -> Datasets.lines(write("m.jsonl", "{\"a\":1}\n{oops}\n")))
        .hasMessageContaining("m.jsonl:2, column 2: malformed JSON");
    assertThatThrownBy(() -> Datasets.lines(write("e.jsonl", "\n\n"))).hasMessageContaining("no JSON lines");
    assertThatThrownBy(() -> Datasets.scenario(write("d.jsonl", "{\"op\":\"add\",\"id\":\"a\",\"record\":{}}\n"
        + "{\"op\":\"add\",\"id\":\"a\",\"record\":{}}"))).hasMessageContaining("id 'a' used twice");
  }

  @Test
  void aByteOrderMarkIsNoPartOfTheFirstLine() throws Exception {
    Path p = write("bom.jsonl", "\uFEFF{\"id\":\"1\",\"left\":{\"text\":\"a\"},\"right\":{},\"label\":1}\r\n\r\n"
        + "{\"id\":\"2\",\"left\":{},\"right\":{},\"label\":0}\r\n");
    assertThat(Datasets.detect(p)).isEqualTo(Datasets.Kind.PAIRS);
    assertThat(Datasets.pairs(p)).extracting(Datasets.Pair::id).containsExactly("1", "2");
    assertThat(Datasets.pairs(p).get(0).left()).containsEntry("text", "a");
    // Only at the start: inside a line it is a character like any other, which the parser refuses outside strings.
    assertThatThrownBy(() -> Datasets.lines(write("mid.jsonl", "{\"a\":1}\n\uFEFF{\"a\":2}\n")))
        .hasMessageContaining("mid.jsonl:2, column 1: malformed JSON");
  }

  @Test
  void labelsAreOneOrZeroOrTrueOrFalse() throws Exception {
    Path p = write("b.jsonl", "{\"left\":{},\"right\":{},\"label\":true}\n{\"left\":{},\"right\":{},\"label\":false}\n"
        + "{\"left\":{},\"right\":{},\"label\":1.0}\n{\"left\":{},\"right\":{},\"label\":0}\n");
    assertThat(Datasets.pairs(p)).extracting(Datasets.Pair::duplicate).containsExactly(true, false, true, false);
    assertThatThrownBy(() -> Datasets.pairs(write("half.jsonl", "{\"left\":{},\"right\":{},\"label\":0.5}\n")))
        .hasMessageContaining("half.jsonl:1: 'label' must be 0 or 1 (or true or false), got 0.5");
    assertThatThrownBy(() -> Datasets.pairs(write("str.jsonl", "{\"left\":{},\"right\":{},\"label\":\"1\"}\n")))
        .hasMessageContaining("got \"1\"");
  }

  @Test
  void readsRecordsAndTheirTruthNextToThem() throws Exception {
    Path records = write("records.jsonl", """
        {"id": "a", "title": "One", "source": "X"}
        {"id": "b", "title": "One!", "source": "Y"}
        {"id": "c", "title": "Two", "source": "X"}
        """);
    write("truth.jsonl", """
        {"left": "a", "right": "b", "entity": "e1"}
        {"left": "b", "right": "a"}
        """);
    assertThat(Datasets.detect(records)).isEqualTo(Datasets.Kind.RECORDS);
    Datasets.Linkage l = Datasets.linkage(records);
    assertThat(l.records()).containsOnlyKeys("a", "b", "c");
    assertThat(l.records().get("a")).containsExactly(java.util.Map.entry("title", "One"),
        java.util.Map.entry("source", "X"));
    assertThat(l.truth()).as("a pair listed twice counts once").containsExactly(java.util.List.of("a", "b"));
    assertThatThrownBy(() -> Datasets.linkage(records, write("t2.jsonl", "{\"left\": \"a\", \"right\": \"z\"}\n")))
        .hasMessage("t2.jsonl:1: 'z' is not the id of a record of records.jsonl");
    assertThatThrownBy(() -> Datasets.linkage(records, write("t3.jsonl", "{\"left\": \"a\", \"right\": \"a\"}\n")))
        .hasMessage("t3.jsonl:1: a record is not a duplicate of itself ('a')");
    assertThatThrownBy(() -> Datasets.linkage(write("r2.jsonl", "{\"id\": \"a\"}\n{\"id\": \"a\"}\n"),
        dir.resolve("truth.jsonl"))).hasMessage("r2.jsonl:2: id 'a' used twice");
  }
}
