package dev.deja.postgres.internal;

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
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The stored form of an item in {@code deja_items}: {@code doc}, the item as JSON without vector components, and
 * {@code vectors}, the exact float32 components of its named vectors in order.
 *
 * <p>Round-trips exactly: field values keep their types (JSON integers come back as {@code Long} through
 * {@link Item}'s normalisation, decimals as {@code Double}), explicit nulls and field order are kept (the column is
 * {@code text}, not {@code jsonb}, which would reorder keys), instants keep their nanoseconds, vectors their bits.
 *
 * <p>Thread-safe: stateless (Jackson's {@link ObjectMapper} is thread-safe once configured).
 */
public final class ItemCodec {
  private static final ObjectMapper JSON = new ObjectMapper()
      .disable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
      .disable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);
  private static final TypeReference<LinkedHashMap<String, Object>> MAP = new TypeReference<>() {};
  /** First byte of the vectors column: its format. */
  private static final byte VECTORS_V1 = 1;

  private ItemCodec() {}

  /** The item as JSON, without vectors. */
  public static String doc(StoredItem s) {
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
      return JSON.writeValueAsString(m);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot encode item " + s.id(), e);
    }
  }

  /** The named vectors as bytes (format byte, count, then name, dimension and big-endian floats each); null when none. */
  public static byte[] vectors(Map<String, float[]> vectors) {
    if (vectors.isEmpty()) {
      return null;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(VECTORS_V1);
      out.writeInt(vectors.size());
      for (Map.Entry<String, float[]> e : vectors.entrySet()) {
        out.writeUTF(e.getKey());
        out.writeInt(e.getValue().length);
        for (float f : e.getValue()) {
          out.writeInt(Float.floatToRawIntBits(f));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /**
   * Decodes an item.
   *
   * @throws StoreException when the row is not a stored item (a corrupt row)
   */
  @SuppressWarnings("unchecked")
  public static StoredItem decode(String doc, byte[] vectorBytes) {
    Map<String, Object> m;
    try {
      m = JSON.readValue(doc, MAP);
    } catch (IOException e) {
      throw new StoreException("a stored row is not a valid item: " + e.getMessage(), false, e);
    }
    try {
      Optional<TimeSpan> time = Optional.empty();
      if (m.get("time") instanceof Map<?, ?> tm) {
        time = Optional.of(new TimeSpan((Boolean) tm.get("all_day"), num(tm.get("start_ms")), num(tm.get("end_ms")),
            num(tm.get("start_day")), num(tm.get("end_day"))));
      }
      ItemKeys keys = new ItemKeys((String) m.get("scope"), (String) m.get("status"),
          new HashSet<>((List<String>) m.get("keys")), new HashSet<>((List<String>) m.get("terms")), time);
      List<HistoryEntry> history = new ArrayList<>();
      for (Map<String, Object> e : (List<Map<String, Object>>) m.get("history")) {
        Optional<Item> incoming = e.get("incoming") instanceof Map<?, ?> im
            ? Optional.of(new Item((Map<String, Object>) im)) : Optional.empty();
        history.add(new HistoryEntry(Instant.parse((String) e.get("at")), (String) e.get("action"), incoming,
            (String) e.get("note")));
      }
      return new StoredItem((String) m.get("id"), (String) m.get("tenant"),
          new Item((Map<String, Object>) m.get("fields")), keys, decodeVectors(vectorBytes), num(m.get("version")),
          Instant.parse((String) m.get("created_at")), Instant.parse((String) m.get("updated_at")), history);
    } catch (RuntimeException | IOException e) {
      if (e instanceof StoreException se) {
        throw se;
      }
      throw new StoreException("a stored row is not a valid item (" + e + ")", false, e);
    }
  }

  /** The named vectors of a {@code vectors} column value, in order. */
  public static Map<String, float[]> decodeVectors(byte[] bytes) throws IOException {
    Map<String, float[]> out = new LinkedHashMap<>();
    if (bytes == null) {
      return out;
    }
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
      byte format = in.readByte();
      if (format != VECTORS_V1) {
        throw new StoreException("stored vectors have an unknown format " + format, false);
      }
      int n = in.readInt();
      for (int i = 0; i < n; i++) {
        String name = in.readUTF();
        float[] v = new float[in.readInt()];
        for (int j = 0; j < v.length; j++) {
          v[j] = Float.intBitsToFloat(in.readInt());
        }
        out.put(name, v);
      }
    }
    return out;
  }

  private static long num(Object o) {
    return ((Number) o).longValue();
  }
}
