package dev.deja.lucene.internal;

import dev.deja.core.item.StoredItem;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The payloads of write-ahead-log records: a put carries the whole item (its JSON form and its vectors), a delete
 * the id. Thread-safe: stateless.
 */
public final class WalRecords {
  /** A put (insert or replace): the item. */
  public static final byte PUT = 1;
  /** A delete: the id. */
  public static final byte DELETE = 2;

  private WalRecords() {}

  /**
   * {@code [int length][the item, ItemCodec: Smile; JSON in logs of format 1][per vector, in the item's order: int
   * dimension, floats]}.
   */
  public static byte[] put(StoredItem item) {
    return put(item, ItemCodec.encode(item));
  }

  /** {@link #put(StoredItem)} with the item already encoded by {@link ItemCodec#encode}. */
  public static byte[] put(StoredItem item, byte[] json) {
    Map<String, float[]> vs = item.vectors();
    int size = Integer.BYTES + json.length;
    for (float[] v : vs.values()) {
      size += Integer.BYTES + v.length * Float.BYTES;
    }
    ByteBuffer b = ByteBuffer.allocate(size);
    b.putInt(json.length).put(json);
    for (float[] v : vs.values()) {
      b.putInt(v.length);
      for (float f : v) {
        b.putFloat(f);
      }
    }
    return b.array();
  }

  /** The item of a put payload. */
  public static StoredItem item(byte[] payload) {
    ByteBuffer b = ByteBuffer.wrap(payload);
    int len = b.getInt();
    int jsonStart = b.position();
    b.position(jsonStart + len);
    return ItemCodec.decode(payload, jsonStart, len, name -> {
      float[] v = new float[b.getInt()];
      for (int i = 0; i < v.length; i++) {
        v[i] = b.getFloat();
      }
      return v;
    });
  }

  /** A delete payload: the id in UTF-8. */
  public static byte[] delete(String id) {
    return id.getBytes(StandardCharsets.UTF_8);
  }

  /** The id of a delete payload. */
  public static String deletedId(byte[] payload) {
    return new String(payload, StandardCharsets.UTF_8);
  }
}
