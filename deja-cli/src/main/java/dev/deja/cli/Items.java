package dev.deja.cli;

import dev.deja.core.InvalidInputException;
import dev.deja.core.item.Item;
import dev.deja.format.Datasets;
import dev.deja.format.Json;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Reading items given on the command line or in JSON Lines files. */
final class Items {
  private Items() {}

  /** An item read from a file, with its optional id and tenant. */
  record Entry(Optional<String> id, Optional<String> tenant, Item item) {}

  /** An item from a JSON argument, or from stdin when the argument is "-". */
  static Item fromArgument(String arg, InputStream stdin) {
    String text = arg;
    if ("-".equals(arg)) {
      try {
        text = new String(stdin.readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new InvalidInputException("cannot read the item from stdin: " + e.getMessage(), e);
      }
    }
    Map<String, Object> o = Json.object(text, "item");
    return toItem(o, "item");
  }

  /**
   * Items of a JSON Lines file. A line is a flat item (optional "id" and "tenant" keys), or an object with "record"
   * (and optional "id", "tenant"), which includes scenario "add" lines. An empty file has no items (callers say so).
   */
  static List<Entry> fromFile(Path file) {
    List<Entry> out = new ArrayList<>();
    for (Datasets.Line line : Datasets.lines(file, true)) {
      String where = file.getFileName() + ":" + line.number();
      Map<String, Object> o = new LinkedHashMap<>(line.object());
      Optional<String> id = optionalString(o.remove("id"), where + ": 'id'");
      Optional<String> tenant = optionalString(o.remove("tenant"), where + ": 'tenant'");
      Item item;
      if (o.containsKey("record")) {
        Object op = o.get("op");
        if (op != null && !"add".equals(op)) {
          continue; // scenario check lines are not existing items
        }
        if (!(o.get("record") instanceof Map<?, ?>)) {
          throw new InvalidInputException(where + ": 'record' must be an object");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> rec = (Map<String, Object>) o.get("record");
        item = toItem(rec, where);
      } else {
        item = toItem(o, where);
      }
      out.add(new Entry(id, tenant, item));
    }
    return out;
  }

  static Item toItem(Map<String, Object> o, String where) {
    try {
      return new Item(o);
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException(where + ": " + e.getMessage(), e);
    }
  }

  private static Optional<String> optionalString(Object v, String where) {
    if (v == null) {
      return Optional.empty();
    }
    if (!(v instanceof String s) || s.isBlank()) {
      throw new InvalidInputException(where + " must be a non-blank string");
    }
    return Optional.of(s);
  }
}
