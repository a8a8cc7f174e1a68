package dev.deja.cli;

import dev.deja.core.InvalidInputException;
import dev.deja.core.item.Item;
import dev.deja.format.Json;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
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

  static Item toItem(Map<String, Object> o, String where) {
    try {
      return new Item(o);
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException(where + ": " + e.getMessage(), e);
    }
  }
}
