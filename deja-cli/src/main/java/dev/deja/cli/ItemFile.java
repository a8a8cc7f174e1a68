package dev.deja.cli;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.RuntimeJsonMappingException;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.deja.core.InvalidInputException;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.FieldSpec;
import dev.deja.format.BatchRows;
import dev.deja.format.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * A file of items read one at a time, so that a batch command holds one input line in memory, not the file: JSON Lines
 * (a flat item per line with optional {@code "id"} and {@code "tenant"}, or a scenario's {@code {"id", "record"}}
 * line) or CSV (by the {@code .csv} extension: a header row, one item per row; the columns {@code id} and
 * {@code tenant}, then the collection's fields, typed by the spec: a {@code list} field's values separated by
 * {@code ;}, an empty cell an absent value; other columns are carried through to the output but not compared).
 *
 * <p>Every error names the file and line ({@code items.csv:12: …}), and an id that appears twice says so with the line
 * of its first appearance.
 *
 * <p>Not thread-safe.
 */
final class ItemFile implements Iterator<ItemFile.Row>, AutoCloseable {
  /** The two input formats. */
  enum Format {
    JSONL, CSV
  }

  /**
   * One item of the file.
   *
   * @param line the line it starts on (1-based; the header is line 1 of a CSV file)
   * @param where {@code file:line}, for messages
   * @param raw the line as read (a CSV row by column, in header order; a JSON Lines object as written)
   */
  record Row(int line, String where, Optional<String> id, Optional<String> tenant, dev.deja.core.item.Item item,
      Map<String, Object> raw) {
    Items.Entry entry() {
      return new Items.Entry(id, tenant, item);
    }
  }

  private final String name;
  private final Format format;
  private final CollectionSpec spec;
  private final BufferedReader reader;
  private final MappingIterator<Map<String, String>> csv;
  private final List<String> header;
  private final Map<String, Integer> firstLineOfId = new HashMap<>();
  private final ValuePool values = new ValuePool();
  private java.util.Set<String> dropped = java.util.Set.of();
  private int lineNo;
  private Row next;

  private ItemFile(String name, Format format, CollectionSpec spec, BufferedReader reader) {
    this.name = name;
    this.format = format;
    this.spec = spec;
    try {
      this.reader = dev.deja.format.TextInput.withoutByteOrderMark(reader);
    } catch (IOException e) {
      closeQuietly(reader);
      throw e instanceof CharacterCodingException ? new InvalidInputException(name + ": not UTF-8 text", e)
          : new InvalidInputException(name + ": cannot read: " + e.getMessage(), e);
    }
    if (format == Format.CSV) {
      try {
        CsvMapper mapper = CsvMapper.builder().enable(CsvParser.Feature.WRAP_AS_ARRAY)
            .enable(CsvParser.Feature.FAIL_ON_MISSING_HEADER_COLUMNS).build();
        csv = mapper.readerForMapOf(String.class).with(CsvSchema.emptySchema().withHeader()).readValues(this.reader);
        CsvSchema read = (CsvSchema) csv.getParser().getSchema();
        header = new ArrayList<>();
        read.forEach(c -> header.add(c.getName()));
      } catch (IOException e) {
        throw new InvalidInputException(name + ":1: cannot read the CSV header: " + e.getMessage(), e);
      }
      checkHeader();
    } else {
      csv = null;
      header = List.of();
    }
  }

  /**
   * Leaves these fields out of the items (they stay in each row's {@code raw}): a field the command reads for itself,
   * such as {@code dedupe --across}'s source, that the collection does not declare.
   */
  ItemFile dropping(java.util.Set<String> fields) {
    this.dropped = java.util.Set.copyOf(fields);
    return this;
  }

