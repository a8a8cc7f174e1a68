package dev.deja.lucene.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.smile.databind.SmileMapper;
import dev.deja.core.StoreException;
import dev.deja.core.item.HistoryEntry;
import dev.deja.core.item.Item;
import dev.deja.core.item.ItemKeys;
import dev.deja.core.item.StoredItem;
import dev.deja.core.item.TimeSpan;
import dev.deja.core.store.StoredItemMaps;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The encoded form of a stored item inside a Lucene document: everything of a {@link StoredItem} except the vector
 * components, which live in binary doc values (their names are kept here, in order). Format 2 writes Smile (Jackson's
 * binary JSON: the same tree, smaller and faster to parse) into binary doc values and the write-ahead log; format 1
 * wrote JSON text, which {@link #decode} recognises by its first byte and still reads.
 *
 * <p>Round-trips exactly: field values keep their types (JSON integers come back as {@code Long} through
 * {@link Item}'s normalisation, decimals as {@code Double}), explicit nulls and field order are kept, instants keep
 * their nanoseconds.
 *
 * <p>Thread-safe: stateless (Jackson's {@link ObjectMapper} is thread-safe once configured).
 */
public final class ItemCodec {
  private static final ObjectMapper JSON = new ObjectMapper()
      .disable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
      .disable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);
  private static final ObjectMapper SMILE = SmileMapper.builder()
      .disable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
      .disable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS)
      .build();
  private static final TypeReference<LinkedHashMap<String, Object>> MAP = new TypeReference<>() {};

  private ItemCodec() {}

  /** The item as Smile bytes (format 2), without vector components. */
  public static byte[] encode(StoredItem s) {
    try {
      return SMILE.writeValueAsBytes(StoredItemMaps.toMap(s, true));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot encode item " + s.id(), e);
    }
  }

  /**
   * Decodes an item; {@code vectors} supplies the components of each named vector.
   *
   * @throws StoreException when the bytes are not a stored item (a corrupt document)
   */
  public static StoredItem decode(byte[] bytes, int offset, int length, VectorSource vectors) {
    // Smile starts with its header ":)\n"; format 1's JSON (stored fields, write-ahead logs) with '{'.
    boolean json = length > 0 && bytes[offset] == '{';
    return decode(json ? JSON : SMILE, bytes, offset, length, vectors);
  }

  /**
   * Reads the tree {@link StoredItemMaps#toMap} writes straight into the item, token by token: only the field values
   * (and the items of merge history) become maps — a whole-tree map, its boxed numbers and its key and term lists
   * were most of a candidate's decoding. Accepts exactly what {@link StoredItemMaps#fromMap} accepts (entries in any
   * order, unknown ones ignored); anything else is a {@link StoreException}.
   */
  private static StoredItem decode(ObjectMapper mapper, byte[] bytes, int offset, int length,
      VectorSource vectors) {
    try (JsonParser p = mapper.getFactory().createParser(bytes, offset, length)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw invalid("not an object");
      }
      String id = null;
      String tenant = null;
      String scope = null;
      String status = null;
      Map<String, Object> fields = null;
      Set<String> keys = null;
      Set<String> terms = null;
      Optional<TimeSpan> time = Optional.empty();
      List<String> vectorNames = null;
      long version = 0;
      boolean hasVersion = false;
      Instant createdAt = null;
      Instant updatedAt = null;
      List<HistoryEntry> history = null;
      for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
        JsonToken t = p.nextToken();
        switch (name) {
          case "id" -> id = text(p, t, name);
          case "tenant" -> tenant = text(p, t, name);
          case "fields" -> fields = map(mapper, p, t, name);
          case "scope" -> scope = text(p, t, name);
          case "status" -> status = text(p, t, name);
          case "keys" -> keys = textSet(p, t, name);
          case "terms" -> terms = textSet(p, t, name);
          case "time" -> time = t == JsonToken.START_OBJECT ? Optional.of(timeSpan(p)) : skip(p, Optional.empty());
          case "vectors" -> vectorNames = texts(p, t, name);
          case "version" -> {
            version = number(p, t, name);
            hasVersion = true;
          }
          case "created_at" -> createdAt = StoredItemMaps.instant(text(p, t, name));
          case "updated_at" -> updatedAt = StoredItemMaps.instant(text(p, t, name));
          case "history" -> history = history(mapper, p, t);
          default -> p.skipChildren();
        }
      }
      if (p.currentToken() != JsonToken.END_OBJECT) {
        throw invalid("an entry without a name");
      }
      if (fields == null || keys == null || terms == null || vectorNames == null || !hasVersion || history == null) {
        throw invalid("an entry is missing");
      }
      Map<String, float[]> vs = new LinkedHashMap<>();
      for (String name : vectorNames) {
        vs.put(name, vectors.vector(name));
      }
      return new StoredItem(id, tenant, new Item(fields), new ItemKeys(scope, status, keys, terms, time), vs,
          version, createdAt, updatedAt, history);
    } catch (StoreException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new StoreException("a stored document is not a valid item (" + e.getMessage() + ")", false, e);
    }
  }

  private static StoreException invalid(String what) {
    return new StoreException("a stored document is not a valid item: " + what, false);
  }

  /** A string entry, or null for an explicit null (the item's constructors reject it where it is required). */
  private static String text(JsonParser p, JsonToken t, String name) throws IOException {
    if (t == JsonToken.VALUE_NULL) {
      return null;
    }
    if (t != JsonToken.VALUE_STRING) {
      throw invalid("'" + name + "' is not a string");
    }
    return p.getText();
  }

  private static List<String> texts(JsonParser p, JsonToken t, String name) throws IOException {
    if (t != JsonToken.START_ARRAY) {
      throw invalid("'" + name + "' is not a list");
    }
    List<String> out = new ArrayList<>();
    for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) {
      if (e != JsonToken.VALUE_STRING) {
        throw invalid("'" + name + "' holds a " + e);
      }
      out.add(p.getText());
    }
    return out;
  }

  /**
   * A list of strings as a set. The lists are written sorted (see {@link StoredItemMaps#toMap}), so there is nothing to
   * de-duplicate and {@link Set#of} builds the set directly; {@link Set#copyOf} would hash every element twice (into a
   * {@code HashSet} first). Anything not strictly increasing takes the general path.
   */
  private static Set<String> textSet(JsonParser p, JsonToken t, String name) throws IOException {
    List<String> list = texts(p, t, name);
    for (int i = 1; i < list.size(); i++) {
      if (list.get(i - 1).compareTo(list.get(i)) >= 0) {
        return Set.copyOf(list);
      }
    }
    return Set.of(list.toArray(new String[0]));
  }

  private static long number(JsonParser p, JsonToken t, String name) throws IOException {
    if (t != JsonToken.VALUE_NUMBER_INT && t != JsonToken.VALUE_NUMBER_FLOAT) {
      throw invalid("'" + name + "' is not a number");
    }
    return p.getNumberValue().longValue();
  }

  private static Map<String, Object> map(ObjectMapper mapper, JsonParser p, JsonToken t, String name)
      throws IOException {
    if (t != JsonToken.START_OBJECT) {
      throw invalid("'" + name + "' is not an object");
    }
    return mapper.readValue(p, MAP);
  }

  private static <T> T skip(JsonParser p, T value) throws IOException {
    p.skipChildren();
    return value;
  }

  private static TimeSpan timeSpan(JsonParser p) throws IOException {
    Boolean allDay = null;
    long[] values = new long[4];
    int seen = 0;
    for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
      JsonToken t = p.nextToken();
      int at = switch (name) {
        case "start_ms" -> 0;
        case "end_ms" -> 1;
        case "start_day" -> 2;
        case "end_day" -> 3;
        default -> -1;
      };
      if (name.equals("all_day")) {
        if (t != JsonToken.VALUE_TRUE && t != JsonToken.VALUE_FALSE) {
          throw invalid("'time.all_day' is not a boolean");
        }
        allDay = t == JsonToken.VALUE_TRUE;
      } else if (at >= 0) {
        values[at] = number(p, t, "time." + name);
        seen |= 1 << at;
      } else {
        p.skipChildren();
      }
    }
    if (allDay == null || seen != 0b1111) {
      throw invalid("'time' is missing an entry");
    }
    return new TimeSpan(allDay, values[0], values[1], values[2], values[3]);
  }

  private static List<HistoryEntry> history(ObjectMapper mapper, JsonParser p, JsonToken t) throws IOException {
    if (t != JsonToken.START_ARRAY) {
      throw invalid("'history' is not a list");
    }
    List<HistoryEntry> out = new ArrayList<>();
    for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) {
      if (e != JsonToken.START_OBJECT) {
        throw invalid("'history' holds a " + e);
      }
      Instant at = null;
      String action = null;
      Optional<Item> incoming = Optional.empty();
      String note = null;
      for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
        JsonToken v = p.nextToken();
        switch (name) {
          case "at" -> at = StoredItemMaps.instant(text(p, v, "history.at"));
          case "action" -> action = text(p, v, "history.action");
          case "incoming" -> incoming = v == JsonToken.START_OBJECT
              ? Optional.of(new Item(mapper.readValue(p, MAP))) : skip(p, Optional.empty());
          case "note" -> note = text(p, v, "history.note");
          default -> p.skipChildren();
        }
      }
      out.add(new HistoryEntry(at, action, incoming, note));
    }
    return out;
  }

  /** Supplies the components of a stored item's named vector while it is decoded. */
  @FunctionalInterface
  public interface VectorSource {
    /**
     * The vector's components.
     *
     * @throws StoreException when the document has no such vector (a corrupt document)
     */
    float[] vector(String name);
  }
}
