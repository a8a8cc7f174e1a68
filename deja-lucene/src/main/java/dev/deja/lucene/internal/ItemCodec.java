package dev.deja.lucene.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.deja.core.StoreException;
import dev.deja.core.item.HistoryEntry;
import dev.deja.core.item.Item;
import dev.deja.core.item.ItemKeys;
import dev.deja.core.item.StoredItem;
import dev.deja.core.item.TimeSpan;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The JSON form of a stored item inside a Lucene document: everything of a {@link StoredItem} except the vector
 * components, which live in binary doc values (their names are kept here, in order).
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
  private static final TypeReference<LinkedHashMap<String, Object>> MAP = new TypeReference<>() {};

  private ItemCodec() {}

  /** The item as JSON bytes, without vector components. */
  public static byte[] encode(StoredItem s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", s.id());
    m.put("tenant", s.tenant());
    m.put("fields", s.item().fields());
    m.put("scope", s.keys().scope());
    m.put("status", s.keys().status());
    m.put("keys", new ArrayList<>(new TreeSet<>(s.keys().keys())));
    m.put("terms", new ArrayList<>(new TreeSet<>(s.keys().terms())));
    s.keys().time().ifPresent(t -> {
      Map<String, Object> tm = new LinkedHashMap<>();
      tm.put("all_day", t.allDay());
      tm.put("start_ms", t.startMillis());
      tm.put("end_ms", t.endMillis());
      tm.put("start_day", t.startDay());
      tm.put("end_day", t.endDay());
      m.put("time", tm);
    });
    m.put("vectors", new ArrayList<>(s.vectors().keySet()));
    m.put("version", s.version());
    m.put("created_at", s.createdAt().toString());
    m.put("updated_at", s.updatedAt().toString());
    List<Map<String, Object>> h = new ArrayList<>();
    for (HistoryEntry e : s.history()) {
      Map<String, Object> em = new LinkedHashMap<>();
      em.put("at", e.at().toString());
      em.put("action", e.action());
      e.incoming().ifPresent(i -> em.put("incoming", i.fields()));
      em.put("note", e.note());
      h.add(em);
    }
    m.put("history", h);
    try {
      return JSON.writeValueAsBytes(m);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot encode item " + s.id(), e);
    }
  }

  /**
   * Decodes an item; {@code vectors} supplies the components of each named vector.
   *
   * @throws StoreException when the bytes are not a stored item (a corrupt document)
   */
  @SuppressWarnings("unchecked")
  public static StoredItem decode(byte[] bytes, int offset, int length, VectorSource vectors) {
    Map<String, Object> m;
    try {
      m = JSON.readValue(bytes, offset, length, MAP);
    } catch (IOException e) {
      throw new StoreException("a stored document is not a valid item: " + e.getMessage(), false, e);
    }
    try {
      Optional<TimeSpan> time = Optional.empty();
      if (m.get("time") instanceof Map<?, ?> tm) {
        time = Optional.of(new TimeSpan((Boolean) tm.get("all_day"), num(tm.get("start_ms")), num(tm.get("end_ms")),
            num(tm.get("start_day")), num(tm.get("end_day"))));
      }
      ItemKeys keys = new ItemKeys((String) m.get("scope"), (String) m.get("status"),
          new java.util.HashSet<>((List<String>) m.get("keys")), new java.util.HashSet<>((List<String>) m.get("terms")),
          time);
      Map<String, float[]> vs = new LinkedHashMap<>();
      for (String name : (List<String>) m.get("vectors")) {
        vs.put(name, vectors.vector(name));
      }
      List<HistoryEntry> history = new ArrayList<>();
      for (Map<String, Object> e : (List<Map<String, Object>>) m.get("history")) {
        Optional<Item> incoming = e.get("incoming") instanceof Map<?, ?> im
            ? Optional.of(new Item((Map<String, Object>) im)) : Optional.empty();
        history.add(new HistoryEntry(Instant.parse((String) e.get("at")), (String) e.get("action"), incoming,
            (String) e.get("note")));
      }
      return new StoredItem((String) m.get("id"), (String) m.get("tenant"),
          new Item((Map<String, Object>) m.get("fields")), keys, vs, num(m.get("version")),
          Instant.parse((String) m.get("created_at")), Instant.parse((String) m.get("updated_at")), history);
    } catch (RuntimeException e) {
      if (e instanceof StoreException se) {
        throw se;
      }
      throw new StoreException("a stored document is not a valid item (" + e + ")", false, e);
    }
  }

  private static long num(Object o) {
    return ((Number) o).longValue();
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
