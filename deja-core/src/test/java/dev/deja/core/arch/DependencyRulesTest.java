package dev.deja.core.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** Keeps deja-core free of anything outside the JDK: no Lucene, JDBC, HTTP, ONNX, JSON or YAML library. */
class DependencyRulesTest {
  private static final JavaClasses CORE = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.deja.core");

  @Test
  void coreDependsOnlyOnTheJdkAndItself() {
    classes().should().onlyDependOnClassesThat()
        .resideInAnyPackage("dev.deja.core..", "java..", "javax.annotation..")
        .because("deja-core has no runtime dependency; adapters live in their own modules")
        .check(CORE);
  }

  @Test
  void coreKnowsNoStorageNetworkOrModelRuntime() {
    noClasses().should().dependOnClassesThat()
        .resideInAnyPackage("org.apache.lucene..", "java.sql..", "javax.sql..", "java.net.http..",
            "com.sun.net.httpserver..", "ai.onnxruntime..", "ai.djl..", "com.fasterxml..", "org.postgresql..")
        .check(CORE);
  }

  @Test
  void coreHasNoRuntimeDependencyInItsPom() throws Exception {
    String pom = java.nio.file.Files.readString(java.nio.file.Path.of("pom.xml"));
    String deps = pom.substring(pom.indexOf("<dependencies>"), pom.indexOf("</dependencies>"));
    for (String dep : deps.split("<dependency>")) {
      if (dep.contains("<artifactId>")) {
        org.assertj.core.api.Assertions.assertThat(dep).as("every deja-core dependency is test-scoped")
            .contains("<scope>test</scope>");
      }
    }
  }
}
