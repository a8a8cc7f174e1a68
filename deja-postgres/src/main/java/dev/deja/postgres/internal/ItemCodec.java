package dev.deja.postgres.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.deja.core.StoreException;
import dev.deja.core.item.StoredItem;
import dev.deja.core.store.StoredItemMaps;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

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
    try {
      return JSON.writeValueAsString(StoredItemMaps.toMap(s, false));
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
  public static StoredItem decode(String doc, byte[] vectorBytes) {
    Map<String, Object> m;
    try {
      m = JSON.readValue(doc, MAP);
    } catch (IOException e) {
      throw new StoreException("a stored row is not a valid item: " + e.getMessage(), false, e);
    }
    try {
      return StoredItemMaps.fromMap(m, decodeVectors(vectorBytes));
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

}
