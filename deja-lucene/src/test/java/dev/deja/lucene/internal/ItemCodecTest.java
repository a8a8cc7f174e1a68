package dev.deja.lucene.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deja.core.StoreException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.deja.core.item.StoredItem;
import dev.deja.core.store.StoredItemMaps;
import dev.deja.lucene.FormatFixtures;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Format 2 writes items as Smile; what format 1 wrote as JSON (stored fields, write-ahead logs) still decodes. */
class ItemCodecTest {

  @Test
  void smileRoundTripsEveryItemExactly() {
    for (StoredItem item : FormatFixtures.items()) {
      byte[] smile = ItemCodec.encode(item);
      assertThat(smile).startsWith(':', ')', '\n');
      assertThat(ItemCodec.decode(smile, 0, smile.length, item.vectors()::get)).isEqualTo(item);
      byte[] json = formatOneJson(item);
      assertThat(smile.length).as("smaller than JSON").isLessThan(json.length);
    }
  }

  @Test
  void formatOneJsonStillDecodes() {
    for (StoredItem item : FormatFixtures.items()) {
      byte[] json = formatOneJson(item);
      byte[] padded = new byte[json.length + 7];
      System.arraycopy(json, 0, padded, 3, json.length);
      assertThat(ItemCodec.decode(padded, 3, json.length, item.vectors()::get)).isEqualTo(item);
    }
  }

  @Test
  void aFormatOneWriteAheadLogRecordReplays() {
    StoredItem item = FormatFixtures.items().get(2);
    byte[] json = formatOneJson(item);
    float[] v = item.vectors().get("mini");
    ByteBuffer b = ByteBuffer.allocate(Integer.BYTES + json.length + Integer.BYTES + v.length * Float.BYTES);
    b.putInt(json.length).put(json).putInt(v.length);
    for (float f : v) {
      b.putFloat(f);
    }
    assertThat(WalRecords.item(b.array())).isEqualTo(item);
    assertThat(WalRecords.item(WalRecords.put(item))).isEqualTo(item);
  }

  @Test
  void garbageIsAStoreErrorNotACrash() {
    for (String bad : new String[] {"{not json", ":)\n\u0001garbage", "", "[1,2]"}) {
      byte[] bytes = bad.getBytes(StandardCharsets.UTF_8);
      assertThatThrownBy(() -> ItemCodec.decode(bytes, 0, bytes.length, Map.<String, float[]>of()::get))
          .isInstanceOf(StoreException.class).hasMessageContaining("not a valid item");
    }
  }

  /** The item as format 1 wrote it: JSON text of the same tree. */
  private static byte[] formatOneJson(StoredItem item) {
    try {
      return new ObjectMapper().writeValueAsBytes(StoredItemMaps.toMap(item, true));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
