package com.example.dedupe;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Runs the example as a user would run it: the reworded event is a duplicate, with its match and explanation. */
class ExampleTest {
  @Test
  void theRewordedEventIsADuplicate() {
    PrintStream out = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      Example.main(new String[0]);
    } finally {
      System.setOut(out);
    }
    String printed = captured.toString(StandardCharsets.UTF_8);
    assertThat(printed.lines().findFirst().orElseThrow()).startsWith("CREATED ");
    assertThat(printed).contains("\nDUPLICATE\n").contains(" via combined").contains("verdict calendar: duplicate");
  }
}
