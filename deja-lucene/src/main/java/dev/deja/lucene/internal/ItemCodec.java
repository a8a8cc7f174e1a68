package dev.deja.lucene.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.smile.databind.SmileMapper;
import dev.deja.core.StoreException;
import dev.deja.core.item.StoredItem;
import dev.deja.core.store.StoredItemMaps;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

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

  private static StoredItem decode(ObjectMapper mapper, byte[] bytes, int offset, int length,
      VectorSource vectors) {
    Map<String, Object> m;
    try {
      m = mapper.readValue(bytes, offset, length, MAP);
    } catch (IOException e) {
      throw new StoreException("a stored document is not a valid item: " + e.getMessage(), false, e);
    }
    try {
      Map<String, float[]> vs = new LinkedHashMap<>();
      for (String name : StoredItemMaps.vectorNames(m)) {
        vs.put(name, vectors.vector(name));
      }
      return StoredItemMaps.fromMap(m, vs);
    } catch (RuntimeException e) {
      if (e instanceof StoreException se) {
        throw se;
      }
      throw new StoreException("a stored document is not a valid item (" + e + ")", false, e);
    }
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