  /** Opens a file, its format from its extension ({@code .csv}: CSV, anything else: JSON Lines). */
  static ItemFile open(Path file, CollectionSpec spec) {
    Format format = formatOf(file);
    try {
      return new ItemFile(file.toString(), format, spec, new BufferedReader(new InputStreamReader(
          Files.newInputStream(file), StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT))));
    } catch (NoSuchFileException e) {
      throw new InvalidInputException(file + ": no such file", e);
    } catch (IOException e) {
      throw new InvalidInputException(file + ": cannot read: " + e.getMessage(), e);
    }
  }

  /** Reads JSON Lines from a reader (stdin), named {@code name} in messages. */
  static ItemFile jsonLines(String name, Reader in, CollectionSpec spec) {
    return new ItemFile(name, Format.JSONL, spec, new BufferedReader(in));
  }

  static Format formatOf(Path file) {
    return file.getFileName() != null && file.getFileName().toString().toLowerCase(java.util.Locale.ROOT)
        .endsWith(".csv") ? Format.CSV : Format.JSONL;
  }

  private static void closeQuietly(java.io.Reader r) {
    try {
      r.close();
    } catch (IOException ignored) {
      // the read already failed; that is what the caller is told
    }
  }

  /** The file's name as given (or the name of the stream), as messages write it. */
  String name() {
    return name;
  }

  Format format() {
    return format;
  }

  /** The CSV header, in order (empty for JSON Lines). */
  List<String> header() {
    return header;
  }

  /** The CSV columns that are neither {@code id}, {@code tenant} nor a field of the collection (compared by none). */
  List<String> ignoredColumns() {
    return header.stream().filter(c -> !c.equals("id") && !c.equals("tenant") && !spec.fields().containsKey(c))
        .toList();
  }

  private void checkHeader() {
    List<String> seen = new ArrayList<>();
    for (String c : header) {
      if (seen.contains(c)) {
        throw new InvalidInputException(name + ":1: column '" + c + "' appears twice in the header");
      }
      seen.add(c);
    }
    BatchRows.checkHeader(name, header, spec);
  }

  @Override
  public boolean hasNext() {
    if (next == null) {
      next = read();
    }
    return next != null;
  }

  @Override
  public Row next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    Row r = next;
    next = null;
    return r;
  }

  private Row read() {
    try {
      return format == Format.CSV ? readCsv() : readJsonLine();
    } catch (CharacterCodingException e) {
      throw new InvalidInputException(name + ":" + (lineNo + 1) + ": not UTF-8 text", e);
    } catch (IOException e) {
      throw new InvalidInputException(name + ":" + (lineNo + 1) + ": cannot read: " + e.getMessage(), e);
    }
  }

  private Row readJsonLine() throws IOException {
    while (true) {
      String s = reader.readLine();
      if (s == null) {
        return null;
      }
      lineNo++;
      if (s.isBlank()) {
        continue;
      }
      String where = name + ":" + lineNo;
      Map<String, Object> raw = Json.objectOnLine(s, where);
      Map<String, Object> o = new LinkedHashMap<>(raw);
      Optional<String> id = BatchRows.optionalString(o.remove("id"), where + ": 'id'");
      Optional<String> tenant = BatchRows.optionalString(o.remove("tenant"), where + ": 'tenant'");
      Map<String, Object> fields = o;
      if (o.containsKey("record")) {
        Object op = o.get("op");
        if (op != null && !"add".equals(op)) {
          continue; // a scenario's check lines are not items
        }
        if (!(o.get("record") instanceof Map<?, ?>)) {
          throw new InvalidInputException(where + ": 'record' must be an object");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> rec = (Map<String, Object>) o.get("record");
        fields = rec;
      }
      if (!dropped.isEmpty()) {
        fields = new LinkedHashMap<>(fields);
        fields.keySet().removeAll(dropped);
      }
      return row(lineNo, where, id, tenant, fields, raw);
    }
  }

  private Row readCsv() throws IOException {
    Map<String, String> cells;
    // Where the parser stands before the row: the line the row starts on (the previous row's line break is read).
    int start = csv.getCurrentLocation() == null ? lineNo + 1 : csv.getCurrentLocation().getLineNr();
    try {
      if (!csv.hasNextValue()) {
        return null;
      }
      cells = csv.nextValue();
    } catch (RuntimeJsonMappingException | com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new InvalidInputException(name + ":" + Math.max(2, start) + ": malformed CSV: "
          + firstLine(e.getMessage()), e);
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    lineNo = csv.getCurrentLocation().getLineNr();
    int line = Math.max(2, start);
    String where = name + ":" + line;
    Map<String, Object> raw = new LinkedHashMap<>();
    for (String c : header) {
      raw.put(c, cells.getOrDefault(c, ""));
    }
    if (cells.size() > header.size()) {
      throw new InvalidInputException(where + ": " + cells.size() + " cells, the header has " + header.size());
    }
    Optional<String> id = BatchRows.cell(cells.get("id"));
    Optional<String> tenant = BatchRows.cell(cells.get("tenant"));
    Map<String, Object> fields = new LinkedHashMap<>();
    for (FieldSpec f : spec.fields().values()) {
      String v = cells.get(f.name());
      if (v == null || v.isBlank()) {
        continue;
      }
      fields.put(f.name(), f.cellValue(v.strip(), where));
    }
    return row(line, where, id, tenant, fields, raw);
  }

  private Row row(int line, String where, Optional<String> id, Optional<String> tenant, Map<String, Object> fields,
      Map<String, Object> raw) {
    if (id.isPresent()) {
      String key = tenant.orElse("") + "\u0000" + id.get();
      Integer first = firstLineOfId.putIfAbsent(key, line);
      if (first != null) {
        throw new InvalidInputException(where + ": id '" + id.get() + "' appears twice in " + name
            + " (first on line " + first + "); every item needs its own id");
      }
    }
    return new Row(line, where, id, tenant, Items.toItem(values.share(fields), where), raw);
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "unreadable row";
    }
    int nl = message.indexOf('\n');
    return nl < 0 ? message : message.substring(0, nl);
  }

  @Override
  public void close() {
    try {
      if (csv != null) {
        csv.close();
      }
      reader.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
