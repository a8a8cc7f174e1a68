package dev.deja.format;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.deja.core.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reading YAML configuration (presets, {@code deja.yaml}) into trees of maps, lists and scalars.
 *
 * <p>Thread-safe.
 */
public final class Yaml {
  private Yaml() {}

  private static final ObjectMapper MAPPER = new YAMLMapper(YAMLFactory.builder().build())
      .enable(com.fasterxml.jackson.core.JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

  /** Parses a YAML document whose top level is a mapping (an empty document is an empty map). */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> object(String text, String what) {
    if (text.isBlank()) {
      return new LinkedHashMap<>();
    }
    try {
      Object v = MAPPER.readValue(text, Object.class);
      if (v == null) {
        return new LinkedHashMap<>();
      }
      if (!(v instanceof Map)) {
        throw new InvalidInputException(what + ": the top level must be a mapping, got " + Json.kind(v));
      }
      return (Map<String, Object>) v;
    } catch (JsonProcessingException e) {
      String loc = e.getLocation() == null ? ""
          : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
      throw new InvalidInputException(what + ": malformed YAML" + loc + ": " + Json.problem(e), e);
    }
  }

  /** Reads a YAML file. */
  public static Map<String, Object> file(Path path) {
    try {
      return object(Files.readString(path), path.toString());
    } catch (NoSuchFileException e) {
      throw new InvalidInputException(path + ": no such file", e);
    } catch (IOException e) {
      throw new InvalidInputException(path + ": cannot read: " + e.getMessage(), e);
    }
  }

  private static final ObjectMapper WRITER = new YAMLMapper(YAMLFactory.builder()
      .disable(com.fasterxml.jackson.dataformat.yaml.YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
      .enable(com.fasterxml.jackson.dataformat.yaml.YAMLGenerator.Feature.MINIMIZE_QUOTES)
      .build());

  /** A tree written as a YAML document (block style, no document marker), as a user would write it in deja.yaml. */
  public static String write(Object tree) {
    try {
      return WRITER.writeValueAsString(tree);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write YAML: " + e.getOriginalMessage(), e);
    }
  }

  /** A scalar given on a command line or in an environment variable, typed as YAML would type it. */
  public static Object scalar(String text) {
    try {
      return MAPPER.readValue(text.isEmpty() ? "''" : text, Object.class);
    } catch (JsonProcessingException e) {
      return text;
    }
  }
}
