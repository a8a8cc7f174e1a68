package dev.deja.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The README's Java example is the example project's source, word for word: the build compiles and runs that project
 * (examples/java-library, a module of the reactor), so the README shows code that compiles and runs.
 */
class ReadmeJavaExampleTest {
  @Test
  void theReadmesJavaBlockIsTheExampleProjectsSource() throws Exception {
    String readme = Files.readString(Path.of("..", "README.md"));
    int start = readme.indexOf("```java\n");
    assertThat(start).as("README has a java block").isNotNegative();
    String block = readme.substring(start + "```java\n".length(), readme.indexOf("```\n", start + 8));
    String source = Files.readString(Path.of("..", "examples", "java-library", "src", "main", "java", "com",
        "example", "dedupe", "Example.java"));
    assertThat(block).isEqualTo(source);
  }

  @Test
  void theReadmeGivesTheCoordinatesTheExampleProjectUses() throws Exception {
    String readme = Files.readString(Path.of("..", "README.md"));
    String pom = Files.readString(Path.of("..", "examples", "java-library", "pom.xml"));
    String dependency = "<dependency>\n  <groupId>dev.deja</groupId>\n  <artifactId>deja-engine</artifactId>\n"
        + "  <version>0.1.0-SNAPSHOT</version>\n</dependency>";
    assertThat(readme).contains(dependency);
    assertThat(pom.replaceAll("\\s+", "")).contains(dependency.replaceAll("\\s+", ""));
  }
}
