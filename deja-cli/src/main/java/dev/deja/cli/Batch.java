package dev.deja.cli;

import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.deja.cli.eval.Progress;
import dev.deja.core.InvalidInputException;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.item.StoredItem;
import dev.deja.format.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What the batch commands ({@code check --input}, {@code dedupe}, {@code link}) share: storing the items of a file one
 * by one with errors that name the file and line, counting a file's lines for the progress bar, and writing rows as
 * CSV or JSON Lines as they come.
 *
 * <p>Not thread-safe.
 */
final class Batch {
  private Batch() {}

  /** How many items of a file were stored, and how many of them can match in the checking tenant. */
  record Loaded(int read, int comparable) {}

  /**
   * Stores every item of the file in the collection without checking it (a file of existing items may hold
   * duplicates; the batch commands check afterwards), with errors naming the file and line.
   *
   * @param tenant the tenant of items that name none, and the tenant whose items are counted as comparable
   * @param each told about every stored item with its row, in file order
   */
  static Loaded store(DejaCollection c, ItemFile file, String tenant, Progress progress,
      java.util.function.BiConsumer<ItemFile.Row, StoredItem> each) {
    int[] read = new int[1];
    int[] comparable = new int[1];
    // Items are analysed (and embedded) on every core and stored in file order, so ids made for items without one,
    // and what `each` sees, do not depend on the timing.
    InOrder.map(file, row -> {
      try {
        return c.prepareLoad(row.tenant().orElse(tenant), row.id(), row.item());
      } catch (InvalidInputException e) {
        throw new InvalidInputException(row.where() + ": " + e.getMessage(), e);
      }
    }, (row, loadable) -> {
      StoredItem stored;
      try {
        stored = c.load(loadable);
      } catch (InvalidInputException e) {
        throw new InvalidInputException(row.where() + ": " + e.getMessage(), e);
      }
      read[0]++;
      if (stored.tenant().equals(tenant) && !c.spec().excludedStatuses().contains(stored.keys().status())) {
        comparable[0]++;
      }
      each.accept(row, stored);
      progress.step();
    }, "deja-load");
    return new Loaded(read[0], comparable[0]);
  }

  /** The number of lines of a file (for a progress bar's total; streamed, so memory stays bounded). */
  static long lines(Path file) {
    try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
      long n = 0;
      while (r.readLine() != null) {
        n++;
      }
      return ItemFile.formatOf(file) == ItemFile.Format.CSV ? Math.max(0, n - 1) : n;
    } catch (IOException e) {
      return 0; // the reader reports the problem with the file and line
    }
  }

  /** Says on stderr which CSV columns are not compared, once, so that a misspelt field is not silently ignored. */
  static void noteIgnoredColumns(PrintWriter err, String command, ItemFile f, String specName) {
    List<String> ignored = f.ignoredColumns();
    if (!ignored.isEmpty()) {
      err.println("deja " + command + ": note: " + f.name() + ": " + ignored.size() + " of " + f.header().size()
          + " column(s) not compared (no field of '" + specName + "' has the name): " + String.join(", ", ignored));
      err.flush();
    }
  }

  /** Rows written as CSV with a fixed header, or as JSON Lines. */
  static final class RowWriter implements AutoCloseable {
    private final SequenceWriter csv;
    private final Writer out;
    private final List<String> columns;

    private RowWriter(Writer out, List<String> columns, boolean asCsv) {
      this.out = out;
      this.columns = List.copyOf(columns);
      if (asCsv) {
        CsvSchema.Builder b = CsvSchema.builder().setUseHeader(true);
        columns.forEach(b::addColumn);
        try {
          csv = new CsvMapper().writer(b.build()).writeValues(out);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      } else {
        csv = null;
      }
    }

    /** CSV rows with these columns, in this order (a header line first). */
    static RowWriter csv(Writer out, List<String> columns) {
      return new RowWriter(out, columns, true);
    }

    /** One JSON object per line. */
    static RowWriter jsonLines(Writer out) {
      return new RowWriter(out, List.of(), false);
    }

    /** A CSV writer for a {@code .csv} file name, else JSON Lines. */
    static RowWriter forFile(Path file, Writer out, List<String> csvColumns) {
      return ItemFile.formatOf(file) == ItemFile.Format.CSV ? csv(out, csvColumns) : jsonLines(out);
    }

    /** Writes one row; CSV cells are the row's values under the columns (lists joined with ';'), JSON the map. */
    void write(Map<String, Object> row) {
      try {
        if (csv != null) {
          Object[] cells = new Object[columns.size()];
          for (int i = 0; i < cells.length; i++) {
            cells[i] = cell(row.get(columns.get(i)));
          }
          csv.write(cells);
        } else {
          out.write(Json.write(row));
          out.write('\n');
        }
        out.flush();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    private static String cell(Object v) {
      if (v == null) {
        return "";
      }
      if (v instanceof List<?> l) {
        return String.join(";", l.stream().map(String::valueOf).toList());
      }
      if (v instanceof Map<?, ?>) {
        return Json.write(v);
      }
      return String.valueOf(v);
    }

    @Override
    public void close() {
      try {
        if (csv != null) {
          csv.flush();
        }
        out.flush();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** Opens an output file for writing with an error naming it; {@code use} writes it. */
  static void writeFile(Path file, Consumer<Writer> use) {
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      use.accept(w);
    } catch (java.nio.file.NoSuchFileException e) {
      throw new InvalidInputException(file + ": cannot write: no such directory " + file.toAbsolutePath().getParent(),
          e);
    } catch (IOException e) {
      throw new InvalidInputException(file + ": cannot write: " + e.getMessage(), e);
    }
  }
}
