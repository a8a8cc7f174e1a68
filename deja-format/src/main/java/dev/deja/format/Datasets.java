package dev.deja.format;

import dev.deja.core.InvalidInputException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Readers for the labelled dataset formats of {@code datasets/README.md} (JSON Lines, UTF-8): {@code pairs},
 * {@code scenario}, {@code streams}, and {@code records} + {@code truth}. Errors name the file and line.
 *
 * <p>Thread-safe: stateless.
 */
public final class Datasets {
  private Datasets() {}

  /** The kind of a dataset file. */
  public enum Kind {
    PAIRS, SCENARIO, STREAMS, RECORDS
  }

  /** A labelled pair: the left record is stored, the right one checked. */
  public record Pair(String id, Map<String, Object> left, Map<String, Object> right, boolean duplicate, String note) {}

  /** One scenario line: an add, or a check with the complete set of expected ids. */
  public record ScenarioLine(String op, String id, Map<String, Object> record, List<String> expect,
      Optional<String> excludeId, String note, String category) {
    public boolean isAdd() {
      return op.equals("add");
    }
  }

  /** A streamed answer: chunks, units to keep in order, units to drop (with the keep index each repeats). */
  public record StreamCase(String id, List<String> chunks, List<String> keep, List<String> drop,
      List<Integer> dropOf, String note) {}

  /**
   * A {@code records.jsonl} file and its {@code truth.jsonl}.
   *
   * @param records the records by id, in file order, each without its {@code id} key
   * @param truth the duplicate pairs of ids ({@code [left, right]}), in file order, each unordered pair once
   */
  public record Linkage(Map<String, Map<String, Object>> records, List<List<String>> truth) {}

  /** Reads the JSON objects of a JSON Lines file, skipping blank lines, with line numbers; an empty file is an error. */
  public static List<Line> lines(Path file) {
    return lines(file, false);
  }

  /**
   * Reads the JSON objects of a JSON Lines file, skipping blank lines, with line numbers.
   *
   * @param allowEmpty whether a file without a JSON line is read as no lines (a file of existing items that has none
   *     yet) rather than refused
   */
  public static List<Line> lines(Path file, boolean allowEmpty) {
    List<Line> out = new ArrayList<>();
    try (BufferedReader raw = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      BufferedReader r = TextInput.withoutByteOrderMark(raw);
      String s;
      int n = 0;
      while ((s = r.readLine()) != null) {
        n++;
        if (s.isBlank()) {
          continue;
        }
        out.add(new Line(n, Json.objectOnLine(s, file.getFileName() + ":" + n)));
      }
    } catch (NoSuchFileException e) {
      throw new InvalidInputException(file + ": no such file", e);
    } catch (java.nio.charset.MalformedInputException e) {
      throw new InvalidInputException(file + ": not UTF-8 text", e);
    } catch (IOException e) {
      throw new InvalidInputException(file + ": cannot read: " + e.getMessage(), e);
    }
    if (out.isEmpty() && !allowEmpty) {
      throw new InvalidInputException(file + ": no JSON lines in the file");
    }
    return out;
  }

  /** A parsed line and its number. */
  public record Line(int number, Map<String, Object> object) {}

  /** The kind of a dataset file, from its first line's keys. */
  public static Kind detect(Path file) {
    Map<String, Object> first = lines(file).get(0).object();
    if (first.containsKey("chunks")) {
      return Kind.STREAMS;
    }
    if (first.containsKey("op")) {
      return Kind.SCENARIO;
    }
    if (first.containsKey("left") && first.containsKey("right") && first.containsKey("label")) {
      return Kind.PAIRS;
    }
    if (first.containsKey("id")) {
      return Kind.RECORDS;
    }
    throw new InvalidInputException(file + ": not a known dataset format (expected pairs lines with left/right/label, "
        + "scenario lines with op, stream lines with chunks, or records with id)");
  }

  public static List<Pair> pairs(Path file) {
    List<Pair> out = new ArrayList<>();
    for (Line l : lines(file)) {
      String where = file.getFileName() + ":" + l.number();
      Map<String, Object> o = l.object();
      boolean duplicate = label(o.get("label"), where);
      out.add(new Pair(string(o, "id", where, String.valueOf(l.number())), object(o, "left", where),
          object(o, "right", where), duplicate, string(o, "note", where, "")));
    }
    return out;
  }

  /** A pair's label: 1 or 0 (as written in the sets), or true or false; anything else, 0.5 included, is an error. */
  private static boolean label(Object label, String where) {
    if (label instanceof Boolean b) {
      return b;
    }
    if (label instanceof Number n && (n.doubleValue() == 0 || n.doubleValue() == 1)) {
      return n.doubleValue() == 1;
    }
    throw new InvalidInputException(where + ": 'label' must be 0 or 1 (or true or false), got "
        + (label instanceof String ? "\"" + label + "\"" : label));
  }

