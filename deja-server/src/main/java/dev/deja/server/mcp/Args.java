package dev.deja.server.mcp;

import dev.deja.core.InvalidInputException;
import dev.deja.format.Json;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Reads a tool call's arguments with messages a model can act on, all in one style ({@code argument 'x' must be …}):
 * the SDK's own JSON Schema validation is off ({@code McpEndpoints}), so a wrongly typed, missing, blank or unknown
 * argument is refused here, as a result with {@code isError} and the API's error shape. Not thread-safe: one per call.
 */
final class Args {
  private final Map<String, Object> args;

  /** The arguments of a call of {@code tool}; an argument its input schema does not list is refused. */
  Args(McpSchema.Tool tool, Map<String, Object> args) {
    this.args = args == null ? Map.of() : args;
    Map<?, ?> properties = tool.inputSchema() != null && tool.inputSchema().get("properties") instanceof Map<?, ?> m
        ? m : Map.of();
    for (String name : new TreeSet<>(this.args.keySet())) {
      if (!properties.containsKey(name)) {
        throw new InvalidInputException("argument '" + name + "' is not a parameter of " + tool.name()
            + "; its parameters are: " + String.join(", ", properties.keySet().stream().map(String::valueOf).toList()));
      }
    }
  }

  Args(Map<String, Object> args) {
    this.args = args == null ? Map.of() : args;
  }

  Optional<String> string(String name) {
    Object v = args.get(name);
    if (v == null) {
      return Optional.empty();
    }
    if (!(v instanceof String s)) {
      throw new InvalidInputException("argument '" + name + "' must be a string, got " + Json.kind(v));
    }
    return s.isBlank() ? Optional.empty() : Optional.of(s);
  }

  /** A required string: missing and blank are refused, each saying so. */
  String required(String name) {
    if (args.get(name) instanceof String s && s.isBlank()) {
      throw new InvalidInputException("argument '" + name + "' must not be blank");
    }
    return string(name).orElseThrow(() -> new InvalidInputException("argument '" + name + "' is required"));
  }

  boolean bool(String name) {
    Object v = args.get(name);
    if (v == null) {
      return false;
    }
    if (v instanceof Boolean b) {
      return b;
    }
    if (v instanceof String s && (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false"))) {
      return Boolean.parseBoolean(s);
    }
    throw new InvalidInputException("argument '" + name + "' must be true or false, got " + Json.kind(v));
  }

  Optional<Double> number(String name) {
    Object v = args.get(name);
    if (v == null) {
      return Optional.empty();
    }
    if (v instanceof Number n) {
      return Optional.of(n.doubleValue());
    }
    if (v instanceof String s) {
      try {
        return Optional.of(Double.parseDouble(s.strip()));
      } catch (NumberFormatException e) {
        throw new InvalidInputException("argument '" + name + "' must be a number, got '" + s + "'");
      }
    }
    throw new InvalidInputException("argument '" + name + "' must be a number, got " + Json.kind(v));
  }

  /** A list of strings; a single string is a list of one. */
  Optional<List<String>> strings(String name) {
    Object v = args.get(name);
    if (v == null) {
      return Optional.empty();
    }
    if (v instanceof String s) {
      return Optional.of(List.of(s));
    }
    if (v instanceof List<?> l) {
      List<String> out = new ArrayList<>();
      for (Object o : l) {
        if (!(o instanceof String s)) {
          throw new InvalidInputException("argument '" + name + "' must be a list of strings");
        }
        out.add(s);
      }
      return Optional.of(out);
    }
    throw new InvalidInputException("argument '" + name + "' must be a list of strings");
  }

  @SuppressWarnings("unchecked")
  Map<String, Object> object(String name) {
    Object v = args.get(name);
    if (!(v instanceof Map)) {
      throw new InvalidInputException("argument '" + name + "' is required: an object of the collection's fields");
    }
    return (Map<String, Object>) v;
  }
}
