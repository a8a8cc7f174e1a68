package dev.deja.stream.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The span-keeping JSON reader: values, spans, splicing, quoting. */
class JsonTreeTest {
  @Test
  void readsValuesWithSpans() {
    String s = "{\"a\": [1, 2.5e3, true, null], \"b\": {\"c\": \"x\\n\\u00e9\\\"\"}}";
    JsonTree.Obj o = (JsonTree.Obj) JsonTree.parse(s);
    JsonTree.Str c = o.object("b").orElseThrow().string("c").orElseThrow();
    assertThat(c.value()).isEqualTo("x\né\"");
    assertThat(s.substring(c.start(), c.end())).isEqualTo("\"x\\n\\u00e9\\\"\"");
    assertThat(((JsonTree.Lit) o.array("a").orElseThrow().items().get(1)).raw()).isEqualTo("2.5e3");
  }

  @Test
  void splicesOneValueAndLeavesTheRest() {
    String s = "{\"id\":\"x\",  \"n\": 1.0, \"content\":\"old\"}";
    JsonTree.Str c = ((JsonTree.Obj) JsonTree.parse(s)).string("content").orElseThrow();
    assertThat(JsonTree.splice(s, List.of(new int[] {c.start(), c.end()}), List.of(JsonTree.quote("n\"ew\n"))))
        .isEqualTo("{\"id\":\"x\",  \"n\": 1.0, \"content\":\"n\\\"ew\\n\"}");
  }

  @Test
  void refusesMalformedText() {
    for (String bad : List.of("{", "{\"a\" 1}", "[1,]", "{\"a\":tru}", "\"open", "{} x")) {
      assertThatThrownBy(() -> JsonTree.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
      assertThat(JsonTree.object(bad)).isEmpty();
    }
  }
}