  public static List<ScenarioLine> scenario(Path file) {
    List<ScenarioLine> out = new ArrayList<>();
    java.util.Set<String> ids = new java.util.HashSet<>();
    for (Line l : lines(file)) {
      String where = file.getFileName() + ":" + l.number();
      Map<String, Object> o = l.object();
      String op = string(o, "op", where, null);
      String id = string(o, "id", where, null);
      if (!ids.add(id)) {
        throw new InvalidInputException(where + ": id '" + id + "' used twice");
      }
      Map<String, Object> record = object(o, "record", where);
      List<String> expect = List.of();
      if (op.equals("check")) {
        expect = strings(o, "expect", where);
      } else if (!op.equals("add")) {
        throw new InvalidInputException(where + ": 'op' must be add or check, got '" + op + "'");
      }
      Object ex = o.get("exclude_id");
      if (ex != null && !(ex instanceof String)) {
        throw new InvalidInputException(where + ": 'exclude_id' must be a string");
      }
      out.add(new ScenarioLine(op, id, record, expect, Optional.ofNullable((String) ex),
          string(o, "note", where, ""), string(o, "category", where, "")));
    }
    return out;
  }

  public static List<StreamCase> streams(Path file) {
    List<StreamCase> out = new ArrayList<>();
    for (Line l : lines(file)) {
      String where = file.getFileName() + ":" + l.number();
      Map<String, Object> o = l.object();
      List<Integer> dropOf = new ArrayList<>();
      Object d = o.get("drop_of");
      if (d instanceof List<?> list) {
        for (Object x : list) {
          dropOf.add(x instanceof Number n ? n.intValue() : null);
        }
      }
      out.add(new StreamCase(string(o, "id", where, String.valueOf(l.number())), strings(o, "chunks", where),
          strings(o, "keep", where), strings(o, "drop", where), dropOf, string(o, "note", where, "")));
    }
    return out;
  }

  /** Reads {@code records.jsonl} and the {@code truth.jsonl} next to it. */
  public static Linkage linkage(Path recordsFile) {
    return linkage(recordsFile, recordsFile.resolveSibling("truth.jsonl"));
  }

  /**
   * Reads a records file and its truth. Every record has a unique string {@code id}; every truth line names two
   * different record ids as {@code left} and {@code right} (other keys, such as Febrl's {@code entity}, are ignored);
   * a pair listed twice, in either order, counts once. Errors name the file and line.
   */
  public static Linkage linkage(Path recordsFile, Path truthFile) {
    Map<String, Map<String, Object>> records = new LinkedHashMap<>();
    for (Line l : lines(recordsFile)) {
      String where = recordsFile.getFileName() + ":" + l.number();
      Map<String, Object> fields = new LinkedHashMap<>(l.object());
      String id = string(fields, "id", where, null);
      fields.remove("id");
      if (records.put(id, fields) != null) {
        throw new InvalidInputException(where + ": id '" + id + "' used twice");
      }
    }
    List<List<String>> truth = new ArrayList<>();
    java.util.Set<List<String>> seen = new java.util.HashSet<>();
    for (Line l : lines(truthFile)) {
      String where = truthFile.getFileName() + ":" + l.number();
      String left = string(l.object(), "left", where, null);
      String right = string(l.object(), "right", where, null);
      for (String id : List.of(left, right)) {
        if (!records.containsKey(id)) {
          throw new InvalidInputException(where + ": '" + id + "' is not the id of a record of "
              + recordsFile.getFileName());
        }
      }
      if (left.equals(right)) {
        throw new InvalidInputException(where + ": a record is not a duplicate of itself ('" + left + "')");
      }
      if (seen.add(left.compareTo(right) < 0 ? List.of(left, right) : List.of(right, left))) {
        truth.add(List.of(left, right));
      }
    }
    return new Linkage(records, truth);
  }

  private static String string(Map<String, Object> o, String key, String where, String dflt) {
    Object v = o.get(key);
    if (v == null) {
      if (dflt == null) {
        throw new InvalidInputException(where + ": missing '" + key + "'");
      }
      return dflt;
    }
    if (!(v instanceof String s)) {
      throw new InvalidInputException(where + ": '" + key + "' must be a string");
    }
    return s;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> object(Map<String, Object> o, String key, String where) {
    Object v = o.get(key);
    if (!(v instanceof Map)) {
      throw new InvalidInputException(where + ": '" + key + "' must be an object");
    }
    return (Map<String, Object>) v;
  }

  private static List<String> strings(Map<String, Object> o, String key, String where) {
    Object v = o.get(key);
    if (!(v instanceof List<?> list)) {
      throw new InvalidInputException(where + ": '" + key + "' must be an array of strings");
    }
    List<String> out = new ArrayList<>();
    for (Object x : list) {
      if (!(x instanceof String s)) {
        throw new InvalidInputException(where + ": '" + key + "' must contain only strings");
      }
      out.add(s);
    }
    return out;
  }
}
