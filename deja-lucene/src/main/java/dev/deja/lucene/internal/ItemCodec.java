package dev.deja.lucene.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.smile.databind.SmileMapper;
import dev.deja.core.StoreException;
import dev.deja.core.item.Deferred;
import dev.deja.core.item.HistoryEntry;
import dev.deja.core.item.Item;
import dev.deja.core.item.ItemKeys;
import dev.deja.core.item.StoredItem;
import dev.deja.core.item.TimeSpan;
import dev.deja.core.item.UnicodeText;
import dev.deja.core.store.StoredItemMaps;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

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

  /**
   * The item as Smile bytes (format 2), without vector components. A string with an unpaired surrogate has no UTF-8
   * form: it is refused as invalid input (naming where it is) rather than stored altered.
   */
  public static byte[] encode(StoredItem s) {
    UnicodeText.requireAll("item", s.item().fields());
    UnicodeText.require("id", s.id());
    for (String k : s.keys().keys()) {
      UnicodeText.require("key", k);
    }
    for (String t : s.keys().terms()) {
      UnicodeText.require("term", t);
    }
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
    return decode(mapperOf(bytes, offset, length), bytes, offset, length, vectors, false);
  }

  /**
   * Decodes an item as a candidate: the parts a check rarely reads — its fields (stages compare the normalised values
   * in its keys; fields are read for matches), its lexical terms, its history and its vectors' components — are
   * {@link Deferred} and decoded on first use (most candidates are compared by a key or two and dropped).
   * {@code bytes} must not change afterwards, and {@code vectors} must capture what it needs now (see
   * {@link VectorSource#capture}). The item is checked as far as {@link #decode} checks it except for the insides of
   * the deferred parts: a corrupt one throws the same {@link StoreException} when it is first used.
   */
  public static StoredItem decodeDeferred(byte[] bytes, VectorSource vectors) {
    return decode(mapperOf(bytes, 0, bytes.length), bytes, 0, bytes.length, vectors, true);
  }

  private static ObjectMapper mapperOf(byte[] bytes, int offset, int length) {
    // Smile starts with its header ":)\n"; format 1's JSON (stored fields, write-ahead logs) with '{'.
    return length > 0 && bytes[offset] == '{' ? JSON : SMILE;
  }

  /**
   * Reads the tree {@link StoredItemMaps#toMap} writes straight into the item, token by token: only the field values
   * (and the items of merge history) become maps — a whole-tree map, its boxed numbers and its key and term lists
   * were most of a candidate's decoding. Accepts exactly what {@link StoredItemMaps#fromMap} accepts (entries in any
   * order, unknown ones ignored); anything else is a {@link StoreException}.
   */
  private static StoredItem decode(ObjectMapper mapper, byte[] bytes, int offset, int length,
      VectorSource vectors, boolean defer) {
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
          case "fields" -> fields = defer ? deferred(p, t, name, JsonToken.START_OBJECT, () -> Deferred.map(
              () -> new Item(part(mapper, bytes, "fields", (q, u, n) -> fields(mapper, q, u))).fields()))
              : fields(mapper, p, t);
          case "scope" -> scope = text(p, t, name);
          case "status" -> status = text(p, t, name);
          case "keys" -> keys = textSet(p, t, name);
          case "terms" -> terms = defer ? deferred(p, t, name, JsonToken.START_ARRAY, () -> Deferred.set(
              () -> part(mapper, bytes, "terms", ItemCodec::textSet))) : textSet(p, t, name);
          case "time" -> time = t == JsonToken.START_OBJECT ? Optional.of(timeSpan(p)) : skip(p, Optional.empty());
          case "vectors" -> vectorNames = texts(p, t, name);
          case "version" -> {
            version = number(p, t, name);
            hasVersion = true;
          }
          case "created_at" -> createdAt = StoredItemMaps.instant(text(p, t, name));
          case "updated_at" -> updatedAt = StoredItemMaps.instant(text(p, t, name));
          case "history" -> history = defer ? deferred(p, t, name, JsonToken.START_ARRAY, () -> Deferred.list(
              () -> part(mapper, bytes, "history", (q, u, n) -> history(mapper, q, u)))) : history(mapper, p, t);
          default -> p.skipChildren();
        }
      }
      if (p.currentToken() != JsonToken.END_OBJECT) {
        throw invalid("an entry without a name");
      }
      if (fields == null || keys == null || terms == null || vectorNames == null || !hasVersion || history == null) {
        throw invalid("an entry is missing");
      }
      Map<String, float[]> vs;
      if (defer && !vectorNames.isEmpty()) {
        Map<String, Supplier<float[]>> captured = new LinkedHashMap<>();
        for (String name : vectorNames) {
          captured.put(name, vectors.capture(name));
        }
        vs = Deferred.map(() -> {
          Map<String, float[]> m = new LinkedHashMap<>();
          captured.forEach((name, v) -> m.put(name, Optional.ofNullable(v.get())
              .orElseThrow(() -> invalid("the vector '" + name + "' is missing"))));
          return java.util.Collections.unmodifiableMap(m);
        });
      } else {
        vs = new LinkedHashMap<>();
        for (String name : vectorNames) {
          vs.put(name, vectors.vector(name));
        }
      }
      return new StoredItem(id, tenant, new Item(fields), new ItemKeys(scope, status, keys, terms, time), vs,
          version, createdAt, updatedAt, history);
    } catch (StoreException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw corrupt(e);
    }
  }

  /** Reads one part of a deferred item: what a top-level entry decodes to. */
  @FunctionalInterface
  private interface PartReader<T> {
    T read(JsonParser p, JsonToken t, String name) throws IOException;
  }

  /**
   * The top-level entry {@code name} of an encoded item, decoded by {@code reader} (a deferred part, on first use). The
   * whole item was checked when it was decoded, up to the insides of this entry.
   */
  private static <T> T part(ObjectMapper mapper, byte[] bytes, String name, PartReader<T> reader) {
    try (JsonParser p = mapper.getFactory().createParser(bytes, 0, bytes.length)) {
      p.nextToken();
      T out = null;
      // Every occurrence is read, as the first decode read them: the last one counts.
      for (String n = p.nextFieldName(); n != null; n = p.nextFieldName()) {
        JsonToken t = p.nextToken();
        if (n.equals(name)) {
          out = reader.read(p, t, name);
        } else {
          p.skipChildren();
        }
      }
      if (out == null) {
        throw invalid("'" + name + "' is missing");
      }
      return out;
    } catch (StoreException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw corrupt(e);
    }
  }

  /**
   * Skips an entry that a deferred decode reads on first use (checking that it is the object or list it must be, as
   * reading it would) and gives what stands for it.
   */
  private static <T> T deferred(JsonParser p, JsonToken t, String name, JsonToken start, Supplier<T> standIn)
      throws IOException {
    if (t != start) {
      throw invalid("'" + name + "' is not " + (start == JsonToken.START_OBJECT ? "an object" : "a list"));
    }
    p.skipChildren();
    return standIn.get();
  }

  /** What a parse failure of a stored item is reported as. */
  private static StoreException corrupt(Exception e) {
    return new StoreException("a stored document is not a valid item (" + e.getMessage() + ")", false, e);
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

  /**
   * The item's fields: scalar values read straight from their tokens, lists and objects (rare) by Jackson's untyped
   * reader — what reading the whole object with it gives, without its per-value dispatch.
   */
  private static Map<String, Object> fields(ObjectMapper mapper, JsonParser p, JsonToken t) throws IOException {
    if (t != JsonToken.START_OBJECT) {
      throw invalid("'fields' is not an object");
    }
    Map<String, Object> out = new LinkedHashMap<>();
    for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
      JsonToken v = p.nextToken();
      out.put(name, switch (v) {
        case VALUE_STRING -> p.getText();
        case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> p.getNumberValue();
        case VALUE_TRUE -> Boolean.TRUE;
        case VALUE_FALSE -> Boolean.FALSE;
        case VALUE_NULL -> null;
        default -> mapper.readValue(p, Object.class);
      });
    }
    if (p.currentToken() != JsonToken.END_OBJECT) {
      throw invalid("'fields' holds an entry without a name");
    }
    return out;
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

    /**
     * The vector's components for later: what the document holds is read (and checked) now, while it can be, and
     * turned into components when the supplier is called. By default the components themselves.
     *
     * @throws StoreException when the document has no such vector (a corrupt document)
     */
    default Supplier<float[]> capture(String name) {
      float[] v = vector(name);
      return () -> v;
    }
  }
}
