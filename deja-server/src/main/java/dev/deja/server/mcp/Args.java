package dev.deja.server.mcp;

import dev.deja.core.InvalidInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Reads a tool call's arguments with messages a model can act on. Not thread-safe: one per call. */
final class Args {
  private final Map<String, Object> args;

  Args(Map<String, Object> args) {
    this.args = args == null ? Map.of() : args;
  }

  Optional<String> string(String name) {
    Object v = args.get(name);
    if (v == null) {
      return Optional.empty();
    }
    if (!(v instanceof String s)) {
      throw new InvalidInputException("argument '" + name + "' must be a string");
    }
    return s.isBlank() ? Optional.empty() : Optional.of(s);
  }

  String required(String name) {
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
    throw new InvalidInputException("argument '" + name + "' must be true or false");
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
    throw new InvalidInputException("argument '" + name + "' must be a number");
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
